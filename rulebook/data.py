"""The shapes of rulebook data: teams, positions, skills, star players, inducements, tables.

Plain frozen dataclasses built from the TOML files of an edition; no Django, no database.
"""

from dataclasses import dataclass, field

CHARACTERISTICS = ("ma", "st", "ag", "pa", "av")


@dataclass(frozen=True)
class SkillRef:
    """A skill as held by a position or player: its id and, for some skills, a parameter."""

    id: str
    param: str | None = None

    @classmethod
    def parse(cls, text):
        skill_id, _, param = text.partition(":")
        return cls(skill_id, param or None)

    def __str__(self):
        return f"{self.id}:{self.param}" if self.param else self.id


@dataclass(frozen=True)
class Skill:
    id: str
    category: str  # A G M P S, or T for traits
    param: str | None = None  # "plus", "target" or "text"
    elite: bool = False

    @property
    def key(self):
        return f"skill.{self.id}"


@dataclass(frozen=True)
class Profile:
    """Characteristics: MA and ST plain, AG PA AV as target numbers; pa None means "-"."""

    ma: int
    st: int
    ag: int
    pa: int | None
    av: int

    def as_dict(self):
        return {name: getattr(self, name) for name in CHARACTERISTICS}


@dataclass(frozen=True)
class Position:
    team_id: str
    id: str
    max: int
    cost: int
    profile: Profile
    skills: tuple[SkillRef, ...]
    primary: str
    secondary: str
    big_guy: bool = False
    lineman: bool = False

    @property
    def key(self):
        return f"position.{self.team_id}.{self.id}"


@dataclass(frozen=True)
class Team:
    id: str
    tier: int
    reroll_cost: int
    apothecary: bool
    special_rules: tuple[str, ...]
    positions: tuple[Position, ...]
    special_rule_options: tuple[str, ...] = ()
    max_big_guys: int | None = None

    @property
    def key(self):
        return f"team.{self.id}"

    def position(self, position_id):
        for position in self.positions:
            if position.id == position_id:
                return position
        raise KeyError(f"{self.id} has no position {position_id!r}")

    @property
    def lineman(self):
        return next(position for position in self.positions if position.lineman)

    def has_rule(self, rule_id, chosen_rule=None):
        """Whether the team has `rule_id`, counting the one option its coach chose, if any."""
        return rule_id in self.special_rules or (
            rule_id == chosen_rule and rule_id in self.special_rule_options
        )


@dataclass(frozen=True)
class StarPlayer:
    id: str
    cost: int
    profile: Profile
    skills: tuple[SkillRef, ...]
    plays_for: tuple[str, ...]
    excluded_teams: tuple[str, ...] = ()
    big_guy: bool = False
    pair: str | None = None

    @property
    def key(self):
        return f"star.{self.id}"

    @property
    def is_pair_partner(self):
        """Hired only with its lead, who carries the whole fee (star_players.toml)."""
        return self.pair is not None and self.cost == 0

    @property
    def players(self):
        """How many star players hiring this one brings (a pair counts as two)."""
        return 2 if self.pair is not None else 1

    def plays_for_team(self, team, chosen_rule=None):
        if team.id in self.excluded_teams:
            return False
        if "any" in self.plays_for:
            return True
        return any(team.has_rule(rule, chosen_rule) for rule in self.plays_for)


@dataclass(frozen=True)
class Inducement:
    id: str
    max: int | None  # None: unlimited
    cost: int | None  # None: the price depends on what is hired
    prices: tuple[dict, ...] = ()
    only_for: tuple[str, ...] = ()
    only_for_tiers: tuple[int, ...] = ()
    requires_apothecary: bool = False
    choices: str | None = None
    extra: dict = field(default_factory=dict)

    @property
    def key(self):
        return f"inducement.{self.id}"

    def available_to(self, team, chosen_rule=None):
        if self.only_for and not any(team.has_rule(rule, chosen_rule) for rule in self.only_for):
            return False
        if self.only_for_tiers and team.tier not in self.only_for_tiers:
            return False
        return not (self.requires_apothecary and not team.apothecary)

    def price_for(self, team, chosen_rule=None):
        """The price this team pays for one, or None where the price depends on the choice.

        A team that qualifies for several special prices pays the lowest (a Halfling team plays in both
        the Halfling Thimble Cup and the Old World Classic: its Halfling Hot Pot costs 60,000, not 80,000).
        """
        special = [
            price["cost"]
            for price in self.prices
            if ("for_rule" in price and team.has_rule(price["for_rule"], chosen_rule))
            or ("for_tier" in price and team.tier == price["for_tier"])
        ]
        return min(special) if special else self.cost


@dataclass(frozen=True)
class Table:
    """A rules table: the dice rolled (if any) and rows, each mapping a roll range to a result id."""

    id: str
    dice: str | None
    rows: tuple[dict, ...]
    extra: dict = field(default_factory=dict)

    @property
    def key(self):
        return f"table.{self.id}"

    def row_for(self, total):
        """The row whose roll range holds `total`."""
        for row in self.rows:
            low, high = row["roll"]
            if low <= total <= high:
                return row
        raise ValueError(f"{total} is outside the {self.id} table")

    def row(self, row_id):
        for row in self.rows:
            if row.get("id") == row_id:
                return row
        raise KeyError(f"{self.id} has no row {row_id!r}")

    @property
    def roll_range(self):
        """The lowest and highest roll the table covers (None for tables without rolls)."""
        ranges = [row["roll"] for row in self.rows if "roll" in row]
        if not ranges:
            return None
        return min(low for low, _ in ranges), max(high for _, high in ranges)
