"""A whole BB2025 match from pre-match to applied post-match with entered dice, every number checked
against the BB2025 rules (edition.toml [winnings] no-stalling bonus, [mvp] nominated_d6, tables.toml
spp rule_overrides for Brawlin' Brutes, [concession], Masters of Undeath). The BB2020 match is
test_full_match.py."""

import random

import pytest
from django.urls import reverse

from league.models import Result
from league.services import results
from matches.models import DiceLog, Match
from matches.services import drives, postmatch, prematch
from matches.services import league as league_link
from matches.services.league import create_league_match
from rosters import services as rosters
from rosters.models import LedgerEntry, Player
from rulebook.dice import Dice
from tests.league.factories import make_league_fixture
from tests.matches.conftest import NoDice
from tests.rosters.helpers import nominate_a_captain

pytestmark = pytest.mark.django_db


def bb2025_team(coach, *, name, roster, lineman, available=11):
    """A ready BB2025 team of 11 players of the `lineman` position (1,000,000 to spend), `available` of
    them fit to play (the others miss the next game)."""
    team = rosters.create_team(coach=coach, roster=roster, name=name, edition="bb2025")
    for index in range(11):
        rosters.hire_player(team=team, actor=coach, position=lineman, name=f"{name} L{index + 1}")
    nominate_a_captain(team, coach)  # Human and Orc teams need one to be ready
    rosters.mark_ready(team=team, actor=coach)
    missing = team.players.order_by("-number")[: 11 - available].values_list("pk", flat=True)
    Player.objects.filter(pk__in=list(missing)).update(miss_next_game=True)
    team.refresh_from_db()
    return team


@pytest.fixture
def humans(home_coach):
    return bb2025_team(home_coach, name="Altdorf", roster="human", lineman="lineman")


@pytest.fixture
def orcs(away_coach):
    return bb2025_team(away_coach, name="Gutrippers", roster="orc", lineman="orc_lineman")


def _to_kick_off(home, away, user, *, positions=None, friendly=False):
    # A league game unless asked: a BB2025 friendly earns no SPP nor winnings (test_a_bb2025_friendly...).
    if friendly:
        match = prematch.create_match(home_team=home, away_team=away, created_by=user)
    else:
        match = create_league_match(fixture=make_league_fixture(home, away), created_by=user)
    dice = NoDice()
    prematch.roll_fans(match, dice=dice, user=user, faces={"home": [2], "away": [3]})
    prematch.roll_weather(match, dice=dice, user=user, faces=[3, 4])
    prematch.take_journeymen(match, user=user, positions=positions)
    match.refresh_from_db()
    underdog = "home" if match.home_ctv < match.away_ctv else "away"
    for side in sorted(("home", "away"), key=lambda side: side == underdog):  # the favourite first
        prematch.buy_inducements(match, side=side, counts={}, user=user)
    prematch.choose_kicking(match, user=user, side="away")
    match.refresh_from_db()
    return match, dice


def apply_league_game(match, user):
    """Submit the result to the league and have the other coach confirm it: the match applies."""
    league_link.submit_to_league(match, user=user)
    other = match.away_team.coach if user == match.home_team.coach else match.home_team.coach
    results.confirm_result(result=Result.objects.get(fixture=match.fixture), by=other)
    match.refresh_from_db()


def casualty(match, dice, user, *, side, player, victim, faces):
    """A block casualty by `player` of `side` on `victim`, with its entered dice."""
    drives.add_event(
        match,
        user=user,
        kind="casualty",
        side=side,
        player=player,
        victim=victim,
        cause="block",
        dice=dice,
        faces=faces,
    )


def to_final_whistle(match, dice, user, *, drives_left=2):
    """Kick off and end the remaining drives without events (the last one ends the match)."""
    for _drive in range(drives_left):
        drives.start_drive(match, dice=dice, user=user, faces={"kickoff": [1, 2]})
        drives.end_drive(match, user=user, dice=dice)
    match.refresh_from_db()


def _keys(team, numbers):
    players = {p.number: p for p in team.players.all()}
    return [f"p{players[number].pk}" for number in numbers]


