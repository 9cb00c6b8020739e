from collections import Counter
from itertools import combinations

import pytest

from league.pairing import (
    bracket_seeds,
    cross_division_rounds,
    division_round_robin,
    division_swiss_round,
    playoff_first_round,
    playoff_qualifiers,
    round_robin,
    seed_across_divisions,
    swiss_round,
)


def _tally(rounds):
    home, away, byes, meetings = Counter(), Counter(), Counter(), Counter()
    for pairs in rounds:
        seen = set()
        for first, second in pairs:
            assert first not in seen
            assert second not in seen or second is None
            seen |= {first, second}
            if second is None:
                byes[first] += 1
            else:
                home[first] += 1
                away[second] += 1
                meetings[frozenset((first, second))] += 1
    return home, away, byes, meetings


@pytest.mark.parametrize("count", range(3, 13))
def test_round_robin_meets_everyone_once_with_fair_byes_and_balanced_sides_when_count_is(count):
    teams = [f"t{n}" for n in range(count)]
    rounds = round_robin(teams)
    home, away, byes, meetings = _tally(rounds)
    assert len(rounds) == (count if count % 2 else count - 1)
    assert all(meetings[frozenset(pair)] == 1 for pair in combinations(teams, 2))
    assert sum(meetings.values()) == count * (count - 1) // 2
    assert all(byes[team] == (1 if count % 2 else 0) for team in teams)
    assert all(abs(home[team] - away[team]) <= 1 for team in teams)


@pytest.mark.parametrize("count", range(3, 13))
def test_double_round_robin_meets_everyone_twice_once_at_home_when_count_is(count):
    teams = list(range(count))
    home, away, byes, meetings = _tally(round_robin(teams, double=True))
    assert all(meetings[frozenset(pair)] == 2 for pair in combinations(teams, 2))
    assert all(home[team] == away[team] for team in teams)
    assert all(byes[team] == (2 if count % 2 else 0) for team in teams)


def test_round_robin_is_empty_when_fewer_than_two_teams():
    assert round_robin(["alone"]) == []


def test_swiss_round_pairs_neighbours_when_no_one_has_met():
    assert swiss_round([1, 2, 3, 4], played=set()) == [(1, 2), (3, 4)]


def test_swiss_round_avoids_rematches_when_neighbours_have_met():
    played = {frozenset((1, 2)), frozenset((3, 4))}
    pairs = swiss_round([1, 2, 3, 4], played=played)
    assert all(frozenset(pair) not in played for pair in pairs)
    assert pairs == [(1, 3), (2, 4)]


def test_swiss_round_backtracks_to_avoid_rematches_when_greedy_would_fail():
    # Greedy 1-2 leaves 3-4 who have met; the only clean pairing is 1-3, 2-4 or 1-4, 2-3.
    played = {frozenset((3, 4)), frozenset((1, 2))}
    pairs = swiss_round([1, 2, 3, 4], played=played)
    assert all(frozenset(pair) not in played for pair in pairs)


def test_swiss_rounds_never_repeat_a_pairing_over_a_whole_event():
    teams = list(range(8))
    played, byes = set(), set()
    for _round in range(7):
        pairs = swiss_round(teams, played=played, byes=byes)
        for pair in pairs:
            assert frozenset(pair) not in played
            played.add(frozenset(pair))
        teams = teams[1:] + teams[:1]  # a different ranking each round
    assert len(played) == 28


def test_swiss_round_gives_the_bye_to_the_lowest_team_without_one_when_count_is_odd():
    pairs = swiss_round([1, 2, 3, 4, 5], played=set(), byes={5})
    assert (4, None) in pairs
    assert len(pairs) == 3


def test_bracket_seeds_keep_the_top_two_apart_until_the_final():
    assert bracket_seeds(8) == [1, 8, 4, 5, 2, 7, 3, 6]


def test_playoff_first_round_pairs_best_against_worst():
    assert playoff_first_round(["a", "b", "c", "d"]) == [(0, "a", "d"), (1, "b", "c")]


# Divisions.


def _divisions(*sizes):
    """Teams named by division letter and number: _divisions(3, 2) == [["a0", "a1", "a2"], ["b0", "b1"]]."""
    return [[f"{chr(97 + index)}{number}" for number in range(size)] for index, size in enumerate(sizes)]


def _one_game_per_team_per_round(rounds, teams):
    for pairs in rounds:
        appearances = Counter(team for pair in pairs for team in pair if team is not None)
        assert set(appearances) == set(teams)
        assert all(count == 1 for count in appearances.values())


