"""The one-tap event buttons work without JavaScript: plain links open a short form, a plain POST saves
it and comes back (post/redirect/get), a refused event reopens its form with the error."""

import re

import pytest
from playwright.sync_api import expect

from matches.models import Event
from matches.services import prematch
from tests.factories import PASSWORD, UserFactory
from tests.matches.conftest import make_team
from tests.matches.test_quick_events import kick_off

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def phone_without_js(browser):
    context = browser.new_context(viewport={"width": 360, "height": 740}, java_script_enabled=False)
    yield context.new_page()
    context.close()


def test_a_coach_records_events_with_the_quick_buttons_without_javascript(phone_without_js, base_url):
    phone = phone_without_js
    home_coach = UserFactory(username="homecoach")
    home = make_team(home_coach, name="Reavers")
    away = make_team(UserFactory(username="awaycoach"), name="Bashers")
    match = kick_off(prematch.create_match(home_team=home, away_team=away, created_by=home_coach), home_coach)
    phone.goto(f"{base_url}/accounts/login/")
    phone.get_by_label("Username").fill("homecoach")
    phone.get_by_label(re.compile(r"^Password:?$")).fill(PASSWORD)
    phone.get_by_role("button", name="Log in").click()
    phone.goto(f"{base_url}/matches/{match.pk}/")

    # A plain link opens the short form of a sending-off; real dice that do not fit are refused.
    phone.get_by_test_id("quick-home").get_by_role("button", name="Sent off").click()
    assert phone.url.endswith(f"/matches/{match.pk}/?kind=sent_off&side=home")
    phone.get_by_label("Sent-off player").select_option(label="#2 Reavers L2")
    phone.get_by_label("Argue the call D6").fill("8")
    phone.get_by_role("button", name="Save").click()
    expect(phone.get_by_text("Enter 1 dice from 1 to 6 for D6.")).to_be_visible()
    expect(phone.get_by_test_id("quick-form")).to_be_visible()
    assert not Event.objects.filter(kind="sent_off").exists()

    phone.get_by_label("Sent-off player").select_option(label="#2 Reavers L2")
    phone.get_by_label("Argue the call D6").fill("6")
    phone.get_by_role("button", name="Save").click()
    assert phone.url.endswith(f"/matches/{match.pk}/")
    expect(phone.get_by_text("Recorded: Sent off · Reavers.")).to_be_visible()
    expect(phone.get_by_test_id("latest-events")).to_contain_text("#2 Reavers L2 — Well, When You Put It")
    expect(phone.get_by_test_id("quick-away")).to_be_visible()  # back to the buttons

    phone.get_by_role("button", name="Undo the last event").click()
    expect(phone.get_by_text("The last event was undone.")).to_be_visible()
    assert not Event.objects.filter(kind="sent_off").exists()