def test_full_bb2025_match_when_every_number_is_checked(humans, orcs, home_coach):
    match, dice = _to_kick_off(humans, orcs, home_coach)
    # Fan factor: Dedicated Fans (1) + D3; weather 3 + 4 = 7: perfect conditions.
    assert (match.home_fan_factor, match.away_fan_factor) == (3, 4)
    assert match.weather == "perfect_conditions"
    assert match.status == Match.Status.IN_PROGRESS
    human_scorer, victim = humans.players.order_by("number")[:2]
    orc_scorer, orc_hitter = orcs.players.order_by("number")[:2]
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    casualty(
        match,
        dice,
        home_coach,
        side="away",
        player=orc_hitter,
        victim=victim,
        faces={"casualty": [13], "lasting": [3]},
    )
    drives.add_event(match, user=home_coach, kind="touchdown", side="away", player=orc_scorer, turn=3)
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    drives.add_event(match, user=home_coach, kind="touchdown", side="home", player=human_scorer, turn=5)
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    drives.add_event(match, user=home_coach, kind="touchdown", side="away", player=orc_scorer, turn=7)
    to_final_whistle(match, dice, home_coach)
    assert match.status == Match.Status.POST_MATCH
    assert (match.home_score, match.away_score) == (1, 2)
    # One of the humans was Stalling: no bonus for them; the orcs never stalled.
    match.home_stalled = True
    match.save()

    home_nominees = _keys(humans, [11, 3, 5, 7, 9, 1])
    away_nominees = _keys(orcs, [4, 5, 6, 7, 8, 2])
    postmatch.roll_postmatch(
        match,
        dice=dice,
        user=home_coach,
        faces={
            "home": {"fans": [6], "mvp": [2], "mistake": [4], "mistake_dice": [2]},
            "away": {"fans": [1], "mvp": [6], "mistake": [6]},
        },
        nominees={"home": home_nominees, "away": away_nominees},
    )
    preview = postmatch.preview(match)
    assert preview["away"]["after"]["winnings"] == 65_000
    apply_league_game(match, home_coach)
    match.refresh_from_db()
    humans.refresh_from_db()
    orcs.refresh_from_db()
    home, away = match.outcome["home"], match.outcome["away"]
    # Winnings: (3 + 4) x 10,000 / 2 = 35,000 + touchdowns x 10,000, + 10,000 when no player stalled.
    assert home["winnings"] == 35_000 + 10_000
    assert away["winnings"] == 35_000 + 20_000 + 10_000
    # Dedicated fans: the winner rolls 1 >= 1: +1; the loser rolls 6, not < 1: stays 1.
    assert orcs.dedicated_fans == 2
    assert humans.dedicated_fans == 1
    # MVP: the D6 picks the nominee of that number (2: home's second nominee, #3; 6: away's #2).
    assert home["mvp"] == home_nominees[1]
    assert away["mvp"] == away_nominees[5] == f"p{orc_hitter.pk}"
    assert match.postmatch["home"]["nominees"] == home_nominees
    assert DiceLog.objects.filter(match=match, purpose="mvp", roll__dice="D6").count() == 2
    # SPP, Brawlin' Brutes: 2 per orc touchdown, 3 per orc casualty; the humans' touchdown 3; MVP 4.
    orc_scorer.refresh_from_db()
    orc_hitter.refresh_from_db()
    human_scorer.refresh_from_db()
    assert orc_scorer.spp_earned == 2 + 2
    assert orc_hitter.spp_earned == 3 + 4
    assert human_scorer.spp_earned == 3
    assert humans.players.get(number=3).spp_earned == 4
    # Expensive mistakes: humans 1,000,000 - 550,000 + 45,000 = 495,000 (from 400k), D6 4: minor
    # incident, D3 2: -20,000; orcs 450,000 + 65,000 = 515,000 (from 500k), D6 6: crisis averted.
    assert home["mistake"] == {"outcome": "minor_incident", "lost": 20_000}
    assert humans.treasury == 475_000
    assert away["mistake"] == {"outcome": "crisis_averted", "lost": 0}
    assert orcs.treasury == 515_000
    # Lasting injury, D6 3: smashed knee, MA 6 -> 5, misses the next game (CTV without its 50,000).
    victim.refresh_from_db()
    assert (victim.ma, victim.miss_next_game, victim.lasting_injuries) == (5, True, ["smashed_knee"])
    assert (humans.team_value, humans.current_team_value) == (550_000, 500_000)
    assert (orcs.team_value, orcs.current_team_value) == (550_000, 550_000)
    assert LedgerEntry.objects.filter(kind="match").count() == 2
    assert not DiceLog.objects.filter(match=match, roll__source="rolled").exists()


def test_winnings_when_bb2025_and_nobody_stalled_pay_the_bonus_to_both(humans, orcs, home_coach):
    match, dice = _to_kick_off(humans, orcs, home_coach)
    to_final_whistle(match, dice, home_coach)
    assert postmatch.winnings(match, "home") == postmatch.winnings(match, "away") == 45_000
    match.away_stalled = True
    assert postmatch.winnings(match, "away") == 35_000


