"""Pure pairing of playoffs that are not a full bracket (byes for the best seeds) and of Swiss rounds
across divisions (league.pairing)."""

from collections import Counter
from itertools import combinations

import pytest

from league.pairing import (
    bracket_size,
    cross_division_swiss_round,
    playoff_first_round,
    playoff_next_round,
    seed_across_divisions,
)


def _seeded(count, divisions):
    """`count` teams best first, dealt to `divisions` divisions in turn: "a0", "b1", "c2", "a3" ..."""
    return [f"{chr(97 + index % divisions)}{index}" for index in range(count)]


def _division_of(teams):
    return {team: team[0] for team in teams}


@pytest.mark.parametrize(
    ("count", "size"), [(2, 2), (3, 4), (4, 4), (5, 8), (6, 8), (12, 16), (17, 32), (32, 32)]
)
def test_bracket_size_is_the_next_power_of_two(count, size):
    assert bracket_size(count) == size


def test_playoff_first_round_gives_the_best_seeds_their_byes_where_the_missing_seeds_were():
    assert playoff_first_round(list("abcdef")) == [
        (0, "a", None),
        (1, "d", "e"),
        (2, "b", None),
        (3, "c", "f"),
    ]


@pytest.mark.parametrize("count", range(2, 33))
@pytest.mark.parametrize("divisions", [2, 3, 4])
def test_seed_across_divisions_gives_the_byes_to_the_best_seeds_for_any_count(count, divisions):
    seeded = _seeded(count, divisions)
    size = bracket_size(count)

    pairs = seed_across_divisions(seeded, division_of=_division_of(seeded))

    assert [slot for slot, _home, _away in pairs] == list(range(size // 2))
    placed = [team for _slot, home, away in pairs for team in (home, away) if team is not None]
    assert sorted(placed) == sorted(seeded), "every team once"
    with_bye = [home for _slot, home, away in pairs if away is None]
    assert sorted(with_bye, key=seeded.index) == seeded[: size - count]
    for _slot, home, away in pairs:
        assert away is None or seeded.index(home) < seeded.index(away), "the better seed is at home"


def _first_meeting(pairs, size):
    """{frozenset of two teams: the first round they can meet in}; a bye's team keeps its line place."""
    line = [team for _slot, home, away in pairs for team in (home, away)]
    meets = {}
    for first, second in combinations(range(size), 2):
        if line[first] is None or line[second] is None:
            continue
        number = 1
        while first >> number != second >> number:
            number += 1
        meets[frozenset((line[first], line[second]))] = number
    return meets


@pytest.mark.parametrize(("divisions", "count"), [(3, 6), (3, 5), (2, 6), (4, 6), (4, 12), (3, 9), (2, 3)])
def test_seed_across_divisions_with_byes_keeps_a_division_apart_as_long_as_the_bracket_can(divisions, count):
    seeded = _seeded(count, divisions)
    size = bracket_size(count)
    pairs = seed_across_divisions(seeded, division_of=_division_of(seeded))

    meets = _first_meeting(pairs, size)
    rounds = size.bit_length() - 1
    for letter in {team[0] for team in seeded}:
        division = [team for team in seeded if team[0] == letter]
        if len(division) < 2:
            continue
        earliest = rounds - (len(division) - 1).bit_length() + 1
        assert min(meets[frozenset(pair)] for pair in combinations(division, 2)) >= earliest


def test_three_division_winners_and_three_wild_cards_give_the_two_best_winners_a_bye_in_opposite_halves():
    seeded = ["a1", "b1", "c1", "a2", "b2", "c2"]

    pairs = seed_across_divisions(seeded, division_of=_division_of(seeded))

    byes = {home: slot for slot, home, away in pairs if away is None}
    assert set(byes) == {"a1", "b1"}
    assert (byes["a1"] < 2) != (byes["b1"] < 2), "the two best seeds meet in the final only"
    games = [frozenset((home, away)) for _slot, home, away in pairs if away is not None]
    assert all(len({team[0] for team in game}) == 2 for game in games), (
        "no first-round game inside a division"
    )


def test_playoff_next_round_pairs_neighbouring_slots_with_a_bye_as_its_slot_winner():
    assert playoff_next_round(["a", "e", "b", "c"]) == [(0, "a", "e"), (1, "b", "c")]
    assert playoff_next_round(["a", "b"]) == [(0, "a", "b")]
    assert playoff_next_round(["a"]) == []


# Swiss across divisions.


def _check_round(pairs, teams, division_of, played=frozenset()):
    appearances = Counter(team for pair in pairs for team in pair if team is not None)
    assert set(appearances) == set(teams)
    assert max(appearances.values()) == 1, "one game per team"
    games = [(home, away) for home, away in pairs if away is not None]
    return [pair for pair in games if division_of[pair[0]] == division_of[pair[1]]], [
        pair for pair in games if frozenset(pair) in played
    ]


def test_cross_division_swiss_round_pairs_neighbours_of_other_divisions():
    ranking = ["a1", "a2", "b1", "b2", "c1", "c2"]
    division_of = _division_of(ranking)

    pairs = cross_division_swiss_round(ranking, division_of=division_of, played=set())

    inside, _rematches = _check_round(pairs, ranking, division_of)
    assert not inside
    assert pairs[0] == ("a1", "b1"), "the leader meets the nearest team of another division, at home"


def test_cross_division_swiss_rounds_never_rematch_while_they_can_avoid_it():
    teams = _seeded(12, 3)
    division_of = _division_of(teams)
    played: set = set()
    for _round in range(8):  # each team has 8 opponents in the other divisions
        pairs = cross_division_swiss_round(teams, division_of=division_of, played=played)
        inside, rematches = _check_round(pairs, teams, division_of, played)
        assert not inside
        assert not rematches
        played |= {frozenset(pair) for pair in pairs}
        teams = teams[1:] + teams[:1]  # the table moves


def test_cross_division_swiss_round_gives_the_bye_to_the_lowest_team_without_one():
    ranking = ["a1", "b1", "a2", "b2", "a3"]
    division_of = _division_of(ranking)

    pairs = cross_division_swiss_round(ranking, division_of=division_of, played=set(), byes={"a3"})

    assert ("b2", None) in pairs
    inside, _rematches = _check_round(pairs, ranking, division_of)
    assert len(inside) == 1, "three of the North's four teams left: two must meet"


def test_cross_division_swiss_round_pairs_inside_a_division_only_the_teams_beyond_half():
    ranking = ["a1", "a2", "a3", "a4", "a5", "b1"]
    division_of = _division_of(ranking)

    pairs = cross_division_swiss_round(ranking, division_of=division_of, played=set())

    inside, _rematches = _check_round(pairs, ranking, division_of)
    assert len(inside) == 2
    assert any("b1" in pair for pair in pairs)
