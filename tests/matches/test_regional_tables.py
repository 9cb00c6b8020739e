"""The regional weather and kick-off tables of BB2025's Spike! Journal league variants: a match that plays
the variant rolls on them instead of the core tables (common.match_table), wherever it reads them."""

import pytest
from django.urls import reverse

from matches.models import Event
from matches.services import drives, effects, prematch
from matches.services.common import match_table, match_table_text
from rulebook.coverage import edition_rows, unhandled
from rulebook.edition import get_edition
from tests.matches.conftest import NoDice, roll_dukedom_if_played
from tests.matches.test_full_match_bb2025 import bb2025_team
from web.matches.views.prematch_rolls import prematch_results

pytestmark = pytest.mark.django_db


@pytest.fixture
def humans(home_coach):
    return bb2025_team(home_coach, name="Altdorf", roster="human", lineman="lineman")


@pytest.fixture
def orcs(away_coach):
    return bb2025_team(away_coach, name="Gutrippers", roster="orc", lineman="orc_lineman")


def _match(humans, orcs, user, *rules):
    return prematch.create_match(
        home_team=humans, away_team=orcs, created_by=user, optional_rules=list(rules)
    )


def _to_kick_off(match, user, *, weather=(3, 4)):
    dice = NoDice()
    roll_dukedom_if_played(match, user)
    prematch.roll_fans(match, dice=dice, user=user, faces={"home": [2], "away": [3]})
    prematch.roll_weather(match, dice=dice, user=user, faces=list(weather))
    prematch.take_journeymen(match, user=user)
    match.refresh_from_db()
    underdog = "home" if match.home_ctv < match.away_ctv else "away"
    for side in sorted(("home", "away"), key=lambda side: side == underdog):  # the favourite first
        prematch.buy_inducements(match, side=side, counts={}, user=user)
    prematch.choose_kicking(match, user=user, side="away")
    match.refresh_from_db()
    return dice


def test_match_table_without_the_rule_is_the_core_table(humans, orcs, home_coach):
    match = _match(humans, orcs, home_coach)
    edition = get_edition("bb2025")
    assert match_table(match, "kickoff") is edition.table("kickoff")
    assert match_table(match, "weather") is edition.table("weather")


def test_match_table_with_the_rule_is_the_regional_one_its_shared_rows_worked_as_the_core_ones(
    humans, orcs, home_coach
):
    match = _match(humans, orcs, home_coach, "khemri_classic_cup")
    kickoff = match_table(match, "kickoff")
    assert kickoff.id == "nehekharan_kickoff"
    assert kickoff.row_for(2)["id"] == "snake"
    coaching = kickoff.row("brilliant_coaching")
    assert coaching["rerolls"] == 1
    assert coaching["roll"] == [7, 7]
    weather = kickoff.row("changing_weather")
    assert weather["rolls"] == ["2D6"]
    assert weather["table"] == "nehekharan_weather"
    assert match_table(match, "weather").id == "nehekharan_weather"
    assert match_table(match, "argue_the_call") is get_edition("bb2025").table("argue_the_call")


def test_roll_weather_with_the_rule_rolls_on_the_regional_weather(humans, orcs, home_coach):
    match = _match(humans, orcs, home_coach, "jolly_jouster_cup")
    _to_kick_off(match, home_coach, weather=(1, 1))
    assert match.weather == "wildflower_fields"
    [result] = prematch_results(match, match.edition, "en", step="weather")
    assert result["outcome"] == "Wildflower Fields"  # 2 on the core weather table is Sweltering Heat


def test_start_drive_with_the_rule_rolls_the_regional_kick_off_each_coach_rolling_a_joust(
    humans, orcs, home_coach
):
    match = _match(humans, orcs, home_coach, "jolly_jouster_cup")
    dice = _to_kick_off(match, home_coach)
    drive = drives.start_drive(
        match, dice=dice, user=home_coach, faces={"kickoff": [5, 6], "event": {"home": [[1]], "away": [[4]]}}
    )
    assert drive.kickoff_event == "joust"
    assert [(made["side"], made["roll"]["total"]) for made in drive.kickoff_rolls] == [
        ("home", 1),
        ("away", 4),
    ]
    assert drive.events.get(kind=Event.Kind.KICK_OFF).outcome == "joust"


def test_changing_weather_with_the_rule_rolls_the_regional_weather(humans, orcs, home_coach):
    match = _match(humans, orcs, home_coach, "khemri_classic_cup")
    dice = _to_kick_off(match, home_coach)
    assert match.weather == "perfect_conditions"
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [4, 4], "event": [[6, 6]]})
    match.refresh_from_db()
    assert match.weather == "scarab_swarm"  # 12 on the core weather table is a blizzard


def test_brilliant_coaching_of_a_regional_table_gives_its_re_roll(humans, orcs, home_coach):
    match = _match(humans, orcs, home_coach, "jolly_jouster_cup")
    dice = _to_kick_off(match, home_coach)
    drive = drives.start_drive(
        match, dice=dice, user=home_coach, faces={"kickoff": [3, 4], "event": {"home": [[6]], "away": [[1]]}}
    )
    assert drive.kickoff_event == "brilliant_coaching"
    assert effects.kickoff_result(match, drive)["rerolls"] == {"home": 1}


def test_scoreboard_with_the_rule_names_the_regional_kick_off(client, humans, orcs, home_coach):
    match = _match(humans, orcs, home_coach, "khemri_classic_cup")
    dice = _to_kick_off(match, home_coach)
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [6, 6]})
    html = client.get(reverse("matches:scoreboard", args=[match.pk])).text
    name = match_table_text(match, "kickoff", "do_you_know_who_i_am", "name", "en")
    assert name.startswith('"Do You Know')
    assert "Who I Am" in html
    assert match_table_text(match, "kickoff", "high_kick", "name", "en") == "High Kick"


def test_the_coverage_walk_reaches_the_regional_kick_off_rows():
    rows = {str(row) for row in edition_rows(get_edition("bb2025"))}
    assert {"kickoff joust", "kickoff snake", "kickoff do_you_know_who_i_am"} <= rows
    assert "kickoff joust" not in {str(row) for row in unhandled(get_edition("bb2025"))}


def test_report_names_the_regional_kick_off_and_its_dice(client, humans, orcs, home_coach):
    match = _match(humans, orcs, home_coach, "jolly_jouster_cup")
    dice = _to_kick_off(match, home_coach)
    drive = drives.start_drive(
        match, dice=dice, user=home_coach, faces={"kickoff": [5, 6], "event": {"home": [[2]], "away": [[3]]}}
    )
    assert drive.events.get(kind=Event.Kind.KICK_OFF).outcome_label("en", edition=match.edition) == "Joust!"
    html = client.get(reverse("matches:report", args=[match.pk])).text
    assert "Joust!" in html
    assert "optional.bretonnia_kickoff" not in html
    assert "table.kickoff" not in html
