import re

import pytest
from playwright.sync_api import Page, expect

from rosters.models import Team
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

ELEVEN = [("Human Lineman", 7), ("Human Blitzer", 2), ("Human Thrower", 1), ("Human Catcher", 1)]


def test_a_coach_drafts_a_team_from_nothing_to_ready(page: Page, base_url):
    UserFactory(username="rookie", display_name="Rookie Coach")
    page.goto(f"{base_url}/accounts/login/")
    page.get_by_label("Username").fill("rookie")
    page.get_by_label(re.compile(r"^Password:?$")).fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("link", name="Rookie Coach")).to_be_visible()

    page.goto(f"{base_url}/teams/new/")
    page.get_by_label("Edition").select_option("bb2020")
    page.get_by_role("button", name="Show its team lists").click()
    expect(page.get_by_role("heading", name="Blood Bowl (2020 edition)")).to_be_visible()
    page.get_by_label("Team list").select_option("human")
    page.get_by_label("Team name").fill("Altdorf Amblers")
    page.get_by_role("button", name="Create the team").click()
    expect(page.get_by_role("heading", name="Altdorf Amblers")).to_be_visible()
    expect(page.locator("#draft-problems")).to_contain_text("The team needs at least 11 players (it has 0).")

    players = page.locator("#budget > div").nth(2).locator("dd")
    hired = 0
    for position, count in ELEVEN:
        for _ in range(count):
            page.get_by_role("button", name=f"Add a {position}").click()
            hired += 1
            expect(players).to_have_text(str(hired))  # the panel was swapped in by htmx
    expect(page.get_by_role("button", name="Mark ready")).to_be_enabled()

    page.get_by_role("button", name="Buy a re-roll").click()
    expect(page.locator("#team-panel")).to_contain_text("Bought a team re-roll for 50,000 gp.")
    expect(page.locator("#budget > div").first.locator("dd")).to_have_text("285,000")

    page.get_by_role("button", name="Mark ready").click()
    expect(page).to_have_url(re.compile(r"/teams/\d+/$"))
    expect(page.get_by_role("heading", name="Altdorf Amblers")).to_be_visible()
    expect(page.get_by_role("status")).to_have_text("Team marked ready.")
    expect(page.locator(".roster-sheet tbody tr")).to_have_count(11)

    team = Team.objects.get(name="Altdorf Amblers")
    assert (team.status, team.rerolls, team.players.count()) == ("ready", 1, 11)
    assert team.team_value == 715_000
