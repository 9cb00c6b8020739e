"""The home page says what comes next, on a phone: a newcomer's first steps, and a result that waits for
the coach, confirmed with one tap right there (axe checks every page visited)."""

import pytest
from playwright.sync_api import expect

from league.models import Result
from tests.browser.test_league import log_in
from tests.factories import UserFactory
from tests.league.factories import make_entry, make_fixture, make_league, make_season

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 390, "height": 844}}


def test_home_when_new_lists_the_first_steps_and_the_first_one_drafts_a_team(page, base_url):
    UserFactory(username="newcomer")
    log_in(page, base_url, "newcomer")
    page.goto(base_url + "/")
    steps = page.get_by_test_id("next-steps")
    for label in ("Draft a team", "Join a league with an invitation code", "Create a league"):
        expect(steps.get_by_role("link", name=label)).to_be_visible()
    steps.get_by_role("link", name="Draft a team").click()
    expect(page).to_have_url(base_url + "/teams/new/")


def test_home_when_a_result_waits_for_the_coach_confirms_it_in_one_tap(page, base_url):
    hilda = UserFactory(username="hilda", display_name="Hilda")
    otto = UserFactory(username="otto", display_name="Otto")
    season, _entries = make_season(make_league(commissioner=UserFactory()))
    home = make_entry(season, coach=hilda, name="Reikland Reavers")
    away = make_entry(season, coach=otto, name="Gouged Eye")
    fixture = make_fixture(season, home, away)
    Result.objects.create(fixture=fixture, home_score=2, away_score=1, submitted_by=hilda)

    log_in(page, base_url, "otto")
    page.goto(base_url + "/")
    progress = page.get_by_test_id(f"result-progress-{fixture.pk}")
    expect(progress).to_contain_text("The result waits for you")
    progress.get_by_role("button", name="Confirm Reikland Reavers – Gouged Eye: 2–1").click()
    expect(page.get_by_text("The result is confirmed.")).to_be_visible()
    expect(page).to_have_url(base_url + "/")
    expect(page.get_by_test_id(f"result-progress-{fixture.pk}")).to_contain_text(
        "It counts in the standings."
    )
    assert Result.objects.get(fixture=fixture).status == Result.Status.CONFIRMED
