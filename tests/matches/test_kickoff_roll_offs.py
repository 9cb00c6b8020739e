"""Kick-off events both coaches roll for and the re-rolls of a half (issue #22): who wins Cheering Fans
(the D6 plus cheerleaders, those bought and hired too), That Peasant Is Revolting of the Bretonnia table
(the D6 plus an MA the coaches type) and the Halfling Master Chef's 3D6 at the start of each half."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from matches.models import Event
from matches.services import drives, effects, prematch
from matches.services.drives.kickoff import roll_half_rerolls
from rulebook.coverage import HANDLERS
from tests.matches.conftest import NoDice, roll_dukedom_if_played
from tests.matches.test_full_match_bb2025 import bb2025_team
from tests.matches.test_lasting_effects import _ready

pytestmark = pytest.mark.django_db

CHEERING_FANS = [3, 3]
PEASANT = [1, 1]


def _buy(match, side, *items):
    """Record what `side` bought, as (inducement id, choice, count)."""
    match.set_side_value("inducements", side, [{"id": i, "choice": c, "count": n} for i, c, n in items])
    match.save()


def _kick_off(match, user, *, kickoff, event=None, half=None, added=None):
    faces = {"kickoff": kickoff, "event": event, "half": half}
    return drives.start_drive(match, dice=NoDice(), user=user, faces=faces, added=added)


def _board(client, match):
    return client.get(reverse("matches:scoreboard", args=[match.pk])).text


def _effects_of(html, side):
    """The scoreboard's line of lasting effects of `side` ("" without one)."""
    marker = f'data-testid="effects-{side}"'
    return html.split(marker, 1)[1].split("</p>", 1)[0] if marker in html else ""


# --- Cheering Fans -------------------------------------------------------------------------------------


def test_cheering_fans_when_won_with_bought_cheerleaders_names_the_winner_for_the_drive(
    client, match, home_coach
):
    _ready(match, home_coach)
    _buy(match, "home", ("temp_agency_cheerleader", "", 2))
    # home D6 3 + 2 temp agency cheerleaders, away D6 4 + none
    drive = _kick_off(match, home_coach, kickoff=CHEERING_FANS, event={"home": [[3]], "away": [[4]]})
    assert drive.kickoff_event == "cheering_fans"
    assert drive.events.get(kind=Event.Kind.KICK_OFF).rolls["effects"]["winners"] == ["home"]
    html = _board(client, match)
    assert "won Cheering Fans" in _effects_of(html, "home")
    assert "won Cheering Fans" not in _effects_of(html, "away")
    report = client.get(reverse("matches:report", args=[match.pk])).text
    assert 'data-testid="kickoff-winners">won by Reavers<' in report
    drives.end_drive(match, user=home_coach, dice=NoDice())
    assert "won Cheering Fans" not in _board(client, match)


def test_cheering_fans_when_the_team_has_more_cheerleaders_they_win(match, home_coach, away_team):
    away_team.cheerleaders = 2
    away_team.save()
    _ready(match, home_coach)
    drive = _kick_off(match, home_coach, kickoff=CHEERING_FANS, event={"home": [[5]], "away": [[4]]})
    assert effects.kickoff_result(match, drive)["winners"] == ["away"]


def test_cheering_fans_when_tied_both_win_and_typed_dice_go_home_first(match, home_coach):
    _ready(match, home_coach)
    drive = _kick_off(match, home_coach, kickoff=CHEERING_FANS, event=[4, 4])
    assert effects.kickoff_result(match, drive)["winners"] == ["home", "away"]
    assert [(made["side"], made["roll"]["faces"]) for made in drive.kickoff_rolls] == [
        ("home", [4]),
        ("away", [4]),
    ]


def test_cheering_fans_typed_as_one_list_of_dice_are_taken_home_then_away(match, home_coach):
    _ready(match, home_coach)
    drive = _kick_off(match, home_coach, kickoff=CHEERING_FANS, event=[2, 5])
    assert [(made["side"], made["roll"]["total"]) for made in drive.kickoff_rolls] == [
        ("home", 2),
        ("away", 5),
    ]
    assert effects.kickoff_result(match, drive)["winners"] == ["away"]


