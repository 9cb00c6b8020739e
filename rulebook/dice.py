"""Dice: rolled by Dugout from an injectable random source, or entered by a coach from real dice.

Both paths give the same `Roll` record, fit for an audit log: the dice expression, each die's face,
the total and what the roll was for.
"""

import re
import secrets
from dataclasses import asdict, dataclass

# "D6", "2D6", "D16", "D3+3", "3BD" (three block dice)
_NOTATION = re.compile(r"^(?P<count>[1-9]?)(?P<kind>D3|D6|D8|D16|BD)(?P<modifier>[+-]\d+)?$")
_SIDES = {"D3": 3, "D6": 6, "D8": 8, "D16": 16, "BD": 6}

ROLLED = "rolled"
ENTERED = "entered"


class DiceError(ValueError):
    """Dice notation or entered faces that make no sense."""


@dataclass(frozen=True)
class DiceSpec:
    count: int
    kind: str
    modifier: int

    @classmethod
    def parse(cls, notation):
        match = _NOTATION.match(notation.replace(" ", "").upper())
        if not match:
            raise DiceError(f"unknown dice {notation!r}")
        return cls(int(match["count"] or 1), match["kind"], int(match["modifier"] or 0))

    @property
    def sides(self):
        return _SIDES[self.kind]

    @property
    def is_block(self):
        return self.kind == "BD"

    def __str__(self):
        count = str(self.count) if self.count > 1 else ""
        modifier = f"{self.modifier:+d}" if self.modifier else ""
        return f"{count}{self.kind}{modifier}"


@dataclass(frozen=True)
class Roll:
    """One roll of one or more dice. Block dice have no total: read their faces."""

    dice: str
    faces: tuple[int, ...]
    total: int | None
    purpose: str
    source: str  # ROLLED or ENTERED

    def as_dict(self):
        record = asdict(self)
        record["faces"] = list(self.faces)
        return record

    @classmethod
    def from_dict(cls, record):
        return cls(
            record["dice"], tuple(record["faces"]), record["total"], record["purpose"], record["source"]
        )


def _make_roll(spec, faces, purpose, source):
    total = None if spec.is_block else sum(faces) + spec.modifier
    return Roll(str(spec), tuple(faces), total, purpose, source)


class Dice:
    """Rolls dice with `source` (anything with `randint`): seeded `random.Random` in tests,
    `secrets.SystemRandom` otherwise."""

    def __init__(self, source=None):
        self.source = source or secrets.SystemRandom()

    def roll(self, notation, *, purpose):
        spec = DiceSpec.parse(notation)
        faces = [self.source.randint(1, spec.sides) for _ in range(spec.count)]
        return _make_roll(spec, faces, purpose, ROLLED)


def entered(notation, faces, *, purpose):
    """A roll made with real dice and typed in by a coach, checked against the dice rolled."""
    spec = DiceSpec.parse(notation)
    faces = [int(face) for face in faces]
    if len(faces) != spec.count:
        raise DiceError(f"{spec} needs {spec.count} dice, got {len(faces)}")
    for face in faces:
        if not 1 <= face <= spec.sides:
            raise DiceError(f"{face} is not a face of a {spec.kind}")
    return _make_roll(spec, faces, purpose, ENTERED)


def roll_or_enter(dice, notation, faces=None, *, purpose):
    """Entered faces when the coach gave them, otherwise a roll by Dugout."""
    if faces:
        return entered(notation, faces, purpose=purpose)
    return dice.roll(notation, purpose=purpose)
