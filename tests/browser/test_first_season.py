"""A first season without a manual (issue #16): two people who have never seen Dugout sign up on their
phones, draft teams, one opens a league and invites the other with a code, the season is scheduled and
started, one match is recorded from pre-match to post-match and confirmed, the rosters and standings show
it, and a Korean sheet is printed.

Written from the visible labels only: no address but the root, no database. Every tap, choice and typed
field is counted (tests/browser/taps.py); a step that needs more than its budget fails, as does the whole
season past 100.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.taps import Newcomer, Taps

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}
PASSWORD = "a-long-enough-passphrase"
SEASON_BUDGET = 100
COMMISSIONER_TEAM, COACH_TEAM = "Altdorf Amblers", "Ironjaw Brutes"


def arrives(new_context, base_url, taps) -> Newcomer:
    """Someone opens the site's root on their phone: the only address anyone types."""
    page = new_context(viewport=PHONE).new_page()
    page.set_default_timeout(15_000)
    page.goto(base_url)
    return Newcomer(page, taps)


def sign_up(person: Newcomer, username):
    page = person.page
    person.tap(page.get_by_role("button", name="Sign up"))
    person.type(page.get_by_label("Username"), username)
    person.type(page.get_by_label("Email"), f"{username}@example.com")
    person.type(page.get_by_label(re.compile(r"^Password:?$")), PASSWORD)
    person.type(page.get_by_label(re.compile(r"^Password confirmation:?$")), PASSWORD)
    person.tap(page.get_by_role("button", name="Create account"))
    expect(page.get_by_role("button", name="Log out")).to_be_visible()


def draft(person: Newcomer, team_list, name):
    """From the home page's first step to a ready team, the lineup filled in one tap."""
    page = person.page
    person.tap(page.get_by_role("link", name="Draft a team"))
    person.choose(page.get_by_label("Team list"), label=team_list)
    person.type(page.get_by_label("Team name"), name)
    person.tap(page.get_by_role("button", name="Create the team"))
    expect(page.get_by_role("heading", name=name)).to_be_visible()
    person.tap(page.get_by_role("button", name=re.compile(r"^Add the \d+ players the team still needs")))
    person.tap(page.get_by_role("button", name="Mark ready"))
    expect(page.get_by_role("status").filter(has_text="Team marked ready.")).to_be_visible()
    # The team page says what comes next (loaded apart from the kept page), in the home page's words.
    next_steps = page.get_by_test_id("team-next-steps")
    expect(next_steps.get_by_role("link", name="Join a league with an invitation code")).to_be_visible()


def home(person: Newcomer):
    person.tap(person.page.get_by_role("link", name="Dugout", exact=True))


def open_league_and_invite(person: Newcomer) -> str:
    """The commissioner opens a league and a season, and makes an invitation; returns its code."""
    page = person.page
    home(person)
    person.tap(page.get_by_role("link", name="Create a league"))
    person.type(page.get_by_label("Name"), "Riverside League")
    person.tap(page.get_by_role("button", name="Create the league"))
    home(person)
    person.tap(page.get_by_role("link", name="Create a season in Riverside League"))
    person.type(page.get_by_label("Name"), "First season")
    person.tap(page.get_by_role("button", name="Open the season"))
    home(person)
    person.tap(page.get_by_role("link", name="Invite coaches to Riverside League"))
    person.tap(page.get_by_role("button", name="Create an invitation"))
    code = page.get_by_role("table").get_by_role("row").nth(1).get_by_role("cell").nth(1)
    return code.inner_text().strip()


def join_and_enter(person: Newcomer, code):
    page = person.page
    home(person)
    person.tap(page.get_by_role("link", name="Join a league with an invitation code"))
    person.type(page.get_by_label("Invitation code"), code)
    person.tap(page.get_by_role("button", name="Continue"))
    person.tap(page.get_by_role("button", name="Join the league"))
    enter_team(person)


def enter_team(person: Newcomer):
    page = person.page
    home(person)
    person.tap(page.get_by_role("link", name="Enter a team in First season"))
    person.tap(page.get_by_role("button", name="Enter the team"))
    expect(page.get_by_text("Your team is entered")).to_be_visible()


def accept_schedule_and_start(person: Newcomer):
    page = person.page
    home(person)
    person.tap(
        page.get_by_role("link", name=re.compile(r"^Accept the (\d+ entries|entry) waiting in First season"))
    )
    for team in (COMMISSIONER_TEAM, COACH_TEAM):
        person.tap(page.get_by_role("button", name=re.compile(rf"^Accept {team}")))
    home(person)
    person.tap(page.get_by_role("link", name="Schedule the fixtures of First season"))
    person.tap(page.get_by_role("button", name="Schedule the round robin"))
    expect(page.get_by_text(f"{COMMISSIONER_TEAM}")).to_be_visible()
    home(person)
    person.tap(page.get_by_role("link", name="Start First season"))
    person.tap(page.get_by_role("button", name="Start the season"))
    expect(page.get_by_text("The season has started")).to_be_visible()


