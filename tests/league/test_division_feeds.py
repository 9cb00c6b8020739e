"""Each division of a season has its own charts, calendar, leaderboards and API reads (?division=N): only
its teams, a game between two divisions in both; a division of another season is a 404. The kept pages
of one division and of the whole season are told apart (the query string is part of their key), and
each reads a constant number of queries whatever the number of teams and divisions."""

import re
from datetime import date

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.models import Division, PlayerLeagueStats, Result, Round, Season
from league.services import divisions as division_services
from rosters.models import Player
from tests.league.factories import make_entry, make_fixture, make_league, make_season, play
from web.league import page_sizes

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_counts():
    """The API throttle's windows live in the shared cache."""
    cache.clear()


def _divided(league, commissioner, sizes, *, name="Season 1"):
    """A running season of divisions North, South... of `sizes` teams named "North 1"..., each division's
    first team beating its second in round 1."""
    season, _none = make_season(league, status=Season.Status.REGISTRATION, name=name)
    groups = []
    for division_name, size in zip(("North", "South", "East", "West"), sizes, strict=False):
        division = division_services.create_division(season=season, by=commissioner, name=division_name)
        group = [make_entry(season, name=f"{division_name} {number}") for number in range(1, size + 1)]
        for entry in group:
            division_services.place_team(entry=entry, division=division, by=commissioner)
        groups.append(group)
    Season.objects.filter(pk=season.pk).update(status=Season.Status.RUNNING)
    season.refresh_from_db()
    for group in groups:
        play(season, group[0], group[1], 2, 0)
    return season, groups


@pytest.fixture
def divided(league, commissioner):
    """North 1, North 2 and South 1, South 2; South 1 also beat North 1 in round 2 (a game between the
    divisions)."""
    season, (north, south) = _divided(league, commissioner, [2, 2])
    play(season, south[0], north[0], 1, 0, round_number=2)
    return season, north, south


def _division(season, name):
    return Division.objects.get(season=season, name=name)


def _get(client, url, **params):
    response = client.get(url, params)
    assert response.status_code == 200, response.content[:300]
    return response.content.decode()


def _legend(svg):
    return re.findall(r"<title>([^<]+)</title></polyline>", svg)


# Charts.


def test_the_standings_race_of_a_division_draws_its_teams_only(client, divided):
    season, _north, _south = divided
    url = reverse("league:chart_standings", args=[season.pk])

    whole = _legend(_get(client, url))
    north = _legend(_get(client, url, division=_division(season, "North").pk))
    south = _legend(_get(client, url, division=_division(season, "South").pk))

    assert sorted(whole) == ["North 1", "North 2", "South 1", "South 2"]
    assert north == ["North 1", "North 2"]  # in the order of the division's table
    assert south == ["South 1", "South 2"]


def test_a_division_race_counts_the_games_against_other_divisions(client, divided):
    season, _north, _south = divided
    url = reverse("league:chart_standings", args=[season.pk])
    svg = _get(client, url, division=_division(season, "South").pk)
    # South 1 won in round 1 and against North 1 in round 2: 3 then 6 points, the top of the axis.
    labels = re.findall(r'text-anchor="end">([^<]+)</text>', svg)
    assert labels[-1] == "6"


def test_the_team_value_chart_of_a_division_draws_its_teams_only(client, divided):
    season, north, south = divided
    Result.objects.filter(fixture__season=season).update(home_team_value=1_100_000, away_team_value=1_000_000)
    url = reverse("league:chart_team_value", args=[season.pk])

    north_lines = _legend(_get(client, url, division=_division(season, "North").pk))
    whole = _legend(_get(client, url))

    assert sorted(north_lines) == ["North 1", "North 2"]
    assert sorted(whole) == ["North 1", "North 2", "South 1", "South 2"]


@pytest.mark.parametrize(
    "name", ["league:chart_standings", "league:chart_team_value", "league:season_calendar"]
)
def test_a_feed_of_another_seasons_division_or_of_no_division_is_a_404(
    client, league, commissioner, divided, name
):
    season, _north, _south = divided
    other, _groups = _divided(league, commissioner, [2], name="Season 2")
    url = reverse(name, args=[season.pk])

    assert client.get(url, {"division": _division(other, "North").pk}).status_code == 404
    assert client.get(url, {"division": "north"}).status_code == 404
    assert client.get(url, {"division": ""}).status_code == 404
    assert client.get(url, {"division": _division(season, "North").pk}).status_code == 200


# Calendars.


def _summaries(body):
    return sorted(re.findall(r"SUMMARY:(.+?)\r\n", body))