def test_cheerleaders_count_the_nurglings_and_kari_coldsteel_as_the_data_says(match, home_team):
    _buy(
        match,
        "home",
        ("cavorting_nurglings", "", 3),
        ("famous_coaching_staff", "kari_coldsteel", 1),
        ("temp_agency_cheerleader", "", 1),
    )
    assert effects.cheerleaders(match, "home") == home_team.cheerleaders + 3 + 2 + 1
    assert effects.cheerleaders(match, "away") == 0
    assert HANDLERS.handler("inducement", key="cheerleaders") is effects.cheerleaders
    assert HANDLERS.handler("hireling", row="famous_staff.kari_coldsteel") is effects.cheerleaders
    assert match.edition.hirelings["famous_staff"]["kari_coldsteel"]["cheerleaders"] == 2


def test_kari_coldsteel_breaks_a_cheering_fans_tie(match, home_coach):
    _ready(match, home_coach)
    _buy(match, "away", ("famous_coaching_staff", "kari_coldsteel", 1))
    drive = _kick_off(match, home_coach, kickoff=CHEERING_FANS, event={"home": [[5]], "away": [[4]]})
    assert effects.kickoff_result(match, drive)["winners"] == ["away"]  # 5 against 4 + 2


def test_the_kick_off_rows_where_both_roll_are_found_through_the_registry(match):
    kickoff = match.edition.table("kickoff")
    assert effects._cheering_fans in HANDLERS.handlers_for("kickoff", kickoff.row("cheering_fans"))
    assert kickoff.row("cheering_fans")["pitch_only"] == ["offensive_assists"]


# --- BB2025 ---------------------------------------------------------------------------------------------


@pytest.fixture
def humans(home_coach):
    return bb2025_team(home_coach, name="Altdorf", roster="human", lineman="lineman")


@pytest.fixture
def orcs(away_coach):
    return bb2025_team(away_coach, name="Gutrippers", roster="orc", lineman="orc_lineman")


def _bb2025_at_kick_off(humans, orcs, user, *rules):
    match = prematch.create_match(
        home_team=humans, away_team=orcs, created_by=user, optional_rules=list(rules)
    )
    dice = NoDice()
    roll_dukedom_if_played(match, user)  # the Jolly Jouster Cup's first step
    prematch.roll_fans(match, dice=dice, user=user, faces={"home": [2], "away": [3]})
    prematch.roll_weather(match, dice=dice, user=user, faces=[3, 4])
    prematch.take_journeymen(match, user=user)
    match.refresh_from_db()
    underdog = "home" if match.home_ctv < match.away_ctv else "away"
    for side in sorted(("home", "away"), key=lambda side: side == underdog):  # the favourite first
        prematch.buy_inducements(match, side=side, counts={}, user=user)
    prematch.choose_kicking(match, user=user, side="away")
    match.refresh_from_db()
    return match


def test_cheering_fans_bb2025_counts_the_temp_agency_cheerleaders(humans, orcs, home_coach):
    match = _bb2025_at_kick_off(humans, orcs, home_coach)
    _buy(match, "away", ("temp_agency_cheerleader", "", 3))
    drive = _kick_off(match, home_coach, kickoff=CHEERING_FANS, event={"home": [[6]], "away": [[4]]})
    assert drive.kickoff_event == "cheering_fans"
    assert effects.kickoff_result(match, drive)["winners"] == ["away"]


