"""A whole match from pre-match to applied post-match, with entered dice and with seeded dice."""

import random

import pytest
from django.core.exceptions import ValidationError

from matches.models import DiceLog, Match
from matches.services import drives, effects, postmatch, prematch
from rosters.ledger import snapshot_player, snapshot_team
from rosters.models import LedgerEntry, Player
from rulebook import formulas
from rulebook.dice import Dice
from rulebook.edition import get_edition
from tests.matches.conftest import NoDice, make_team
from tests.matches.prayers import name_prayer_targets

pytestmark = pytest.mark.django_db

NO_DICE = Dice(random.Random(0))  # must never be used when every die is entered


def _play_with_entered_dice(match, user):
    dice = NoDice()
    prematch.roll_fans(match, dice=dice, user=user, faces={"home": [2], "away": [3]})
    prematch.roll_weather(match, dice=dice, user=user, faces=[3, 4])
    prematch.take_journeymen(match, user=user)
    prematch.buy_inducements(match, side="home", counts={}, user=user)
    prematch.buy_inducements(match, side="away", counts={"bribe": 1}, user=user)
    prematch.roll_prayers(match, dice=dice, user=user, faces=[2, 3, 4])
    name_prayer_targets(match, user, faces={"stiletto": {"players": [1]}})
    prematch.choose_kicking(match, user=user, side="away")
    return dice


def test_full_match_with_entered_dice_when_every_number_is_checked(match, home_coach, home_team, away_team):
    dice = _play_with_entered_dice(match, home_coach)
    match.refresh_from_db()
    # Fan factor: dedicated fans (1) + D3; weather 3+4 = 7: perfect conditions.
    assert (match.home_fan_factor, match.away_fan_factor) == (3, 4)
    assert match.weather == "perfect_conditions"
    # Reavers: 11 linemen (550k) + thrower (80k) + catcher (65k) + 2 re-rolls (100k) + apothecary (50k).
    assert home_team.current_team_value == 845_000
    assert match.home_journeymen == []
    assert match.away_journeymen == []
    # Bashers are the underdog: petty cash = CTV difference (845k - 550k) + what the favourite spent (0).
    assert match.away_petty_cash == 295_000
    assert match.away_treasury_spent == 0
    assert (match.home_ctv, match.away_ctv) == (845_000, 650_000)
    # (845k - 650k) // 50k = 3 prayers for the underdog.
    assert formulas.prayers_count(845_000, 650_000, edition=get_edition("bb2020")) == 3
    assert effects.prayer_ids(match, "away") == ["friends_with_the_ref", "stiletto", "iron_man"]
    assert match.status == Match.Status.IN_PROGRESS
    assert match.kicking == "away"

    scorer = home_team.players.get(position="thrower")
    catcher = home_team.players.get(position="catcher")
    victim = away_team.players.order_by("number")[0]
    dead = away_team.players.order_by("number")[1]
    drive = drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    assert drive.kicking == "away"
    assert drive.kickoff_event == "time_out"
    assert drive.kickoff_rolls == []  # a time-out needs no dice of its own
    drives.add_event(match, user=home_coach, kind="completion", side="home", player=scorer, turn=2)
    drives.add_event(
        match,
        user=home_coach,
        kind="casualty",
        side="home",
        player=catcher,
        victim=victim,
        cause="block",
        turn=2,
        dice=dice,
        faces={"casualty": [13], "lasting": [3]},
    )
    drives.add_event(match, user=home_coach, kind="touchdown", side="home", player=catcher, turn=3)
    drive = drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [2, 3]})
    assert drive.kicking == "home"
    drives.add_event(
        match,
        user=home_coach,
        kind="casualty",
        side="home",
        player=scorer,
        victim=dead,
        cause="foul",
        turn=5,
        dice=dice,
        faces={"casualty": [16]},
    )
    drives.end_drive(match, user=home_coach, knocked_out=[("away", victim, "")], dice=dice, faces=[[4]])
    drive = drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 1]})
    assert (drive.half, drive.kicking) == (2, "home")
    drives.end_drive(match, user=home_coach, dice=dice)
    match.refresh_from_db()
    assert match.status == Match.Status.POST_MATCH
    assert (match.home_score, match.away_score) == (1, 0)

    postmatch.roll_postmatch(
        match,
        dice=dice,
        user=home_coach,
        faces={
            "home": {"fans": [5], "mvp": [1], "mistake": [6]},
            "away": {"fans": [1], "mvp": [2], "mistake": [4], "mistake_dice": [2]},
        },
    )
    postmatch.apply_postmatch(match, user=home_coach)
    match.refresh_from_db()
    home_team.refresh_from_db()
    away_team.refresh_from_db()
    home, away = match.outcome["home"], match.outcome["away"]
    # Winnings: ((3 + 4) / 2 + touchdowns) x 10,000, rounded down.
    assert home["winnings"] == 45_000
    assert away["winnings"] == 35_000
    # Dedicated fans: winner rolls 5 >= 1: +1; loser rolls 1, not < 1: no change.
    assert home_team.dedicated_fans == 2
    assert away_team.dedicated_fans == 1
    # Treasury: 155k + 45k = 200k; bracket "from 200k", D6 6: crisis averted.
    assert home_team.treasury == 200_000
    assert home["mistake"]["outcome"] == "crisis_averted"
    # Bashers: 450k + 35k - 0 (petty cash paid the bribe) = 485k; bracket 400k, D6 4: minor incident,
    # with its own D3 = 2: loses 20,000.
    assert away["mistake"] == {"outcome": "minor_incident", "lost": 20_000}
    assert away_team.treasury == 465_000
    # SPP: catcher CAS (2) + TD (3) = 5; thrower completion (1); the foul casualty earns nothing.
    catcher.refresh_from_db()
    scorer.refresh_from_db()
    assert catcher.spp_earned == 5
    assert scorer.spp_earned == 1
    # MVP: D16 = 1 picks the first eligible player by number (a lineman, #1), +4 SPP.
    first = home_team.players.order_by("number")[0]
    assert first.spp_earned == 4
    assert home["mvp"] == f"p{first.pk}"
    # Injuries: lasting injury, D6 3 = smashed knee: MA 6 -> 5, misses the next game; D16 16 = dead.
    victim.refresh_from_db()
    dead.refresh_from_db()
    assert victim.ma == 5
    assert victim.miss_next_game
    assert victim.lasting_injuries == ["smashed_knee"]
    assert dead.status == Player.Status.DEAD
    # TV without the dead lineman (50k); CTV also without the injured one.
    assert away_team.team_value == 500_000
    assert away_team.current_team_value == 450_000
    assert home_team.team_value == 845_000
    assert LedgerEntry.objects.filter(team=away_team, kind="match").count() == 1
    assert not DiceLog.objects.filter(match=match, roll__source="rolled").exists()