def test_a_divisions_calendar_lists_its_teams_fixtures_with_those_against_other_divisions(client, divided):
    season, north, south = divided
    Round.objects.filter(season=season).update(date=date(2026, 3, 1))
    make_fixture(season, south[1], south[0], round_number=3)  # not dated: in no calendar
    url = reverse("league:season_calendar", args=[season.pk])

    response = client.get(url, {"division": _division(season, "North").pk})
    south_body = _get(client, url, division=_division(season, "South").pk)

    assert response["Content-Type"].startswith("text/calendar")
    assert (
        f"season-{season.pk}-division-{_division(season, 'North').pk}.ics" in response["Content-Disposition"]
    )
    body = response.content.decode()
    assert "X-WR-CALNAME:Old World League · Season 1 · North" in body
    assert _summaries(body) == ["North 1 2–0 North 2", "South 1 1–0 North 1"]
    assert _summaries(south_body) == ["South 1 1–0 North 1", "South 1 2–0 South 2"]
    assert len(_summaries(_get(client, url))) == 3


# The pages: each division's links, its charts and leaders.


def test_each_division_table_links_its_charts_leaders_and_calendar(client, divided):
    season, _north, _south = divided
    north = _division(season, "North")
    standings = reverse("league:standings", args=[season.pk])
    calendar = reverse("league:season_calendar", args=[season.pk])

    season_page = _get(client, reverse("league:season", args=[season.pk]))
    standings_page = _get(client, standings)

    assert f'href="{standings}?division={north.pk}#charts"' in season_page
    assert f'href="{standings}?division={north.pk}#leaders"' in season_page
    assert f'href="{calendar}?division={north.pk}"' in season_page
    assert f'href="?division={north.pk}#charts"' in standings_page
    assert f'href="{calendar}?division={north.pk}"' in standings_page
    assert 'aria-label="Calendar of North (iCal)"' in standings_page


def _leaders(content):
    """The names in the standings page's Touchdowns board."""
    board = re.search(r"<h3>Touchdowns</h3>\s*<ol>(.*?)</ol>", content, re.S).group(1)
    return re.findall(r"<li>([^<·]+?) ·", board)


def _player(entry, name, **totals):
    player = Player.objects.create(
        team=entry.team, number=1, name=name, position="lineman", ma=6, st=3, ag=3, av=9
    )
    PlayerLeagueStats.objects.create(league=entry.season.league, season=entry.season, player=player, **totals)
    return player


def test_the_standings_page_of_a_division_shows_its_charts_and_leaders(client, divided):
    season, north, south = divided
    _player(north[0], "Griff", touchdowns=2, spp=6)
    _player(south[0], "Bork", touchdowns=1, spp=3)
    north_division = _division(season, "North")
    url = reverse("league:standings", args=[season.pk])

    chosen = _get(client, url, division=north_division.pk)
    whole = _get(client, url)

    chart = reverse("league:chart_standings", args=[season.pk])
    assert f'src="{chart}?division={north_division.pk}"' in chosen
    assert "The charts and leaders of the teams of North only." in chosen
    assert 'href="?#charts">Those of the whole season<' in chosen
    assert _leaders(chosen) == ["North 1", "North 2"]
    assert "Griff (North 1) · 6" in chosen
    assert "Bork" not in chosen
    assert f'src="{chart}"' in whole
    assert sorted(_leaders(whole)) == ["North 1", "North 2", "South 1", "South 2"]
    assert "Bork (South 1) · 3" in whole


def test_the_standings_page_of_a_division_after_a_round_ranks_that_rounds_leaders(client, divided):
    season, _north, _south = divided
    content = _get(
        client, reverse("league:standings", args=[season.pk]), division=_division(season, "South").pk, after=1
    )
    assert _leaders(content) == ["South 1", "South 2"]


def test_the_league_leaderboards_are_narrowed_to_a_division(client, league, divided):
    season, north, south = divided
    _player(north[0], "Griff", touchdowns=2, spp=6)
    _player(south[1], "Bork", touchdowns=1, spp=3)
    south_division = _division(season, "South")
    url = reverse("league:leaderboards", args=[league.slug])

    whole = _get(client, url)
    chosen = _get(client, url, division=south_division.pk)
    every_season = _get(client, url, division=south_division.pk, players="all")

    assert f'href="?division={south_division.pk}#leaders"' in whole
    assert "All divisions" in whole
    assert "Griff" in whole
    assert "Bork" in whole
    assert "Leaders of Season 1: South" in chosen
    assert "Players of Season 1: South" in chosen
    assert f'href="?division={south_division.pk}#leaders" aria-current="page"' in chosen
    points = re.search(r"<h3>Points</h3>\s*<ol>(.*?)</ol>", chosen, re.S).group(1)
    assert re.findall(r"<li>([^<·]+?) ·", points) == ["South 1", "South 2"]
    assert "<td>Bork</td><td>South 2</td>" in chosen
    assert "Griff" not in chosen
    standings = reverse("league:standings", args=[season.pk])
    assert f'href="{standings}?division={south_division.pk}"' in chosen
    assert "Players across all seasons" in every_season  # a division is one season's: not narrowed


def test_the_leaderboards_of_a_season_without_divisions_offer_none(client, league, commissioner):
    make_season(league, teams=2)
    content = _get(client, reverse("league:leaderboards", args=[league.slug]))
    assert "All divisions" not in content


