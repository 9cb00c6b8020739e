"""Demo data of the BB2025 demo league (league/demo.py): its first season played in Dugout match by
match (pre-match, drives with touchdowns and casualties, post-match with MVP nominations and the
no-stalling bonus, the result submitted, confirmed by the opponent and applied to both rosters), then
finished with the edition's prizes; its second season has a league match in progress.

Every number comes from the BB2025 edition through the services: Brawlin' Brutes SPP for the Orc team,
the no-stalling bonus in the winnings, Low Cost Linemen in the Snotlings' CTV.
"""

import random
from datetime import date, timedelta

from league.demo import (
    BB2025_SLUG,
    FINISHED_SEASON,
    RUNNING_SEASON,
    create_demo_bb2025_league,
    finish_season,
    open_bb2025_season,
)
from league.models import League
from league.services.results import confirm_result
from matches.models import Match
from matches.services import drives, postmatch, prematch
from matches.services import league as league_link
from rulebook.dice import Dice

# The first season: {(coach, coach): (touchdowns, touchdowns, casualties, casualties, stalled sides)}
# by the first coach's side. Final table (3 points a win, 1 a draw): Ironjaw Brutes 7, Skjold Raiders 6,
# Brass Skull Chosen 4, Fungus Fizzers 0; the Raiders stalled in their win against the Snotlings.
SEASON_GAMES = {
    ("coach_brutes", "coach_norse"): (2, 1, 1, 0, ()),
    ("coach_brutes", "coach_chaos"): (1, 1, 2, 1, ()),
    ("coach_brutes", "coach_snotling"): (3, 0, 2, 0, ()),
    ("coach_norse", "coach_chaos"): (2, 0, 0, 1, ()),
    ("coach_norse", "coach_snotling"): (2, 1, 1, 0, (0,)),
    ("coach_chaos", "coach_snotling"): (1, 0, 2, 0, ()),
}
# A Badly Hurt casualty (BB2025 casualty table: D16 1-8), so that every player plays the next game.
BADLY_HURT = [3]
KICK_OFF = {"kickoff": [3, 4]}
MVP_NOMINEES = 6


def create_demo_bb2025_matches(users):
    """Play the BB2025 demo league (once: an existing league is left as it is); returns its matches.

    Side effects: through league/demo.py, the league and its seasons; here the matches of the first
    season, applied to the rosters, and the second season's first match, in progress.
    """
    league = create_demo_bb2025_league(users)
    if league is None:
        existing = League.objects.filter(slug=BB2025_SLUG).first()
        return list(Match.objects.filter(fixture__season__league=existing).order_by("id")) if existing else []
    dice = Dice(random.Random(2025))
    commissioner = users["commissioner"]
    season = league.seasons.get(name=FINISHED_SEASON)
    played = [_play_fixture(fixture, dice) for fixture in _fixtures(season)]
    finish_season(season, commissioner)
    running = open_bb2025_season(league, RUNNING_SEASON, commissioner, date.today() - timedelta(days=3))
    live = _start_fixture(_fixtures(running)[0], dice)
    return [*played, live]


def _fixtures(season):
    return list(season.fixtures.with_related().order_by("round__number", "id"))


def _plan(fixture):
    """(touchdowns, casualties, stalled) by side of the fixture's game in SEASON_GAMES."""
    pair = (fixture.home.coach.username, fixture.away.coach.username)
    if pair in SEASON_GAMES:
        home_td, away_td, home_cas, away_cas, stalled = SEASON_GAMES[pair]
        stalled_sides = {("home", "away")[index] for index in stalled}
    else:
        away_td, home_td, away_cas, home_cas, stalled = SEASON_GAMES[pair[::-1]]
        stalled_sides = {("away", "home")[index] for index in stalled}
    touchdowns = {"home": home_td, "away": away_td}
    casualties = {"home": home_cas, "away": away_cas}
    return touchdowns, casualties, {side: side in stalled_sides for side in ("home", "away")}


def kick_off_fixture(fixture, dice):
    """The league match of `fixture`, its pre-match done by the home coach (no inducements)."""
    user = fixture.home.coach
    match = league_link.create_league_match(fixture=fixture, created_by=user)
    prematch.roll_fans(match, dice=dice, user=user)
    prematch.roll_weather(match, dice=dice, user=user)
    prematch.take_journeymen(match, user=user)
    favourite = prematch.favourite_side(match) or "home"
    for side in (favourite, "away" if favourite == "home" else "home"):
        prematch.buy_inducements(match, side=side, counts={}, user=user)
    prematch.toss(match, user=user, dice=dice)
    prematch.kick_or_receive(match, user=user, choice=prematch.KICK)
    match.refresh_from_db()
    return match, user


def _players(match, side):
    return list(match.team(side).players.on_roster().order_by("number", "id"))


def _first_half(match, dice, user, touchdowns, casualties):
    """The casualties in the first drive, then a drive for each touchdown (the scorer: the side's
    second player, a casualty by its first one on the opponent's players in turn)."""
    drives.start_drive(match, dice=dice, user=user, faces=KICK_OFF)
    for side, count in casualties.items():
        victims = _players(match, "away" if side == "home" else "home")
        for index in range(count):
            drives.add_event(
                match,
                user=user,
                kind="casualty",
                side=side,
                cause="block",
                player=_players(match, side)[0],
                victim=victims[-1 - index],
                dice=dice,
                faces={"casualty": BADLY_HURT},
                turn=2 + index,
            )
    turn = 4
    for side, count in touchdowns.items():
        for _touchdown in range(count):
            drives.add_event(
                match, user=user, kind="touchdown", side=side, player=_players(match, side)[1], turn=turn
            )
            drives.start_drive(match, dice=dice, user=user, faces=KICK_OFF)
            turn += 1


def _play_fixture(fixture, dice):
    """A whole league match of the first season, up to its result applied to both rosters."""
    touchdowns, casualties, stalled = _plan(fixture)
    match, user = kick_off_fixture(fixture, dice)
    _first_half(match, dice, user, touchdowns, casualties)
    drives.end_drive(match, user=user, dice=dice)
    drives.start_drive(match, dice=dice, user=user, faces=KICK_OFF)
    drives.end_drive(match, user=user, dice=dice)
    match.refresh_from_db()
    nominees = {
        side: [f"p{player.pk}" for player in _players(match, side)[:MVP_NOMINEES]] for side in stalled
    }
    postmatch.roll_postmatch(match, dice=dice, user=user, nominees=nominees, stalled=stalled)
    league_link.submit_to_league(match, user=user)
    # Confirming applies the match to both rosters (league.hooks).
    confirm_result(result=league_link.league_result(match), by=fixture.away.coach)
    match.refresh_from_db()
    return match


def _start_fixture(fixture, dice):
    """The second season's first match, under way: pre-match done, a casualty and a touchdown in the
    first drive, the second drive kicked off."""
    match, user = kick_off_fixture(fixture, dice)
    _first_half(match, dice, user, {"home": 1, "away": 0}, {"home": 0, "away": 1})
    match.refresh_from_db()
    return match
