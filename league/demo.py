"""Demo league for `make run`: the Old World Demo League, run by "commissioner". Its first season is
finished (the prizes paid, the League Trophy held); its second is running, half played, with a points
adjustment.

Called by load_demo (matches/management/commands) with the demo users: create_demo_league(users).
"""

from datetime import date, timedelta

from django.db import transaction

from league.models import Game, League, Season
from league.services import adjustments, entries, scheduling
from league.services import results as result_services
from league.services.leagues import (
    create_invitation,
    create_league,
    create_season,
    join_league,
    set_season_status,
)
from league.services.seasons import start_season
from rosters.models import Team

DEMO_SLUG = "old-world-demo-league"
# The Old World Demo League plays the 2020 rules, those of the rosters demo's played teams.
DEMO_EDITION = "bb2020"
FINISHED_SEASON = "Season 1"
RUNNING_SEASON = "Season 2"
# The demo coaches' teams: their first ready team of the league's edition when the rosters demo made
# one, else a plain one.
COACH_TEAMS = {
    "coach_orc": ("orc", "Grimgor's Greenskins"),
    "coach_human": ("human", "Reikland Reavers"),
    "coach_elf": ("wood_elf", "Athelorn Avengers"),
}
# Sides without a Dugout account, played by the commissioner's proxies.
NAMED_SIDES = ["Gouged Eye", "Chaos All-Stars", "Bright Crusaders"]

# The finished season, every game played: {(side, side): (touchdowns, touchdowns, casualties, casualties)},
# a side being a coach's username or a named side. Final table: the human coach's team champion (13
# points), the orc coach's 2nd (10), the elf coach's 3rd ahead of the Chaos All-Stars on touchdowns
# scored (7 points each), then Bright Crusaders (3) and Gouged Eye (2).
FINISHED_RESULTS = {
    ("coach_human", "coach_orc"): (2, 1, 1, 2),
    ("coach_human", "coach_elf"): (1, 1, 0, 0),
    ("coach_human", "Gouged Eye"): (3, 0, 1, 1),
    ("coach_human", "Chaos All-Stars"): (2, 0, 2, 1),
    ("coach_human", "Bright Crusaders"): (2, 1, 1, 0),
    ("coach_orc", "coach_elf"): (2, 0, 3, 0),
    ("coach_orc", "Gouged Eye"): (1, 1, 2, 3),
    ("coach_orc", "Chaos All-Stars"): (2, 1, 2, 2),
    ("coach_orc", "Bright Crusaders"): (3, 1, 2, 0),
    ("coach_elf", "Gouged Eye"): (2, 1, 0, 1),
    ("coach_elf", "Chaos All-Stars"): (0, 1, 0, 2),
    ("coach_elf", "Bright Crusaders"): (3, 0, 1, 0),
    ("Gouged Eye", "Chaos All-Stars"): (1, 1, 2, 1),
    ("Gouged Eye", "Bright Crusaders"): (1, 2, 1, 0),
    ("Chaos All-Stars", "Bright Crusaders"): (1, 0, 1, 1),
}
# The running season, by fixture in order: rounds 1 and 2 confirmed, round 3 submitted.
SCORES = [
    (2, 1, 1, 2),
    (1, 1, 0, 1),
    (3, 0, 2, 0),
    (0, 2, 1, 3),
    (1, 0, 1, 1),
    (2, 2, 3, 1),
    (1, 2, 0, 0),
    (2, 0, 1, 2),
    (0, 0, 2, 2),
]
# The commissioner's ruling in the running season: (side, league points, reason).
ADJUSTMENT = ("coach_orc", -2, "Fielded a player missing from its roster in round 1.")


def _team_for(user, roster, name, edition):
    team = Team.objects.filter(coach=user, edition=edition, status=Team.Status.READY).order_by("id").first()
    if team:
        return team
    return Team.objects.create(
        edition=edition,
        roster=roster,
        name=name,
        coach=user,
        status=Team.Status.READY,
        treasury=50000,
        team_value=950000,
        current_team_value=950000,
        rerolls=2,
    )