def play_the_match(person: Newcomer):
    """The coach records the match at the table, every die rolled by Dugout, and submits the result."""
    page = person.page
    home(person)
    person.tap(page.get_by_role("button", name=re.compile(r"^Record .* with Dugout$")))
    person.tap(page.get_by_role("button", name="Roll the fan factors"))
    person.tap(page.get_by_role("button", name="Roll", exact=True))
    person.tap(page.get_by_role("button", name="Buy these inducements"))
    person.tap(page.get_by_role("button", name="Toss"))  # Dugout tosses; its winner chooses
    person.tap(page.get_by_role("button", name="Receive", exact=True))
    person.tap(page.get_by_role("button", name="Kick off"))
    person.tap(page.get_by_role("button", name=f"Touchdown · {COACH_TEAM}"))
    person.choose(page.get_by_label(re.compile("^Scorer")), index=1)
    person.tap(page.get_by_role("button", name="Save"))
    for end in ("half", "match"):
        person.tap(page.get_by_role("button", name="Kick off"))
        person.tap(page.get_by_text(f"End of the {end}"))
        person.tap(page.get_by_role("button", name=f"End the {end}"))
    person.tap(page.get_by_role("button", name="Roll the post-match dice"))
    person.tap(page.get_by_role("button", name="Submit the result to the league"))


def confirm(person: Newcomer):
    """The opponent confirms from their home page; the result applies itself to both rosters."""
    page = person.page
    home(person)
    person.tap(page.get_by_role("button", name=re.compile(r"^Confirm .*: \d+–\d+$")))
    expect(
        page.get_by_text("The result is confirmed and the match is applied to both teams.")
    ).to_be_visible()


def check_standings_and_roster(person: Newcomer):
    """The winner, still on their match page, sees the standings and their scorer's SPP on the roster."""
    page = person.page
    person.tap(page.get_by_role("link", name="Open the fixture"))
    person.tap(page.get_by_role("link", name="Standings"))
    row = page.get_by_role("table", name="Standings").get_by_role("row").filter(has_text=COACH_TEAM)
    expect(row.get_by_role("cell").nth(0)).to_have_text("1")
    person.tap(page.get_by_role("link", name="Teams", exact=True))
    person.tap(page.get_by_role("region", name="My teams").get_by_role("link", name=COACH_TEAM))
    # Brawlin' Brutes: 2 SPP for the touchdown, and 4 for the MVP whom Dugout drew.
    assert sum(spp_column(page)) == 2 + 4


def spp_column(page):
    """The SPP of every player on the team page's roster, read under its "SPP" heading."""
    sheet = page.locator(".roster-sheet")
    sheet.locator("thead th").first.wait_for()  # the team page may still be loading after the tap
    headings = sheet.locator("thead th").all_inner_texts()
    column = headings.index("SPP")
    rows = sheet.locator("tbody tr")
    return [int(rows.nth(row).locator("th, td").nth(column).inner_text()) for row in range(rows.count())]


def print_a_korean_sheet(person: Newcomer):
    page = person.page
    person.tap(page.get_by_role("link", name="Sheets"))
    picker = page.locator("form.sheet-picker")
    person.choose(picker.get_by_label("Sheet language"), value="ko")
    person.tap(picker.get_by_role("button", name="Open the sheet"))
    expect(page.locator(".sheet")).to_have_attribute("lang", "ko")
    person.tap(page.get_by_role("button", name="Download as PDF"))
    link = page.get_by_role("button", name="Download the PDF")
    expect(link).to_be_visible(timeout=90_000)
    with page.expect_download() as download:
        person.tap(link)
    assert download.value.suggested_filename.endswith("-ko-a4.pdf")


def test_two_newcomers_play_a_first_season_on_phones(new_context, base_url, celery_worker_process):
    taps = Taps()
    carla = arrives(new_context, base_url, taps)
    with taps.within("sign-up, commissioner", 6):
        sign_up(carla, "carla")
    with taps.within("draft, commissioner", 20):
        draft(carla, "Human", COMMISSIONER_TEAM)
    with taps.within("league and invitation", 14):
        code = open_league_and_invite(carla)
    with taps.within("commissioner enters their team", 4):
        enter_team(carla)

    ulla = arrives(new_context, base_url, taps)
    with taps.within("sign-up, coach", 6):
        sign_up(ulla, "ulla")
    with taps.within("draft, coach", 20):
        draft(ulla, "Orc", COACH_TEAM)
    with taps.within("joining with a code and entering a team", 20):
        join_and_enter(ulla, code)

    with taps.within("entries, scheduling and start", 10):
        accept_schedule_and_start(carla)
    with taps.within("the match and its result", 35):
        play_the_match(ulla)
        confirm(carla)
    with taps.within("checks", 6):
        check_standings_and_roster(ulla)
    with taps.within("a Korean sheet", 6):
        print_a_korean_sheet(carla)
    print(taps.report())
    assert taps.total <= SEASON_BUDGET, taps.report()
