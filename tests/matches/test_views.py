import random

import pytest
from django.urls import reverse

from matches.models import Match
from matches.services import drives, postmatch, prematch
from rulebook.dice import Dice
from tests.factories import UserFactory
from tests.matches.prayers import name_prayer_targets

pytestmark = pytest.mark.django_db


@pytest.fixture
def personas(home_coach, away_coach):
    return {
        "anonymous": None,
        "outsider": UserFactory(username="outsider"),
        "home": home_coach,
        "away": away_coach,
    }


WRITES = [
    ("matches:prematch_step", {"step": "fans"}, {}),
    ("matches:inducements", {"side": "home"}, {}),
    ("matches:inducements", {"side": "both"}, {}),
    ("matches:drive_start", {}, {}),
    ("matches:drive_end", {}, {}),
    ("matches:event_add", {}, {"kind": "touchdown", "side": "home"}),
    ("matches:event_undo", {}, {}),
    ("matches:turn_next", {}, {}),
    ("matches:weather_mage", {}, {"side": "home"}),
    ("matches:concede", {}, {"side": "home"}),
    ("matches:postmatch_roll", {}, {}),
    ("matches:postmatch_apply", {}, {}),
    ("matches:postmatch_undo", {}, {}),
]


@pytest.mark.parametrize(("name", "kwargs", "data"), WRITES)
@pytest.mark.parametrize("persona", ["anonymous", "outsider", "home", "away"])
def test_write_views_when_called_by_each_persona(client, match, personas, persona, name, kwargs, data):
    user = personas[persona]
    if user:
        client.force_login(user)
    response = client.post(reverse(name, kwargs={"pk": match.pk, **kwargs}), data)
    if persona == "anonymous":
        assert response.status_code == 302
        assert "/login" in response["Location"]
    elif persona == "outsider" or (name == "matches:postmatch_undo" and persona == "away"):
        assert response.status_code == 403
    else:
        assert response.status_code == 302
        assert response["Location"].startswith(f"/matches/{match.pk}/")


def test_detail_when_pre_match_shows_the_rule_text_of_the_step(client, match, home_coach):
    client.force_login(home_coach)
    response = client.get(reverse("matches:detail", args=[match.pk]))
    assert "The Fans" in response.text
    assert "D3 + Dedicated Fans" in response.text


def test_detail_when_in_french_shows_the_french_rule_text(client, match, home_coach):
    client.force_login(home_coach)
    response = client.get(reverse("matches:detail", args=[match.pk]), headers={"accept-language": "fr"})
    from rulebook.edition import get_edition

    assert get_edition("bb2020").text("structure.pre_game.fans.name", "fr") in response.text


def test_prematch_fans_when_posted_with_entered_dice_sets_the_fan_factors(client, match, home_coach):
    client.force_login(home_coach)
    client.post(
        reverse("matches:prematch_step", args=[match.pk, "fans"]), {"home_faces": "3", "away_faces": "1"}
    )
    match.refresh_from_db()
    assert (match.home_fan_factor, match.away_fan_factor) == (4, 2)


def test_scoreboard_when_polled_shows_score_and_polling(client, match):
    response = client.get(reverse("matches:scoreboard", args=[match.pk]))
    assert 'hx-trigger="every 3s"' in response.text
    assert "0 – 0" in response.text


def test_report_when_applied_is_public_and_shows_the_outcome(client, match, home_coach, home_team):
    dice = Dice(random.Random(9))
    prematch.roll_fans(match, dice=dice, user=home_coach)
    prematch.roll_weather(match, dice=dice, user=home_coach)
    prematch.take_journeymen(match, user=home_coach)
    prematch.buy_inducements(match, side="home", counts={}, user=home_coach)
    prematch.buy_inducements(match, side="away", counts={}, user=home_coach)
    prematch.roll_prayers(match, dice=dice, user=home_coach)
    name_prayer_targets(match, home_coach)
    prematch.choose_kicking(match, user=home_coach, side="home")
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    scorer = home_team.players.get(position="catcher")
    drives.add_event(match, user=home_coach, kind="touchdown", side="home", player=scorer, turn=3)
    drives.concede(match, side="away", user=home_coach)
    postmatch.roll_postmatch(match, dice=dice, user=home_coach)
    postmatch.apply_postmatch(match, user=home_coach)
    match.refresh_from_db()
    assert match.status == Match.Status.APPLIED
    response = client.get(reverse("matches:report", args=[match.pk]))
    assert response.status_code == 200
    assert str(scorer) in response.text
    assert "Time-out" in response.text
    assert "Winnings" in response.text
