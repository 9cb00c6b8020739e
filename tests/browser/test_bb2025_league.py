"""A BB2025 league on phones: two coaches draft BB2025 teams (the Orc coach nominates a Team Captain, the
Norse coach chooses a League), enter the league's season, and play their league match in Dugout up to
its applied result, with the BB2025 numbers on the pages: Brawlin' Brutes SPP (2 a touchdown), the
no-stalling bonus in the winnings, the MVP among six nominees (D6).

Each coach has a browser context of their own, a phone-sized one (390x844).
"""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from league.services import entries, scheduling, seasons
from league.services.leagues import create_league, create_season
from matches.models import Match
from rosters import services as rosters
from rosters.models import Team
from tests.browser.test_league import enter_team
from tests.factories import PASSWORD, UserFactory
from tests.rosters.helpers import nominate_a_captain

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}
ORCS, NORSE = "Ironjaw Brutes", "Skjold Raiders"
# The Orcs: 2 Blitzers (85,000), a Thrower (75,000), 8 Linemen (50,000) = 645,000 of 1,000,000.
ORC_DRAFT = [("Orc Blitzer", 2), ("Orc Thrower", 1), ("Orc Lineman", 8)]
NORSE_DRAFT = [("Norse Raider", 11)]


def on_a_phone(new_context, base_url, username) -> Page:
    page = new_context(viewport=PHONE).new_page()
    page.goto(f"{base_url}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label(re.compile(r"^Password:?$")).fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()
    return page


def draft(page: Page, base_url, *, roster, name, positions, league=None):
    """Draft a BB2025 team from the new-team form to ready, hiring `positions` [(name, count)]."""
    page.goto(f"{base_url}/teams/new/")
    page.get_by_label("Edition").select_option("bb2025")
    page.get_by_role("button", name="Show its team lists").click()
    page.get_by_label("Team list").select_option(roster)
    page.get_by_label("Team name").fill(name)
    if league:
        page.get_by_label(re.compile(r"^League:?$")).select_option(label=league)
    page.get_by_role("button", name="Create the team").click()
    expect(page.get_by_role("heading", name=name)).to_be_visible()
    players = page.locator("#budget > div").nth(2).locator("dd")
    hired = 0
    for position, count in positions:
        for _ in range(count):
            page.get_by_role("button", name=f"Add a {position}").click()
            hired += 1
            expect(players).to_have_text(str(hired))


def mark_ready(page: Page, name):
    page.get_by_role("button", name="Mark ready").click()
    expect(page).to_have_url(re.compile(r"/teams/\d+/$"))
    expect(page.get_by_role("heading", name=name)).to_be_visible()
    expect(page.get_by_role("status").filter(has_text="Team marked ready.")).to_be_visible()


def other_teams(commissioner, season):
    """Two more BB2025 teams (a season of BB2025 needs 4), entered and accepted."""
    for roster, lineman, name in (
        ("human", "lineman", "Altdorf Amblers"),
        ("orc", "orc_lineman", "Gutrippers"),
    ):
        coach = UserFactory()
        team = rosters.create_team(coach=coach, roster=roster, name=name, edition="bb2025")
        for index in range(11):
            rosters.hire_player(team=team, actor=coach, position=lineman, name=f"{name} {index + 1}")
        nominate_a_captain(team, coach)
        rosters.mark_ready(team=team, actor=coach)
        entries.accept_entry(
            entry=entries.register_team(season=season, team=team, user=coach), by=commissioner
        )


def test_two_coaches_play_a_bb2025_league_match_on_phones(new_context, base_url):
    carla = UserFactory(username="carla")
    UserFactory(username="grom", display_name="Grom")
    UserFactory(username="sven", display_name="Sven")
    league = create_league(name="Badlands Bowl", created_by=carla, game="blood_bowl", edition="bb2025")
    season = create_season(league=league, name="Spring", by=carla)
    season_url = base_url + reverse("league:season", args=[season.pk])
    grom = on_a_phone(new_context, base_url, "grom")
    sven = on_a_phone(new_context, base_url, "sven")

    # The Orc coach drafts, nominates the Team Captain (Pro at no cost) and marks the team ready.
    draft(grom, base_url, roster="orc", name=ORCS, positions=ORC_DRAFT)
    # BB2025: "When drafting, one player [...] is named Team Captain": the draft is not ready without one.
    expect(grom.locator("#draft-problems")).to_contain_text("The team needs a Team Captain")
    expect(grom.get_by_role("button", name="Mark ready")).to_be_disabled()
    captain = grom.locator("#team-captain")
    expect(captain).to_contain_text("No Team Captain nominated.")
    captain.get_by_label("Team Captain").select_option(index=0)
    captain.get_by_role("button", name="Nominate").click()
    expect(grom.locator("#team-captain")).to_contain_text("(Pro, at no cost)")
    expect(grom.locator("#budget > div").first.locator("dd")).to_have_text("355,000")
    mark_ready(grom, ORCS)
    # The Norse team list plays in two Leagues: the coach chooses one.
    draft(sven, base_url, roster="norse", name=NORSE, positions=NORSE_DRAFT, league="Old World Classic")
    mark_ready(sven, NORSE)
    orcs, norse = Team.objects.get(name=ORCS), Team.objects.get(name=NORSE)
    assert (orcs.edition, norse.edition, norse.chosen_league) == ("bb2025", "bb2025", "old_world_classic")
    assert orcs.captain is not None

    # Both enter the season; the commissioner accepts them and draws the round robin.
    enter_team(grom, season_url)
    enter_team(sven, season_url)
    for entry in season.entries.filter(status="pending"):
        entries.accept_entry(entry=entry, by=carla)
    other_teams(carla, season)
    scheduling.schedule_round_robin(season=season, by=carla)
    seasons.start_season(season=season, by=carla)

    # The Orc coach opens the game from the season page and plays it with Dugout.
    grom.goto(season_url)
    fixture = rf"(?:{ORCS} – {NORSE}|{NORSE} – {ORCS})"
    grom.get_by_role("link", name=re.compile(rf"^Round \d+ · {fixture}$")).click()
    grom.get_by_role("button", name="Play this match with Dugout").click()
    expect(grom.get_by_test_id("edition")).to_have_text("Blood Bowl (2025 edition)")
    match = Match.objects.get()
    orc_side = "home" if match.home_team_id == orcs.pk else "away"
    norse_side = "away" if orc_side == "home" else "home"

    # Pre-match: Dedicated Fans 1 + D3 (2 and 3), weather, no journeymen, no inducements, kicking.
    grom.get_by_label("Home dice (optional)").fill("2")
    grom.get_by_label("Away dice (optional)").fill("3")
    grom.get_by_role("button", name="Roll the fan factors").click()
    grom.get_by_label("Dice (optional)").fill("3 4")
    grom.get_by_role("button", name="Roll").click()
    # No journeymen needed: that step is done with the weather.
    grom.get_by_role("button", name="Buy these inducements").click()  # one form: both teams buy nothing
    grom.get_by_label("Who won the toss").select_option("home")
    grom.get_by_role("button", name="Toss").click()
    grom.get_by_role("button", name="Kick", exact=True).click()

    # Drive 1: an Orc touchdown by the Captain (#1, a Blitzer); then both halves end.
    grom.get_by_label("Kick-off event 2D6 (optional)").fill("3 4")
    grom.get_by_role("button", name="Kick off").click()
    grom.get_by_test_id(f"quick-{orc_side}").get_by_role("button", name="Touchdown").click()
    scorer = orcs.players.get(number=1)
    grom.get_by_test_id("quick-form").get_by_label(re.compile("^Scorer")).select_option(label=str(scorer))
    grom.get_by_role("button", name="Save").click()
    expect(grom.get_by_test_id("score")).to_have_text("1 – 0" if orc_side == "home" else "0 – 1")
    for end in ("half", "match"):
        grom.get_by_label("Kick-off event 2D6 (optional)").fill("3 4")
        grom.get_by_role("button", name="Kick off").click()
        grom.get_by_text(f"End of the {end}").click()
        grom.get_by_role("button", name=f"End the {end}").click()

    # Post-match: the Norse stalled; six nominees each, the MVP on a D6 (1: the first nominee).
    grom.get_by_label(f"{NORSE}: a player was Stalling during the match").check()
    for team in (ORCS, NORSE):
        nominees = grom.get_by_role("group", name=re.compile(rf"^{team}: the 6 players nominated"))
        for index in range(6):
            nominees.get_by_role("checkbox").nth(index).check()
        grom.get_by_label(f"{team}: MVP D6").fill("1")
        grom.get_by_label(f"{team}: dedicated fans die").fill("3")
        grom.get_by_label(f"{team}: expensive mistake D6").fill("6")
    grom.get_by_role("button", name="Roll the post-match dice").click()
    grom.get_by_role("button", name="Submit the result to the league").click()

    # The Norse coach confirms the result in the league, which applies it to both teams; the Orc
    # coach's match page says so and opens the report.
    fixture_url = base_url + reverse("league:fixture", args=[match.fixture_id])
    sven.goto(fixture_url)
    sven.get_by_role("button", name="Confirm the result").click()
    expect(
        sven.get_by_text("The result is confirmed and the match is applied to both teams.")
    ).to_be_visible()
    grom.goto(base_url + reverse("matches:detail", args=[match.pk]))
    expect(grom.get_by_test_id(f"result-progress-{match.fixture_id}")).to_contain_text(
        "Applied to both teams"
    )
    grom.get_by_role("button", name="Match report").click()
    expect(grom.get_by_test_id(f"stalled-{norse_side}")).to_have_text("yes: no bonus")
    expect(grom.get_by_test_id(f"stalled-{orc_side}")).to_have_text("no")
    match.refresh_from_db()
    assert match.status == Match.Status.APPLIED
    # Winnings: (3 + 4) / 2 x 10,000 = 35,000 each, + 10,000 a touchdown, + 10,000 if nobody stalled.
    winnings = grom.locator("dt", has_text="Winnings").locator("+ dd")
    orc_index, norse_index = (0, 1) if orc_side == "home" else (1, 0)
    expect(winnings.nth(orc_index)).to_have_text("55,000")
    expect(winnings.nth(norse_index)).to_have_text("35,000")
    # Brawlin' Brutes: the touchdown earns 2 SPP (not 3); the MVP (the first nominee) 4 more.
    row = grom.get_by_role("row").filter(has_text=scorer.name)
    expect(row.get_by_role("cell").last).to_have_text("2")
    expect(grom.get_by_test_id(f"mvp-{orc_side}")).to_contain_text(scorer.name)
    scorer.refresh_from_db()
    assert scorer.spp_earned == 6