def test_that_peasant_is_revolting_gives_the_re_roll_to_the_higher_d6_plus_the_typed_ma(
    client, humans, orcs, home_coach
):
    match = _bb2025_at_kick_off(humans, orcs, home_coach, "jolly_jouster_cup")
    # home D6 2 + MA 7, away D6 4 + MA 4: the MA decides
    drive = _kick_off(
        match, home_coach, kickoff=PEASANT, event={"home": [[2]], "away": [[4]]}, added={"home": 7, "away": 4}
    )
    assert drive.kickoff_event == "that_peasant_is_revolting"
    assert [made["added"] for made in drive.kickoff_rolls] == [7, 4]
    assert drive.events.get(kind=Event.Kind.KICK_OFF).rolls["effects"]["rerolls"] == {"home": 1}
    html = _board(client, match)
    assert "1 extra team re-roll this drive" in _effects_of(html, "home")
    assert "re-roll" not in _effects_of(html, "away")


def test_that_peasant_is_revolting_when_tied_gives_both_a_re_roll(humans, orcs, home_coach):
    match = _bb2025_at_kick_off(humans, orcs, home_coach, "jolly_jouster_cup")
    drive = _kick_off(match, home_coach, kickoff=PEASANT, event=[3, 4], added={"home": 6, "away": 5})
    assert effects.kickoff_result(match, drive)["rerolls"] == {"home": 1, "away": 1}


def test_that_peasant_is_revolting_without_the_typed_ma_starts_no_drive(humans, orcs, home_coach):
    match = _bb2025_at_kick_off(humans, orcs, home_coach, "jolly_jouster_cup")
    with pytest.raises(ValidationError, match="That Peasant Is Revolting"):
        _kick_off(match, home_coach, kickoff=PEASANT, added={"home": 6})
    assert not match.drives.exists()
    assert not match.dice_log.filter(step=drives.STEP).exists()


def test_where_the_table_has_that_peasant_dugout_rolls_no_kick_off_without_both_mas(humans, orcs, home_coach):
    # Refused after Dugout's roll, a kick-off could be rolled again: the MAs are asked for first.
    match = _bb2025_at_kick_off(humans, orcs, home_coach, "jolly_jouster_cup")
    with pytest.raises(ValidationError, match="That Peasant Is Revolting"):
        drives.start_drive(match, dice=NoDice(), user=home_coach, faces={}, added={"away": 3})
    assert not match.dice_log.filter(step=drives.STEP).exists()
    # with real dice entered, the numbers are only needed when the event comes up
    drive = _kick_off(match, home_coach, kickoff=CHEERING_FANS, event=[3, 4])
    assert drive.kickoff_event == "cheering_fans"


def test_that_peasant_is_revolting_ma_is_typed_on_the_drive_start_form(client, humans, orcs, home_coach):
    match = _bb2025_at_kick_off(humans, orcs, home_coach, "jolly_jouster_cup")
    client.force_login(home_coach)
    page = client.get(reverse("matches:detail", args=[match.pk])).text
    assert "That Peasant Is Revolting · Altdorf: MA of a random player of the team on the pitch" in page
    start = reverse("matches:drive_start", args=[match.pk])
    client.post(start, {"kickoff": "1 1", "event": "2 5", "added_home": "6", "added_away": "2"})
    drive = match.drives.get()
    assert [(made["side"], made["roll"]["total"], made["added"]) for made in drive.kickoff_rolls] == [
        ("home", 2, 6),
        ("away", 5, 2),
    ]
    assert effects.kickoff_result(match, drive)["rerolls"] == {"home": 1}


def test_the_ma_field_is_only_offered_where_the_table_has_the_event(client, humans, orcs, home_coach):
    match = _bb2025_at_kick_off(humans, orcs, home_coach)
    client.force_login(home_coach)
    assert "added_home" not in client.get(reverse("matches:detail", args=[match.pk])).text


# --- Halfling Master Chef -------------------------------------------------------------------------------