def create_demo_league(users):
    """Create the demo league once (an existing one is left as it is) and return it.

    Side effects: creates the League and an invitation the demo coaches joined with; a round-robin
    season of six teams played in full and finished (its prizes paid into the teams' treasuries through
    their ledgers, the League Trophy awarded); a second round-robin season with rounds 1 and 2
    confirmed, round 3 submitted, one later game disputed and a points adjustment; may create plain
    ready Teams for the demo coaches who have none.
    """
    existing = League.objects.filter(slug=DEMO_SLUG).first()
    if existing:
        return existing
    commissioner = users["commissioner"]
    with transaction.atomic():
        teams = {
            username: _team_for(users[username], roster, name, DEMO_EDITION)
            for username, (roster, name) in COACH_TEAMS.items()
        }
        league = _new_league(
            "Old World Demo League",
            edition=DEMO_EDITION,
            slug=DEMO_SLUG,
            commissioner=commissioner,
            teams=teams.values(),
            description="A demo league: log in as commissioner or one of the coaches to try it.",
        )
        _play_finished_season(league, teams, commissioner)
        _play_running_season(league, teams, commissioner)
    return league


def _new_league(name, *, edition, slug, commissioner, teams, description):
    """A Blood Bowl league of `edition` (its teams') under its fixed `slug`, the teams' coaches members."""
    teams = list(teams)
    league = create_league(
        name=name, created_by=commissioner, game=Game.BLOOD_BOWL, edition=edition, description=description
    )
    if league.slug != slug:
        league.slug = slug
        league.save(update_fields=["slug"])
    invitation = create_invitation(league=league, created_by=commissioner)
    for team in teams:
        join_league(code=invitation.code, user=team.coach)
    return league


def _open_season(league, name, teams, commissioner, start_date):
    """A round-robin season of the coaches' teams and the named sides, scheduled from `start_date`;
    returns {side: its SeasonEntry} (a side: a coach's username or a named side)."""
    season = create_season(league=league, name=name, by=commissioner)
    sides = {}
    for username, team in teams.items():
        entry = entries.register_team(season=season, team=team, user=team.coach)
        sides[username] = entries.accept_entry(entry=entry, by=commissioner)
    for name in NAMED_SIDES:
        sides[name] = entries.register_named_entry(season=season, name=name, user=commissioner)
    scheduling.schedule_round_robin(season=season, by=commissioner, start_date=start_date, days_between=7)
    start_season(season=season, by=commissioner)
    return season, sides


def _play_finished_season(league, teams, commissioner):
    start = date.today() - timedelta(weeks=12)
    season, sides = _open_season(league, FINISHED_SEASON, teams, commissioner, start)
    side_of = {entry.pk: side for side, entry in sides.items()}
    for fixture in season.fixtures.with_related().order_by("round__number", "id"):
        home, away = side_of[fixture.home_id], side_of[fixture.away_id]
        if (home, away) in FINISHED_RESULTS:
            home_score, away_score, home_cas, away_cas = FINISHED_RESULTS[home, away]
        else:
            away_score, home_score, away_cas, home_cas = FINISHED_RESULTS[away, home]
        result_services.record_result_as_commissioner(
            fixture=fixture,
            by=commissioner,
            home_score=home_score,
            away_score=away_score,
            home_cas=home_cas,
            away_cas=away_cas,
        )
    set_season_status(season=season, status=Season.Status.FINISHED, by=commissioner)


