"""The inducements form of the pre-match page: priced inducements by the count, the people hired by name
(star players, famous coaching staff, wizards) as checkboxes in folded groups, the team's budget with
the items it cannot afford marked, and a page whose query count does not grow with the offer.

The teams are those of tests/matches/conftest.py: the Reavers (home, treasury 155,000) are the
favourite and buy first; the Bashers (away) are the underdog with 295,000 petty cash.
"""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from matches.services import prematch
from rosters import services as rosters
from rulebook.edition import get_edition
from tests.matches.conftest import to_inducements

pytestmark = pytest.mark.django_db


@pytest.fixture
def shop(match, home_coach):
    """The match at the inducements step, the favourite (home) buying first."""
    to_inducements(match, home_coach)
    return match


def _page(client, match, user):
    client.force_login(user)
    return client.get(reverse("matches:detail", args=[match.pk])).text


def _part(html, start, end):
    """The HTML from the first `start` to the next `end` after it."""
    return html.split(start, 1)[1].split(end, 1)[0]


def _row(html, label):
    """The inducement row whose label holds `label`, from the end of its class name on."""
    return next(row for row in html.split('class="inducement-row')[1:] if label in row)


def test_inducements_page_when_buying_groups_counts_and_people_hired_by_name(client, shop, home_coach):
    html = _page(client, shop, home_coach)
    offered = prematch.catalogue(shop, "home")
    stars = sum(1 for item in offered if item["id"] == "star_player")

    counts = _part(html, 'data-testid="group-home-inducements"', "</fieldset>")
    assert "Bribe (100,000)" in counts
    assert 'type="number" name="home-bribe"' in counts
    assert "up to 3" in _row(counts, "Bribe (100,000)")
    assert "star_player" not in counts
    star_group = _part(html, 'data-testid="group-home-star"', "</details>")
    assert f"Star players <small>({stars} available)</small>" in star_group
    assert 'type="checkbox" name="home-star_player:cindy_piewhistle" value="1"' in star_group
    assert "Up to two star players" in star_group  # the rules text of the group
    assert 'data-testid="group-home-star" open' not in html  # folded until opened
    assert "Josef Bugman (100,000)" in _part(html, 'data-testid="group-home-famous_staff"', "</details>")
    assert "Hireling Sports-Wizard (150,000)" in _part(html, 'data-testid="group-home-wizard"', "</details>")
    order = ["group-home-inducements", "group-home-star", "group-home-famous_staff", "group-home-wizard"]
    order += ["mercenaries-home", "side-bet-home", "Buy these inducements"]
    assert [html.index(marker) for marker in order] == sorted(html.index(marker) for marker in order)


def test_inducements_page_when_buying_shows_the_budget_and_prices_for_the_total(client, shop, home_coach):
    html = _page(client, shop, home_coach)

    assert "Budget: <strong>155,000</strong>" in _part(html, 'data-testid="budget-home"', "</p>")
    assert 'data-budget="155000"' in html
    assert 'data-price="100000"' in _row(html, "Bribe (100,000)")
    assert 'data-price="50000"' in _row(html, "Cindy Piewhistle")
    assert '<option value="blitzer" data-price="115000">' in html  # a mercenary: roster cost + 30,000


def test_inducements_page_when_an_item_costs_more_than_the_budget_marks_it(client, shop, home_coach):
    html = _page(client, shop, home_coach)

    for label in ("Mercenary Giant (350,000)", "Halfling Master Chef (300,000)", "Deeproot Strongbranch"):
        row = _row(html, label)
        assert row.startswith(' over-budget"')
        assert "over budget" in row.split("</label>", 1)[0].split("<input", 1)[0]
    for label in ("Bribe (100,000)", "Cindy Piewhistle", "Josef Bugman (100,000)"):
        assert not _row(html, label).startswith(' over-budget"')