def test_master_chef_at_the_start_of_each_half_takes_re_rolls_from_the_other_team(
    client, match, home_coach, away_team
):
    _ready(match, home_coach)
    _buy(match, "away", ("halfling_master_chef", "", 1))
    # 4 and 5 are 4+: the away team gains two re-rolls for the half, the home team (2 re-rolls) loses two
    drive = _kick_off(match, home_coach, kickoff=[1, 2], half={"away": [4, 5, 2]})
    rolled = drive.events.get(kind=Event.Kind.KICK_OFF).rolls["half_rerolls"]
    assert (rolled["away"]["gained"], rolled["away"]["taken"], rolled["away"]["roll"]["faces"]) == (
        2,
        2,
        [4, 5, 2],
    )
    logged = match.dice_log.get(purpose="inducement.halfling_master_chef")
    assert (logged.team_id, logged.roll["dice"]) == (away_team.pk, "3D6")
    html = _board(client, match)
    assert "2 extra team re-rolls this half" in _effects_of(html, "away")
    assert "2 team re-rolls lost this half" in _effects_of(html, "home")

    # The next drive of the half rolls nothing more, the re-rolls last.
    drives.add_event(match, user=home_coach, kind="touchdown", side="home")
    _kick_off(match, home_coach, kickoff=[1, 2])
    assert match.dice_log.filter(purpose="inducement.halfling_master_chef").count() == 1
    assert "2 extra team re-rolls this half" in _effects_of(_board(client, match), "away")

    # Half-time: gone; the second half rolls again.
    drives.end_drive(match, user=home_coach, dice=NoDice())
    assert "this half" not in _board(client, match)
    _kick_off(match, home_coach, kickoff=[1, 2], half={"away": [6, 1, 1]})
    assert match.dice_log.filter(purpose="inducement.halfling_master_chef").count() == 2
    html = _board(client, match)
    assert "1 extra team re-roll this half" in _effects_of(html, "away")
    assert "1 team re-roll lost this half" in _effects_of(html, "home")
    report = client.get(reverse("matches:report", args=[match.pk])).text
    assert "Halfling Master Chef · Bashers: 4 5 2 → 2 extra team re-rolls this half, 2 taken" in report


def test_master_chef_takes_no_more_re_rolls_than_the_other_team_has(match, home_coach):
    _ready(match, home_coach)
    _buy(match, "home", ("halfling_master_chef", "", 1))
    rolled = roll_half_rerolls(match, dice=NoDice(), user=home_coach, faces={"home": [6, 6, 6]})
    assert (rolled["home"]["gained"], rolled["home"]["taken"]) == (3, 0)  # the away team has no re-roll
    _buy(match, "away", ("extra_team_training", "", 1))
    _buy(match, "home", ("halfling_master_chef", "", 1))
    rolled = roll_half_rerolls(match, dice=NoDice(), user=home_coach, faces={"home": [6, 6, 6]})
    assert rolled["home"]["taken"] == 1  # the re-roll bought can be lost


def test_master_chef_dice_are_typed_on_the_drive_start_form(client, match, home_coach):
    _ready(match, home_coach)
    _buy(match, "home", ("halfling_master_chef", "", 1))
    client.force_login(home_coach)
    assert 'name="half_home"' in client.get(reverse("matches:detail", args=[match.pk])).text
    client.post(reverse("matches:drive_start", args=[match.pk]), {"kickoff": "1 2", "half_home": "4 4 3"})
    rolled = Event.objects.get(drive__match=match, kind=Event.Kind.KICK_OFF).rolls["half_rerolls"]
    assert rolled["home"]["gained"] == 2
    assert 'name="half_home"' not in client.get(reverse("matches:detail", args=[match.pk])).text


def test_master_chef_bb2025_rolls_for_any_team_that_bought_him(client, humans, orcs, home_coach):
    match = _bb2025_at_kick_off(humans, orcs, home_coach)
    _buy(match, "home", ("halfling_master_chef", "", 1))
    _kick_off(match, home_coach, kickoff=[1, 2], half={"home": [1, 2, 4]})
    html = _board(client, match)
    assert "1 extra team re-roll this half" in _effects_of(html, "home")
    assert HANDLERS.handler("inducement", key="steals_rerolls") is roll_half_rerolls
