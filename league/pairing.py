"""Pairing teams: round robin by the circle method, Swiss rounds, playoff brackets. Pure functions.

Teams are any hashable ids; a pairing is (home, away), and a bye is (team, None).
"""


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
    ranking, bye = _without_bye(ranking, byes)
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


def bracket_size(count):
    """The places of a knockout of `count` teams: the next power of two (6 teams: 8 places, 2 byes)."""
    return 1 << (count - 1).bit_length() if count > 1 else count


def playoff_first_round(seeded):
    """First-round pairs of a knockout of the teams in `seeded` (best first).

    The bracket is the next power of two; the missing seeds are byes for the best teams.
    Returns (slot, home, away) with away None for a bye; home is the better seed.
    """
    if len(seeded) < 2:
        return []
    size = bracket_size(len(seeded))
    order = bracket_seeds(size)
    pairs = []
    for slot in range(size // 2):
        top, bottom = order[2 * slot], order[2 * slot + 1]
        home = seeded[top - 1]
        away = seeded[bottom - 1] if bottom <= len(seeded) else None
        pairs.append((slot, home, away))
    return pairs


def playoff_next_round(winners):
    """The next round of a knockout from `winners`, the winner of each slot of this round in slot order
    (a team with a bye is its slot's winner): slot k pairs the winners of slots 2k and 2k+1, the first at
    home. Returns (slot, home, away); nothing once a single winner is left."""
    return [(slot, winners[2 * slot], winners[2 * slot + 1]) for slot in range(len(winners) // 2)]


# --- divisions -------------------------------------------------------------------------------------------
# A season in divisions: its teams are lists of ids, one list per division. A round number is shared by
# every division, so each team plays at most one game per round across the whole season.


def division_round_robin(divisions, *, double=False):
    """The rounds of a round robin inside each division (twice when `double`), side by side: round n
    holds every division's round n. A division with fewer rounds (fewer teams) gives its teams a bye
    in the rounds it lacks, so every team appears once in every round.
    Returns a list of rounds, each a list of (home, away) pairs, byes as (team, None)."""
    schedules = [round_robin(teams, double=double) for teams in divisions]
    count = max((len(schedule) for schedule in schedules), default=0)
    rounds = []
    for number in range(count):
        pairs = []
        for teams, schedule in zip(divisions, schedules, strict=True):
            pairs += schedule[number] if number < len(schedule) else [(team, None) for team in teams]
        rounds.append(pairs)
    return rounds


def cross_division_rounds(divisions, *, games):
    """`games` rounds in which every team meets a team of another division.

    The teams are lined up division by division and the first half of the line meets the second half:
    a division no longer than half the line never meets itself that way. Each round turns the order of
    the divisions and the second half of the line, so opponents change from round to round (a pairing
    without a repeat is taken when one of the turns gives it). With an odd count one team of the
    largest division has a bye, the one with the fewest byes so far; when one division holds more than
    half of the teams, those of its teams left without an opponent of another division have a bye.
    Returns a list of rounds, each a list of (home, away) pairs, byes as (team, None).
    """
    division_of = {team: index for index, teams in enumerate(divisions) for team in teams}
    met: set[frozenset] = set()
    byes: dict = {}
    rounds = []
    for number in range(games):
        groups = [list(teams) for teams in divisions if teams]
        bye = []
        if sum(len(teams) for teams in groups) % 2:
            largest = max(groups, key=len)
            resting = min(reversed(largest), key=lambda team: byes.get(team, 0))
            largest.remove(resting)
            bye = [(resting, None)]
        turn = number % len(groups) if groups else 0
        line = [team for teams in groups[turn:] + groups[:turn] for team in teams]
        pairs = _cross_pairs(line, division_of, met, number)
        for home, away in pairs + bye:
            if away is None:
                byes[home] = byes.get(home, 0) + 1
            else:
                met.add(frozenset((home, away)))
        rounds.append(pairs + bye)
    return rounds


def _cross_pairs(line, division_of, met, number):
    half = len(line) // 2
    if not half:
        return [(team, None) for team in line]
    candidates = []
    for offset in range(half):
        shift = (number + offset) % half
        pairs = [(line[index], line[half + (index + shift) % half]) for index in range(half)]
        if all(division_of[home] != division_of[away] for home, away in pairs):
            candidates.append(pairs)
    fresh = [pairs for pairs in candidates if not any(frozenset(pair) in met for pair in pairs)]
    chosen = (fresh or candidates or [[(line[index], line[half + index]) for index in range(half)]])[0]
    result = []
    for home, away in chosen:
        if division_of[home] == division_of[away]:
            result += [(home, None), (away, None)]
        else:
            result.append((home, away) if number % 2 == 0 else (away, home))
    return result


def division_swiss_round(rankings, *, played, byes=()):
    """The next Swiss round inside each division (swiss_round on each ranking of `rankings`, one per
    division, best first), as one round: pairs of all divisions together."""
    return [pair for ranking in rankings for pair in swiss_round(ranking, played=played, byes=byes)]


def cross_division_swiss_round(ranking, *, division_of, played, byes=()):
    """The next Swiss round across divisions: every team meets a team of another division, the nearest
    to it in `ranking` (the whole season's table, best first), never a rematch when one can be avoided.

    The bye (odd counts) goes as in swiss_round. When one division holds more than half of the teams,
    the fewest of its teams that must meet each other do (a Swiss round leaves nobody out). Backtracks:
    it takes the fewest games inside a division first, then the fewest rematches.
    Returns a list of (home, away) pairs, the better-ranked team at home, with (team, None) for a bye.
    """
    ranking, bye = _without_bye(ranking, byes)
    sizes: dict = {}
    for team in ranking:
        sizes[division_of[team]] = sizes.get(division_of[team], 0) + 1
    # The largest division's teams beyond half of the field can only meet each other.
    inside = max(0, max(sizes.values(), default=0) - len(ranking) // 2)
    for same in range(inside, len(ranking) // 2 + 1):
        for rematches in range(len(ranking) // 2 + 1):
            pairs = _pair_across(ranking, division_of, played, rematches, same)
            if pairs is not None:
                return pairs + bye
    return bye


def _without_bye(ranking, byes):
    """(the ranking to pair, [(team, None)]): an odd count gives the bye as _bye_team says."""
    ranking = list(ranking)
    if not len(ranking) % 2:
        return ranking, []
    bye_team = _bye_team(ranking, byes)
    ranking.remove(bye_team)
    return ranking, [(bye_team, None)]


def _bye_team(ranking, byes):
    """The lowest-ranked team that has not had a bye (the lowest of all when every team has had one)."""
    had = set(byes)
    return next((team for team in reversed(ranking) if team not in had), ranking[-1])


def _pair_across(teams, division_of, played, rematches_allowed, same_allowed):
    if not teams:
        return []
    first, rest = teams[0], teams[1:]
    for index, opponent in enumerate(rest):
        rematch = frozenset((first, opponent)) in played
        same = division_of[first] == division_of[opponent]
        if (rematch and not rematches_allowed) or (same and not same_allowed):
            continue
        remaining = rest[:index] + rest[index + 1 :]
        tail = _pair_across(remaining, division_of, played, rematches_allowed - rematch, same_allowed - same)
        if tail is not None:
            return [(first, opponent), *tail]
    return None


def playoff_qualifiers(tables, *, per_division, ranking, wild_cards=0):
    """The teams of a playoff between divisions, best seed first.

    `tables`: each division's teams, best first. `ranking`: every team, best first, by a ranking common
    to the divisions (the whole season's table). The first `per_division` of each division qualify,
    the winners seeded first (between them by the common ranking), then the seconds, and so on; then
    the `wild_cards` best teams of the common ranking not qualified yet.
    """
    rank = {team: index for index, team in enumerate(ranking)}
    seeded = []
    for place in range(per_division):
        at_place = [teams[place] for teams in tables if place < len(teams)]
        seeded += sorted(at_place, key=lambda team: rank.get(team, len(rank)))
    chosen = set(seeded)
    seeded += [team for team in ranking if team not in chosen][:wild_cards]
    return seeded


def seed_across_divisions(seeded, *, division_of):
    """First-round pairs of a knockout of `seeded` (best first, two teams or more) in which two teams of
    one division meet as late as the draw allows.

    The bracket is the next power of two: the best seeds have a bye (6 teams: seeds 1 and 2 go straight
    into round two). It is split in halves, each half in halves again, and so on; at each split every
    division's teams are shared between the two halves as evenly as they can be, and otherwise the
    seeds go to the halves in a snake (1 top, 2 and 3 bottom, 4 top ...), so the best seeds are apart
    too. A team with a bye fills two places of its half (its own and its missing opponent's).
    Returns (slot, home, away) as playoff_first_round does, away None for a bye: the winners of slots 2k
    and 2k+1 meet next, and the better seed of a pair is at home.
    """
    count = len(seeded)
    if count < 2:
        raise ValueError("a knockout needs two teams or more")
    size = bracket_size(count)
    rank = {team: index for index, team in enumerate(seeded)}
    with_bye = set(seeded[: size - count])
    line = _split_bracket(list(seeded), division_of, with_bye, size)
    pairs = []
    for slot in range(size // 2):
        home, away = line[2 * slot : 2 * slot + 2]
        if away is not None and rank[away] < rank[home]:
            home, away = away, home
        pairs.append((slot, home, away))
    return pairs


_SNAKE = (0, 1, 1, 0)
# How many placements the search for even halves may try before it settles for the greedy split.
_SPLIT_BUDGET = 20000


def _split_bracket(teams, division_of, with_bye, places):
    """The bracket line of `teams` (best first) over `places` places, None where a bye's opponent would
    be. A team with a bye takes two places of its half."""
    if places == 2:
        return teams if len(teams) == 2 else [teams[0], None]
    capacity = places // 2
    weights = [2 if team in with_bye else 1 for team in teams]
    sides = _even_halves(teams, weights, division_of, capacity) or _greedy_halves(
        teams, weights, division_of, capacity
    )
    halves = [[team for team, side in zip(teams, sides, strict=True) if side == half] for half in (0, 1)]
    return _split_bracket(halves[0], division_of, with_bye, capacity) + _split_bracket(
        halves[1], division_of, with_bye, capacity
    )


def _preferred(index, division, counts):
    """The half a team would rather go to: the one with fewer of its division, else the snake's."""
    top, bottom = counts.get((division, 0), 0), counts.get((division, 1), 0)
    return _SNAKE[index % 4] if top == bottom else (0 if top < bottom else 1)


def _greedy_halves(teams, weights, division_of, capacity):
    """The half of each team, each to the half it prefers while there is room (byes first, so a half
    never runs out of even room for them)."""
    used, counts, sides = [0, 0], {}, []
    for index, team in enumerate(teams):
        division = division_of[team]
        wanted = _preferred(index, division, counts)
        if used[wanted] + weights[index] > capacity:
            wanted = 1 - wanted
        used[wanted] += weights[index]
        counts[division, wanted] = counts.get((division, wanted), 0) + 1
        sides.append(wanted)
    return sides


def _even_halves(teams, weights, division_of, capacity):
    """The half of each team such that every division is shared between the halves within one team,
    each team to the half it prefers when it can be; None when no such split is found. A bye taking
    two places can make the greedy split put two teams of a division together needlessly."""
    left: dict = {}
    for team in teams:
        left[division_of[team]] = left.get(division_of[team], 0) + 1
    used, counts, sides = [0, 0], {}, []
    budget = [_SPLIT_BUDGET]

    def place(index):
        if index == len(teams):
            return True
        budget[0] -= 1
        if budget[0] < 0:
            return False
        division = division_of[teams[index]]
        left[division] -= 1
        wanted = _preferred(index, division, counts)
        for side in (wanted, 1 - wanted):
            if used[side] + weights[index] > capacity:
                continue
            counts[division, side] = counts.get((division, side), 0) + 1
            if abs(counts.get((division, 0), 0) - counts.get((division, 1), 0)) <= left[division] + 1:
                used[side] += weights[index]
                sides.append(side)
                if place(index + 1):
                    return True
                sides.pop()
                used[side] -= weights[index]
            counts[division, side] -= 1
        left[division] += 1
        return False

    return sides if place(0) else None