def test_full_match_with_seeded_dice_when_numbers_follow_the_dice_log(
    match, home_coach, home_team, away_team
):
    dice = Dice(random.Random(2020))
    user = home_coach
    prematch.roll_fans(match, dice=dice, user=user)
    prematch.roll_weather(match, dice=dice, user=user)
    prematch.take_journeymen(match, user=user)
    prematch.buy_inducements(match, side="home", counts={}, user=user)
    prematch.buy_inducements(match, side="away", counts={}, user=user)
    prematch.roll_prayers(match, dice=dice, user=user)
    name_prayer_targets(match, user)
    prematch.toss(match, user=user, dice=dice)
    prematch.kick_or_receive(match, user=user, choice=prematch.KICK)
    match.refresh_from_db()
    log = {entry.purpose: entry.roll for entry in DiceLog.objects.filter(match=match).order_by("id")}
    fan_rolls = list(DiceLog.objects.filter(match=match, purpose="fan_factor").order_by("id"))
    assert match.home_fan_factor == 1 + fan_rolls[0].roll["total"]
    assert match.away_fan_factor == 1 + fan_rolls[1].roll["total"]
    assert (match.home_fan_factor, match.away_fan_factor) == (4, 4)
    assert match.weather == "perfect_conditions"
    assert log["weather"]["total"] == 8
    assert match.away_petty_cash == 295_000
    assert len(effects.prayer_ids(match, "away")) == 5
    assert len(set(effects.prayer_ids(match, "away"))) == 5
    first_kicker = match.kicking
    scorer = home_team.players.get(position="catcher")
    drives.start_drive(match, dice=dice, user=user)
    drives.add_event(match, user=user, kind="touchdown", side="home", player=scorer, turn=4)
    drive = drives.start_drive(match, dice=dice, user=user)
    assert drive.kicking == "home"
    drives.end_drive(match, user=user, dice=dice)
    drive = drives.start_drive(match, dice=dice, user=user)
    assert drive.kicking == ("away" if first_kicker == "home" else "home")
    drives.end_drive(match, user=user, dice=dice)
    postmatch.roll_postmatch(match, dice=dice, user=user)
    postmatch.apply_postmatch(match, user=user)
    match.refresh_from_db()
    home_team.refresh_from_db()
    assert match.outcome["home"]["winnings"] == 50_000  # (4 + 4) / 2 + 1 TD
    assert match.outcome["away"]["winnings"] == 40_000
    mvp_roll = match.postmatch["home"]["mvp"]["roll"]["total"]
    ordered = sorted(home_team.players.all(), key=lambda p: p.number)
    mvp = ordered[mvp_roll - 1]
    assert match.outcome["home"]["mvp"] == f"p{mvp.pk}"
    scorer.refresh_from_db()
    assert scorer.spp_earned == 3 + (4 if mvp.pk == scorer.pk else 0)
    fans_roll = match.postmatch["home"]["fans"]["total"]
    assert home_team.dedicated_fans == (2 if fans_roll >= 1 else 1)
    assert home_team.treasury == match.outcome["home"]["treasury"]
    assert home_team.team_value == 845_000