def test_mvp_when_bb2025_and_nominees_are_missing_is_refused(humans, orcs, home_coach):
    match, dice = _to_kick_off(humans, orcs, home_coach)
    to_final_whistle(match, dice, home_coach)
    with pytest.raises(Exception, match="Nominate 6 players"):
        postmatch.roll_postmatch(
            match,
            dice=dice,
            user=home_coach,
            faces={"home": {"fans": [1], "mvp": [1]}, "away": {"fans": [1], "mvp": [1]}},
            nominees={"home": _keys(humans, [1, 2, 3])},
        )


def test_concession_when_bb2025_the_conceder_loses_its_spp(humans, orcs, home_coach):
    match, dice = _to_kick_off(humans, orcs, home_coach)
    orc_hitter = orcs.players.order_by("number")[1]
    human_scorer = humans.players.order_by("number")[0]
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    casualty(
        match, dice, home_coach, side="away", player=orc_hitter, victim=human_scorer, faces={"casualty": [1]}
    )
    drives.add_event(match, user=home_coach, kind="touchdown", side="home", player=human_scorer)
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    drives.concede(match, side="away", user=home_coach)
    match.refresh_from_db()
    # BB2025: the winner takes at least 2-0; the conceder's touchdowns do not count.
    assert postmatch.final_score(match) == {"home": 2, "away": 0}
    assert postmatch.spp_earned(match)["away"][f"p{orc_hitter.pk}"] == {"casualty": 1, "spp": 0}
    postmatch.roll_postmatch(
        match,
        dice=dice,
        user=home_coach,
        faces={
            "home": {"fans": [6], "mvp": [1], "mvp_extra": [3], "mistake": [6]},
            "away": {"fans": [2], "mistake": [6]},
        },
        nominees={"home": _keys(humans, [1, 2, 3, 4, 5, 6])},
        awarded={"home": [f"p{human_scorer.pk}"]},
    )
    assert "mvp" not in match.postmatch["away"]
    apply_league_game(match, home_coach)
    match.refresh_from_db()
    orc_hitter.refresh_from_db()
    human_scorer.refresh_from_db()
    orcs.refresh_from_db()
    assert orc_hitter.spp_earned == 0
    # The winner: whole attendance (3 + 4) x 10,000 + 2 touchdowns, no stalling bonus after a concession.
    assert match.outcome["home"]["winnings"] == 90_000
    assert match.outcome["away"]["winnings"] == 0
    # Two MVPs for the winner (conceder_opponent_extra_mvps): nominees 1 and 3.
    assert match.outcome["home"]["mvps"] == _keys(humans, [1, 3])
    # Touchdown scored (3) + awarded touchdown (3) + MVP (4).
    assert human_scorer.spp_earned == 3 + 3 + 4
    # The conceder loses a D3 (2) of Dedicated Fans, never below 1.
    assert orcs.dedicated_fans == 1


def test_masters_of_undeath_when_a_victim_dies_raises_a_lineman_for_free(home_coach, away_coach):
    undead = bb2025_team(home_coach, name="Necropolis", roster="necromantic_horror", lineman="zombie_lineman")
    living = bb2025_team(away_coach, name="Altdorf", roster="human", lineman="lineman")
    match, dice = _to_kick_off(undead, living, home_coach)
    killer = undead.players.order_by("number")[0]
    victim = living.players.order_by("number")[0]
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    casualty(match, dice, home_coach, side="home", player=killer, victim=victim, faces={"casualty": [16]})
    drives.end_drive(match, user=home_coach, dice=dice)
    to_final_whistle(match, dice, home_coach, drives_left=1)
    key = f"p{victim.pk}"
    assert postmatch.undeath.raisable(match, "home", hurt=postmatch.injuries(match)) == [(key, victim.name)]
    assert postmatch.undeath.raisable(match, "away", hurt=postmatch.injuries(match)) == []
    treasury = undead.treasury
    postmatch.roll_postmatch(
        match,
        dice=dice,
        user=home_coach,
        faces={
            "home": {"mvp": [1], "mistake": [6], "mistake_dice": [1]},
            "away": {"mvp": [1], "mistake": [6]},
        },
        nominees={"home": _keys(undead, range(1, 7)), "away": _keys(living, range(2, 8))},
        raised={"home": {"victim": key, "position": "zombie_lineman", "name": "Risen"}},
    )
    apply_league_game(match, home_coach)
    undead.refresh_from_db()
    raised = undead.players.get(name="Risen")
    assert (raised.position, raised.number, raised.journeyman) == ("zombie_lineman", 12, False)
    zombie = undead.rules.position("zombie_lineman")
    # Free: the treasury only gains the winnings (a 0-0 draw: (3 + 4) / 2 + 1 no-stalling bonus) and
    # loses its expensive mistake (from 600k, D6 6: minor incident, D3 1: 10,000).
    assert undead.treasury == treasury + 45_000 - 10_000
    assert undead.team_value == 12 * zombie.cost
    victim.refresh_from_db()
    assert victim.status == Player.Status.DEAD
    # Undone: the raised player goes with the rest.
    postmatch.undo_apply(match, user=home_coach)
    assert not undead.players.filter(name="Risen").exists()


