"""Filling a draft to the minimum number of players in one tap: every team list of every edition can,
within its budget; one ledger entry, undone in one go; offered only while players are missing."""

from collections import Counter

import pytest

from rosters import ledger, lineup, services
from rulebook.edition import available_editions, get_edition
from tests.rosters.helpers import make_team

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
EVERY_LIST = [(edition, roster) for edition in available_editions() for roster in get_edition(edition).teams]


@pytest.fixture
def client_of(client, coach):
    client.force_login(coach)
    return client


@pytest.mark.parametrize(("edition", "roster"), EVERY_LIST)
def test_every_team_list_fills_to_a_legal_minimum(coach, edition, roster):
    rules = get_edition(edition).team(roster)
    choices = {
        "chosen_league": rules.leagues[0] if len(rules.leagues) > 1 else "",
        "chosen_rule": rules.special_rule_options[0] if rules.special_rule_options else "",
    }
    team = make_team(coach, roster=roster, edition=edition, **choices)
    hired = lineup.fill_to_minimum(team=team, actor=coach)
    minimum = get_edition(edition).settings.min_players
    assert len(hired) == minimum
    assert team.treasury >= 0
    assert not any(team.rules.position(p.position).big_guy for p in hired)
    team.refresh_from_db()
    assert services.draft_problems(team) == []
    assert len({p.name for p in hired}) == minimum


def test_linemen_come_first_then_the_cheapest_others(coach):
    # BB2020 Black Orcs: 12 Goblin Bruisers at most, so eleven of them.
    team = make_team(coach, roster="black_orc", edition="bb2020")
    assert Counter(lineup.minimum_lineup(team)) == {"goblin_bruiser_lineman": 11}
    team = make_team(coach, roster="human", name="Reikland", positions=["blitzer"] * 2)
    assert Counter(lineup.minimum_lineup(team)) == {"lineman": 9}


def test_nothing_is_offered_to_a_full_or_ready_team(coach):
    team = make_team(coach, positions=["lineman"] * 11)
    assert lineup.minimum_lineup(team) == []
    with pytest.raises(services.ValidationError):
        lineup.fill_to_minimum(team=team, actor=coach)


def test_hiring_several_is_all_or_nothing(coach):
    team = make_team(coach, positions=["ogre"])
    with pytest.raises(services.ValidationError, match="at most 1 of this position"):
        lineup.hire_players(team=team, actor=coach, positions=["lineman", "ogre"])
    assert team.players.count() == 1


def test_the_fill_is_one_change_undone_at_once(coach):
    team = make_team(coach, positions=["blitzer"])
    lineup.fill_to_minimum(team=team, actor=coach)
    team.refresh_from_db()
    assert (team.players.count(), team.treasury) == (11, 1_000_000 - 85_000 - 10 * 50_000)
    ledger.undo_latest(team, actor=coach)
    team.refresh_from_db()
    assert (team.players.count(), team.treasury) == (1, 915_000)


def test_the_panel_offers_the_fill_and_htmx_hires_them(client_of, coach):
    team = make_team(coach)
    html = client_of.get(f"/teams/{team.pk}/manage/").content.decode()
    assert "Add the 11 players the team still needs" in html
    assert "11 × Human Lineman, for 550,000 gp." in html
    html = client_of.post(f"/teams/{team.pk}/hire/", {"lineup": "minimum"}, **HTMX).content.decode()
    assert "Hired 11 players (11 × Human Lineman) for 550,000 gp." in html
    assert "players the team still needs" not in html
    assert team.players.count() == 11
