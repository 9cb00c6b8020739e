"""A sheet in one language, ready for a template: every text looked up, every table laid out.

`build_document(sheet, language=...)` turns the catalogue's keys into strings; the templates only print.
Interface words the content does not carry (column headings of rulebook tables) come from gettext, so
call it under `translation.override(language)` (render.py does).
"""

from dataclasses import dataclass, field

from sheets.catalogue import LIST_BLOCKS, TEXT_BLOCKS, is_literal

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


def literal_or_text(cell, text):
    if is_literal(cell):
        return Cell(cell[1:], literal=True)
    return Cell(text(cell))


def _block_views(block, sheet, language):
    def text(key):
        return sheet.text(key, language)

    if block.kind in TEXT_BLOCKS:
        return [Text(block.kind, text(block.value))]
    if block.kind in LIST_BLOCKS:
        return [Items(block.kind, tuple(text(key) for key in block.value))]
    if block.kind == "table":
        spec = block.value
        head = tuple(text(key) if not is_literal(key) else key[1:] for key in spec.head)
        rows = tuple(tuple(literal_or_text(cell, text) for cell in row) for row in spec.rows)
        return [Table(head=head, rows=rows)]
    # Imported here: the rulebook blocks load an edition, which plain sheets never need.
    from sheets import rulebook_blocks

    edition = sheet.game.edition
    if block.kind == "rulebook_table":
        return rulebook_blocks.rules_table(edition, block.value, language)
    return rulebook_blocks.special_block(edition, block.value, language)


def build_document(sheet, *, language, league=None):
    """The sheet in `language`. With `league` (sheets.options.LeagueOptions), only the sections of the
    optional rules the league uses, after a "League rules" section of its own settings."""
    optional_rules = None if league is None else league.optional_rules
    sections = tuple(
        SectionView(
            heading=sheet.text(section.heading, language) if section.heading else "",
            blocks=tuple(view for block in section.blocks for view in _block_views(block, sheet, language)),
        )
        for section in sheet.sections_for(optional_rules)
    )
    if league is not None:
        from sheets.options import league_section

        edition = sheet.game.edition if sheet.game.edition_id else None
        sections = (league_section(league, edition=edition, language=language), *sections)
    return SheetDocument(
        sheet=sheet,
        language=language,
        game_title=sheet.game.title_in(language),
        title=sheet.title_in(language),
        intro=sheet.text(sheet.intro, language) if sheet.intro else "",
        sections=sections,
    )
