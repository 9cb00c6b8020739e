"""Pairing teams: round robin by the circle method, Swiss rounds, playoff brackets. Pure functions.

Teams are any hashable ids; a pairing is (home, away), and a bye is (team, None).
"""

import math


def round_robin(teams, *, double=False):
    """The rounds of a round robin: every team meets every other once (twice when `double`).

    Circle method: with an odd count a phantom team is added and its opponent has a bye that round,
    so every team has exactly one bye per cycle. Home and away alternate so that each team's home
    and away counts differ by at most one in a single cycle; the second cycle of a double round robin
    repeats the first with home and away swapped (exactly balanced).
    Returns a list of rounds, each a list of (home, away) pairs, byes as (team, None).
    """
    teams = list(teams)
    if len(teams) < 2:
        return []
    if len(teams) % 2:
        teams.insert(0, None)
    count = len(teams)
    fixed, rotating = teams[0], teams[1:]
    rounds = []
    for number in range(count - 1):
        circle = [fixed, *rotating]
        pairs = []
        for index in range(count // 2):
            first, second = circle[index], circle[count - 1 - index]
            # The fixed team alternates; the others alternate by the side of the circle they are on.
            home_first = number % 2 == 0 if index == 0 else index % 2 == 1
            pairs.append((first, second) if home_first else (second, first))
        rounds.append([_as_bye(pair) for pair in pairs])
        rotating = rotating[-1:] + rotating[:-1]
    if double:
        rounds += [[pair if pair[1] is None else (pair[1], pair[0]) for pair in round_] for round_ in rounds]
    return rounds


def _as_bye(pair):
    home, away = pair
    if home is None:
        return (away, None)
    return pair


def swiss_round(ranking, *, played, byes=()):
    """Pairs for the next Swiss round: neighbours in the ranking, never a rematch when one can be avoided.

    `ranking`: team ids best first. `played`: a set of frozensets {a, b} of pairs already met.
    `byes`: teams that already had a bye (the bye goes to the lowest-ranked team without one).
    The better-ranked team of a pair is at home. Backtracks, so it finds a pairing without rematches
    whenever one exists; when none does, it allows the fewest rematches it has to, lowest first.
    Returns a list of (home, away) pairs, with (team, None) for a bye.
    """
    ranking = list(ranking)
    bye = []
    if len(ranking) % 2:
        had = set(byes)
        candidates = [team for team in reversed(ranking) if team not in had] or list(reversed(ranking))
        bye_team = candidates[0]
        ranking.remove(bye_team)
        bye = [(bye_team, None)]
    for allowed in range(len(ranking) // 2 + 1):
        pairs = _pair(ranking, played, allowed)
        if pairs is not None:
            return pairs + bye
    return []


def _pair(teams, played, rematches_allowed):
    if not teams:
        return []
    first, rest = teams[0], teams[1:]
    for index, opponent in enumerate(rest):
        rematch = frozenset((first, opponent)) in played
        if rematch and rematches_allowed == 0:
            continue
        remaining = rest[:index] + rest[index + 1 :]
        tail = _pair(remaining, played, rematches_allowed - rematch)
        if tail is not None:
            return [(first, opponent), *tail]
    return None


def bracket_seeds(size):
    """Seed numbers (1-based) in bracket order for a knockout of `size` (a power of two).

    8 gives [1, 8, 4, 5, 2, 7, 3, 6]: 1 meets 8, and 1 and 2 can only meet in the final.
    """
    seeds = [1]
    while len(seeds) < size:
        total = len(seeds) * 2 + 1
        seeds = [seed for top in seeds for seed in (top, total - top)]
    return seeds


def playoff_first_round(seeded):
    """First-round pairs of a knockout of the teams in `seeded` (best first).

    The bracket is the next power of two; the missing seeds are byes for the best teams.
    Returns (slot, home, away) with away None for a bye; home is the better seed.
    """
    if len(seeded) < 2:
        return []
    size = 2 ** math.ceil(math.log2(len(seeded)))
    order = bracket_seeds(size)
    pairs = []
    for slot in range(size // 2):
        top, bottom = order[2 * slot], order[2 * slot + 1]
        home = seeded[top - 1]
        away = seeded[bottom - 1] if bottom <= len(seeded) else None
        pairs.append((slot, home, away))
    return pairs
