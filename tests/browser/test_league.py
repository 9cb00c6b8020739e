import re

import pytest
from playwright.sync_api import Page, expect

from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def log_in(page: Page, base_url, username):
    page.goto(f"{base_url}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label(re.compile(r"^Password:?$")).fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()


def log_out(page: Page):
    page.get_by_role("button", name="Log out").click()


def test_a_commissioner_runs_a_league_and_coaches_settle_a_result(page: Page, base_url):
    from tests.league.factories import make_team

    UserFactory(username="carla", display_name="Carla")
    home_coach = UserFactory(username="hilda", display_name="Hilda")
    away_coach = UserFactory(username="otto", display_name="Otto")
    make_team(coach=home_coach, name="Reikland Reavers")
    make_team(coach=away_coach, name="Gouged Eye")

    # The commissioner creates the league and a season.
    log_in(page, base_url, "carla")
    page.goto(f"{base_url}/leagues/")
    page.get_by_role("button", name="Create a league").click()
    page.get_by_label("Name").fill("Browser Bowl")
    page.get_by_role("button", name="Create the league").click()
    expect(page.get_by_text("The league Browser Bowl is ready.")).to_be_visible()
    page.get_by_role("button", name="New season").click()
    page.get_by_label("Name").fill("Spring")
    page.get_by_role("button", name="Open the season").click()
    expect(page.get_by_role("heading", name="Spring")).to_be_visible()
    season_url = page.url
    log_out(page)

    # Both coaches enter their ready teams.
    for coach in ("hilda", "otto"):
        log_in(page, base_url, coach)
        page.goto(season_url)
        page.get_by_role("button", name="Enter a team").click()
        page.get_by_label("Team").select_option(index=1)
        page.get_by_role("button", name="Enter the team").click()
        expect(page.get_by_text("Your team is entered")).to_be_visible()
        log_out(page)

    # The commissioner accepts them and schedules a round robin.
    log_in(page, base_url, "carla")
    page.goto(season_url)
    page.get_by_role("button", name="Entries").click()
    for _entry in range(2):
        page.get_by_role("button", name="Accept").first.click()
    expect(page.get_by_role("button", name="Accept")).to_have_count(0)
    page.goto(season_url)
    page.get_by_role("button", name="Scheduling").click()
    page.get_by_role("button", name="Schedule the round robin").click()
    expect(page.get_by_text("The round robin is scheduled.")).to_be_visible()
    log_out(page)

    # The home coach submits the score...
    log_in(page, base_url, "hilda")
    page.goto(season_url)
    page.get_by_role(
        "link", name=re.compile("Reikland Reavers – Gouged Eye|Gouged Eye – Reikland Reavers")
    ).click()
    page.get_by_label("Reikland Reavers touchdowns").fill("2")
    page.get_by_label("Gouged Eye touchdowns").fill("1")
    page.get_by_role("button", name="Submit", exact=True).click()
    expect(page.get_by_text("The result was submitted")).to_be_visible()
    fixture_url = page.url
    log_out(page)

    # ...the opponent confirms...
    log_in(page, base_url, "otto")
    page.goto(fixture_url)
    page.get_by_role("button", name="Confirm the result").click()
    expect(page.get_by_text("The result is confirmed.")).to_be_visible()

    # ...and the standings show it.
    page.get_by_role("link", name="Standings").click()
    first_row = page.locator("table.standings tbody tr").first
    expect(first_row).to_contain_text("Reikland Reavers")
    expect(first_row.locator("td").nth(8)).to_have_text("3")
