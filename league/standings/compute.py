"""League tables from confirmed results: a pure function over plain records, no ORM here.

Teams are ordered by league points (a commissioner's points adjustments included), then by the
league's tie-breakers in order. A head-to-head
tie-breaker is a mini-league among the teams still tied; whenever a tie-breaker splits a tied group,
each smaller group still tied starts again from the first tie-breaker (so head-to-head is recomputed
among the remaining teams only). Each row tells which tie-breaker placed it, and the value it had.
"""

import hashlib
from dataclasses import dataclass, field
from itertools import groupby

# league.models.TIEBREAKERS names them for people; these compute them.
HEAD_TO_HEAD = {"head_to_head_points", "head_to_head_td_difference"}
# A tie-break reason names the other teams on the same points up to this many, else counts them.
TIED_NAMES_KEPT = 3


@dataclass(frozen=True)
class Game:
    """A confirmed result between two entries (ids), in round `round` (None outside a round)."""

    home: int
    away: int
    home_score: int
    away_score: int
    home_cas: int = 0
    away_cas: int = 0
    conceded_by: int | None = None
    round: int | None = None

    def outcome_for(self, entry):
        """ "win", "draw" or "loss" for `entry`; a conceding team loses whatever the score."""
        if self.conceded_by is not None:
            return "loss" if self.conceded_by == entry else "win"
        own, other = self.scores_for(entry)
        if own == other:
            return "draw"
        return "win" if own > other else "loss"

    def scores_for(self, entry):
        """(touchdowns scored, touchdowns conceded) for `entry`."""
        if entry == self.home:
            return self.home_score, self.away_score
        return self.away_score, self.home_score

    def casualties_for(self, entry):
        if entry == self.home:
            return self.home_cas, self.away_cas
        return self.away_cas, self.home_cas


@dataclass
class Row:
    entry: int
    name: str
    position: int = 0
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    td_for: int = 0
    td_against: int = 0
    cas_for: int = 0
    cas_against: int = 0
    bonus: int = 0
    adjustment: int = 0  # the commissioner's points adjustments, counted in `points`
    points: int = 0
    # How the row was placed among teams on the same points.
    tied_with: list = field(default_factory=list)  # names of the other teams on the same points
    tiebreaker: str | None = None  # the tie-breaker that placed it, None when not tied or still tied
    tiebreaker_value: int | None = None
    still_tied: bool = False

    @property
    def entry_id(self):
        return self.entry

    @property
    def tied_count(self):
        return len(self.tied_with)

    @property
    def tied_names(self):
        """The other teams on the same points by name, when they are few enough to name (three or fewer);
        league.models.StandingsRow stores only these."""
        return self.tied_with if len(self.tied_with) <= TIED_NAMES_KEPT else []

    @property
    def td_difference(self):
        return self.td_for - self.td_against

    @property
    def cas_difference(self):
        return self.cas_for - self.cas_against


def _outcome_points(outcome, scoring):
    return scoring[outcome]


def _bonus(game, entry, bonus):
    if not bonus:
        return 0
    scored, conceded = game.scores_for(entry)
    inflicted, _suffered = game.casualties_for(entry)
    return (
        (bonus["three_plus_touchdowns"] if scored >= 3 else 0)
        + (bonus["no_touchdown_conceded"] if conceded == 0 else 0)
        + (bonus["three_plus_casualties"] if inflicted >= 3 else 0)
    )


def compute_standings(entries, games, *, scoring, tiebreakers, seed=0, adjustments=None, opponents=()):
    """The league table: a list of Rows, best first, with positions.

    `entries`: {entry id: name} of every team in the table (teams without games included).
    `games`: Game records of confirmed results (games with an entry not in `entries` are ignored).
    `scoring`: {"win": 3, "draw": 1, "loss": 0, "bonus": None or {"three_plus_touchdowns": 1,
    "no_touchdown_conceded": 1, "three_plus_casualties": 1}}. `tiebreakers`: ordered names.
    `seed`: makes the coin flip stable (the season's coin seed): a team's flip depends on the seed and
    its name only, so the table is the same on every read, and after an export and import.
    `adjustments`: {entry id: league points added (negative: docked)}, counted in the points (entries
    not in `entries` are ignored).
    `opponents`: ids of teams outside the table whose games against the table's teams count for them (a
    division's table counts its teams' games against the other divisions); a head-to-head tie-breaker
    still reads only the games between the teams tied.
    """
    rows = {entry: Row(entry=entry, name=name) for entry, name in entries.items()}
    for entry, points in (adjustments or {}).items():
        if entry in rows:
            rows[entry].adjustment = points
            rows[entry].points = points
    counted = rows.keys() | set(opponents)
    games = [
        game
        for game in games
        if game.home in counted and game.away in counted and (game.home in rows or game.away in rows)
    ]
    for game in games:
        for entry in (game.home, game.away):
            if entry not in rows:
                continue
            row = rows[entry]
            outcome = game.outcome_for(entry)
            scored, conceded = game.scores_for(entry)
            inflicted, suffered = game.casualties_for(entry)
            row.played += 1
            row.won += outcome == "win"
            row.drawn += outcome == "draw"
            row.lost += outcome == "loss"
            row.td_for += scored
            row.td_against += conceded
            row.cas_for += inflicted
            row.cas_against += suffered
            bonus = _bonus(game, entry, scoring.get("bonus"))
            row.bonus += bonus
            row.points += _outcome_points(outcome, scoring) + bonus
    context = _Context(rows=rows, games=games, scoring=scoring, tiebreakers=list(tiebreakers), seed=seed)
    ordered = []
    by_points = sorted(rows.values(), key=lambda row: (-row.points, row.name.casefold(), row.entry))
    for _points, group in groupby(by_points, key=lambda row: row.points):
        group = list(group)
        if len(group) > 1:
            for row in group:
                row.tied_with = [other.name for other in group if other is not row]
        ordered += context.order(group)
    for position, row in enumerate(ordered, start=1):
        row.position = position
    return ordered


