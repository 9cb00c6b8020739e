"""A small BB2025 league for the corrections tests: four teams, a round robin, and matches played in
Dugout whose events the test chooses (who scores, who is hurt), everything else rolled by seeded dice
so that two leagues played alike come out alike."""

import random

from league.models import Game
from league.services import entries, scheduling
from league.services.leagues import create_league, create_season
from league.services.results import confirm_result
from league.services.seasons import start_season
from matches.demo_bb2025 import kick_off_fixture
from matches.models import Match
from matches.services import drives, postmatch
from matches.services import league as league_link
from rosters.ledger import snapshot_player, snapshot_team
from rosters.models import Player
from rulebook.dice import Dice
from tests.factories import UserFactory
from tests.matches.test_full_match_bb2025 import bb2025_team

ROSTERS = (
    ("human", "lineman"),
    ("orc", "orc_lineman"),
    ("dwarf", "dwarf_blocker_lineman"),
    ("skaven", "clanrat_lineman"),
)


def make_league(seed=7, teams=4):
    """(league, season, teams, commissioner): `teams` BB2025 teams (four by default) in a scheduled,
    started round robin."""
    commissioner = UserFactory()
    league = create_league(
        name=f"Corrections {seed}", created_by=commissioner, game=Game.BLOOD_BOWL, edition="bb2025"
    )
    season = create_season(league=league, name="Season 1", by=commissioner)
    count, teams = teams, []
    for index in range(count):
        roster, lineman = ROSTERS[index % len(ROSTERS)]
        coach = UserFactory(email=f"coach{index}-{seed}@example.com")
        league.members.add(coach)
        team = bb2025_team(coach, name=f"Team {index + 1}", roster=roster, lineman=lineman)
        entries.accept_entry(
            entry=entries.register_team(season=season, team=team, user=coach), by=commissioner
        )
        teams.append(team)
    scheduling.schedule_round_robin(season=season, by=commissioner)
    start_season(season=season, by=commissioner)
    return league, season, teams, commissioner


def fixtures_in_order(season):
    return list(season.fixtures.with_related().order_by("round__number", "id"))


def player(team, number):
    return Player.objects.get(team=team, number=number)


def play(fixture, dice, *, touchdowns=(), casualties=(), confirm=confirm_result):
    """Play the fixture's match: `touchdowns` [(side, player number)], `casualties` [(side, actor number,
    victim number, faces)] in the first half; then the post-match with Dugout's dice, the result
    submitted and confirmed by `confirm` (which applies it)."""
    match, user = kick_off_fixture(fixture, dice)
    drives.start_drive(match, dice=dice, user=user)
    for side, actor, victim, faces in casualties:
        opponent = "away" if side == "home" else "home"
        drives.add_event(
            match,
            user=user,
            kind="casualty",
            side=side,
            cause="block",
            player=player(match.team(side), actor),
            victim=player(match.team(opponent), victim),
            dice=dice,
            faces=faces,
            turn=2,
        )
    for side, number in touchdowns:
        drives.add_event(
            match, user=user, kind="touchdown", side=side, player=player(match.team(side), number), turn=8
        )
        drives.start_drive(match, dice=dice, user=user)
    drives.end_drive(match, user=user, dice=dice)
    drives.start_drive(match, dice=dice, user=user)
    drives.end_drive(match, user=user, dice=dice)
    match.refresh_from_db()
    postmatch.roll_postmatch(match, dice=dice, user=user)
    league_link.submit_to_league(match, user=user)
    confirm(result=league_link.league_result(match), by=fixture.away.coach)
    return Match.objects.get(pk=match.pk)


def seeded_dice(seed):
    return Dice(random.Random(seed))


def team_snapshot(team):
    """The team and its players as numbers and names say them (not ids): two leagues played alike compare
    equal."""
    team.refresh_from_db()
    players = {p.number: snapshot_player(p) for p in team.players.all()}
    return {"team": snapshot_team(team), "players": players}
