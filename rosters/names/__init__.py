"""Names for new players, drawn from our own per-people lists (families.toml) instead of "Player 8".

No name generator we could find knows the peoples of fantasy football (Faker has none), so the lists
are ours, made up for Dugout. Names are data, not rules: they live here and not in the rulebook, and
the same file serves every edition, since a team list keeps its id across editions.

A name is stable: the same team, number and taken names always give the same name (the draw is
seeded by the team and the number), so tests and a re-run hire alike; it is never one the team
already has. The coach renames a player on the player's page whenever they like.
"""

import random
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from django.utils.translation import pgettext

FAMILIES_FILE = Path(__file__).with_name("families.toml")


@dataclass(frozen=True)
class Family:
    id: str
    first: tuple[str, ...]
    last: tuple[str, ...]


@dataclass(frozen=True)
class Names:
    families: dict[str, Family]
    rosters: dict[str, str]  # team list id -> family id
    positions: dict[str, str]  # position id -> family id, where it differs from its team list's

    def family(self, roster, position=""):
        """The family of a player of `position` in team list `roster`, or None for an unknown list."""
        family_id = self.positions.get(position) or self.rosters.get(roster)
        return self.families.get(family_id)


@cache
def names():
    """The name lists (read once per process)."""
    with FAMILIES_FILE.open("rb") as file:
        data = tomllib.load(file)
    families = {
        family_id: Family(family_id, tuple(lists["first"]), tuple(lists["last"]))
        for family_id, lists in data["family"].items()
    }
    return Names(families=families, rosters=dict(data["rosters"]), positions=dict(data["positions"]))


def full_name(first, last):
    # Translatable so that a language which puts the family name first may say so.
    return pgettext("a player's generated name: given name, family name", "%(first)s %(last)s") % {
        "first": first,
        "last": last,
    }


def candidates(family, *, seed):
    """(given name, family name, full name) of every name of `family`, in an order fixed by `seed`."""
    order = list(range(len(family.first) * len(family.last)))
    random.Random(seed).shuffle(order)  # a name, not a secret: a seeded draw is what we want
    for index in order:
        first, last = family.first[index // len(family.last)], family.last[index % len(family.last)]
        yield first, last, full_name(first, last)


def new_name(*, roster, position, team_key, number, taken=()):
    """A name for player `number` of `position` in a team of list `roster`, none of `taken`.

    `team_key` (the team's id) seeds the draw with the number: the same arguments give the same name.
    A name whose given and family names are both new to the team comes first (two Thornhides on one
    team read like brothers). Returns "" when the team list has no family or every name is taken (the
    caller then numbers the player instead).
    """
    family = names().family(roster, position)
    if family is None:
        return ""
    taken = list(taken)
    folded, everything = {name.casefold() for name in taken}, " | ".join(taken)
    free = [
        (first, last, name)
        for first, last, name in candidates(family, seed=f"{team_key}:{position}:{number}")
        if name.casefold() not in folded
    ]
    fresh = (name for first, last, name in free if first not in everything and last not in everything)
    return next(fresh, None) or next((name for _first, _last, name in free), "")