@dataclass
class _Context:
    rows: dict
    games: list
    scoring: dict
    tiebreakers: list
    seed: int
    games_of: dict = field(default_factory=dict)

    def __post_init__(self):
        for game in self.games:
            self.games_of.setdefault(game.home, []).append(game)
            self.games_of.setdefault(game.away, []).append(game)
        for entry in self.rows:
            self.games_of.setdefault(entry, [])

    def order(self, group):
        if len(group) == 1:
            return group
        for name in self.tiebreakers:
            values = {row.entry: self.value(name, row, group) for row in group}
            ranked = sorted(group, key=lambda row: (-values[row.entry], row.name.casefold(), row.entry))
            buckets = [list(bucket) for _key, bucket in groupby(ranked, key=lambda row: values[row.entry])]
            if len(buckets) == 1:
                continue
            ordered = []
            for bucket in buckets:
                for row in bucket:
                    row.tiebreaker = name
                    row.tiebreaker_value = self.display_value(name, values[row.entry])
                ordered += self.order(bucket) if len(bucket) > 1 else bucket
            return ordered
        for row in group:
            row.tiebreaker, row.tiebreaker_value, row.still_tied = None, None, True
        return group

    def value(self, name, row, group):
        """A number where higher is better."""
        if name in HEAD_TO_HEAD:
            # A mini-league of the games between the tied teams, on match points only: a points
            # adjustment is about a team's season, not about one of those games.
            members = {other.entry for other in group}
            games = [
                game for game in self.games_of[row.entry] if game.home in members and game.away in members
            ]
            if name == "head_to_head_points":
                return sum(_outcome_points(game.outcome_for(row.entry), self.scoring) for game in games)
            return sum(
                scored - conceded for scored, conceded in (game.scores_for(row.entry) for game in games)
            )
        if name == "td_difference":
            return row.td_difference
        if name == "cas_difference":
            return row.cas_difference
        if name == "touchdowns_scored":
            return row.td_for
        if name == "casualties_inflicted":
            return row.cas_for
        if name == "fewest_conceded":
            return -row.td_against
        if name == "coin_flip":
            digest = hashlib.sha256(f"{self.seed}:{row.name}".encode()).digest()
            return int.from_bytes(digest[:8], "big")
        raise ValueError(f"unknown tie-breaker {name!r}")

    @staticmethod
    def display_value(name, value):
        if name == "coin_flip":
            return None
        if name == "fewest_conceded":
            return -value
        return value


def standings_by_round(entries, games, *, scoring, tiebreakers, seed=0, adjustments=None):
    """[(round number, rows)] : the table after each round that has a confirmed game. Points
    adjustments belong to no round: each table counts them all."""
    numbers = sorted({game.round for game in games if game.round is not None})
    return [
        (
            number,
            compute_standings(
                entries,
                [game for game in games if game.round is not None and game.round <= number],
                scoring=scoring,
                tiebreakers=tiebreakers,
                seed=seed,
                adjustments=adjustments,
            ),
        )
        for number in numbers
    ]


def points_by_round(entries, games, *, scoring, rounds, adjustments=None):
    """{entry: [league points after each round of `rounds`]} for the entries of `entries` (the race
    chart): points and bonus points only, summed game by game, so no table is computed per round.

    `games`: Game records of confirmed results between teams of the table (games of other teams and
    games outside a round are ignored). `rounds`: the round numbers to report, in order.
    `adjustments`: {entry: points} counted from the first round on, as the tables after each round
    count them (an adjustment belongs to no round).
    """
    wanted = set(entries)
    gained = {}
    for game in games:
        if game.round is None:
            continue
        for entry in (game.home, game.away):
            if entry in wanted:
                points = _outcome_points(game.outcome_for(entry), scoring) + _bonus(
                    game, entry, scoring.get("bonus")
                )
                gained[game.round, entry] = gained.get((game.round, entry), 0) + points
    series = {entry: [] for entry in entries}
    for entry, points in series.items():
        total = (adjustments or {}).get(entry, 0)
        for number in rounds:
            total += gained.get((number, entry), 0)
            points.append(total)
    return series
