"""Swiss rounds across divisions (league.services.scheduling.schedule_swiss_round with
`across_divisions`, and the scheduling page's tick box): every team meets a team of another division,
never a rematch when it can be avoided, one game per team per round, the bye to the lowest team without
one; the other rounds still pair inside each division."""

from collections import Counter

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from league.models import Season
from league.services import divisions as division_services
from league.services import scheduling
from league.services.results import record_result_as_commissioner
from league.standings.read import season_standings
from tests.league.factories import make_entry, make_season

pytestmark = pytest.mark.django_db


def _swiss_in_divisions(league, commissioner, sizes):
    """A running Swiss season with a division per size, and {entry id: division name}."""
    season, _none = make_season(league, format=Season.Format.SWISS, status=Season.Status.REGISTRATION)
    division_of = {}
    for name, size in zip(["North", "South", "East"], sizes, strict=False):
        division = division_services.create_division(season=season, by=commissioner, name=name)
        for number in range(size):
            entry = make_entry(season, name=f"{name} {number}")
            division_services.place_team(entry=entry, division=division, by=commissioner)
            division_of[entry.pk] = name
    Season.objects.filter(pk=season.pk).update(status=Season.Status.RUNNING)
    season.refresh_from_db()
    return season, division_of


def _pairs(round_):
    return [(fixture.home_id, fixture.away_id) for fixture in round_.fixtures.all()]


def _play(round_, commissioner):
    """The home team of every game of the round wins."""
    for fixture in round_.fixtures.all():
        record_result_as_commissioner(fixture=fixture, by=commissioner, home_score=2, away_score=1)


def _check(pairs, division_of, *, played, resting):
    """One game per team, the teams not in a game being `resting`; every game across divisions and new."""
    appearances = Counter(team for pair in pairs for team in pair)
    assert max(appearances.values()) == 1, "one game per team per round"
    assert set(division_of) - set(appearances) == set(resting)
    assert all(division_of[home] != division_of[away] for home, away in pairs), "across divisions"
    assert not {frozenset(pair) for pair in pairs} & played, "no rematch"


def test_a_round_across_divisions_pairs_every_team_with_another_division_and_no_rematch(league, commissioner):
    season, division_of = _swiss_in_divisions(league, commissioner, [4, 4])
    inside = scheduling.schedule_swiss_round(season=season, by=commissioner)
    assert all(division_of[home] == division_of[away] for home, away in _pairs(inside))
    _play(inside, commissioner)
    played = {frozenset(pair) for pair in _pairs(inside)}

    for _number in range(4):  # each team has four opponents in the other division: all of them, once
        across = scheduling.schedule_swiss_round(season=season, by=commissioner, across_divisions=True)
        pairs = _pairs(across)
        _check(pairs, division_of, played=played, resting=set())
        played |= {frozenset(pair) for pair in pairs}
        _play(across, commissioner)

    inside_again = scheduling.schedule_swiss_round(season=season, by=commissioner)
    assert all(division_of[home] == division_of[away] for home, away in _pairs(inside_again))


def test_a_round_across_divisions_pairs_neighbours_of_the_whole_table_the_better_at_home(
    league, commissioner
):
    season, division_of = _swiss_in_divisions(league, commissioner, [2, 2])
    inside = scheduling.schedule_swiss_round(season=season, by=commissioner)
    _play(inside, commissioner)
    table = [row.entry for row in season_standings(season)]

    across = scheduling.schedule_swiss_round(season=season, by=commissioner, across_divisions=True)

    # The two winners (the top of the table, one from each division) meet, and so do the two losers.
    assert sorted(_pairs(across)) == sorted([(table[0], table[1]), (table[2], table[3])])


def test_a_round_across_divisions_gives_the_bye_to_the_lowest_team_without_one(league, commissioner):
    season, division_of = _swiss_in_divisions(league, commissioner, [4, 3])
    inside = scheduling.schedule_swiss_round(season=season, by=commissioner)
    (had_bye,) = set(division_of) - {team for pair in _pairs(inside) for team in pair}
    _play(inside, commissioner)
    played = {frozenset(pair) for pair in _pairs(inside)}
    table = [row.entry for row in season_standings(season)]

    across = scheduling.schedule_swiss_round(season=season, by=commissioner, across_divisions=True)

    lowest = next(team for team in reversed(table) if team != had_bye)
    pairs = _pairs(across)
    appearances = Counter(team for pair in pairs for team in pair)
    assert set(division_of) - set(appearances) == {lowest}
    assert max(appearances.values()) == 1
    assert not {frozenset(pair) for pair in pairs} & played
    # Six teams left, four of the North: at least one game stays inside the North, not more.
    assert sum(division_of[home] == division_of[away] for home, away in pairs) == (
        1 if division_of[lowest] == "South" else 0
    )


def test_a_round_across_divisions_is_refused_without_divisions(league, commissioner):
    season, _entries = make_season(league, teams=4, format=Season.Format.SWISS)

    with pytest.raises(ValidationError, match="across divisions needs a season with divisions"):
        scheduling.schedule_swiss_round(season=season, by=commissioner, across_divisions=True)
    assert not season.rounds.exists()


def test_the_swiss_form_offers_pairing_across_divisions_in_a_divided_season_only(
    client, league, commissioner
):
    season, division_of = _swiss_in_divisions(league, commissioner, [2, 2])
    plain, _entries = make_season(league, teams=2, format=Season.Format.SWISS, name="Plain")
    client.force_login(commissioner)

    assert (
        'name="across_divisions"' in client.get(reverse("league:schedule", args=[season.pk])).content.decode()
    )
    assert (
        'name="across_divisions"'
        not in client.get(reverse("league:schedule", args=[plain.pk])).content.decode()
    )

    client.post(reverse("league:schedule_swiss", args=[season.pk]), {"across_divisions": "on"})

    (round_,) = season.rounds.all()
    pairs = _pairs(round_)
    assert len(pairs) == 2
    assert all(division_of[home] != division_of[away] for home, away in pairs)
