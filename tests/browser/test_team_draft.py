import re

import pytest
from playwright.sync_api import Page, expect

from rosters.models import Team
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

# A newcomer's draft, from the new-team page to a team marked ready, in taps and typed fields.
DRAFT_BUDGET = 20


class Counted:
    """Every click, choice and typed field of the draft is one tap."""

    def __init__(self, page: Page):
        self.page, self.taps = page, 0

    def tap(self, target):
        self.taps += 1
        target.click()

    def choose(self, target, value):
        self.taps += 1
        target.select_option(value)

    def type(self, target, text):
        self.taps += 1
        target.fill(text)


def _log_in(page: Page, base_url):
    UserFactory(username="rookie", display_name="Rookie Coach")
    page.goto(f"{base_url}/accounts/login/")
    page.get_by_label("Username").fill("rookie")
    page.get_by_label(re.compile(r"^Password:?$")).fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("link", name="Rookie Coach")).to_be_visible()


def test_a_coach_drafts_a_team_from_nothing_to_ready(page: Page, base_url):
    _log_in(page, base_url)
    page.goto(f"{base_url}/teams/new/")
    page.get_by_label("Edition").select_option("bb2020")
    page.get_by_role("button", name="Show its team lists").click()
    expect(page.get_by_role("heading", name="Blood Bowl (2020 edition)")).to_be_visible()

    coach = Counted(page)
    coach.choose(page.get_by_label("Team list"), "human")
    coach.type(page.get_by_label("Team name"), "Altdorf Amblers")
    coach.tap(page.get_by_role("button", name="Create the team"))
    expect(page.get_by_role("heading", name="Altdorf Amblers")).to_be_visible()
    expect(page.locator("#draft-problems")).to_contain_text("The team needs at least 11 players (it has 0).")

    # One tap hires the eleven players a legal team needs (Linemen), each with a Human name.
    expect(page.locator("#lineup-help")).to_have_text(
        "11 × Human Lineman, for 550,000 gp. Remove or swap any of them afterwards."
    )
    coach.tap(page.get_by_role("button", name="Add the 11 players the team still needs"))
    expect(page.locator("#budget > div").nth(2).locator("dd")).to_have_text("11")
    expect(page.locator("#team-panel")).to_contain_text("Hired 11 players (11 × Human Lineman)")
    expect(page.get_by_role("button", name=re.compile("players the team still needs"))).to_have_count(0)

    # Swap a Lineman for a Blitzer, one at a time.
    first_lineman = page.locator("#team-panel tbody th a").first.inner_text()
    coach.tap(page.get_by_role("button", name=f"Remove {first_lineman}"))
    expect(page.locator("#budget > div").nth(2).locator("dd")).to_have_text("10")
    coach.tap(page.get_by_role("button", name="Add a Human Blitzer"))
    expect(page.locator("#budget > div").nth(2).locator("dd")).to_have_text("11")

    coach.tap(page.get_by_role("button", name="Buy a re-roll"))
    expect(page.locator("#team-panel")).to_contain_text("Bought a team re-roll for 50,000 gp.")
    expect(page.locator("#budget > div").first.locator("dd")).to_have_text("365,000")

    coach.tap(page.get_by_role("button", name="Mark ready"))
    expect(page).to_have_url(re.compile(r"/teams/\d+/$"))
    expect(page.get_by_role("heading", name="Altdorf Amblers")).to_be_visible()
    expect(page.get_by_role("status")).to_have_text("Team marked ready.")
    expect(page.locator(".roster-sheet tbody tr")).to_have_count(11)
    assert coach.taps <= DRAFT_BUDGET, f"the draft took {coach.taps} taps"

    team = Team.objects.get(name="Altdorf Amblers")
    assert (team.status, team.rerolls, team.players.count()) == ("ready", 1, 11)
    assert team.team_value == 635_000
    names = list(team.players.values_list("name", flat=True))
    assert len(set(names)) == 11
    assert not any(name.startswith("Player") for name in names)


def test_the_special_rule_offered_is_the_chosen_team_lists(page: Page, base_url):
    _log_in(page, base_url)
    page.goto(f"{base_url}/teams/new/?edition=bb2020")
    expect(page.get_by_label("Special rule")).to_have_count(0)
    page.get_by_label("Team list").select_option("norse")
    rule = page.get_by_label("Special rule")
    expect(rule.locator("option")).to_have_text(
        ["Choose one", "Favoured of Chaos Undivided", "Favoured of Khorne", "Old World Classic"]
    )
    page.get_by_label("Team list").select_option("human")
    expect(page.get_by_label("Special rule")).to_have_count(0)
    page.get_by_label("Team list").select_option("norse")
    page.get_by_label("Team name").fill("Skol")
    page.get_by_label("Special rule").select_option("favoured_of_khorne")
    page.get_by_role("button", name="Create the team").click()
    expect(page.get_by_role("heading", name="Skol")).to_be_visible()
    assert Team.objects.get(name="Skol").chosen_rule == "favoured_of_khorne"