def test_concession_when_the_away_team_concedes(match, home_coach, home_team, away_team):
    dice = _play_with_entered_dice(match, home_coach)
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    drives.add_event(match, user=home_coach, kind="touchdown", side="away", player=away_team.players.first())
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    drives.concede(match, side="away", user=home_coach)
    match.refresh_from_db()
    assert match.status == Match.Status.POST_MATCH
    assert match.conceded_by == "away"
    # The conceder's touchdown goes to the winner, who is awarded one more: 2-0.
    assert postmatch.final_score(match) == {"home": 2, "away": 0}
    postmatch.roll_postmatch(
        match,
        dice=dice,
        user=home_coach,
        faces={"home": {"fans": [6], "mvp": [3], "mistake": [6]}, "away": {"fans": [1], "mistake": [6]}},
    )
    assert "mvp" not in match.postmatch["away"]
    postmatch.apply_postmatch(match, user=home_coach)
    match.refresh_from_db()
    # The winner is paid the whole attendance (3 + 4) x 10k plus its 2 touchdowns; the conceder nothing.
    assert match.outcome["home"]["winnings"] == 90_000
    assert match.outcome["away"]["winnings"] == 0
    away_team.refresh_from_db()
    assert away_team.dedicated_fans == 1  # loses a D3, never below 1


def test_apply_when_submitted_twice_applies_once(match, home_coach, home_team):
    dice = _play_with_entered_dice(match, home_coach)
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    drives.concede(match, side="away", user=home_coach)
    postmatch.roll_postmatch(match, dice=Dice(random.Random(1)), user=home_coach)
    postmatch.apply_postmatch(match, user=home_coach)
    treasury = home_team.__class__.objects.get(pk=home_team.pk).treasury
    with pytest.raises(ValidationError):
        postmatch.apply_postmatch(match, user=home_coach)
    assert home_team.__class__.objects.get(pk=home_team.pk).treasury == treasury
    assert LedgerEntry.objects.filter(team=home_team, kind="match").count() == 1


