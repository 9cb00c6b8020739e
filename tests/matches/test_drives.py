import random

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from matches.models import Event
from matches.services import drives, prematch
from matches.services.drives.shared import open_drive
from rulebook.dice import Dice
from rulebook.edition import get_edition
from tests.matches.prayers import name_prayer_targets

pytestmark = pytest.mark.django_db

FACES = {n: [max(1, n - 6), min(6, n - 1)] for n in range(2, 13)}


def _ready(match, user):
    dice = Dice(random.Random(1))
    prematch.roll_fans(match, dice=dice, user=user, faces={"home": [1], "away": [1]})
    prematch.roll_weather(match, dice=dice, user=user, faces=[3, 4])
    prematch.take_journeymen(match, user=user)
    prematch.buy_inducements(match, side="home", counts={}, user=user)
    prematch.buy_inducements(match, side="away", counts={}, user=user)
    prematch.roll_prayers(match, dice=dice, user=user)
    name_prayer_targets(match, user)
    prematch.choose_kicking(match, user=user, side="home")
    return dice


@pytest.mark.parametrize("total", range(2, 13))
def test_kick_off_event_when_rolled_records_its_effect(match, home_coach, total):
    dice = _ready(match, home_coach)
    drive = drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": FACES[total]})
    row = get_edition("bb2020").table("kickoff").row_for(total)
    assert drive.kickoff_event == row["id"]
    event = drive.events.get(kind=Event.Kind.KICK_OFF)
    assert event.outcome == row["id"]
    assert event.rolls["kickoff"]["total"] == total
    per_team = 2 if row.get("tie") == "both" else 1
    assert len(drive.kickoff_rolls) == len(row.get("rolls", [])) * per_team
    if row["id"] == "changing_weather":
        match.refresh_from_db()
        weather = (
            get_edition("bb2020").table("weather").row_for(drive.kickoff_rolls[0]["roll"]["total"])["id"]
        )
        assert match.weather == weather


def test_undo_last_event_when_a_touchdown_gives_the_point_back(match, home_coach, home_team):
    dice = _ready(match, home_coach)
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    drives.add_event(match, user=home_coach, kind="touchdown", side="away", turn=2)
    assert match.away_score == 1
    drives.undo_last_event(match, user=home_coach)
    match.refresh_from_db()
    assert match.away_score == 0
    assert match.current_drive().is_open


def test_casualty_when_the_apothecary_is_used_keeps_the_lighter_result(
    match, home_coach, home_team, away_team
):
    dice = _ready(match, home_coach)
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    event = drives.add_event(
        match,
        user=home_coach,
        kind="casualty",
        side="away",
        player=away_team.players.first(),
        victim=home_team.players.first(),
        apothecary=True,
        dice=dice,
        faces={"casualty": [15], "apothecary": [4]},
    )
    assert event.outcome == "badly_hurt"
    assert [r["total"] for r in event.rolls["casualty"]] == [15, 4]


def test_end_drive_when_knocked_out_players_roll_recovery_on_four_plus(
    match, home_coach, home_team, away_team
):
    dice = _ready(match, home_coach)
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    a, b = home_team.players.all()[:2]
    recoveries = drives.end_drive(
        match, user=home_coach, knocked_out=[("home", a, ""), ("home", b, "")], dice=dice, faces=[[3], [4]]
    )
    assert [r["recovered"] for r in recoveries] == [False, True]


def test_entered_dice_that_do_not_fit_are_refused_with_a_clear_message_and_nothing_changes(match, home_coach):
    prematch.roll_fans(match, dice=Dice(random.Random(1)), user=home_coach)
    with pytest.raises(ValidationError, match=r"Enter 2 dice from 1 to 6 for 2D6\."):
        prematch.roll_weather(match, dice=Dice(random.Random(1)), user=home_coach, faces=[3, 7])
    match.refresh_from_db()
    assert match.weather == ""


@pytest.mark.parametrize(("turn", "after"), [(1, 2), (5, 6), (6, 5), (8, 7)])
def test_time_out_when_rolled_moves_the_turn_marker(match, home_coach, turn, after):
    dice = _ready(match, home_coach)
    match.turn = turn
    match.save()
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})  # 3: Time-out
    match.refresh_from_db()
    assert match.turn == after
    drives.undo_last_event(match, user=home_coach)
    match.refresh_from_db()
    assert (match.half, match.turn) == (1, turn)


def test_undo_last_event_when_a_kick_off_opened_the_second_half_restores_half_and_turn(match, home_coach):
    dice = _ready(match, home_coach)
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [3, 4]})
    for _turn in range(7):
        drives.next_turn(match, user=home_coach)
    drives.end_drive(match, user=home_coach)
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [3, 4]})
    match.refresh_from_db()
    assert (match.half, match.turn) == (2, 1)
    drives.undo_last_event(match, user=home_coach)
    match.refresh_from_db()
    assert (match.half, match.turn) == (1, 8)


def test_end_of_half_when_nobody_is_knocked_out_logs_no_ko_recovery(client, match, home_coach):
    """Issue #26: the log said "KO recovery · <kicking team>" although nobody was knocked out."""
    dice = _ready(match, home_coach)
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    assert drives.end_drive(match, user=home_coach) == []
    last = Event.objects.filter(drive__match=match).last()
    assert last.kind == Event.Kind.END_OF_HALF
    assert not Event.objects.filter(drive__match=match, kind=Event.Kind.END_OF_DRIVE_KO_RECOVERY).exists()
    report = client.get(reverse("matches:report", args=[match.pk])).content.decode()
    assert "End of the half</li>" in " ".join(report.split()).replace(" </li>", "</li>")
    assert "KO recovery" not in report
    drives.undo_last_event(match, user=home_coach)  # the end of the half is undone like any event
    assert open_drive(match) is not None


def test_end_of_half_with_a_knocked_out_player_logs_their_ko_recovery(match, home_coach, home_team):
    dice = _ready(match, home_coach)
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    player = home_team.players.first()
    drives.end_drive(match, user=home_coach, knocked_out=[("home", player, "")], dice=dice, faces=[[5]])
    last = Event.objects.filter(drive__match=match).last()
    assert last.kind == Event.Kind.END_OF_DRIVE_KO_RECOVERY
    assert last.rolls["recoveries"][0]["recovered"] is True
