"""A coach records a match on a phone: from the first kick-off to the applied post-match sequence."""

import re

import pytest
from playwright.sync_api import Page, expect

from matches.models import Match
from matches.services import prematch
from tests.factories import PASSWORD, UserFactory
from tests.matches.conftest import make_team

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def phone(page: Page):
    page.set_viewport_size({"width": 360, "height": 740})
    return page


def _touchdown(phone, buttons, scorer):
    phone.get_by_test_id(buttons).get_by_role("button", name="Touchdown").click()
    phone.get_by_test_id("quick-form").get_by_label(re.compile("^Scorer")).select_option(label=scorer)
    phone.get_by_role("button", name="Save").click()


def test_a_coach_records_a_match_from_kick_off_to_post_match_on_a_phone(phone, base_url):
    home_coach = UserFactory(username="homecoach")
    away_coach = UserFactory(username="awaycoach")
    home = make_team(home_coach, name="Reavers")
    away = make_team(away_coach, name="Bashers")
    match = prematch.create_match(home_team=home, away_team=away, created_by=home_coach)
    phone.goto(f"{base_url}/accounts/login/")
    phone.get_by_label("Username").fill("homecoach")
    phone.get_by_label(re.compile(r"^Password:?$")).fill(PASSWORD)
    phone.get_by_role("button", name="Log in").click()
    phone.goto(f"{base_url}/matches/{match.pk}/")

    # Pre-match, with dice typed in where the coaches rolled real ones: each input says how to type its
    # dice, and each roll's result stays on the page once the sequence moves on.
    expect(phone.get_by_text("D3: type the die, e.g. 3.").first).to_be_visible()
    phone.get_by_label("Home dice (optional)").fill("2")
    phone.get_by_label("Away dice (optional)").fill("3")
    phone.get_by_role("button", name="Roll the fan factors").click()
    results = phone.get_by_test_id("prematch-results")
    expect(results).to_contain_text("Reavers: D3: 2 (entered) → Fan Factor")
    expect(phone.get_by_text("2D6: type each die, separated by a space, e.g. 3 5.")).to_be_visible()
    phone.get_by_label("Dice (optional)").fill("3 4")
    phone.get_by_role("button", name="Roll").click()
    expect(results).to_contain_text("2D6: 3 + 4 = 7 (entered) → Perfect Conditions")
    # Both teams field 11 players: no journeymen step to tap through, and the results say why.
    expect(results).to_contain_text("Neither team needs journeymen")
    # Equal CTV: nobody has petty cash, and the page says why; one button for both teams.
    expect(phone.get_by_test_id("budget-terms-home")).to_contain_text("Equal CTV: no petty cash.")
    expect(phone.get_by_role("button", name="Buy these inducements")).to_have_count(1)
    phone.get_by_role("button", name="Buy these inducements").click()
    phone.get_by_role("button", name="Pray to Nuffle").click()
    # The toss, won at the table by the Reavers: then their coach chooses to kick.
    phone.get_by_label("Who won the toss").select_option("home")
    phone.get_by_role("button", name="Toss").click()
    expect(phone.get_by_text("Reavers won the toss and chooses:")).to_be_visible()
    phone.get_by_role("button", name="Kick", exact=True).click()
    expect(phone.get_by_test_id("next-kickoff")).to_have_text("Reavers kick off first.")

    # Drive 1: kick-off, then events recorded with the one-tap buttons of each team.
    phone.get_by_label("Kick-off event 2D6 (optional)").fill("1 2")
    phone.get_by_role("button", name="Kick off").click()
    expect(phone.get_by_text("Time-out").first).to_be_visible()
    home_buttons, away_buttons = phone.get_by_test_id("quick-home"), phone.get_by_test_id("quick-away")
    for button in home_buttons.get_by_role("button").all() + away_buttons.get_by_role("button").all():
        assert button.bounding_box()["height"] >= 48  # big enough for a thumb
    for team in ("Reavers", "Bashers"):  # each team's buttons are named with it
        expect(phone.get_by_role("button", name=f"Touchdown · {team}", exact=True)).to_have_count(1)
    phone.evaluate("window.stillThisPage = true")  # gone if anything below reloads the page
    # A casualty by the Reavers: one tap swaps in its short form; the casualty die comes from real dice.
    home_buttons.get_by_role("button", name="Casualty").click()
    form = phone.get_by_test_id("quick-form")
    expect(form.get_by_role("heading")).to_have_text("Casualty · Reavers")
    form.get_by_label(re.compile("^Player responsible")).select_option(label="#3 Reavers L3")
    form.get_by_label(re.compile("^Victim")).select_option(label="#5 Bashers L5")
    form.get_by_label("Casualty roll D16").fill("3")
    form.get_by_role("button", name="Save").click()
    expect(phone.get_by_text("Recorded: Casualty · Reavers.")).to_be_visible()
    expect(phone.get_by_test_id("latest-events")).to_contain_text("#5 Bashers L5 (Bashers) — Badly Hurt")
    # A touchdown by the Bashers, taken back with one tap (a slip of the thumb), then recorded again.
    _touchdown(phone, "quick-away", "#7 Bashers L7")
    expect(phone.get_by_test_id("score")).to_have_text("0 – 1")
    phone.get_by_role("button", name="Undo the last event").click()
    expect(phone.get_by_test_id("score")).to_have_text("0 – 0")
    _touchdown(phone, "quick-away", "#7 Bashers L7")
    expect(phone.get_by_test_id("score")).to_have_text("0 – 1")
    expect(phone.get_by_test_id("next-kickoff")).to_contain_text("Bashers kick off next")
    assert phone.evaluate("window.stillThisPage") is True  # every step above was swapped in by htmx
    # Drive 2 ends the half (the Bashers' casualty is no KO: no recovery to roll), drive 3 the game.
    phone.get_by_label("Kick-off event 2D6 (optional)").fill("1 2")
    phone.get_by_role("button", name="Kick off").click()
    phone.get_by_text("End of the half").click()
    expect(phone.get_by_test_id("knocked-out-none")).to_be_visible()
    phone.get_by_role("button", name="End the half").click()
    expect(phone.locator("#scoreboard")).to_contain_text("Half 2, turn 1")
    phone.get_by_label("Kick-off event 2D6 (optional)").fill("1 2")
    phone.get_by_role("button", name="Kick off").click()
    phone.get_by_text("End of the match").click()
    phone.get_by_role("button", name="End the match").click()

    phone.get_by_role("button", name="Roll the post-match dice").click()
    expect(phone.get_by_role("button", name="Apply to both teams")).to_be_visible()
    # The preview says who scores SPP and who is MVP, and what moves each treasury.
    expect(phone.get_by_test_id("spp-away")).to_contain_text("#7 Bashers L7")
    expect(phone.get_by_test_id("mvp-home")).to_contain_text("MVP: #")
    expect(phone.get_by_test_id("treasury-away")).to_contain_text("Winnings")
    phone.get_by_role("button", name="Apply to both teams").click()
    expect(phone.get_by_role("heading", name=re.compile("Reavers 0 – 1 Bashers"))).to_be_visible()
    match.refresh_from_db()
    assert match.status == Match.Status.APPLIED
    # The report's dice log names the player each roll was about.
    phone.get_by_text(re.compile(r"^Drives \(\d+\)$")).click()
    casualty_roll = phone.get_by_role("row").filter(has_text="Casualty").filter(has_text="D16")
    expect(casualty_roll).to_contain_text("#5 Bashers L5")
