"""A sheet in one language, ready for a template: every text looked up, every table laid out.

The views a document is made of (SheetDocument, SectionView and the blocks); sheets/build.py makes
them from the catalogue, sheets/rulebook_blocks.py from the rulebook, sheets/options.py from a
league's settings, sheets/team_sheet.py from a team. The templates only print.
"""

from dataclasses import dataclass, field

# A section holding a table with this many columns or more spans the whole page width in print.
WIDE_TABLE_COLUMNS = 4


@dataclass(frozen=True)
class Cell:
    """A table cell: its text, an optional smaller line below it, and whether it is a literal
    (numbers, dice, rolls: kept on one line and centred)."""

    text: str
    detail: str = ""
    literal: bool = False


@dataclass(frozen=True)
class Text:
    kind: str  # "p" or "note"
    text: str


@dataclass(frozen=True)
class Items:
    kind: str  # "steps" (numbered) or "list"
    items: tuple[str, ...]


@dataclass(frozen=True)
class Table:
    head: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    title: str = ""
    intro: str = ""
    notes: tuple[str, ...] = ()
    style: str = ""  # an extra CSS class: "rules", "stars", "positions"...
    kind: str = field(default="table", init=False)

    @property
    def wide(self):
        return len(self.head) >= WIDE_TABLE_COLUMNS


@dataclass(frozen=True)
class Definitions:
    """Terms with their explanations (skills of a category, wizards...)."""

    title: str
    items: tuple[tuple[str, str], ...]
    kind: str = field(default="definitions", init=False)
    wide: bool = field(default=False, init=False)


@dataclass(frozen=True)
class Group:
    """A titled group of blocks with a line of facts (a team and its positions)."""

    title: str
    facts: tuple[str, ...]
    blocks: tuple
    kind: str = field(default="group", init=False)
    wide: bool = field(default=True, init=False)


@dataclass(frozen=True)
class SectionView:
    heading: str
    blocks: tuple

    @property
    def wide(self):
        return any(getattr(block, "wide", False) for block in self.blocks)


@dataclass(frozen=True)
class SheetDocument:
    sheet: object
    language: str
    game_title: str
    title: str
    intro: str
    sections: tuple[SectionView, ...]

    @property
    def runs(self):
        """The sections in runs of narrow ones (set in two columns in print) and wide ones (full width):
        [(False, [s1, s2]), (True, [s3]), ...]."""
        runs = []
        for section in self.sections:
            if runs and runs[-1][0] == section.wide:
                runs[-1][1].append(section)
            else:
                runs.append((section.wide, [section]))
        return runs