def test_report_when_bb2025_says_which_edition_the_match_is(humans, orcs, home_coach, client):
    match, _dice = _to_kick_off(humans, orcs, home_coach)
    page = client.get(reverse("matches:report", args=[match.pk]))
    assert "Blood Bowl" in page.content.decode()
    assert "2025" in page.content.decode()


def test_report_when_a_bb2025_match_is_applied_names_its_mvp_and_stalling(humans, orcs, home_coach, client):
    match, dice = _to_kick_off(humans, orcs, home_coach)
    to_final_whistle(match, dice, home_coach)
    match.away_stalled = True
    match.save()
    postmatch.roll_postmatch(
        match,
        dice=dice,
        user=home_coach,
        faces={"home": {"mvp": [1], "mistake": [6]}, "away": {"mvp": [2], "mistake": [6]}},
        nominees={"home": _keys(humans, range(1, 7)), "away": _keys(orcs, range(1, 7))},
    )
    apply_league_game(match, home_coach)
    page = client.get(reverse("matches:report", args=[match.pk])).content.decode()
    assert "Altdorf L1" in page.split('data-testid="mvp-home"')[1].split("</dd>")[0]
    assert "Gutrippers L2" in page.split('data-testid="mvp-away"')[1].split("</dd>")[0]
    assert "no bonus" in page.split('data-testid="stalled-away"')[1].split("</dd>")[0]


def test_lasting_injury_when_bb2025_and_it_cannot_apply_becomes_a_missed_game(humans, orcs, home_coach):
    match, dice = _to_kick_off(humans, orcs, home_coach)
    victim = humans.players.order_by("number")[0]
    lowest = match.edition.settings.characteristics.bounds.ma[0]
    Player.objects.filter(pk=victim.pk).update(ma=lowest)
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    casualty(
        match,
        dice,
        home_coach,
        side="away",
        player=orcs.players.order_by("number")[0],
        victim=victim,
        faces={"casualty": [13], "lasting": [3]},
    )
    drives.concede(match, side="home", user=home_coach)
    postmatch.roll_postmatch(
        match,
        dice=dice,
        user=home_coach,
        faces={
            "home": {"fans": [1], "mistake": [6]},
            "away": {"fans": [6], "mvp": [1], "mvp_extra": [2], "mistake": [6]},
        },
        nominees={"away": _keys(orcs, range(1, 7))},
    )
    apply_league_game(match, home_coach)
    victim.refresh_from_db()
    # Smashed knee on MA already at its lowest: tables.toml lasting_injury if_cannot_apply.
    assert (victim.ma, victim.lasting_injuries, victim.miss_next_game) == (lowest, [], True)


def test_journeyman_when_bb2025_is_hired_keeps_its_position_for_its_fee_without_loner(home_coach, away_coach):
    undead = bb2025_team(
        home_coach, name="Barrow", roster="shambling_undead", lineman="skeleton_lineman", available=10
    )
    humans = bb2025_team(away_coach, name="Altdorf", roster="human", lineman="lineman")
    match, dice = _to_kick_off(undead, humans, home_coach, positions={"home": "zombie_lineman"})
    [journeyman] = match.home_journeymen
    assert journeyman["position"] == "zombie_lineman"
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    drives.add_event(
        match, user=home_coach, kind="touchdown", side="home", journeyman=journeyman["key"], turn=2
    )
    to_final_whistle(match, dice, home_coach)
    treasury = undead.treasury
    postmatch.roll_postmatch(
        match,
        dice=dice,
        user=home_coach,
        faces={
            "home": {"fans": [6], "mvp": [6], "mistake": [6]},
            "away": {"fans": [6], "mvp": [1], "mistake": [6]},
        },
        nominees={
            "home": _keys(undead, range(1, 6)) + [journeyman["key"]],
            "away": _keys(humans, range(1, 7)),
        },
        hire={"home": [journeyman["key"]]},
    )
    apply_league_game(match, home_coach)
    undead.refresh_from_db()
    hired = undead.players.get(number=journeyman["number"])
    zombie = undead.rules.position("zombie_lineman")
    assert (hired.position, hired.journeyman, hired.ma) == ("zombie_lineman", False, zombie.profile.ma)
    assert "loner" not in {ref.id for ref, _origin in hired.all_skills()}
    # Touchdown 3 + MVP 4 (the D6 named the journeyman, the sixth nominee).
    assert hired.spp_earned == 3 + 4
    # Winnings: (3 + 4) / 2 + 1 touchdown + 1 no-stalling = 55,000; the hiring fee: the zombie's 40,000.
    assert undead.treasury == treasury + 55_000 - zombie.cost


