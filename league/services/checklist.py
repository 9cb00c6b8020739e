"""What comes next in the leagues, for the home page: the steps a newcomer, a commissioner and a coach
have not taken yet, each with the page (or button) that takes it, and where their fixtures stand; and
for a ready team's page, where it is entered or the step that enters it.

Every function here runs a fixed number of queries whatever the number of leagues, seasons and
fixtures (the home page's query-count test holds it), and shows at most a screenful.
"""

from dataclasses import dataclass

from django.db.models import Count, Exists, OuterRef, Q, Subquery
from django.urls import reverse

from league.models import Fixture, Invitation, League, Result, Season, SeasonEntry
from league.services.progress import progress_of
from league.services.scheduling import MIN_TEAMS

# What one page shows at most; the rest is one tap away (the league and team lists).
MAX_LEAGUES = 10
MAX_OPEN_FIXTURES = 10
MAX_RECENT_FIXTURES = 3


@dataclass(frozen=True)
class Step:
    """A step not taken yet: `kind` names it (the template words it), `url` takes it."""

    kind: str
    url: str
    name: str = ""  # the league or season it is about
    count: int = 0


def in_a_league(user):
    """Whether `user` commissions, joined or plays in any league (one query)."""
    return League.objects.filter(
        Q(commissioners=user) | Q(members=user) | Q(seasons__entries__coach=user)
    ).exists()


def newcomer_steps(*, has_team, in_league):
    """Draft a team, then join a league with a code or create one: the steps not taken yet."""
    steps = []
    if not has_team:
        steps.append(Step("draft", reverse("rosters:new")))
    if not in_league:
        steps += [Step("join", reverse("league:join")), Step("create_league", reverse("league:create"))]
    return steps


def _commissioned(user):
    latest = Season.objects.filter(league=OuterRef("pk")).order_by("-created_at", "-id").values("pk")[:1]
    return list(
        League.objects.commissioned_by(user)
        .annotate(
            invited=Exists(Invitation.objects.filter(league=OuterRef("pk"))),
            joined=Exists(League.members.through.objects.filter(league_id=OuterRef("pk"))),
            latest_season=Subquery(latest),
        )
        .order_by("name")[:MAX_LEAGUES]
    )


def _latest_seasons(leagues, user):
    ids = [league.latest_season for league in leagues if league.latest_season]
    # A disputed game the commissioner plays is another commissioner's to decide.
    disputed = Result.objects.filter(status=Result.Status.DISPUTED).exclude(
        Q(fixture__home__coach=user) | Q(fixture__away__coach=user)
    )
    seasons = Season.objects.filter(pk__in=ids).annotate(
        accepted=Count("entries", filter=Q(entries__status=SeasonEntry.Status.ACCEPTED)),
        pending=Count("entries", filter=Q(entries__status=SeasonEntry.Status.PENDING)),
        scheduled=Exists(Fixture.objects.filter(season=OuterRef("pk"))),
        disputed=Exists(disputed.filter(fixture__season=OuterRef("pk"))),
        unplayed=Exists(
            Fixture.objects.filter(season=OuterRef("pk")).exclude(result__status=Result.Status.CONFIRMED)
        ),
    )
    return {season.pk: season for season in seasons}


def _season_steps(season):
    Status = Season.Status
    steps = []
    if season.pending and season.status in (Status.REGISTRATION, Status.SCHEDULED, Status.RUNNING):
        steps.append(Step("accept", reverse("league:entries", args=[season.pk]), season.name, season.pending))
    if season.status == Status.REGISTRATION and season.accepted >= MIN_TEAMS and not season.scheduled:
        steps.append(Step("schedule", reverse("league:schedule", args=[season.pk]), season.name))
    if season.status == Status.SCHEDULED:
        steps.append(Step("start", reverse("league:season", args=[season.pk]), season.name))
    if season.status == Status.RUNNING and season.scheduled and not season.unplayed:
        steps.append(Step("finish", reverse("league:season", args=[season.pk]), season.name))
    if season.disputed:
        steps.append(Step("decide", reverse("league:decisions", args=[season.pk]), season.name))
    return steps


def commissioner_steps(user):
    """For each league `user` commissions: invite coaches, create a season, accept the entries,
    schedule, start the season, decide the disputed results, finish it once every fixture is played;
    only the steps not taken yet (two
    queries). Returns (steps, the ids of
    those leagues)."""
    leagues = _commissioned(user)
    seasons = _latest_seasons(leagues, user)
    steps = []
    for league in leagues:
        if not league.invited and not league.joined:
            steps.append(Step("invite", reverse("league:invitations", args=[league.slug]), league.name))
        season = seasons.get(league.latest_season)
        if season is None:
            steps.append(
                Step("create_season", reverse("league:season_create", args=[league.slug]), league.name)
            )
        else:
            steps += _season_steps(season)
    return steps, {league.pk for league in leagues}


def entry_steps(user, *, has_team):
    """Enter a team in the open seasons of the leagues `user` joined or commissions (one query)."""
    if not has_team:
        return []
    open_seasons = (
        Season.objects.filter(status=Season.Status.REGISTRATION)
        .filter(Q(league__members=user) | Q(league__commissioners=user))
        .exclude(entries__coach=user)
        .distinct()
        .order_by("-created_at", "-id")[:MAX_LEAGUES]
    )
    return [
        Step("enter", reverse("league:register", args=[season.pk]), season.name) for season in open_seasons
    ]


def team_entries(team):
    """The team's entries (not withdrawn) in seasons not finished, newest season first, with the season
    and its league (one query): where a ready team plays or waits to."""
    return list(
        SeasonEntry.objects.filter(team=team)
        .exclude(status=SeasonEntry.Status.WITHDRAWN)
        .exclude(season__status=Season.Status.FINISHED)
        .select_related("season__league")
        .order_by("-season__created_at", "-season_id")
    )


def team_steps(team):
    """What comes next for a ready team entered in no season, in the home page's steps: enter it in the
    open seasons of its edition in the leagues its coach joined or commissions (where the coach has no
    entry yet); for a coach in no league, join one with a code or create one; else nothing (two
    queries at most)."""
    coach = team.coach
    entered = SeasonEntry.objects.filter(coach=coach).exclude(status=SeasonEntry.Status.WITHDRAWN)
    open_seasons = (
        Season.objects.filter(status=Season.Status.REGISTRATION, league__edition=team.edition)
        .filter(Q(league__members=coach) | Q(league__commissioners=coach))
        .exclude(pk__in=entered.values("season_id"))
        .distinct()
        .order_by("-created_at", "-id")[:MAX_LEAGUES]
    )
    steps = [
        Step("enter", reverse("league:register", args=[season.pk]), season.name) for season in open_seasons
    ]
    if steps or in_a_league(coach):
        return steps
    return newcomer_steps(has_team=True, in_league=False)


def coach_fixtures(user, *, commissioned=()):
    """The Progress of `user`'s fixtures in running seasons: those still open, then the last ones
    confirmed (three queries). `commissioned`: the ids of the leagues `user` commissions."""
    mine = Fixture.objects.for_coach(user).filter(season__status=Season.Status.RUNNING).with_related()
    open_fixtures = list(mine.exclude(result__status=Result.Status.CONFIRMED)[:MAX_OPEN_FIXTURES])
    recent = list(
        mine.filter(result__status=Result.Status.CONFIRMED).order_by("-result__confirmed_at")[
            :MAX_RECENT_FIXTURES
        ]
    )
    fixtures = open_fixtures + recent
    progress = progress_of(fixtures, user=user, commissioned=commissioned)
    return [progress[fixture.pk] for fixture in fixtures]
