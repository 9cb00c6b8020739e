"""A commissioner sets up a 12-team league in two divisions on a phone: creates the divisions, balances the
teams, moves one, schedules a round robin inside each division with games between them, starts the
season, and reads each division's table one at a time (issue #25)."""

import re

import pytest
from playwright.sync_api import Page, expect

from league.models import Season
from tests.browser.conftest import PHONE
from tests.browser.test_league import log_in
from tests.factories import UserFactory
from tests.league.factories import make_entry, make_league, make_season

pytestmark = pytest.mark.django_db(transaction=True)

TEAMS = 12


def _registering_league():
    commissioner = UserFactory(username="carla")
    league = make_league(commissioner=commissioner, name="Big League", slug="big-league")
    season, _none = make_season(league, status=Season.Status.REGISTRATION, name="Spring")
    for number in range(1, TEAMS + 1):
        entry = make_entry(season, name=f"Team {number:02d}")
        entry.team.team_value = 2_000_000 - number * 50_000
        entry.team.save()
    return season


def _create_division(page: Page, name):
    new = page.get_by_role("article").filter(has=page.get_by_role("heading", name="New division"))
    new.get_by_label("Name").fill(name)
    new.get_by_role("button", name="Create the division").click()
    expect(page.get_by_text(f"The division {name} was created.")).to_be_visible()


def test_a_commissioner_sets_up_two_divisions_on_a_phone(new_context, base_url):
    season = _registering_league()
    page = new_context(viewport=PHONE).new_page()
    log_in(page, base_url, "carla")
    page.goto(f"{base_url}/leagues/seasons/{season.pk}/")

    page.get_by_role("button", name="Divisions").click()
    _create_division(page, "North")
    _create_division(page, "South")
    expect(page.get_by_role("heading", name="Teams in no division")).to_be_visible()

    page.get_by_role("button", name="Balance", exact=True).click()
    expect(page.get_by_text("The teams are shared between the divisions.")).to_be_visible()
    expect(page.get_by_role("heading", name="Teams in no division")).to_have_count(0)
    north = page.locator("article", has=page.get_by_role("heading", name="North", exact=True))
    south = page.locator("article", has=page.get_by_role("heading", name="South", exact=True))
    expect(north.get_by_role("listitem")).to_have_count(6)
    # The snake draft: the strongest team to the North, the next two to the South.
    expect(north.get_by_role("listitem").filter(has_text="Team 01")).to_have_count(1)
    expect(south.get_by_role("listitem").filter(has_text="Team 02")).to_have_count(1)

    north.get_by_label("Division of Team 01").select_option(label="South")
    north.get_by_role("button", name="Move Team 01").click()
    expect(page.get_by_text("Team 01 plays in South.")).to_be_visible()
    expect(south.get_by_role("listitem")).to_have_count(7)

    page.get_by_role("navigation", name="League").get_by_role("link", name="Spring").click()
    page.get_by_role("button", name="Scheduling").click()
    page.get_by_label("Games against other divisions").fill("1")
    page.get_by_role("button", name="Schedule the round robin").click()
    # South: 7 teams, 7 rounds; North: 5 teams, 5 rounds; then one round between the divisions.
    expect(page.get_by_text("The round robin is scheduled: 8 rounds.")).to_be_visible()
    page.get_by_role("button", name="Start the season").click()
    expect(page.get_by_text("The season has started")).to_be_visible()

    page.get_by_role("navigation", name="League").get_by_role("link", name="Standings").click()
    tables = page.locator(".divisions > section")
    expect(tables.nth(0).get_by_role("heading", name="North")).to_be_visible()
    expect(tables.nth(1)).to_be_hidden()  # one division at a time on a phone
    page.get_by_role("navigation", name="Choose a division").get_by_role("link", name="South").click()
    expect(page).to_have_url(re.compile(r"\?division=\d+$"))
    expect(page.locator(".divisions > section")).to_have_count(1)
    expect(page.get_by_role("heading", name="South")).to_be_visible()
    expect(page.get_by_role("cell", name="Team 01")).to_be_visible()