def _play_running_season(league, teams, commissioner):
    start = date.today() - timedelta(weeks=2)
    season, sides = _open_season(league, RUNNING_SEASON, teams, commissioner, start)
    fixtures = list(season.fixtures.with_related().order_by("round__number", "id"))
    for fixture, (home_score, away_score, home_cas, away_cas) in zip(fixtures[:6], SCORES, strict=False):
        result_services.record_result_as_commissioner(
            fixture=fixture,
            by=commissioner,
            home_score=home_score,
            away_score=away_score,
            home_cas=home_cas,
            away_cas=away_cas,
        )
    for fixture, (home_score, away_score, home_cas, away_cas) in zip(fixtures[6:9], SCORES[6:], strict=False):
        coach = fixture.home.coach or fixture.away.coach
        if coach:
            result_services.submit_result(
                fixture=fixture,
                submitted_by=coach,
                home_score=home_score,
                away_score=away_score,
                home_cas=home_cas,
                away_cas=away_cas,
            )
    # A game between two demo coaches, played early and disputed: a decision for the commissioner.
    between_coaches = next(f for f in fixtures[9:] if f.home.coach_id and f.away.coach_id)
    result = result_services.submit_result(
        fixture=between_coaches, submitted_by=between_coaches.home.coach, home_score=2, away_score=1
    )
    result_services.dispute_result(result=result, by=between_coaches.away.coach, comment="It was 1-1.")
    side, points, reason = ADJUSTMENT
    adjustments.add_adjustment(
        season=season, entry=sides[side], points=points, reason=reason, by=commissioner
    )


# The BB2025 demo league: the four BB2025 demo coaches' teams (rosters/demo.py), a first season played
# in Dugout match by match (matches/demo.py) and a second one under way.
BB2025_SLUG = "badlands-bb2025-demo-league"
BB2025_EDITION = "bb2025"
BB2025_COACHES = ("coach_brutes", "coach_norse", "coach_chaos", "coach_snotling")


def create_demo_bb2025_league(users):
    """The BB2025 demo league and its first season, scheduled (the matches demo plays it), or None when
    it exists already (then nothing changes) or a coach has no ready BB2025 team.

    Side effects: creates the League of edition bb2025, an invitation the coaches joined with, and a
    running round-robin season of the four teams (a round every two weeks, from ten weeks ago).
    """
    if League.objects.filter(slug=BB2025_SLUG).exists():
        return None
    teams = [_bb2025_team(users.get(username), BB2025_EDITION) for username in BB2025_COACHES]
    if None in teams:
        return None
    commissioner = users["commissioner"]
    with transaction.atomic():
        league = _new_league(
            "Badlands Demo League (BB2025)",
            edition=BB2025_EDITION,
            slug=BB2025_SLUG,
            commissioner=commissioner,
            teams=teams,
            description="A demo league of the BB2025 rules: log in as one of its coaches to try it.",
        )
        open_bb2025_season(league, FINISHED_SEASON, commissioner, date.today() - timedelta(weeks=10))
    return league


def _bb2025_team(user, edition):
    if user is None:
        return None
    return Team.objects.filter(coach=user, edition=edition, status=Team.Status.READY).order_by("id").first()


def _bb2025_teams(league):
    members = {user.username: user for user in league.members.all()}
    return [_bb2025_team(members.get(username), league.edition) for username in BB2025_COACHES]


def open_bb2025_season(league, name, commissioner, start_date):
    """A running round-robin season of the league's BB2025 demo teams, every entry accepted, scheduled
    with the edition's season shape (league.season_shape) from `start_date`."""
    season = create_season(league=league, name=name, by=commissioner)
    for team in _bb2025_teams(league):
        entry = entries.register_team(season=season, team=team, user=team.coach)
        entries.accept_entry(entry=entry, by=commissioner)
    days_between = league.season_shape()["days_between"]
    scheduling.schedule_round_robin(
        season=season, by=commissioner, start_date=start_date, days_between=days_between
    )
    start_season(season=season, by=commissioner)
    return season


def finish_season(season, commissioner):
    """Finish a season whose games are all played: the edition's prizes are paid (league.services.prizes)."""
    set_season_status(season=season, status=Season.Status.FINISHED, by=commissioner)
    return season
