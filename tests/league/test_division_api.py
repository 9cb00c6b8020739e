"""The API knows divisions: a season lists its divisions, each standings row and team names its division
(and the row its place in it), null in a season of one table."""

import pytest
from django.core.cache import cache
from django.urls import reverse

from league.models import Season
from league.services import divisions as division_services
from tests.league.factories import make_entry, make_league, make_season, play

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_counts():
    """The throttle's windows live in the shared cache."""
    cache.clear()


def _two_divisions(commissioner):
    league = make_league(commissioner=commissioner)
    season, _none = make_season(league, status=Season.Status.REGISTRATION)
    north = division_services.create_division(season=season, by=commissioner, name="North")
    south = division_services.create_division(season=season, by=commissioner, name="South")
    entries = [make_entry(season, name=f"Team {number}") for number in range(1, 5)]
    for entry, division in zip(entries, (north, north, south, south), strict=True):
        division_services.place_team(entry=entry, division=division, by=commissioner)
    Season.objects.filter(pk=season.pk).update(status=Season.Status.RUNNING)
    play(season, entries[0], entries[1], 2, 0)
    play(season, entries[3], entries[2], 1, 0, round_number=2)
    return season, north, south, entries


def test_a_season_in_divisions_reads_with_its_divisions_tables_and_teams(client, commissioner):
    season, north, south, entries = _two_divisions(commissioner)

    detail = client.get(reverse("league:api_season", args=[season.pk])).json()
    league = client.get(reverse("league:api_league", args=[season.league.slug])).json()
    rows = client.get(reverse("league:api_standings", args=[season.pk])).json()["standings"]
    teams = client.get(reverse("league:api_teams", args=[season.pk])).json()["teams"]

    assert detail["divisions"] == [
        {"id": north.pk, "name": "North", "order": 1, "conference": ""},
        {"id": south.pk, "name": "South", "order": 2, "conference": ""},
    ]
    assert league["seasons"][0]["divisions"] == detail["divisions"]
    places = {row["name"]: (row["division"], row["division_position"]) for row in rows}
    assert places == {
        "Team 1": (north.pk, 1),
        "Team 2": (north.pk, 2),
        "Team 4": (south.pk, 1),
        "Team 3": (south.pk, 2),
    }
    assert {team["name"]: team["division"] for team in teams} == {
        "Team 1": north.pk,
        "Team 2": north.pk,
        "Team 3": south.pk,
        "Team 4": south.pk,
    }


def test_a_season_of_one_table_has_no_divisions_in_the_api(client, commissioner):
    season, _entries = make_season(make_league(commissioner=commissioner), teams=2)
    assert client.get(reverse("league:api_season", args=[season.pk])).json()["divisions"] == []
    rows = client.get(reverse("league:api_standings", args=[season.pk])).json()["standings"]
    assert {(row["division"], row["division_position"]) for row in rows} == {(None, None)}
