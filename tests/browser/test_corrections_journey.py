"""A coach finds a touchdown given to the wrong player three weeks later: they propose the correction on a
phone, read what it does to both teams, and the other coach accepts it; the match report then says what
was corrected (issue #24)."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE
from tests.browser.test_league import log_in
from tests.matches.corrections_league import fixtures_in_order, make_league, play, seeded_dice

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_correction_proposed_previewed_and_accepted_on_a_phone(new_context, base_url):
    _league, season, _teams, _commissioner = make_league(9)
    match = play(fixtures_in_order(season)[0], seeded_dice(9), touchdowns=[("home", 5)])
    home = new_context(viewport=PHONE).new_page()
    log_in(home, base_url, match.home_team.coach.username)
    home.goto(f"{base_url}/matches/{match.pk}/")

    home.get_by_role("link", name="Correct this match").click()
    home.get_by_text("Drive 1 (half 1)").click()
    home.get_by_label(re.compile(r"Touchdown .*: player$")).select_option(label="#3 Team 1 L3")
    home.get_by_label("Why the match is corrected").fill("The touchdown was scored by #3")
    home.get_by_role("button", name="Propose the correction").click()

    expect(home.get_by_test_id("correction-status")).to_contain_text("Proposed")
    expect(home.get_by_test_id("correction-edits")).to_contain_text("#5 Team 1 L5 → #3 Team 1 L3")
    team = home.get_by_test_id("correction-team").filter(has_text="Team 1")
    expect(team.get_by_text("#3 Team 1 L3")).to_be_visible()
    expect(team.get_by_text("SPP earned: 3 → 0")).to_be_visible()  # #5 loses the touchdown's 3 SPP
    expect(home.get_by_role("button", name="Accept and apply")).to_have_count(0)

    away = new_context(viewport=PHONE).new_page()
    log_in(away, base_url, match.away_team.coach.username)
    away.goto(f"{base_url}/matches/{match.pk}/")
    away.get_by_role("link", name=re.compile("Correction proposed by")).click()
    away.get_by_role("button", name="Accept and apply").click()
    expect(away.get_by_text("The correction is applied to both teams")).to_be_visible()
    expect(away.get_by_test_id("correction-status")).to_contain_text("Applied")

    away.get_by_role("link", name="Match report").click()
    corrected = away.get_by_test_id("report-corrections")
    expect(corrected).to_contain_text("The touchdown was scored by #3")
    expect(corrected).to_contain_text("#5 Team 1 L5 → #3 Team 1 L3")
