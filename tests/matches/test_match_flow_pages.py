"""The match pages as newcomers recording a match on a phone met them (issue #26): no tap for a
journeymen step with nothing to choose, a toss whose winner chooses to kick or to receive, dice inputs
without example values in them, each dice label, input and help drawn together, and who kicks off next.

The teams are those of tests/matches/conftest.py: the Reavers (home, 13 players, an apothecary) and the
Bashers (away, 11 players), BB2020."""

import re

import pytest
from django.urls import reverse

from matches.services import drives, prematch
from rosters.models import Player
from tests.matches.conftest import NoDice, to_inducements
from tests.matches.prayers import name_prayer_targets
from tests.matches.test_lasting_effects import NEUTRAL_PRAYERS

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true", "HX-Target": "live"}
NO_JOURNEYMEN = "Neither team needs journeymen: both teams have at least 11 players available."


@pytest.fixture
def logged_in(client, home_coach):
    client.force_login(home_coach)
    return client


def page(client, match, **params):
    return client.get(reverse("matches:detail", args=[match.pk]), params).text


def step_url(match, step):
    return reverse("matches:prematch_step", args=[match.pk, step])


def squash(html):
    return re.sub(r"\s+", " ", html)


def miss_next_game(team, count):
    linemen = list(team.players.filter(position="lineman").values_list("pk", flat=True)[:count])
    Player.objects.filter(pk__in=linemen).update(miss_next_game=True)


@pytest.fixture
def at_weather(match, home_coach):
    prematch.roll_fans(match, dice=NoDice(), user=home_coach, faces={"home": [2], "away": [3]})
    return match


# --- a) journeymen -------------------------------------------------------------------------------------


def test_weather_step_when_nobody_needs_journeymen_goes_on_to_the_inducements_and_says_why(
    logged_in, at_weather
):
    response = logged_in.post(step_url(at_weather, "weather"), {"faces": "3 4"}, follow=True)

    html = squash(response.text)
    assert "Take on journeymen" not in html
    assert "Buy these inducements" in html
    assert f"2D6: 3 + 4 = 7 (entered) → Perfect Conditions; {NO_JOURNEYMEN}" in html  # the message
    results = html.split('data-testid="prematch-results"', 1)[1].split("</section>", 1)[0]
    assert f"<strong>{NO_JOURNEYMEN}</strong>" in results  # and it stays in the results


def test_journeymen_step_when_a_team_needs_some_says_how_many_each_team_takes(
    logged_in, at_weather, away_team
):
    miss_next_game(away_team, 2)
    logged_in.post(step_url(at_weather, "weather"), {"faces": "3 4"})

    html = squash(page(logged_in, at_weather))
    needed = html.split('data-testid="journeymen-needed"', 1)[1].split("</ul>", 1)[0]
    assert "<strong>Reavers</strong>: no journeymen needed" in needed
    assert "<strong>Bashers</strong>: 2 journeymen join for this match" in needed
    assert "Take on journeymen" in html

    response = logged_in.post(step_url(at_weather, "journeymen"), follow=True)
    assert "Bashers: 2 journeymen" in squash(response.text)


def test_journeymen_step_when_reached_with_nobody_needing_any_says_so_with_a_continue_button(
    logged_in, at_weather, away_team
):
    miss_next_game(away_team, 1)
    logged_in.post(step_url(at_weather, "weather"), {"faces": "3 4"})
    Player.objects.filter(team=away_team).update(miss_next_game=False)  # back before the step was done

    html = squash(page(logged_in, at_weather))
    assert f'<p data-testid="journeymen-none"><strong>{NO_JOURNEYMEN}</strong></p>' in html
    assert '<button type="submit">Continue</button>' in html
    logged_in.post(step_url(at_weather, "journeymen"))
    at_weather.refresh_from_db()
    assert prematch.next_step(at_weather) == "inducements"


# --- b) the toss ---------------------------------------------------------------------------------------


@pytest.fixture
def at_kicking(match, home_coach):
    to_inducements(match, home_coach)
    for side in ("home", "away"):
        prematch.buy_inducements(match, side=side, counts={}, user=home_coach)
    count = prematch.prayers_side(match)[1]
    prematch.roll_prayers(match, dice=NoDice(), user=home_coach, faces=NEUTRAL_PRAYERS[:count] or None)
    name_prayer_targets(match, home_coach)
    return match


def test_kicking_step_before_the_toss_says_what_the_die_decides(logged_in, at_kicking):
    html = squash(page(logged_in, at_kicking))

    assert "the winner chooses to kick or to receive" in html  # the rules text
    assert "Else Dugout tosses a D6: 1–3 Reavers win, 4–6 Bashers win." in html  # the die names the winner
    assert '<button type="submit">Toss</button>' in html
    assert "Kicking team" not in html