def test_mvp_when_bb2025_and_a_coach_nominates_nobody_dugout_draws_six_in_the_dice_log(
    humans, orcs, home_coach
):
    match, dice = _to_kick_off(humans, orcs, home_coach)
    to_final_whistle(match, dice, home_coach)
    postmatch.roll_postmatch(
        match,
        dice=Dice(random.Random(7)),  # only the nominees are rolled by Dugout; every other die is entered
        user=home_coach,
        faces={
            "home": {"fans": [1], "mvp": [1], "mistake": [6]},
            "away": {"fans": [1], "mvp": [6], "mistake": [6]},
        },
        nominees={"away": _keys(orcs, range(1, 7))},
    )
    drawn = match.postmatch["home"]["nominees"]
    eligible = set(_keys(humans, range(1, 12)))
    assert len(drawn) == len(set(drawn)) == 6
    assert set(drawn) <= eligible
    assert match.postmatch["home"]["mvp"]["player"] == drawn[0]  # the D6 entered: 1, the first drawn
    assert match.postmatch["away"]["nominees"] == _keys(orcs, range(1, 7))  # the coach's own, kept
    logged = DiceLog.objects.filter(match=match, purpose="mvp_nominee")
    assert logged.count() >= 6
    assert {entry.team_id for entry in logged} == {humans.pk}


def test_a_bb2025_friendly_leaves_no_trace_in_the_league(home_coach, away_coach):
    """edition.toml [friendly]: no SPP (so no MVP), no winnings, every casualty a Badly Hurt (nobody dies,
    so nobody is raised), and a player who had to miss a game still misses the next league game."""
    undead = bb2025_team(home_coach, name="Necropolis", roster="necromantic_horror", lineman="zombie_lineman")
    living = bb2025_team(away_coach, name="Altdorf", roster="human", lineman="lineman", available=10)
    missing = living.players.get(miss_next_game=True)
    match, dice = _to_kick_off(undead, living, home_coach, friendly=True)
    killer, victim = undead.players.order_by("number")[0], living.players.order_by("number")[0]
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    casualty(match, dice, home_coach, side="home", player=killer, victim=victim, faces={"casualty": [16]})
    drives.add_event(match, user=home_coach, kind="touchdown", side="home", player=killer)  # ends the drive
    to_final_whistle(match, dice, home_coach, drives_left=2)
    assert postmatch.undeath.raisable(match, "home", hurt=postmatch.injuries(match)) == []
    treasuries = (undead.treasury, living.treasury)
    postmatch.roll_postmatch(
        match,
        dice=dice,
        user=home_coach,
        faces={
            "home": {"fans": [3], "mvp": [1], "mistake": [6], "mistake_dice": [1]},
            "away": {"fans": [3], "mvp": [1], "mistake": [6], "mistake_dice": [1]},
        },
        nominees={"home": _keys(undead, range(1, 7)), "away": _keys(living, range(2, 8))},
    )

    postmatch.apply_postmatch(match, user=home_coach)

    for player in (killer, victim, missing):
        player.refresh_from_db()
    assert killer.spp_earned == 0  # neither the touchdown, the casualty nor an MVP earn anything
    assert not undead.players.filter(spp_earned__gt=0).exists()
    assert (victim.status, victim.lasting_injuries, victim.miss_next_game) == (
        Player.Status.ACTIVE,
        [],
        False,
    )
    assert missing.miss_next_game  # still to be served in a league game
    match.refresh_from_db()
    assert (match.outcome["home"]["winnings"], match.outcome["away"]["winnings"]) == (0, 0)
    undead.refresh_from_db()
    living.refresh_from_db()
    lost = [(match.outcome[side].get("mistake") or {}).get("lost", 0) for side in ("home", "away")]
    assert (undead.treasury, living.treasury) == (treasuries[0] - lost[0], treasuries[1] - lost[1])
