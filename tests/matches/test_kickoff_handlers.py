"""The kick-off results carried out through their handlers (rulebook.coverage, category "kickoff"):
drives.start_drive looks them up in the registry and applies what they return, and the prayers whose
handlers read their own keys (Friends with the Ref in either edition)."""

import pytest

from matches.models import Event
from matches.services import drives, effects
from matches.services.drives.events import _argue_with_friends
from rulebook.coverage import HANDLERS, Registry
from rulebook.edition import get_edition
from tests.matches.test_drives import _ready

pytestmark = pytest.mark.django_db


def test_start_drive_applies_what_the_registered_handlers_of_the_result_return(
    monkeypatch, match, home_coach
):
    registry = Registry()
    seen = []

    @registry.carries_out("kickoff", row="high_kick")
    def high_kick(match, drive, row):
        seen.append((drive.kickoff_event, row["players"]))
        return {"turn": 4, "bribes": {"home": 2}}

    monkeypatch.setattr(effects, "HANDLERS", registry)
    dice = _ready(match, home_coach)
    drive = drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [2, 3]})
    assert seen == [("high_kick", 1)]
    match.refresh_from_db()
    assert match.turn == 4
    kick_off = drive.events.get(kind=Event.Kind.KICK_OFF)
    assert kick_off.turn == 4
    assert kick_off.rolls["effects"] == {"bribes": {"home": 2}, "rerolls": {}}


def test_a_result_without_a_handler_changes_nothing(match, home_coach):
    dice = _ready(match, home_coach)
    weather = match.weather
    drive = drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [4, 6]})  # charge
    assert drive.kickoff_event == "charge"
    assert HANDLERS.handlers_for("kickoff", get_edition("bb2020").table("kickoff").row("charge")) == []
    match.refresh_from_db()
    assert (match.weather, match.turn) == (weather, 1)
    assert drive.events.get(kind=Event.Kind.KICK_OFF).rolls["effects"] == {"bribes": {}, "rerolls": {}}


def test_time_out_early_in_the_half_moves_the_turn_markers_on(match, home_coach):
    dice = _ready(match, home_coach)
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    match.refresh_from_db()
    assert match.turn == 2


def test_time_out_late_in_the_half_moves_the_turn_markers_back(match, home_coach):
    dice = _ready(match, home_coach)
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 1]})
    drives.add_event(match, user=home_coach, kind="touchdown", side="away", turn=7)
    drive = drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    assert drive.kickoff_event == "time_out"
    match.refresh_from_db()
    assert match.turn == 6
    assert drive.events.get(kind=Event.Kind.KICK_OFF).rolls["turn_before"] == 7


def test_kickoff_result_reads_bribes_again_without_moving_the_turn(match, home_coach):
    dice = _ready(match, home_coach)
    drive = drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 1]})
    assert effects.kickoff_result(match, drive) == {"bribes": {"home": 1, "away": 1}, "rerolls": {}}
    match.refresh_from_db()
    assert match.turn == 1


@pytest.mark.parametrize(("edition_id", "total", "sent_off"), [("bb2020", 3, True), ("bb2025", 3, None)])
def test_friends_with_the_ref_outside_its_success_range(edition_id, total, sent_off):
    """BB2020's prayer turns 2-4 into "the call stands"; BB2025's has no failure range of its own (the
    table's result stands: None)."""
    edition = get_edition(edition_id)
    prayer = edition.table("prayers_to_nuffle").row("friends_with_the_ref")
    row = _argue_with_friends(edition.table("argue_the_call"), prayer, total)
    assert (row["sent_off"] if row else None) == sent_off
    assert _argue_with_friends(edition.table("argue_the_call"), prayer, 5)["sent_off"] is False