def test_inducements_post_when_an_item_over_budget_is_chosen_buys_nothing(client, shop, home_coach):
    client.force_login(home_coach)
    response = client.post(
        reverse("matches:inducements", args=[shop.pk, "home"]), {"home-giant": "1"}, follow=True
    )

    assert "These inducements cost more than the team may spend." in response.text
    shop.refresh_from_db()
    assert shop.home_inducements_done is False
    assert shop.home_inducements == []


def test_inducements_post_when_a_star_is_ticked_buys_it(client, shop, home_coach, away_coach):
    prematch.buy_inducements(shop, side="home", counts={}, user=home_coach)
    client.force_login(away_coach)
    price = get_edition("bb2020").star_players["cindy_piewhistle"].cost

    response = client.post(
        reverse("matches:inducements", args=[shop.pk, "away"]),
        {"away-star_player:cindy_piewhistle": "1", "away-bribe": "1"},  # a ticked box posts "1"
    )

    assert response.status_code == 302
    shop.refresh_from_db()
    assert shop.away_inducements == [
        {"id": "bribe", "choice": "", "count": 1, "price": 100_000},
        {"id": "star_player", "choice": "cindy_piewhistle", "count": 1, "price": price},
    ]
    assert shop.away_inducements_done is True


def test_inducements_post_when_a_checkbox_is_forged_to_two_buys_nothing(client, shop, home_coach):
    client.force_login(home_coach)
    response = client.post(
        reverse("matches:inducements", args=[shop.pk, "home"]),
        {"home-famous_coaching_staff:josef_bugman": "2"},
        follow=True,
    )

    assert "less than or equal to 1" in response.text
    shop.refresh_from_db()
    assert shop.home_inducements_done is False


def _team_of(coach, *, roster, name):
    """A ready team of 11 linemen of `roster` (their position's id ends in "lineman")."""
    team = rosters.create_team(coach=coach, roster=roster, name=name, edition="bb2020")
    lineman = next(position.id for position in team.rules.positions if position.id.endswith("lineman"))
    for index in range(11):
        rosters.hire_player(team=team, actor=coach, position=lineman, name=f"{name} L{index + 1}")
    rosters.mark_ready(team=team, actor=coach)
    team.refresh_from_db()
    return team


def _shop_of(roster, home_coach, away_team):
    match = prematch.create_match(
        home_team=_team_of(home_coach, roster=roster, name=roster.title()),
        away_team=away_team,
        created_by=home_coach,
    )
    to_inducements(match, home_coach)
    return match


def test_inducements_page_query_count_when_many_items_are_offered_stays_the_same(
    client, home_coach, away_team, django_assert_num_queries
):
    few, many = _shop_of("shambling_undead", home_coach, away_team), _shop_of("ogre", home_coach, away_team)
    assert len(prematch.catalogue(many, "home")) >= len(prematch.catalogue(few, "home")) + 15
    client.force_login(home_coach)
    with CaptureQueriesContext(connection) as queries:
        assert "Star players" in client.get(reverse("matches:detail", args=[few.pk])).text

    with django_assert_num_queries(len(queries)):
        html = client.get(reverse("matches:detail", args=[many.pk])).text
    assert "Star players" in html


def test_inducements_page_when_both_teams_buy_gives_each_part_its_own_budget(client, shop, home_coach):
    html = _page(client, shop, home_coach)

    home = _part(html, 'data-testid="inducements-home"', "</fieldset>\n</fieldset>")
    away = html.split('data-testid="inducements-away"', 1)[1]
    spendable = sum(prematch.budget(shop, "away").values())
    assert 'data-budget="155000"' in html.split('data-testid="inducements-home"', 1)[0][-200:]
    assert f'data-budget="{spendable}"' in html.split('data-testid="inducements-away"', 1)[0][-200:]
    assert "<legend><h3>Reavers</h3></legend>" in home
    assert "<legend><h3>Bashers</h3></legend>" in away
    assert html.count("data-total hidden") == 2  # a running total per team, each against its budget
