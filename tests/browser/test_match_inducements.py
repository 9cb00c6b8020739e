"""Both teams buy their inducements on a phone, on one form with one button: short rows with small
inputs, star players ticked in a folded group, a running total against each team's budget, each
budget explained; and the same form posted without JavaScript."""

import re

import pytest
from playwright.sync_api import expect

from matches.services import prematch
from tests.factories import PASSWORD, UserFactory
from tests.matches.conftest import NoDice, make_team

pytestmark = pytest.mark.django_db(transaction=True)


def _shop():
    """The Reavers (home, treasury 155,000, the favourite) and the Bashers (away, the underdog: its
    petty cash is the CTV difference plus what the Reavers spend) at the inducements step."""
    home_coach = UserFactory(username="homecoach")
    home = make_team(home_coach, name="Reavers", extras=("thrower", "catcher"), rerolls=2, apothecary=True)
    away = make_team(UserFactory(username="awaycoach"), name="Bashers")
    match = prematch.create_match(home_team=home, away_team=away, created_by=home_coach)
    prematch.roll_fans(match, dice=NoDice(), user=home_coach, faces={"home": [2], "away": [3]})
    prematch.roll_weather(match, dice=NoDice(), user=home_coach, faces=[3, 4])
    prematch.take_journeymen(match, user=home_coach)
    return match


def _open(page, base_url, match):
    page.goto(f"{base_url}/accounts/login/")
    page.get_by_label("Username").fill("homecoach")
    page.get_by_label(re.compile(r"^Password:?$")).fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{base_url}/matches/{match.pk}/")


@pytest.fixture
def phone_without_js(browser):
    context = browser.new_context(viewport={"width": 360, "height": 740}, java_script_enabled=False)
    yield context.new_page()
    context.close()


def test_a_coach_buys_inducements_with_a_running_total_on_a_phone(page, base_url):
    page.set_viewport_size({"width": 360, "height": 740})
    match = _shop()
    _open(page, base_url, match)
    form = page.get_by_test_id("inducements-home")
    expect(page.get_by_test_id("budget-home")).to_contain_text("155,000")
    # One short row per item, big enough for a thumb (a row that also says Dugout does not carry the
    # item out yet takes a line more).
    for row in form.locator(".inducement-row:not(:has([data-testid=not-carried-out]))").all()[:5]:
        assert 48 <= row.bounding_box()["height"] <= 80
    total = form.locator("[data-total]")

    form.get_by_label("Bribe (100,000)").fill("1")
    expect(total).to_have_text(re.compile(r"Chosen: 100,000 / 155,000\s*$"), use_inner_text=True)
    form.locator("summary", has_text="Star players").click()
    form.get_by_label("Cindy Piewhistle").check()
    expect(total).to_have_text(re.compile(r"Chosen: 150,000 / 155,000\s*$"), use_inner_text=True)
    form.get_by_label("Akhorne the Squirrel").check()
    expect(total).to_have_text("Chosen: 230,000 / 155,000 over budget", use_inner_text=True)
    form.get_by_label("Akhorne the Squirrel").uncheck()
    expect(total.get_by_text("over budget")).to_be_hidden()
    # The underdog chooses on the same form; its total runs against its own budget.
    away = page.get_by_test_id("inducements-away")
    expect(page.get_by_test_id("budget-terms-away")).to_contain_text(
        "plus what the favourite spends from its treasury"
    )
    away.get_by_label("Bribe (100,000)").fill("1")
    expect(away.locator("[data-total]")).to_contain_text("Chosen: 100,000 /")
    expect(total).to_have_text(re.compile(r"Chosen: 150,000 / 155,000\s*$"), use_inner_text=True)
    expect(page.get_by_role("button", name="Buy these inducements")).to_have_count(1)
    page.get_by_role("button", name="Buy these inducements").click()

    expect(page.get_by_role("button", name="Pray to Nuffle")).to_be_visible()  # both bought: next step
    match.refresh_from_db()
    assert [(item["id"], item["choice"]) for item in match.home_inducements] == [
        ("bribe", ""),
        ("star_player", "cindy_piewhistle"),
    ]
    assert [(item["id"], item["count"]) for item in match.away_inducements] == [("bribe", 1)]


def test_a_coach_buys_a_star_player_without_javascript(phone_without_js, base_url):
    phone = phone_without_js
    match = _shop()
    _open(phone, base_url, match)
    form = phone.get_by_test_id("inducements-home")
    expect(form.locator("[data-total]")).to_be_hidden()  # the running total needs JavaScript

    form.locator("summary", has_text="Star players").click()
    form.get_by_label("Cindy Piewhistle").check()
    phone.get_by_role("button", name="Buy these inducements").click()

    expect(phone.get_by_role("button", name="Pray to Nuffle")).to_be_visible()
    match.refresh_from_db()
    assert [(item["id"], item["choice"]) for item in match.home_inducements] == [
        ("star_player", "cindy_piewhistle")
    ]
