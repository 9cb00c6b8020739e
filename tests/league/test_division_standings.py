"""The tables of a season in divisions: each division's own table with the league's tie-breakers, counting
its teams' games against the other divisions, stored with the season's table and read in a constant
number of queries."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.archive import export_league, import_league
from league.models import Season, StandingsRow
from league.services import divisions as division_services
from league.standings.compute import Game, compute_standings
from league.standings.read import division_tables, stored_division_tables
from tests.league.factories import make_entry, make_league, make_season, play

pytestmark = pytest.mark.django_db

SCORING = {"win": 3, "draw": 1, "loss": 0, "bonus": None}


def test_a_table_counts_the_games_of_its_teams_against_opponents_outside_it():
    games = [Game(1, 9, 2, 0), Game(2, 1, 1, 1), Game(8, 9, 3, 0)]

    rows = compute_standings({1: "One", 2: "Two"}, games, scoring=SCORING, tiebreakers=[], opponents={8, 9})

    assert [(row.entry, row.played, row.points, row.td_for) for row in rows] == [(1, 2, 4, 3), (2, 1, 1, 1)]


def _divided(commissioner, *, tiebreakers, sizes=(3, 3)):
    league = make_league(commissioner=commissioner, tiebreakers=tiebreakers)
    season, _none = make_season(league, status=Season.Status.REGISTRATION)
    groups = []
    for name, size in zip(("North", "South", "East", "West"), sizes, strict=False):
        division = division_services.create_division(season=season, by=commissioner, name=name)
        group = [make_entry(season, name=f"{name} {number}") for number in range(1, size + 1)]
        for entry in group:
            division_services.place_team(entry=entry, division=division, by=commissioner)
        groups.append(group)
    Season.objects.filter(pk=season.pk).update(status=Season.Status.RUNNING)
    return season, groups


def _table(season, division_name):
    tables = {division.name: rows for division, rows in stored_division_tables(season)}
    return [(row.division_position, row.name, row.points) for row in tables[division_name]]


def test_each_division_has_its_own_table_with_games_against_other_divisions_counted(commissioner):
    season, (north, south) = _divided(commissioner, tiebreakers=["td_difference", "coin_flip"])
    play(season, north[0], north[1], 1, 0)
    play(season, south[2], north[0], 0, 3, round_number=2)
    play(season, south[0], south[1], 2, 1, round_number=3)

    assert _table(season, "North") == [(1, "North 1", 6), (2, "North 3", 0), (3, "North 2", 0)]
    assert _table(season, "South") == [(1, "South 1", 3), (2, "South 2", 0), (3, "South 3", 0)]
    whole = list(
        StandingsRow.objects.filter(season=season).order_by("position").values_list("entry", flat=True)
    )
    assert whole[0] == north[0].pk, "the season's table, the common ranking, stays stored"


def test_head_to_head_breaks_a_tie_inside_a_division_only(commissioner):
    season, (north, south) = _divided(commissioner, tiebreakers=["head_to_head_points", "td_difference"])
    # North 1 and North 2 both win twice and lose once; North 2 won their meeting, North 1 has the better
    # touchdown difference thanks to a big win against the South.
    play(season, north[1], north[0], 1, 0)
    play(season, north[0], south[0], 5, 0, round_number=2)
    play(season, north[0], north[2], 1, 0, round_number=3)
    play(season, north[1], south[1], 1, 0, round_number=4)
    play(season, north[2], north[1], 1, 0, round_number=5)

    table = _table(season, "North")

    assert [name for _position, name, _points in table[:2]] == ["North 2", "North 1"]
    row = StandingsRow.objects.get(entry=north[1])
    assert (row.division_position, row.tiebreaker, row.tiebreaker_value) == (1, "head_to_head_points", 3)


def test_the_stored_division_tables_equal_the_computed_ones(commissioner):
    season, (north, south) = _divided(commissioner, tiebreakers=["td_difference", "coin_flip"])
    play(season, north[0], south[0], 2, 1)
    play(season, north[1], north[2], 0, 0, round_number=2)

    computed = division_tables(season)

    for division, rows in stored_division_tables(season):
        assert [
            (row.entry_id, row.division_position, row.points, row.tiebreaker or None) for row in rows
        ] == [(row.entry, row.position, row.points, row.tiebreaker) for row in computed[division.pk]]


def test_a_season_without_divisions_stores_no_division(league):
    season, (first, second) = make_season(league, teams=2)
    play(season, first, second, 1, 0)

    assert stored_division_tables(season) == []
    assert division_tables(season) == {}
    assert set(StandingsRow.objects.filter(season=season).values_list("division", "division_position")) == {
        (None, None)
    }


def _queries(season):
    with CaptureQueriesContext(connection) as queries:
        tables = stored_division_tables(season)
        assert all(rows for _division, rows in tables)
    return len(queries)


def test_the_division_tables_are_read_in_the_same_queries_whatever_their_number(commissioner):
    two, _groups = _divided(commissioner, tiebreakers=["coin_flip"], sizes=(2, 2))
    four, _groups = _divided(commissioner, tiebreakers=["coin_flip"], sizes=(4, 5, 4, 5))

    assert _queries(two) == _queries(four) == 2


def test_a_league_in_divisions_moves_with_its_divisions_and_their_tables(commissioner):
    season, (north, south) = _divided(commissioner, tiebreakers=["td_difference", "coin_flip"])
    season.divisions.filter(name="South").update(conference="Lustria")
    play(season, north[0], north[1], 1, 0)
    play(season, south[0], south[1], 2, 1, round_number=2)
    tables = {division.name: _table(season, division.name) for division in season.divisions.all()}
    document = export_league(season.league)
    assert [(d["name"], d["order"], d["conference"]) for d in document["seasons"][0]["divisions"]] == [
        ("North", 1, ""),
        ("South", 2, "Lustria"),
    ]
    season.league.delete()

    imported = import_league(document).seasons.get()

    assert [(d.name, d.order, d.conference) for d in imported.divisions.all()] == [
        ("North", 1, ""),
        ("South", 2, "Lustria"),
    ]
    assert {division.name: _table(imported, division.name) for division in imported.divisions.all()} == tables
    assert {entry.name: entry.division.name for entry in imported.entries.all()} == {
        entry.name: entry.division.name for entry in [*north, *south]
    }
