"""Demo league for `make run`: the Old World Demo League, run by "commissioner", its season half played.

Called by accounts' load_demo with the demo users: create_demo_league(users).
"""

from datetime import date, timedelta

from django.db import transaction

from league.models import League, Season, SeasonEntry
from league.services import results as result_services
from league.services import scheduling
from league.services.leagues import create_invitation, create_league
from rosters.models import Team

DEMO_SLUG = "old-world-demo-league"
# The demo coaches' teams: their first ready team when the rosters demo made one, else a plain one.
COACH_TEAMS = {
    "coach_orc": ("orc", "Grimgor's Greenskins"),
    "coach_human": ("human", "Reikland Reavers"),
    "coach_elf": ("wood_elf", "Athelorn Avengers"),
}
# Sides without a Dugout account, played by the commissioner's proxies.
NAMED_SIDES = ["Gouged Eye", "Chaos All-Stars", "Bright Crusaders"]
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


def _team_for(user, roster, name):
    team = Team.objects.filter(coach=user, status=Team.Status.READY).order_by("id").first()
    if team:
        return team
    return Team.objects.create(
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

    Side effects: creates the League, an invitation, a round-robin Season of six teams with rounds 1
    and 2 confirmed and round 3 submitted and one later game disputed; may create plain ready Teams for the
    demo coaches who have none.
    """
    existing = League.objects.filter(slug=DEMO_SLUG).first()
    if existing:
        return existing
    commissioner = users["commissioner"]
    with transaction.atomic():
        league = create_league(
            name="Old World Demo League",
            created_by=commissioner,
            description="A demo league: log in as commissioner or one of the coaches to try it.",
        )
        if league.slug != DEMO_SLUG:
            league.slug = DEMO_SLUG
            league.save(update_fields=["slug"])
        create_invitation(league=league, created_by=commissioner)
        season = Season.objects.create(league=league, name="Season 1")
        for username, (roster, name) in COACH_TEAMS.items():
            user = users[username]
            league.members.add(user)
            team = _team_for(user, roster, name)
            SeasonEntry.objects.create(
                season=season, team=team, name=team.name, coach=user, status=SeasonEntry.Status.ACCEPTED
            )
        for name in NAMED_SIDES:
            SeasonEntry.objects.create(season=season, name=name, status=SeasonEntry.Status.ACCEPTED)
        scheduling.schedule_round_robin(
            season=season, by=commissioner, start_date=date.today() - timedelta(days=14), days_between=7
        )
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
        for fixture, (home_score, away_score, home_cas, away_cas) in zip(
            fixtures[6:9], SCORES[6:], strict=False
        ):
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
    return league
