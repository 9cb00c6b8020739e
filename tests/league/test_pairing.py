from collections import Counter
from itertools import combinations

import pytest

from league.pairing import bracket_seeds, playoff_first_round, round_robin, swiss_round


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