def test_undo_apply_when_no_later_match_restores_the_exact_previous_state(
    match, home_coach, home_team, away_team
):
    before_teams = {t.pk: snapshot_team(t) for t in (home_team, away_team)}
    before_players = {p.pk: snapshot_player(p) for p in Player.objects.all()}
    dice = _play_with_entered_dice(match, home_coach)
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    victim = away_team.players.first()
    drives.add_event(
        match,
        user=home_coach,
        kind="casualty",
        side="home",
        player=home_team.players.first(),
        victim=victim,
        dice=dice,
        faces={"casualty": [14], "lasting": [1]},
    )
    drives.concede(match, side="away", user=home_coach)
    postmatch.roll_postmatch(match, dice=Dice(random.Random(3)), user=home_coach)
    postmatch.apply_postmatch(match, user=home_coach)
    victim.refresh_from_db()
    assert victim.av == 8
    assert victim.miss_next_game
    postmatch.undo_apply(match, user=home_coach)
    match.refresh_from_db()
    assert match.status == Match.Status.POST_MATCH
    for team in (home_team, away_team):
        team.refresh_from_db()
        assert snapshot_team(team) == before_teams[team.pk]
    assert {p.pk: snapshot_player(p) for p in Player.objects.all()} == before_players
    assert not LedgerEntry.objects.filter(kind="match").exists()


def test_undo_apply_when_a_later_match_depends_on_it_is_refused(match, home_coach, home_team, away_team):
    dice = _play_with_entered_dice(match, home_coach)
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    drives.concede(match, side="away", user=home_coach)
    postmatch.roll_postmatch(match, dice=Dice(random.Random(3)), user=home_coach)
    postmatch.apply_postmatch(match, user=home_coach)
    third = make_team(home_coach, name="Thirds", extras=("thrower", "catcher"), rerolls=2, apothecary=True)
    later = prematch.create_match(home_team=third, away_team=away_team, created_by=home_coach)
    later_dice = _play_with_entered_dice(later, home_coach)
    drives.start_drive(later, dice=later_dice, user=home_coach, faces={"kickoff": [1, 2]})
    drives.concede(later, side="home", user=home_coach)
    postmatch.roll_postmatch(later, dice=Dice(random.Random(4)), user=home_coach)
    postmatch.apply_postmatch(later, user=home_coach)
    with pytest.raises(postmatch.UndoBlocked) as blocked:
        postmatch.undo_apply(match, user=home_coach)
    assert [m.pk for m in blocked.value.later] == [later.pk]
    assert "Thirds" in str(blocked.value.messages[0])


def test_journeymen_when_a_team_has_nine_available_players_are_hired_after_the_match(home_coach, away_coach):
    short = make_team(home_coach, name="Shorts", linemen=11)
    for player in short.players.order_by("-number")[:2]:
        player.miss_next_game = True
        player.save()
    other_team = make_team(away_coach, name="Others")
    match = prematch.create_match(home_team=short, away_team=other_team, created_by=home_coach)
    dice = Dice(random.Random(5))
    prematch.roll_fans(match, dice=dice, user=home_coach)
    prematch.roll_weather(match, dice=dice, user=home_coach)
    prematch.take_journeymen(match, user=home_coach)
    assert [j["number"] for j in match.home_journeymen] == [12, 13]
    # Journeymen are named like players (issue #22): from the team list's names, none taken twice.
    names = [j["name"] for j in match.home_journeymen]
    roster_names = set(short.players.values_list("name", flat=True))
    assert len(set(names)) == 2
    assert not roster_names & set(names)
    assert not any(name.startswith("Journeyman") for name in names)
    drives_needed = match.home_journeymen[0]["key"]
    prematch.buy_inducements(match, side="home", counts={}, user=home_coach)
    prematch.buy_inducements(match, side="away", counts={}, user=home_coach)
    prematch.roll_prayers(match, dice=dice, user=home_coach)
    name_prayer_targets(match, home_coach)
    prematch.choose_kicking(match, user=home_coach, side="home")
    drives.start_drive(match, dice=dice, user=home_coach)
    drives.add_event(match, user=home_coach, kind="touchdown", side="home", journeyman=drives_needed)
    drives.concede(match, side="away", user=home_coach)
    postmatch.roll_postmatch(match, dice=dice, user=home_coach, hire={"home": [drives_needed]})
    postmatch.apply_postmatch(match, user=home_coach)
    hired = short.players.get(number=12)
    assert hired.name == names[0]
    assert not hired.journeyman
    assert hired.spp_earned >= 3
    assert not short.players.filter(number=13).exists()
    # Previous "misses next game" flags are cleared.
    assert not short.players.filter(miss_next_game=True).exists()
