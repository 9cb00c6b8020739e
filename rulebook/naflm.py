"""NAFLM's race and position ids in Dugout's terms (rulebook/formats/naflm.toml), both ways: what a
NAFLM team XML's `race_id` and `pos_id` are in an edition of Dugout's, and what a Dugout team's are in
NAFLM's. Pure data, read once."""

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

FILE = Path(__file__).resolve().parent / "formats" / "naflm.toml"


@dataclass(frozen=True)
class NaflmPosition:
    naflm_id: int
    name: str  # NAFLM's, in English
    position: str | None  # Dugout's position id in `NaflmIds.edition`; None: no such position
    cost: int
    max: int


@dataclass(frozen=True)
class NaflmRace:
    naflm_id: int
    name: str
    team: str | None  # Dugout's team list id in `NaflmIds.edition`; None: no such team list
    positions: tuple[NaflmPosition, ...]


@dataclass(frozen=True)
class NaflmIds:
    edition: str  # the edition whose ids `team` and `position` are
    source: str
    races: dict[int, NaflmRace]

    def position(self, race, naflm_id):
        """The race's position of NAFLM id `naflm_id`, or None."""
        return next((position for position in race.positions if position.naflm_id == naflm_id), None)

    def race_of_team(self, team_id):
        """The NAFLM race of a Dugout team list id, or None."""
        return next((race for race in self.races.values() if race.team == team_id), None)

    def naflm_position_id(self, race, position_id):
        """The NAFLM id of a Dugout position of `race`, or None."""
        found = next((position for position in race.positions if position.position == position_id), None)
        return found.naflm_id if found else None


@cache
def naflm_ids() -> NaflmIds:
    data = tomllib.loads(FILE.read_text(encoding="utf-8"))
    races = {}
    for entry in data["race"]:
        positions = tuple(
            NaflmPosition(item["naflm_id"], item["name"], item.get("position"), item["cost"], item["max"])
            for item in entry["positions"]
        )
        races[entry["naflm_id"]] = NaflmRace(entry["naflm_id"], entry["name"], entry.get("team"), positions)
    return NaflmIds(edition=data["edition"], source=data["source"], races=races)
