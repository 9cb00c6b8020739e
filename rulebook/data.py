"""The shapes of rulebook data: teams, positions, skills, star players, inducements, tables.

Plain frozen dataclasses built from the TOML files of an edition; no Django, no database.
"""

from dataclasses import dataclass, field

from rulebook.coverage import carries_out

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
    keywords: tuple[str, ...] = ()

    @property
    def key(self):
        return f"position.{self.team_id}.{self.id}"


def _as_choices(chosen):
    """A team's draft choices as a tuple: None, one id, or several ids (a League and a Favoured of ...)."""
    if not chosen:
        return ()
    return (chosen,) if isinstance(chosen, str) else tuple(chosen)


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
    leagues: tuple[str, ...] = ()  # the Leagues it may play for: one is chosen at the draft
    # Team rules a chosen League brings ({"chaos_clash": ("favoured_of_khorne",)}), and any other keys
    # of the roster (e.g. which positions may be Team Captain): data the services read.
    league_rules: dict = field(default_factory=dict, hash=False, compare=False)
    extra: dict = field(default_factory=dict, hash=False, compare=False)

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

    def league(self, chosen=None):
        """The League the team plays for: its only one, or the one chosen at the draft (None if unknown)."""
        if len(self.leagues) == 1:
            return self.leagues[0]
        return next((choice for choice in _as_choices(chosen) if choice in self.leagues), None)

    def rules_in_force(self, chosen=None):
        """Every team rule and League that applies, given the draft choices (a League, a Favoured of ...)."""
        choices = _as_choices(chosen)
        rules = [*self.special_rules, *(choice for choice in choices if choice in self.special_rule_options)]
        league = self.league(choices)
        if league:
            rules += [league, *self.league_rules.get(league, ())]
        return tuple(dict.fromkeys(rules))

    def has_rule(self, rule_id, chosen_rule=None):
        """Whether the team has `rule_id`, counting what its coach chose at the draft, if anything."""
        return rule_id in self.rules_in_force(chosen_rule)

    @property
    def choice_groups(self):
        """The lists a coach picks exactly one from when drafting: the League (if several), the option."""
        groups = []
        if len(self.leagues) > 1:
            groups.append(self.leagues)
        if self.special_rule_options:
            groups.append(self.special_rule_options)
        return tuple(groups)

    def choice_sets(self):
        """Every possible combination of draft choices (one empty set when there is nothing to choose)."""
        sets: list[tuple[str, ...]] = [()]
        for group in self.choice_groups:
            sets = [(*chosen, option) for chosen in sets for option in group]
        return sets


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
    keywords: tuple[str, ...] = ()
    extra: dict = field(default_factory=dict, hash=False, compare=False)  # e.g. mega_star

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
        rules = team.rules_in_force(chosen_rule)
        return any(rule in rules for rule in self.plays_for)

    def may_play_for_team(self, team):
        """Whether the star plays for the team under at least one of its possible draft choices."""
        return any(self.plays_for_team(team, chosen) for chosen in team.choice_sets())


# Team rules whose whole effect is which star players (`plays_for`) and inducements (`only_for`, a
# `price` for_rule) the team may hire: BB2020's Leagues, listed among its team rules, and the favour of a
# Chaos god. The star's check carries them out, as Inducement.available_to and price_for do.
AFFILIATION_RULES = (
    "badlands_brawl",
    "elven_kingdoms_league",
    "halfling_thimble_cup",
    "lustrian_superleague",
    "old_world_classic",
    "sylvanian_spotlight",
    "underworld_challenge",
    "worlds_edge_superleague",
    "favoured_of_chaos_undivided",
    "favoured_of_undivided",
    "favoured_of_hashut",
    "favoured_of_khorne",
    "favoured_of_nurgle",
    "favoured_of_slaanesh",
    "favoured_of_tzeentch",
)
for _rule in AFFILIATION_RULES:
    carries_out("team_rule", row=_rule)(StarPlayer.plays_for_team)


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
        rules = team.rules_in_force(chosen_rule)
        if self.only_for and not any(rule in rules for rule in self.only_for):
            return False
        if self.only_for_tiers and team.tier not in self.only_for_tiers:
            return False
        return not (self.requires_apothecary and not team.apothecary)

    # Bribery and Corruption: its cheaper Bribes are a price for_rule (its Argue the Call re-roll is in
    # matches.services.drives.events).
    @carries_out("team_rule", row="bribery_and_corruption")
    def price_for(self, team, chosen_rule=None):
        """The price this team pays for one, or None where the price depends on the choice.

        A team that qualifies for several special prices pays the lowest (a Halfling team plays in both
        the Halfling Thimble Cup and the Old World Classic: its Halfling Hot Pot costs 60,000, not 80,000).
        """
        rules = team.rules_in_force(chosen_rule)
        special = [
            price["cost"]
            for price in self.prices
            if ("for_rule" in price and price["for_rule"] in rules)
            or ("for_tier" in price and team.tier == price["for_tier"])
            or price.get("for_team") == team.id
        ]
        return min(special) if special else self.cost


def hireling_available(entry, team, chosen_rule=None):
    """Whether a team may hire this wizard, famous staff member or referee (`only_for` rules, if any)."""
    only_for = entry.get("only_for", [])
    rules = team.rules_in_force(chosen_rule)
    return not only_for or any(rule in rules for rule in only_for)


def hireling_price(entry, team, chosen_rule=None):
    """What a team pays for a hireling: its cost, or the lowest special price the team qualifies for."""
    rules = team.rules_in_force(chosen_rule)
    special = [price["cost"] for price in entry.get("price", []) if price.get("for_rule") in rules]
    return min([entry["cost"], *special])


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
