"""`build_document(sheet, language=...)`: a catalogue sheet in one language, as a SheetDocument (see
sheets.document) whose blocks come from the catalogue, from the rulebook (sheets.rulebook_blocks) and,
for a league, from its settings (sheets.options). Interface words the content does not carry (column
headings of rulebook tables) come from gettext, so call it under `translation.override(language)`
(render.py does).
"""

from sheets import rulebook_blocks
from sheets.catalogue import LIST_BLOCKS, TEXT_BLOCKS, is_literal
from sheets.document import Cell, Items, SectionView, SheetDocument, Table, Text
from sheets.options import league_section


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
