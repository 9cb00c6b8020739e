"""Dividing teams between divisions: pure functions over team ids, no ORM (league.services.divisions
reads and writes the rows).

- snake_draft: balanced divisions from a ranking (by team value, or by last season's table);
- promotion_and_relegation: next season's divisions from this season's division tables.
"""


def snake_draft(ranked, count):
    """`count` divisions of the teams of `ranked` (best first), dealt as in a snake draft: the first
    team to division 1, the second to division 2 ... the count-th to the last division, the next one
    to the last division again, and back. So every division gets one of the best, one of the next
    best and so on, and the strongest and weakest picks even out; sizes differ by one at most."""
    divisions: list[list] = [[] for _ in range(count)]
    for index, team in enumerate(ranked):
        lap, place = divmod(index, count)
        divisions[place if lap % 2 == 0 else count - 1 - place].append(team)
    return divisions


def promotion_and_relegation(tables, *, up, down):
    """Next season's divisions from this season's `tables` (each division's teams best first, the top
    division first): the first `up` of each division but the top one go up a division, the last
    `down` of each division but the bottom one go down a division; everyone else stays.

    Returns {team: index of its division next season}. Raises ValueError when a division would send
    the same team both up and down (it has fewer than `up` + `down` teams).
    """
    if up < 0 or down < 0:
        raise ValueError("promotion and relegation counts are not negative")
    target = {}
    last = len(tables) - 1
    for index, teams in enumerate(tables):
        going_up = teams[:up] if index > 0 else []
        going_down = teams[len(teams) - down :] if index < last and down else []
        if set(going_up) & set(going_down):
            raise ValueError("a team cannot be both promoted and relegated")
        for team in teams:
            target[team] = index
        for team in going_up:
            target[team] = index - 1
        for team in going_down:
            target[team] = index + 1
    return target
