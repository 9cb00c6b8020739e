"""The pages wider than a phone in issues #22 and #26, on a 390 px phone, with the demo's data: each action
stays on the screen, and (the conftest's check, after the test) no page is wider than the phone."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from accounts.demo import DEMO_PASSWORD, create_demo_users
from league.demo import DEMO_SLUG, RUNNING_SEASON, create_demo_league
from league.models import Invitation, League, SeasonEntry
from matches.demo import create_demo_matches
from matches.models import Match
from rosters.demo import create_demo_teams
from rosters.models import Team
from tests.league.factories import make_entry

pytestmark = pytest.mark.django_db(transaction=True)


PHONE_WIDTH = 390


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": PHONE_WIDTH, "height": 844}}


@pytest.fixture
def demo():
    users = create_demo_users()
    create_demo_teams(users)
    league = create_demo_league(users)
    create_demo_matches(users)
    return users, league


def across_the_screen(locator):
    """`locator` lies within the phone's width: it shows without a sideways scroll (however far down)."""
    box = locator.bounding_box()
    assert box, locator
    assert 0 <= box["x"] <= box["x"] + box["width"] <= PHONE_WIDTH, (locator, box)


def log_in(page: Page, base_url, username):
    page.goto(f"{base_url}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label(re.compile(r"^Password:?$")).fill(DEMO_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()


def test_commissioner_pages_on_a_phone_keep_the_points_and_every_action_on_screen(page, base_url, demo):
    users, league = demo
    Invitation.objects.create(league=league, created_by=users["commissioner"], max_uses=5)
    season = League.objects.get(slug=DEMO_SLUG).seasons.get(name=RUNNING_SEASON)
    make_entry(season, name="Middenheim Marauders of the Long Name", status=SeasonEntry.Status.PENDING)
    log_in(page, base_url, "commissioner")

    page.goto(base_url + reverse("league:detail", args=[DEMO_SLUG]))
    standings = page.get_by_role("table", name="Standings")
    across_the_screen(standings.get_by_role("columnheader", name="Points"))
    across_the_screen(standings.get_by_role("row").nth(1).get_by_role("cell").last)

    page.goto(base_url + reverse("league:invitations", args=[DEMO_SLUG]))
    across_the_screen(page.get_by_role("button", name=re.compile("^Revoke the invitation")).first)
    across_the_screen(page.get_by_role("table").get_by_role("code").first)

    page.goto(base_url + reverse("league:entries", args=[season.pk]))
    for action in ("Accept", "Withdraw"):
        across_the_screen(page.get_by_role("button", name=f"{action} Middenheim Marauders of the Long Name"))

    page.goto(base_url + reverse("league:standings", args=[season.pk]))
    expect(page.get_by_role("table", name="Standings")).to_be_visible()


def test_coach_pages_on_a_phone_keep_every_action_on_screen(page, base_url, demo):
    users, _league = demo
    log_in(page, base_url, "coach_orc")
    for team in Team.objects.filter(coach=users["coach_orc"], edition="bb2020"):
        page.goto(base_url + reverse("rosters:manage", args=[team.pk]))
        verb = "Remove" if team.is_draft else "Fire"
        for action in (f"^{verb} ", "^Add a ", "^Let go: "):
            across_the_screen(page.get_by_role("button", name=re.compile(action)).first)

    played = Match.objects.get(status=Match.Status.APPLIED)
    page.goto(base_url + reverse("matches:report", args=[played.pk]))
    for summary in page.locator("main summary").all():
        summary.click()  # the dice rolled, step by step
    for row in page.locator("main tbody tr").all():
        across_the_screen(row)

    # The printable match sheet, from the report: every player of both teams, no wider than the phone.
    page.get_by_test_id("match-sheet-link").click()
    expect(
        page.get_by_role("heading", name=f"{played.home_team.name} – {played.away_team.name}")
    ).to_be_visible()
    expect(page.get_by_role("heading", name=f"{played.home_team.name}: players")).to_be_visible()
