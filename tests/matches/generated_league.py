"""A generated BB2025 league for tests and benchmarks of the whole league: teams of real rosters, a
round-robin season, and matches played in Dugout from the pre-match to the post-match applied to both
rosters, with varied touchdowns, casualties (Dugout's dice: deaths, lasting injuries and apothecaries
included), completions and interceptions, each kick-off rolled on the edition's table."""

import itertools
import random

from accounts.demo import create_demo_users
from league.demo import BB2025_SLUG, create_demo_league
from league.models import Game, League
from league.services import entries, scheduling
from league.services.leagues import create_league, create_season
from league.services.results import confirm_result
from league.services.seasons import start_season
from matches.demo_bb2025 import create_demo_bb2025_matches, kick_off_fixture
from matches.models import Match
from matches.services import drives, postmatch
from matches.services import league as league_link
from rosters.demo import create_demo_teams
from rulebook.dice import Dice
from tests.factories import UserFactory
from tests.matches.test_full_match_bb2025 import bb2025_team

ROSTERS = (
    ("human", "lineman"),
    ("orc", "orc_lineman"),
    ("dwarf", "dwarf_blocker_lineman"),
    ("skaven", "clanrat_lineman"),
)


def generate_league(*, teams=20, matches=100, seed=2026):
    """A BB2025 league of `teams` teams whose season has its first `matches` fixtures played (by round).
    Returns the league."""
    rng, dice = random.Random(seed), Dice(random.Random(seed + 1))
    commissioner = UserFactory()
    league = create_league(
        name=f"Generated {seed}", created_by=commissioner, game=Game.BLOOD_BOWL, edition="bb2025"
    )
    season = create_season(league=league, name="Season 1", by=commissioner)
    for index in range(teams):
        coach = UserFactory()
        league.members.add(coach)
        roster, lineman = ROSTERS[index % len(ROSTERS)]
        team = bb2025_team(coach, name=f"Team {index + 1}", roster=roster, lineman=lineman)
        entries.accept_entry(
            entry=entries.register_team(season=season, team=team, user=coach), by=commissioner
        )
    scheduling.schedule_round_robin(season=season, by=commissioner)
    start_season(season=season, by=commissioner)
    fixtures = season.fixtures.with_related().order_by("round__number", "id")
    for fixture in itertools.islice(fixtures, matches):
        play_fixture(fixture, dice, rng)
    return league


def _players(match, side):
    return list(match.team(side).players.on_roster().filter(miss_next_game=False).order_by("number", "id"))


def play_fixture(fixture, dice, rng):
    """The fixture's whole match, up to its result confirmed and applied to both rosters."""
    match, user = kick_off_fixture(fixture, dice)  # the pre-match, as the demo league plays it
    for _half in range(2):
        _play_half(match, dice, rng, user)
    match.refresh_from_db()
    postmatch.roll_postmatch(match, dice=dice, user=user)  # the MVP nominees drawn by Dugout
    league_link.submit_to_league(match, user=user)
    confirm_result(result=league_link.league_result(match), by=fixture.away.coach)
    return Match.objects.get(pk=match.pk)


def _play_half(match, dice, rng, user):
    """A drive with a few events, then one more drive for each touchdown scored, then the half's end."""
    drives.start_drive(match, dice=dice, user=user)
    for turn in range(1, rng.randint(2, 4)):
        side = rng.choice(("home", "away"))
        players, opponents = _players(match, side), _players(match, "away" if side == "home" else "home")
        kind = rng.choice(("casualty", "completion", "interception", "knocked_out"))
        if kind in ("casualty", "knocked_out") and opponents:
            drives.add_event(
                match,
                user=user,
                kind=kind,
                side=side,
                cause="block",
                player=rng.choice(players),
                victim=rng.choice(opponents),
                dice=dice,
                turn=turn,
            )
        elif kind in ("completion", "interception") and players:
            drives.add_event(match, user=user, kind=kind, side=side, player=rng.choice(players), turn=turn)
    for _touchdown in range(rng.randint(0, 2)):
        side = rng.choice(("home", "away"))
        drives.add_event(
            match, user=user, kind="touchdown", side=side, player=rng.choice(_players(match, side)), turn=8
        )
        drives.start_drive(match, dice=dice, user=user)
    drives.end_drive(match, user=user, dice=dice)


def demo_league_with_matches():
    """The BB2025 demo league as `manage.py load_demo` makes it: a season played match by match in
    Dugout, and a match in progress in the next."""
    users = create_demo_users()
    create_demo_teams(users)
    create_demo_league(users)
    create_demo_bb2025_matches(users)
    return League.objects.get(slug=BB2025_SLUG)
