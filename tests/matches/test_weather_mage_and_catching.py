"""Coverage rows carried out live (issue #22): the Weather Mage rolls the weather again during a drive,
the catcher of a completion earns Dazzling Catching's SPP, and the BB2025 prayers bought as an
inducement are rolled by the pre-match through the registry."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from matches.models import DiceLog, Event
from matches.services import drives, postmatch, prematch
from matches.services.common import match_table
from matches.services.drives.catching import catch_spp
from rulebook.coverage import HANDLERS
from tests.factories import UserFactory
from tests.matches.conftest import NoDice
from tests.matches.test_drive_inducements import _bought, _drive, _kick_off_bb2020
from tests.matches.test_full_match_bb2025 import _keys, _to_kick_off, apply_league_game, bb2025_team
from tests.matches.test_prematch_bb2025 import _with_prayers
from web.matches.forms import QuickEventForm

pytestmark = pytest.mark.django_db


@pytest.fixture
def humans(home_coach):
    return bb2025_team(home_coach, name="Altdorf", roster="human", lineman="lineman")


@pytest.fixture
def orcs(away_coach):
    return bb2025_team(away_coach, name="Gutrippers", roster="orc", lineman="orc_lineman")


@pytest.fixture
def bb2020_drive(match, home_coach):
    """A BB2020 match in its first drive, the home team with a Weather Mage bought."""
    dice = _kick_off_bb2020(match, home_coach)
    _bought(match, "home", ("weather_mage", "", 1))
    _drive(match, home_coach, dice)
    match.refresh_from_db()
    return match


def _weather(match, total):
    return match_table(match, "weather").row_for(total)["id"]


# --- the Weather Mage -------------------------------------------------------------------------------


def test_weather_mage_is_the_registered_handler_of_the_inducement():
    assert HANDLERS.handler("inducement", row="weather_mage") is drives.cast_weather_mage


def test_weather_mage_when_cast_rolls_with_the_modifier_and_changes_the_weather(bb2020_drive, home_coach):
    match = bb2020_drive
    before = match.weather
    weather = drives.cast_weather_mage(match, side="home", modifier=2, user=home_coach, faces=[5, 5])
    match.refresh_from_db()
    assert weather == match.weather == _weather(match, 12) != before
    event = Event.objects.get(drive__match=match, kind=Event.Kind.WEATHER_MAGE)
    assert (event.side, event.outcome, event.rolls["weather_before"]) == ("home", weather, before)
    log = DiceLog.objects.filter(match=match, purpose="weather", step="drive").get()
    assert (log.roll["dice"], log.roll["total"], log.team_id) == ("2D6+2", 12, match.home_team.pk)


def test_weather_mage_when_used_once_is_refused_a_second_time_and_to_a_team_without_one(
    bb2020_drive, home_coach
):
    match = bb2020_drive
    assert drives.weather_mages_left(match, "home") == 1
    assert drives.weather_mages_left(match, "away") == 0
    with pytest.raises(ValidationError, match="no Weather Mage"):
        drives.cast_weather_mage(match, side="away", modifier=0, user=home_coach, faces=[3, 4])
    drives.cast_weather_mage(match, side="home", modifier=0, user=home_coach, faces=[3, 4])
    assert drives.weather_mages_left(match, "home") == 0
    with pytest.raises(ValidationError, match="no Weather Mage"):
        drives.cast_weather_mage(match, side="home", modifier=0, user=home_coach, faces=[3, 4])


def test_weather_mage_when_the_modifier_is_beyond_two_is_refused_and_nothing_is_logged(
    bb2020_drive, home_coach
):
    match = bb2020_drive
    with pytest.raises(ValidationError, match="modifier"):
        drives.cast_weather_mage(match, side="home", modifier=3, user=home_coach, faces=[3, 4])
    assert not DiceLog.objects.filter(match=match, step="drive", purpose="weather").exists()
    assert drives.weather_mages_left(match, "home") == 1


def test_weather_mage_when_the_total_falls_below_the_table_reads_its_first_row(bb2020_drive, home_coach):
    match = bb2020_drive
    weather = drives.cast_weather_mage(match, side="home", modifier=-2, user=home_coach, faces=[1, 1])
    assert weather == _weather(match, 2)


def test_weather_mage_when_undone_gives_the_weather_back_and_the_mage_too(bb2020_drive, home_coach):
    match = bb2020_drive
    before = match.weather
    drives.cast_weather_mage(match, side="home", modifier=2, user=home_coach, faces=[6, 6])
    drives.undo_last_event(match, user=home_coach)
    match.refresh_from_db()
    assert match.weather == before
    assert drives.weather_mages_left(match, "home") == 1


def test_weather_mage_when_no_drive_is_open_is_refused(match, home_coach):
    _kick_off_bb2020(match, home_coach)
    _bought(match, "home", ("weather_mage", "", 1))
    with pytest.raises(ValidationError):
        drives.cast_weather_mage(match, side="home", modifier=0, user=home_coach, faces=[3, 4])


def test_weather_mage_in_bb2025_when_cast_changes_the_weather(humans, orcs, home_coach):
    match, dice = _to_kick_off(humans, orcs, home_coach)
    _bought(match, "away", ("weather_mage", "", 1))
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    weather = drives.cast_weather_mage(match, side="away", modifier=-1, user=home_coach, faces=[6, 6])
    match.refresh_from_db()
    assert match.weather == weather == _weather(match, 11)


def test_live_page_when_a_team_bought_a_mage_offers_it_to_that_team_only(client, bb2020_drive, home_coach):
    client.force_login(home_coach)
    page = client.get(reverse("matches:detail", args=[bb2020_drive.pk])).content.decode()
    assert 'data-testid="weather-mage-home"' in page
    assert 'data-testid="weather-mage-away"' not in page


def test_weather_mage_view_when_a_coach_posts_rolls_the_weather(client, bb2020_drive, away_coach):
    match = bb2020_drive
    client.force_login(away_coach)  # either coach records the match
    url = reverse("matches:weather_mage", args=[match.pk])
    response = client.post(url, {"side": "home", "modifier": "1", "faces": "5 6"})
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.weather == _weather(match, 12)
    page = client.get(reverse("matches:detail", args=[match.pk])).content.decode()
    assert 'data-testid="weather-mage-home"' not in page
    client.post(url, {"side": "home", "modifier": "0", "faces": "3 4"})
    match.refresh_from_db()
    assert match.weather == _weather(match, 12)  # refused: the mage is used


def test_weather_mage_view_when_an_outsider_posts_is_forbidden(client, bb2020_drive):
    match = bb2020_drive
    before = match.weather
    client.force_login(UserFactory(username="outsider"))
    url = reverse("matches:weather_mage", args=[match.pk])
    response = client.post(url, {"side": "home", "modifier": "2", "faces": "6 6"})
    assert response.status_code == 403
    match.refresh_from_db()
    assert match.weather == before


# --- the catcher of a completion (Dazzling Catching) ------------------------------------------------


def test_catching_is_the_registered_handler_of_pass_catch_spp():
    assert HANDLERS.handler("prayer", key="pass_catch_spp") is catch_spp


def _in_drive(humans, orcs, home_coach, *, prayers):
    match, dice = _to_kick_off(humans, orcs, home_coach)
    match.home_prayers = prayers
    match.save()
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    return match, dice


def _players(team, *numbers):
    return [team.players.get(number=number) for number in numbers]


def test_completion_when_a_catcher_is_named_records_them(humans, orcs, home_coach):
    match, _dice = _in_drive(humans, orcs, home_coach, prayers=[])
    thrower, catcher = _players(humans, 1, 2)
    event = drives.add_event(
        match, user=home_coach, kind="completion", side="home", player=thrower, catcher=catcher
    )
    event.refresh_from_db()
    assert event.catcher_key == f"p{catcher.pk}"


def test_catcher_when_of_the_other_team_the_thrower_or_not_a_completion_is_refused(humans, orcs, home_coach):
    match, _dice = _in_drive(humans, orcs, home_coach, prayers=[])
    thrower, catcher = _players(humans, 1, 2)
    (orc,) = _players(orcs, 1)
    completion = {"user": home_coach, "kind": "completion", "side": "home", "player": thrower}
    with pytest.raises(ValidationError):
        drives.add_event(match, **completion, catcher=orc)
    with pytest.raises(ValidationError, match="own pass"):
        drives.add_event(match, **completion, catcher=thrower)
    with pytest.raises(ValidationError, match="completion"):
        drives.add_event(
            match, user=home_coach, kind="touchdown", side="home", player=thrower, catcher=catcher
        )
    assert not Event.objects.filter(drive__match=match, kind__in=["completion", "touchdown"]).exists()


def test_spp_when_dazzling_catching_is_in_force_the_catcher_earns_too(humans, orcs, home_coach):
    match, _dice = _in_drive(humans, orcs, home_coach, prayers=["dazzling_catching"])
    thrower, catcher = _players(humans, 1, 2)
    drives.add_event(match, user=home_coach, kind="completion", side="home", player=thrower, catcher=catcher)
    drives.add_event(match, user=home_coach, kind="completion", side="home", player=thrower)  # none named
    earned = postmatch.spp_earned(match)["home"]
    assert earned[f"p{catcher.pk}"] == {"catch": 1, "spp": 1}
    assert earned[f"p{thrower.pk}"] == {"completion": 2, "spp": 2}


def test_spp_when_no_prayer_pays_the_catch_the_catcher_earns_nothing(humans, orcs, home_coach):
    match, _dice = _in_drive(humans, orcs, home_coach, prayers=[])
    thrower, catcher = _players(humans, 1, 2)
    drives.add_event(match, user=home_coach, kind="completion", side="home", player=thrower, catcher=catcher)
    assert f"p{catcher.pk}" not in postmatch.spp_earned(match)["home"]


def test_catch_spp_when_the_other_team_prayed_earns_nothing(humans, orcs, home_coach):
    match, _dice = _in_drive(humans, orcs, home_coach, prayers=[])
    match.away_prayers = ["dazzling_catching"]
    match.save()
    thrower, catcher = _players(humans, 1, 2)
    event = drives.add_event(
        match, user=home_coach, kind="completion", side="home", player=thrower, catcher=catcher
    )
    assert catch_spp(match, event) == 0


def test_dazzling_catching_when_applied_shows_in_the_preview_and_the_catchers_spp(humans, orcs, home_coach):
    match, dice = _in_drive(humans, orcs, home_coach, prayers=["dazzling_catching"])
    thrower, catcher = _players(humans, 1, 9)
    drives.add_event(match, user=home_coach, kind="completion", side="home", player=thrower, catcher=catcher)
    drives.concede(match, side="away", user=home_coach)
    match.refresh_from_db()
    postmatch.roll_postmatch(
        match,
        dice=dice,
        user=home_coach,
        faces={
            "home": {"fans": [6], "mvp": [1], "mvp_extra": [3], "mistake": [6]},
            "away": {"fans": [2], "mistake": [6]},
        },
        nominees={"home": _keys(humans, [1, 2, 3, 4, 5, 6])},  # the catcher (#9) cannot be MVP
    )
    preview = postmatch.preview(match)["home"]["after"]["spp"]
    assert preview[f"p{catcher.pk}"] == {"catch": 1, "spp": 1}
    apply_league_game(match, home_coach)
    catcher.refresh_from_db()
    assert catcher.spp_earned == 1


def test_quick_form_when_a_completion_names_a_catcher_saves_them(humans, orcs, home_coach):
    match, _dice = _in_drive(humans, orcs, home_coach, prayers=[])
    thrower, catcher = _players(humans, 1, 2)
    data = {"kind": "completion", "side": "home", "player": f"p{thrower.pk}", "catcher": f"p{catcher.pk}"}
    form = QuickEventForm(data, match=match, kind="completion", side="home")
    assert "catcher" in form.fields
    assert not form.fields["catcher"].required
    assert form.submit(user=home_coach, dice=NoDice())
    event = Event.objects.get(drive__match=match, kind="completion")
    assert (event.player, event.catcher) == (thrower, catcher)


# --- BB2025: the prayers bought as an inducement -----------------------------------------------------


def test_prayers_bought_as_an_inducement_are_rolled_by_the_registered_prematch_step(humans, orcs, home_coach):
    handler = HANDLERS.handler("inducement", row="prayers_to_nuffle")
    assert handler is prematch.roll_prayers  # what the pre-match step "prayers" runs
    match = _with_prayers(humans, orcs, home_coach, home=2, away=0)
    assert prematch.next_step(match) == "prayers"
    side, rows = handler(match, dice=NoDice(), user=home_coach, faces=[1, 2])
    assert side == "home"
    assert len(rows) == 2
    assert [entry["id"] for entry in match.home_prayers] == rows
    assert prematch.next_step(match) != "prayers"
