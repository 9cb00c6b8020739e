"""Pages whose query count must not grow with the number of players or teams."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from rosters import ledger
from rosters.models import LedgerEntry
from tests.factories import UserFactory
from tests.rosters.helpers import get_player, give_spp, make_team

pytestmark = pytest.mark.django_db


def _queries(client, url):
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200
    return len(captured)


def _team_of(coach, count, name):
    team = make_team(
        coach, name=name, positions=["lineman"] * (count - 2) + ["blitzer", "catcher"], ready=True
    )
    player = give_spp(team, get_player(team, "blitzer"), 6)
    with ledger.change(team, actor=coach, kind=LedgerEntry.Kind.INJURY, players=[player]):
        player.lasting_injuries = ["head_injury"]
        player.miss_next_game = True
    return team


@pytest.mark.parametrize("as_coach", [False, True], ids=["visitor", "coach"])
def test_team_page_queries_do_not_grow_with_the_players(client, coach, as_coach):
    small, large = _team_of(coach, 11, "Small"), _team_of(coach, 16, "Large")
    if as_coach:
        client.force_login(coach)
    assert _queries(client, f"/teams/{small.pk}/") == _queries(client, f"/teams/{large.pk}/")
    assert _queries(client, f"/teams/{large.pk}/?ledger=all") == _queries(
        client, f"/teams/{small.pk}/?ledger=all"
    )


def test_team_page_queries_of_a_visitor_are_few(client, coach):
    team = _team_of(coach, 16, "Large")
    # session-less visitor: the team with its coach, the players, the ledger with its actors, the League
    # Trophies it holds, the divisions it won.
    assert _queries(client, f"/teams/{team.pk}/") == 5


def test_draft_page_queries_do_not_grow_with_the_players(client, coach):
    small = make_team(coach, name="Small", positions=["lineman"] * 2)
    large = make_team(coach, name="Large", positions=["lineman"] * 14)
    client.force_login(coach)
    assert _queries(client, f"/teams/{small.pk}/manage/") == _queries(client, f"/teams/{large.pk}/manage/")


def test_team_list_queries_do_not_grow_with_the_teams(client, coach):
    make_team(coach, name="Only")
    client.force_login(coach)
    one = _queries(client, "/teams/")
    for number in range(8):
        make_team(UserFactory(username=f"c{number}"), name=f"Team {number}")
        make_team(coach, name=f"Mine {number}")
    assert _queries(client, "/teams/") == one
