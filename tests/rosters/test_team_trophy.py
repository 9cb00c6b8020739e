"""The team page names the League Trophy the team holds, in one query whatever it holds."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.models import Season
from league.services.leagues import set_season_status
from tests.factories import UserFactory
from tests.league.factories import make_entry, make_league, make_season, play

pytestmark = pytest.mark.django_db


def _champion(*, public=True, name="Old World League", slug="old-world"):
    """A finished season whose champion (returned, a SeasonEntry) holds the league's trophy."""
    commissioner = UserFactory()
    league = make_league(commissioner=commissioner, name=name, slug=slug, public=public)
    season, _entries = make_season(league)
    champion = make_entry(season, name=f"Champions {slug}")
    play(season, champion, make_entry(season), 2, 0)
    set_season_status(season=season, status=Season.Status.FINISHED, by=commissioner)
    return champion


def _page(client, team_id):
    with CaptureQueriesContext(connection) as captured:
        response = client.get(f"/teams/{team_id}/")
    assert response.status_code == 200
    return response.content.decode(), len(captured)


def test_team_page_names_the_league_trophy_the_team_holds(client):
    champion = _champion()

    content, _count = _page(client, champion.team_id)

    assert "Holds the League Trophy of" in content
    assert 'href="/leagues/old-world/"' in content


def test_team_page_of_a_team_without_trophy_says_nothing_of_one(client):
    champion = _champion()
    runner_up = champion.season.entries.exclude(pk=champion.pk).get()

    content, _count = _page(client, runner_up.team_id)

    assert "League Trophy" not in content


def test_team_page_shows_a_private_leagues_trophy_to_the_coach_only(client):
    champion = _champion(public=False, name="Secret Cup", slug="secret-cup")

    visitor, _count = _page(client, champion.team_id)
    client.force_login(champion.coach)
    coach, _count = _page(client, champion.team_id)

    # (the ledger's prize line names the league to anyone already; the trophy links to its page)
    assert "Holds the League Trophy of" not in visitor
    assert 'href="/leagues/secret-cup/"' not in visitor
    assert "Holds the League Trophy of" in coach
    assert 'href="/leagues/secret-cup/"' in coach


def test_team_page_queries_do_not_grow_with_the_trophies_held(client):
    one = _champion()
    _content, with_one = _page(client, one.team_id)
    team = one.team
    for number in range(3):
        other = _champion(name=f"Cup {number}", slug=f"cup-{number}")
        other.team = team  # the same roster team wins every other league too
        other.save(update_fields=["team"])

    content, with_four = _page(client, team.pk)

    assert content.count("Holds the League Trophy of") == 4
    assert with_four == with_one