def test_kicking_step_after_the_toss_asks_its_winner_to_kick_or_to_receive(logged_in, at_kicking):
    response = logged_in.post(step_url(at_kicking, "kicking"), {"faces": "2"}, follow=True)

    html = squash(response.text)
    assert "D6: 2 (entered) → Reavers won the toss" in html
    form = html.split('data-testid="kick-or-receive"', 1)[1].split("</form>", 1)[0]
    assert "Reavers won the toss and chooses:" in form
    assert '<button type="submit" name="choice" value="kick">Kick</button>' in form
    assert 'name="choice" value="receive" class="secondary">Receive</button>' in form
    at_kicking.refresh_from_db()
    assert at_kicking.kicking == ""

    response = logged_in.post(step_url(at_kicking, "kicking"), {"choice": "receive"}, follow=True)
    at_kicking.refresh_from_db()
    assert at_kicking.kicking == "away"
    assert "Bashers kick off" in response.text


def test_kicking_step_when_both_a_winner_and_a_die_are_given_is_refused(logged_in, at_kicking):
    response = logged_in.post(step_url(at_kicking, "kicking"), {"winner": "home", "faces": "5"}, follow=True)

    assert "Choose who won the toss, or type the toss die: not both." in response.text
    at_kicking.refresh_from_db()
    assert at_kicking.toss_winner == ""


# --- c) and d) dice inputs -----------------------------------------------------------------------------


@pytest.fixture
def live(at_kicking, home_coach):
    prematch.choose_kicking(at_kicking, user=home_coach, side="home")
    drives.start_drive(at_kicking, dice=NoDice(), user=home_coach, faces={"kickoff": [1, 2]})
    at_kicking.refresh_from_db()
    return at_kicking


def test_casualty_form_when_shown_has_no_example_values_in_its_dice_inputs(logged_in, live):
    form = page(logged_in, live, kind="casualty", side="away").split('data-testid="quick-form"', 1)[1]

    assert "placeholder" not in form.split("</form>", 1)[0]
    assert "D16: type the die, e.g. 11." in form  # the help still says how to type it


def test_casualty_form_when_shown_draws_each_dice_label_input_and_help_together(logged_in, live):
    """Label, input and help of each die in one block, in that order: a grid of dice fields on a phone
    cannot put one field's label or help beside another's input (issue #26)."""
    form = page(logged_in, live, kind="casualty", side="away").split('data-testid="quick-form"', 1)[1]
    dice = squash(form.split('<fieldset class="quick-dice">', 1)[1].split("</fieldset>", 1)[0])

    blocks = re.findall(r'<div class="dice-field">(.*?)</div>', dice)
    names = ["injury", "casualty", "apothecary_roll", "lasting"]
    assert len(blocks) == len(names)
    for name, block in zip(names, blocks, strict=True):
        label, field, help_text = (
            block.index(f'<label for="id_{name}">'),
            block.index(f'id="id_{name}"'),
            block.index(f'<small class="helptext" id="id_{name}_helptext">'),
        )
        assert label < field < help_text
        assert f'aria-describedby="id_{name}_helptext"' in block
    assert re.sub(r'<div class="dice-field">.*?</div>', "", dice).strip().startswith("<legend>")


# --- e) who kicks off next -----------------------------------------------------------------------------


def test_live_page_before_the_first_drive_says_who_kicks_off(logged_in, at_kicking, home_coach):
    prematch.toss(at_kicking, user=home_coach, winner="away")
    prematch.kick_or_receive(at_kicking, user=home_coach, choice="receive")

    html = page(logged_in, at_kicking)
    assert '<p data-testid="next-kickoff"><strong>Reavers kick off first.</strong></p>' in html


def test_live_page_after_a_touchdown_says_the_scoring_team_kicks_off_next(logged_in, live, away_team):
    scorer = away_team.players.first()
    response = logged_in.post(
        reverse("matches:event_add", args=[live.pk]),
        {"kind": "touchdown", "side": "away", "player": f"p{scorer.pk}"},
        headers=HTMX,
    )

    assert "Bashers kick off next: the team that scored kicks off." in response.text
    assert drives.next_drive(live) == (1, "away")


def test_live_page_at_half_time_says_the_team_that_received_first_kicks(logged_in, live, home_coach):
    drives.end_drive(live, user=home_coach)

    html = page(logged_in, live)
    expected = "Bashers kick off the new half: the team that received the game's first kick-off kicks."
    assert expected in html.replace("&#x27;", "'")
    assert drives.next_drive(live) == (2, "away")


def test_live_page_while_a_drive_is_open_says_nothing_of_the_next_kick_off(logged_in, live):
    assert 'data-testid="next-kickoff"' not in page(logged_in, live)
