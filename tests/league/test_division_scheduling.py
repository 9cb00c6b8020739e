"""Fixtures of a season in divisions (league.services.scheduling with league.services.divisions): a round
robin or Swiss round inside each division, games between divisions, one game per team per round."""

from collections import Counter
from itertools import combinations

import pytest
from django.core.exceptions import ValidationError

from league.models import Fixture, Season
from league.services import divisions as division_services
from league.services import scheduling
from tests.league.factories import make_entry, make_season, play

pytestmark = pytest.mark.django_db

Status = Season.Status


def _season_in_divisions(league, commissioner, sizes, *, format=Season.Format.ROUND_ROBIN):
    """A season in registration with a division per size (North, South, East, West), filled in order."""
    season, _none = make_season(league, status=Status.REGISTRATION, format=format)
    names = ["North", "South", "East", "West"]
    groups = []
    for name, size in zip(names, sizes, strict=False):
        division = division_services.create_division(season=season, by=commissioner, name=name)
        group = [make_entry(season, name=f"{name} {number}") for number in range(size)]
        for entry in group:
            division_services.place_team(entry=entry, division=division, by=commissioner)
        groups.append([entry.pk for entry in group])
    return season, groups


def _rounds(season):
    """{round number: [(home id, away id)]} of the league fixtures."""
    rounds: dict[int, list] = {}
    for fixture in Fixture.objects.filter(season=season).select_related("round"):
        rounds.setdefault(fixture.round.number, []).append((fixture.home_id, fixture.away_id))
    return rounds


def _meetings(rounds):
    return Counter(frozenset(pair) for pairs in rounds.values() for pair in pairs)


def _one_game_per_team_per_round(rounds):
    for number, pairs in rounds.items():
        teams = Counter(team for pair in pairs for team in pair)
        assert max(teams.values()) == 1, f"a team plays twice in round {number}"


def test_a_round_robin_in_divisions_meets_every_team_of_its_division_once(league, commissioner):
    season, (north, south) = _season_in_divisions(league, commissioner, [6, 5])

    scheduling.schedule_round_robin(season=season, by=commissioner)

    rounds = _rounds(season)
    meetings = _meetings(rounds)
    for division in (north, south):
        assert all(meetings[frozenset(pair)] == 1 for pair in combinations(division, 2))
    assert not any(frozenset((a, b)) in meetings for a in north for b in south)
    assert sum(meetings.values()) == 15 + 10
    assert sorted(rounds) == [1, 2, 3, 4, 5]
    _one_game_per_team_per_round(rounds)


def test_a_double_round_robin_in_divisions_meets_every_team_of_its_division_twice(league, commissioner):
    season, (north, south) = _season_in_divisions(
        league, commissioner, [4, 4], format=Season.Format.DOUBLE_ROUND_ROBIN
    )

    scheduling.schedule_round_robin(season=season, by=commissioner)

    rounds = _rounds(season)
    meetings = _meetings(rounds)
    assert all(
        meetings[frozenset(pair)] == 2 for division in (north, south) for pair in combinations(division, 2)
    )
    assert len(rounds) == 6
    _one_game_per_team_per_round(rounds)


def test_games_between_divisions_are_added_after_the_division_rounds(league, commissioner):
    season, divisions = _season_in_divisions(league, commissioner, [4, 4, 4])
    division_of = {entry: index for index, group in enumerate(divisions) for entry in group}

    scheduling.schedule_round_robin(season=season, by=commissioner, cross_games=2)

    rounds = _rounds(season)
    _one_game_per_team_per_round(rounds)
    assert sorted(rounds) == [1, 2, 3, 4, 5]
    cross = Counter()
    for pairs in rounds.values():
        for home, away in pairs:
            if division_of[home] != division_of[away]:
                cross[home] += 1
                cross[away] += 1
    assert all(cross[entry] == 2 for entry in division_of)
    assert all(division_of[home] != division_of[away] for number in (4, 5) for home, away in rounds[number])


def test_a_season_in_divisions_is_not_scheduled_while_a_team_is_in_none(league, commissioner):
    season, _groups = _season_in_divisions(league, commissioner, [2, 2])
    make_entry(season, name="Latecomers")

    with pytest.raises(ValidationError, match="Place every team in a division first: Latecomers"):
        scheduling.schedule_round_robin(season=season, by=commissioner)
    assert not season.fixtures.exists()


def test_a_division_of_one_team_is_refused(league, commissioner):
    season, _groups = _season_in_divisions(league, commissioner, [3, 1])

    with pytest.raises(ValidationError, match="The division South needs at least two teams"):
        scheduling.schedule_round_robin(season=season, by=commissioner)
    assert not season.fixtures.exists()


def test_games_between_divisions_are_refused_without_divisions(league, commissioner):
    season, _entries = make_season(league, teams=4, status=Status.REGISTRATION)

    with pytest.raises(ValidationError, match="need a season with divisions"):
        scheduling.schedule_round_robin(season=season, by=commissioner, cross_games=1)
    assert not season.fixtures.exists()