@pytest.mark.parametrize("sizes", [(4, 4), (6, 5), (3, 7, 4), (5, 5, 5, 5)])
@pytest.mark.parametrize("double", [False, True])
def test_division_round_robin_meets_every_team_of_its_division_only_when_sizes_are(sizes, double):
    divisions = _divisions(*sizes)
    teams = [team for division in divisions for team in division]

    rounds = division_round_robin(divisions, double=double)

    _home, _away, _byes, meetings = _tally(rounds)
    _one_game_per_team_per_round(rounds, teams)
    expected = 2 if double else 1
    for division in divisions:
        assert all(meetings[frozenset(pair)] == expected for pair in combinations(division, 2))
    assert sum(meetings.values()) == expected * sum(size * (size - 1) // 2 for size in sizes)
    longest = max(size if size % 2 else size - 1 for size in sizes)
    assert len(rounds) == longest * (2 if double else 1)


@pytest.mark.parametrize("sizes", [(6, 6), (5, 5, 5, 5), (4, 3, 3), (4, 4, 3)])
@pytest.mark.parametrize("games", [1, 2, 3])
def test_cross_division_rounds_give_each_team_its_games_against_other_divisions(sizes, games):
    divisions = _divisions(*sizes)
    teams = [team for division in divisions for team in division]
    division_of = {team: team[0] for team in teams}

    rounds = cross_division_rounds(divisions, games=games)

    assert len(rounds) == games
    _one_game_per_team_per_round(rounds, teams)
    _home, _away, byes, meetings = _tally(rounds)
    assert all(division_of[first] != division_of[second] for first, second in map(tuple, meetings))
    assert all(count == 1 for count in meetings.values()), "no team meets the same opponent twice"
    played = Counter(team for pair in meetings for team in pair)
    if len(teams) % 2 == 0:
        assert all(played[team] == games for team in teams)
        assert not byes
    else:
        assert all(played[team] + byes[team] == games for team in teams)
        assert sum(byes.values()) == games
        assert max(byes.values()) == 1


def test_cross_division_rounds_give_a_bye_when_one_division_is_more_than_half_the_teams():
    divisions = _divisions(5, 1)

    (pairs,) = cross_division_rounds(divisions, games=1)

    games = [pair for pair in pairs if pair[1] is not None]
    assert len(games) == 1
    assert "b0" in games[0]
    rested = [home for home, away in pairs if away is None]
    assert len(rested) == 4
    assert all(team.startswith("a") for team in rested)
    _one_game_per_team_per_round([pairs], [team for division in divisions for team in division])


def test_division_swiss_round_pairs_inside_each_division():
    pairs = division_swiss_round([["a1", "a2", "a3"], ["b1", "b2"]], played=set(), byes={"a3"})

    assert pairs == [("a1", "a3"), ("a2", None), ("b1", "b2")]


def test_playoff_qualifiers_seed_the_winners_then_the_seconds_then_the_wild_cards():
    tables = [["a1", "a2", "a3"], ["b1", "b2", "b3"], ["c1", "c2", "c3"]]
    ranking = ["b1", "a1", "a2", "c1", "b2", "a3", "c2", "b3", "c3"]

    seeded = playoff_qualifiers(tables, per_division=1, wild_cards=1, ranking=ranking)
    assert seeded == ["b1", "a1", "c1", "a2"]
    assert playoff_qualifiers(tables, per_division=2, ranking=ranking) == ["b1", "a1", "c1", "a2", "b2", "c2"]


def _first_meeting(pairs, size):
    """{frozenset of two teams: the round they would first be able to meet in (1 = first round)}."""
    line = [team for _slot, home, away in pairs for team in (home, away)]
    meets = {}
    for first, second in combinations(range(size), 2):
        round_number = 1
        while first >> round_number != second >> round_number:
            round_number += 1
        meets[frozenset((line[first], line[second]))] = round_number
    return meets


@pytest.mark.parametrize(("divisions", "per_division"), [(4, 2), (2, 4), (4, 1), (8, 2), (2, 2)])
def test_seed_across_divisions_keeps_a_division_apart_as_long_as_the_bracket_can(divisions, per_division):
    tables = [[f"{chr(97 + d)}{place}" for place in range(1, per_division + 1)] for d in range(divisions)]
    seeded = playoff_qualifiers(
        tables, per_division=per_division, ranking=[t for table in tables for t in table]
    )
    division_of = {team: team[0] for team in seeded}
    size = len(seeded)

    pairs = seed_across_divisions(seeded, division_of=division_of)

    assert sorted(team for _slot, home, away in pairs for team in (home, away)) == sorted(seeded)
    assert [slot for slot, _home, _away in pairs] == list(range(size // 2))
    rounds = size.bit_length() - 1
    meets = _first_meeting(pairs, size)
    for table in tables if per_division > 1 else []:
        # Two teams of a division can be kept apart until the final, up to four until the semi-finals,
        # up to eight until the quarter-finals...
        earliest = rounds - (len(table) - 1).bit_length() + 1
        assert min(meets[frozenset(pair)] for pair in combinations(table, 2)) >= earliest
    for _slot, home, away in pairs:
        assert seeded.index(home) < seeded.index(away), "the better seed is at home"


def test_seed_across_divisions_puts_the_two_best_seeds_in_opposite_halves():
    seeded = ["a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2"]
    pairs = seed_across_divisions(seeded, division_of={team: team[0] for team in seeded})
    top = {team for _slot, home, away in pairs[:2] for team in (home, away)}
    assert "a1" in top
    assert "b1" not in top


def test_seed_across_divisions_refuses_a_field_of_fewer_than_two_teams():
    with pytest.raises(ValueError, match="two teams or more"):
        seed_across_divisions(["a"], division_of={"a": 1})
