"""A whole league season in the browser: a commissioner opens it, four coaches enter teams and settle
their results (one disputed, one corrected), a no-show costs points, the playoffs crown a champion and
finishing the season pays the prizes.

Each person has a browser context of their own, logged in once, as people at different computers are.
"""

import re

import pytest
from playwright.sync_api import Page, expect

from rulebook.edition import get_edition
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

COMMISSIONER = "carla"
TEAMS = {
    "hilda": "Reikland Reavers",
    "otto": "Gouged Eye",
    "gretl": "Bright Crusaders",
    "ulf": "Orcland Raiders",
}
ROUND_ROBIN_ROUNDS = len(TEAMS) - 1
POINTS_COLUMN = 8  # #, Team, P, W, D, L, TD, CAS, Points (the league has no bonus points)


def log_in(page: Page, base_url, username):
    page.goto(f"{base_url}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label(re.compile(r"^Password:?$")).fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()


def signed_in(new_context, base_url, username) -> Page:
    """A browser of its own for `username`, logged in."""
    page = new_context().new_page()
    log_in(page, base_url, username)
    return page


def gold_text(amount):
    """Gold pieces as the pages write them in English (100,000)."""
    return f"{amount:,}"


def either_way(team, other):
    """A fixture's name, whichever team is at home."""
    return f"(?:{re.escape(team)} – {re.escape(other)}|{re.escape(other)} – {re.escape(team)})"


# The commissioner's side.


def open_league_and_season(page: Page, base_url):
    page.goto(f"{base_url}/leagues/")
    page.get_by_role("button", name="Create a league").click()
    page.get_by_label("Name").fill("Browser Bowl")
    # The teams of this test are BB2020 teams: the league plays their edition (the form proposes the
    # newest).
    page.get_by_label("Game").select_option("blood_bowl")
    page.get_by_label("Edition").select_option("bb2020")
    page.get_by_role("button", name="Create the league").click()
    expect(page.get_by_text("The league Browser Bowl is ready.")).to_be_visible()
    page.get_by_role("button", name="New season").click()
    page.get_by_label("Name").fill("Spring")
    page.get_by_role("button", name="Open the season").click()
    expect(page.get_by_role("heading", name="Spring")).to_be_visible()
    return page.url


def accept_entries_schedule_and_start(page: Page, season_url):
    page.goto(season_url)
    page.get_by_role("button", name="Entries").click()
    for _entry in TEAMS:
        page.get_by_role("button", name="Accept").first.click()
    expect(page.get_by_role("button", name="Accept")).to_have_count(0)
    page.goto(season_url)
    page.get_by_role("button", name="Scheduling").click()
    page.get_by_role("button", name="Schedule the round robin").click()
    expect(page.get_by_text("The round robin is scheduled: 3 rounds.")).to_be_visible()
    # The page lists what it made; the season starts only when the commissioner says so.
    expect(page.get_by_role("heading", name="6 fixtures scheduled")).to_be_visible()
    page.get_by_role("button", name="Start the season").click()
    expect(page.get_by_text("The season has started")).to_be_visible()


def open_fixture_from_the_list(page: Page, season_url, team, other):
    """The commissioner finds a game on the season's fixtures and results, every round shown."""
    page.goto(season_url)
    page.get_by_role("link", name="Fixtures and results").click()
    page.get_by_role("link", name="All rounds").click()
    row = page.get_by_role("row").filter(has_text=team).filter(has_text=other)
    row.get_by_role("link").click()


def set_the_score(page: Page, scores):
    page.get_by_text("Set the score").click()
    for team, touchdowns in scores.items():
        page.get_by_label(f"{team} touchdowns").fill(str(touchdowns))
    page.get_by_role("button", name="Set and confirm").click()
    expect(page.get_by_text("The result is set and confirmed.")).to_be_visible()


def pair_next_playoff_round(page: Page, season_url):
    page.goto(season_url)
    page.get_by_role("button", name="Scheduling").click()
    page.get_by_role("button", name="Pair the next playoff round").click()


# The coaches' side.


def enter_team(page: Page, season_url):
    page.goto(season_url)
    page.get_by_role("button", name="Enter a team").click()
    page.get_by_label("Team").select_option(index=1)
    page.get_by_role("button", name="Enter the team").click()
    expect(page.get_by_text("Your team is entered")).to_be_visible()


def enter_team_from_the_league_page(page: Page, season_url):
    """A coach who joined reads on the league's page that teams are entering, and enters one there."""
    page.goto(season_url)
    page.get_by_role("navigation", name="League").get_by_role("link", name="Browser Bowl").click()
    entering = page.get_by_role("region", name="Enter a team")
    entering.get_by_label("Team").select_option(index=1)
    entering.get_by_role("button", name="Enter the team").click()
    expect(page.get_by_text("Your team is entered")).to_be_visible()
    expect(page.get_by_text("is entered and waits for a commissioner to accept it.")).to_be_visible()


def submit_score(page: Page, season_url, scores, *, round_number=None):
    """A coach opens their game from the season page ("Your fixtures") and submits `scores`
    ({team: touchdowns}); returns the fixture's address for the opponent."""
    team, other = scores
    round_name = rf"Round {round_number}" if round_number else r"Round \d+"
    page.goto(season_url)
    page.get_by_role("link", name=re.compile(rf"^{round_name} · {either_way(team, other)}$")).click()
    for side, touchdowns in scores.items():
        page.get_by_label(f"{side} touchdowns").fill(str(touchdowns))
    page.get_by_role("button", name="Submit", exact=True).click()
    expect(page.get_by_text("The result was submitted")).to_be_visible()
    return page.url


def confirm_result(page: Page, fixture_url):
    page.goto(fixture_url)
    page.get_by_role("button", name="Confirm the result").click()
    expect(page.get_by_text("The result is confirmed.")).to_be_visible()


def dispute_result(page: Page, fixture_url, comment):
    page.goto(fixture_url)
    page.get_by_text("Dispute the result").click()
    page.get_by_label("What is wrong?").fill(comment)
    page.get_by_role("button", name="Dispute", exact=True).click()
    expect(page.get_by_text("The result is disputed; a commissioner will decide.")).to_be_visible()


def open_own_team(page: Page, team):
    page.get_by_role("navigation").get_by_role("link", name="Teams", exact=True).click()
    page.get_by_role("region", name="My teams").get_by_role("link", name=team).click()
    expect(page.get_by_role("heading", name=team)).to_be_visible()


def treasury(page: Page):
    """The treasury shown in the team's summary, in gold pieces."""
    amount = page.locator("dl.team-summary dt", has_text="Treasury").locator("+ dd").inner_text()
    return int(re.sub(r"[^\d-]", "", amount))


# What everyone reads.


def expect_standing(page: Page, team, *, position, points):
    """`team` stands at `position` with `points` (an adjustment marker may follow the points)."""
    row = page.get_by_role("table", name="Standings").get_by_role("row").filter(has_text=team)
    cells = row.get_by_role("cell")
    expect(cells.nth(0)).to_have_text(str(position))
    expect(cells.nth(POINTS_COLUMN)).to_have_text(re.compile(rf"^{points}(\s|$)"))


def test_a_commissioner_runs_a_season_through_playoffs_to_its_prizes(new_context, base_url):
    from tests.league.factories import make_team

    league_rules = get_edition("bb2020").settings.league
    UserFactory(username=COMMISSIONER, display_name="Carla")
    for username, team in TEAMS.items():
        make_team(coach=UserFactory(username=username, display_name=username.title()), name=team)
    carla = signed_in(new_context, base_url, COMMISSIONER)
    hilda, otto, gretl, ulf = (signed_in(new_context, base_url, username) for username in TEAMS)
    reavers, gouged, crusaders, raiders = TEAMS.values()

    # The commissioner opens the season, the coaches enter their ready teams, the round robin is drawn.
    season_url = open_league_and_season(carla, base_url)
    enter_team_from_the_league_page(hilda, season_url)
    for coach in (otto, gretl, ulf):
        enter_team(coach, season_url)
    accept_entries_schedule_and_start(carla, season_url)

    # A coach submits, the opponent confirms, the standings show it.
    fixture_url = submit_score(hilda, season_url, {reavers: 2, gouged: 1})
    confirm_result(otto, fixture_url)
    otto.get_by_role("link", name="Standings").click()
    expect_standing(otto, reavers, position=1, points=league_rules.points.win)

    for scores, submitter, opponent in (
        ({reavers: 1, crusaders: 0}, gretl, hilda),
        ({reavers: 2, raiders: 0}, ulf, hilda),
        ({gouged: 1, crusaders: 1}, otto, gretl),
        # Entered the wrong way round, and confirmed by mistake: the commissioner corrects it below.
        ({gouged: 0, raiders: 1}, ulf, otto),
    ):
        confirm_result(opponent, submit_score(submitter, season_url, scores))

    # A disputed result: the commissioner finds it among the results to decide and sets the score.
    fixture_url = submit_score(gretl, season_url, {crusaders: 1, raiders: 0})
    dispute_result(ulf, fixture_url, "It ended 1-1: the second touchdown was ours.")
    carla.goto(season_url)
    carla.get_by_role("button", name="Results to decide (1)").click()
    carla.get_by_role("link", name=re.compile(either_way(crusaders, raiders))).click()
    expect(carla.get_by_text("It ended 1-1")).to_be_visible()
    set_the_score(carla, {crusaders: 1, raiders: 1})
    expect(carla.get_by_text("decided by Carla")).to_be_visible()

    carla.get_by_role("link", name="Standings").click()
    expect_standing(carla, raiders, position=2, points=4)
    expect_standing(carla, gouged, position=4, points=1)

    # A confirmed result reopened and corrected: the standings follow.
    open_fixture_from_the_list(carla, season_url, gouged, raiders)
    carla.get_by_label("Reason").fill("The scores were entered the wrong way round.")
    carla.get_by_role("button", name="Reopen the result").click()
    expect(carla.get_by_text("The result is reopened and no longer counts.")).to_be_visible()
    set_the_score(carla, {gouged: 2, raiders: 1})
    carla.get_by_role("link", name="Standings").click()
    expect_standing(carla, gouged, position=2, points=4)
    expect_standing(carla, crusaders, position=3, points=2)
    expect_standing(carla, raiders, position=4, points=1)

    # A no-show: the preset docks the rulebook's penalty, shown as a marker and a reason.
    penalty = league_rules.no_show_penalty
    carla.goto(season_url)
    carla.get_by_role("button", name="Points adjustments").click()
    carla.get_by_label("Team").select_option(label=crusaders)
    carla.get_by_role("button", name=f"No-show (-{penalty})").click()
    expect(carla.get_by_text(f"{crusaders} loses {penalty} league points.")).to_be_visible()
    carla.get_by_role("link", name="Standings").click()
    expect_standing(carla, raiders, position=3, points=1)
    expect_standing(carla, crusaders, position=4, points=2 - penalty)
    marker = carla.get_by_role("row").filter(has_text=crusaders).get_by_role("link", name=f"-{penalty}")
    expect(marker).to_be_visible()
    notes = carla.get_by_role("region", name="Points adjustments")
    expect(notes.get_by_role("term")).to_have_text(crusaders)
    expect(notes.get_by_role("definition")).to_contain_text(f"-{penalty}: No-show")

    # Playoffs of the top four: semi-finals, then the final, until there is a champion.
    carla.goto(season_url)
    carla.get_by_role("button", name="Scheduling").click()
    carla.get_by_label("Teams in the playoffs").fill("4")
    carla.get_by_role("button", name="Draw the bracket from the standings").click()
    expect(carla.get_by_text("The playoff bracket is drawn.")).to_be_visible()
    semi_finals = ROUND_ROBIN_ROUNDS + 1
    for scores, submitter, opponent in (
        ({reavers: 2, crusaders: 0}, hilda, gretl),
        ({gouged: 1, raiders: 0}, otto, ulf),
    ):
        confirm_result(opponent, submit_score(submitter, season_url, scores, round_number=semi_finals))
    pair_next_playoff_round(carla, season_url)
    expect(carla.get_by_text("The next playoff round is paired.")).to_be_visible()
    final_url = submit_score(otto, season_url, {reavers: 1, gouged: 0}, round_number=semi_finals + 1)
    expect(otto.get_by_text("Playoff")).to_be_visible()
    confirm_result(hilda, final_url)
    pair_next_playoff_round(carla, season_url)
    expect(carla.get_by_text(f"The final is played: {reavers} won the playoffs.")).to_be_visible()

    # Finishing the season pays the prizes into the treasuries and gives the League Trophy.
    open_own_team(hilda, reavers)
    treasury_before = treasury(hilda)
    carla.goto(season_url)
    carla.get_by_role("button", name="Finish the season").click()
    expect(carla.get_by_text("The season is finished; the prizes are in the treasuries.")).to_be_visible()
    prizes = league_rules.prizes
    prizes_won = carla.locator("#prizes").get_by_role("listitem")
    expect(prizes_won).to_have_text(
        [
            f"1st: {reavers} won {gold_text(prizes.first)} gp and the League Trophy.",
            f"2nd: {gouged} won {gold_text(prizes.second)} gp.",
            f"3rd: {raiders} won {gold_text(prizes.third)} gp.",
        ]
    )
    holder = f"League Trophy: held by {reavers}, champion of Spring."
    carla.get_by_role("link", name="Standings").click()
    expect(carla.get_by_text(holder)).to_be_visible()
    carla.get_by_role("navigation", name="League").get_by_role("link", name="Browser Bowl").click()
    expect(carla.get_by_text(holder)).to_be_visible()

    hilda.reload()
    expect(hilda.get_by_text("Holds the League Trophy of Browser Bowl.")).to_be_visible()
    assert treasury(hilda) - treasury_before == prizes.first