def test_a_swiss_round_in_divisions_pairs_teams_of_one_division_by_its_table(league, commissioner):
    season, (north, south) = _season_in_divisions(league, commissioner, [4, 3], format=Season.Format.SWISS)
    Season.objects.filter(pk=season.pk).update(status=Status.RUNNING)
    season.refresh_from_db()

    first = scheduling.schedule_swiss_round(season=season, by=commissioner)
    pairs = [(f.home_id, f.away_id) for f in first.fixtures.all()]
    assert all({home, away} <= set(north) or {home, away} <= set(south) for home, away in pairs)
    assert len(pairs) == 3  # two in the North, one in the South and a bye there
    for fixture in first.fixtures.select_related("home", "away"):
        fixture.delete()
    # The North's table after a round: north[3] beat north[0], north[2] beat north[1].
    entries = {entry.pk: entry for entry in season.entries.all()}
    play(season, entries[north[3]], entries[north[0]], 2, 0, round_number=first.number)
    play(season, entries[north[2]], entries[north[1]], 1, 0, round_number=first.number)
    play(season, entries[south[0]], entries[south[1]], 1, 0, round_number=first.number)

    second = scheduling.schedule_swiss_round(season=season, by=commissioner)

    pairs = {frozenset((f.home_id, f.away_id)) for f in second.fixtures.all()}
    assert frozenset((north[3], north[2])) in pairs  # the two winners of the North meet
    assert frozenset((north[0], north[1])) in pairs
    assert any(south[2] in pair for pair in pairs), "the South's bye last round plays now"


# Playoffs between divisions.


def _running_with_tables(league, commissioner, sizes):
    """A running season in divisions whose tables read in entry order: in each division the first team
    beat every other, the second every team after it, and so on (one game each, distinct rounds)."""
    season, groups = _season_in_divisions(league, commissioner, sizes)
    Season.objects.filter(pk=season.pk).update(status=Status.RUNNING)
    season.refresh_from_db()
    entries = {entry.pk: entry for entry in season.entries.all()}
    number = 0
    for group in groups:
        for better, worse in combinations(group, 2):
            number += 1
            play(
                season,
                entries[better],
                entries[worse],
                1 + (len(group) - group.index(better)),
                0,
                round_number=number,
            )
    return season, groups


def _first_round(season):
    return [
        (fixture.bracket_slot, fixture.home_id, fixture.away_id)
        for fixture in season.fixtures.playoff().order_by("bracket_slot")
    ]


def test_playoffs_take_the_top_of_each_division_and_keep_a_division_apart_until_the_final(
    league, commissioner
):
    season, groups = _running_with_tables(league, commissioner, [4, 4, 4, 4])

    scheduling.schedule_playoffs(season=season, by=commissioner, per_division=2)

    pairs = _first_round(season)
    qualified = {team for _slot, home, away in pairs for team in (home, away)}
    assert qualified == {pk for group in groups for pk in group[:2]}
    halves = [{team for _slot, home, away in pairs[:2] for team in (home, away)}, set()]
    halves[1] = qualified - halves[0]
    for group in groups:
        assert (group[0] in halves[0]) != (group[1] in halves[0]), (
            "a division's two teams meet in the final only"
        )
    winners = {group[0] for group in groups}
    assert all(home in winners and away not in winners for _slot, home, away in pairs), "winners at home"


def test_playoffs_add_wild_cards_by_the_season_table(league, commissioner):
    season, groups = _running_with_tables(league, commissioner, [4, 4, 3])

    scheduling.schedule_playoffs(season=season, by=commissioner, per_division=1, wild_cards=1)

    qualified = {team for _slot, home, away in _first_round(season) for team in (home, away)}
    winners = {group[0] for group in groups}
    assert winners < qualified
    assert len(qualified) == 4
    (wild_card,) = qualified - winners
    assert wild_card in {group[1] for group in groups}


def test_playoffs_of_a_size_that_is_no_power_of_two_give_the_best_seed_a_bye(league, commissioner):
    season, groups = _running_with_tables(league, commissioner, [3, 3, 3])

    scheduling.schedule_playoffs(season=season, by=commissioner, per_division=1)

    (game,) = _first_round(season)
    (bye,) = scheduling.playoff_byes(season)
    assert {bye.pk, game[1], game[2]} == {group[0] for group in groups}
    assert bye.playoff_bye_slot != game[0]


def test_playoff_places_per_division_are_refused_without_divisions(league, commissioner):
    season, _entries = make_season(league, teams=4)

    with pytest.raises(ValidationError, match="need a season with divisions"):
        scheduling.schedule_playoffs(season=season, by=commissioner, per_division=1)
    assert not season.fixtures.playoff().exists()