def test_a_kept_division_chart_follows_a_new_result(client, divided):
    season, north, _south = divided
    url = reverse("league:chart_standings", args=[season.pk])
    north_division = _division(season, "North").pk
    before = _get(client, url, division=north_division)
    assert _get(client, url, division=north_division) == before  # kept, and checked against a fresh draw

    play(season, north[1], north[0], 3, 0, round_number=3)

    labels = re.findall(r'text-anchor="middle">([^<]+)</text>', _get(client, url, division=north_division))
    assert labels[-1] == "3"


# The API.


def _api(client, name, season, **params):
    response = client.get(reverse(name, args=[season.pk]), params)
    assert response.status_code == 200, response.content
    return response.json()


def test_the_api_reads_one_divisions_standings_fixtures_results_and_teams(client, divided):
    season, north, south = divided
    south_division = _division(season, "South")

    standings = _api(client, "league:api_standings", season, division=south_division.pk)
    fixtures = _api(client, "league:api_fixtures", season, division=south_division.pk)
    results = _api(client, "league:api_results", season, division=south_division.pk)
    teams = _api(client, "league:api_teams", season, division=south_division.pk)

    assert [(row["name"], row["division_position"]) for row in standings["standings"]] == [
        ("South 1", 1),
        ("South 2", 2),
    ]
    assert standings["count"] == 2
    assert standings["standings"][0]["position"] == 1  # the place in the whole season stays
    pairs = [(fixture["home_name"], fixture["away_name"]) for fixture in fixtures["fixtures"]]
    assert pairs == [("South 1", "South 2"), ("South 1", "North 1")]
    assert [(result["home"], result["away"]) for result in results["results"]] == [
        (south[0].pk, south[1].pk),
        (south[0].pk, north[0].pk),
    ]
    assert sorted(team["name"] for team in teams["teams"]) == ["South 1", "South 2"]
    assert _api(client, "league:api_fixtures", season)["count"] == 3


def test_the_api_refuses_a_division_of_another_season(client, league, commissioner, divided):
    season, _north, _south = divided
    other, _groups = _divided(league, commissioner, [2], name="Season 2")
    url = reverse("league:api_standings", args=[season.pk])

    foreign = client.get(url, {"division": _division(other, "North").pk})
    not_a_number = client.get(url, {"division": "north"})

    assert foreign.status_code == 404
    assert foreign.json() == {"detail": "Not found."}
    assert not_a_number.status_code == 422
    assert "division" in not_a_number.json()["detail"]


def test_the_api_schema_documents_the_division_parameter(client):
    spec = client.get(reverse("league:openapi-json")).json()
    for path in ("standings", "fixtures", "results", "teams"):
        operation = spec["paths"][f"/leagues/api/seasons/{{pk}}/{path}/"]["get"]
        parameters = {parameter["name"]: parameter for parameter in operation["parameters"]}
        assert "division" in parameters, path
        assert not parameters["division"].get("required", False)
        assert "422" in operation["responses"]


def test_the_api_pages_of_a_division_link_with_it(client, league, commissioner, monkeypatch):
    monkeypatch.setattr(page_sizes, "API_PAGE_SIZE", 1)
    season, _groups = _divided(league, commissioner, [3, 2])
    north = _division(season, "North")

    first = _api(client, "league:api_standings", season, division=north.pk)
    response = client.get(first["next"])

    assert first["pages"] == 3
    assert f"division={north.pk}" in first["next"]
    assert [row["division_position"] for row in response.json()["standings"]] == [2]
    assert {row["division"] for row in response.json()["standings"]} == {north.pk}


# A constant number of queries, whatever the number of teams and divisions.


def _queries(client, url, params):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, params)
    assert response.status_code == 200
    return len(queries)


@pytest.mark.parametrize(
    ("name", "by_slug"),
    [
        ("league:standings", False),
        ("league:chart_standings", False),
        ("league:chart_team_value", False),
        ("league:season_calendar", False),
        ("league:api_standings", False),
        ("league:api_fixtures", False),
        ("league:api_teams", False),
        ("league:leaderboards", True),
    ],
)
def test_a_divisions_feed_reads_the_same_queries_whatever_the_size(
    client, commissioner, django_assert_max_num_queries, name, by_slug
):
    small, _groups = _divided(make_league(commissioner=commissioner), commissioner, [2, 2])
    big, _groups = _divided(make_league(commissioner=commissioner), commissioner, [4, 5, 4, 5])

    def url(season):
        return reverse(name, args=[season.league.slug if by_slug else season.pk])

    def north(season):
        return {"division": _division(season, "North").pk}

    # Warms the caches of the site and of each season (what it remembers of their leagues).
    _queries(client, url(small), north(small))
    _queries(client, url(big), {"division": _division(big, "South").pk})
    few = _queries(client, url(small), {"division": _division(small, "South").pk})
    wanted = north(big)
    with django_assert_max_num_queries(few):
        assert client.get(url(big), wanted).status_code == 200
