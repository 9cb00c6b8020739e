"""Sheets as documents: texts in the sheet's language, literal cells, rulebook tables and lists."""

import pytest
from django.utils import translation

from rulebook.edition import get_edition
from sheets.catalogue import get_catalogue
from sheets.document import Definitions, Group, Table, Text
from sheets.render import render_sheet_html, sheet_document

RULEBOOK_SHEETS = """
[[sheet]]
id = "tables"
title = "s.title"

[[sheet.section]]
heading = "s.pre"
blocks = [
  { rulebook_table = "weather" },
  { rulebook_table = "spp" },
  { rulebook_table = "advancement_costs" },
  { rulebook_table = "expensive_mistakes" },
  { rulebook_table = "block_dice" },
]

[[sheet.section]]
heading = "s.optional"
blocks = [{ rulebook_table = "stadium_residency" }, { rulebook_table = "random_events" }]

[[sheet]]
id = "lists"
title = "s.lists"
[[sheet.section]]
heading = "s.inducements"
blocks = [{ rulebook = "inducements" }]
[[sheet.section]]
heading = "s.skills"
blocks = [{ rulebook = "skills" }]
[[sheet.section]]
heading = "s.stars"
blocks = [{ rulebook = "star_players" }]
[[sheet.section]]
heading = "s.teams"
blocks = [{ rulebook = "teams" }]
"""

TEXTS = """
[game]
title = "{game}"
[s]
title = "{title}"
pre = "Pre"
optional = "Optional"
lists = "Lists"
inducements = "Inducements"
skills = "Skills"
stars = "Stars"
teams = "Teams"
"""


@pytest.fixture
def bb_sheets(content):
    content(
        "bbtest",
        RULEBOOK_SHEETS,
        {
            "en": TEXTS.format(game="Blood Bowl", title="Tables"),
            "fr": TEXTS.format(game="Blood Bowl", title="Tableaux"),
        },
        edition="bb2020",
    )
    return get_catalogue().game("bbtest").sheets


def _tables(document):
    return [block for section in document.sections for block in section.blocks if isinstance(block, Table)]


def test_a_content_sheet_reads_its_texts_in_the_language_and_keeps_literal_cells():
    sheet = get_catalogue().sheet("rugby", "rolls")
    document = sheet_document(sheet, language="ko")
    assert document.title == sheet.game.text("rolls.title", "ko")
    assert document.game_title == sheet.game.text("game.title", "ko")
    distances = next(table for table in _tables(document) if len(table.head) == 3)
    assert [cell.text for cell in distances.rows[0]] == ['0–2"', "+4", "+2"]
    assert all(cell.literal for cell in distances.rows[0])
    assert document.sections[0].heading == sheet.game.text("rolls.unopposed.heading", "ko")


def test_a_rulebook_table_shows_rolls_names_and_effects_in_the_language(bb_sheets):
    document = sheet_document(bb_sheets["tables"], language="fr")
    weather, spp, advancement, mistakes, outcomes, block_dice = _tables(document)[:6]
    edition = get_edition("bb2020")
    assert weather.title == edition.text("table.weather.name", "fr")
    assert len(weather.head) == 3
    assert weather.head[0] == "2D6"
    assert [cell.text for cell in weather.rows[2][:2]] == [
        "4–10",
        edition.text("table.weather.perfect_conditions.name", "fr"),
    ]
    assert weather.rows[2][2].text == edition.text("table.weather.perfect_conditions.effect", "fr")
    assert [row[1].text for row in spp.rows][-2:] == ["3", "4"]  # touchdown, MVP
    assert advancement.rows[0][0].text == edition.text("table.advancement_costs.experienced.name", "fr")
    assert [cell.text for cell in advancement.rows[-1][1:]] == ["15", "30", "40", "50"]
    assert len(mistakes.head) == 7
    assert mistakes.rows[0][1].text == edition.text("table.expensive_mistakes.minor_incident.name", "fr")
    assert len(outcomes.rows) == 4
    assert "BD" not in block_dice.head  # block dice faces are pictures, not numbers


def test_optional_tables_show_their_description_modifiers_and_second_die(bb_sheets):
    document = sheet_document(bb_sheets["tables"], language="en")
    residency, events = _tables(document)[-2:]
    edition = get_edition("bb2020")
    assert residency.intro == edition.text("optional.stadium_residency.desc", "en")
    assert edition.text("optional.stadium_residency.modifiers.won", "en") in residency.notes
    assert events.head[:2] == ("D8", "D6")
    assert [cell.text for cell in events.rows[0][:3]] == [
        "1–2",
        "1",
        edition.text("optional.random_events.pop.name"),
    ]


def test_rulebook_lists_show_inducements_skills_stars_and_teams(bb_sheets):
    with translation.override("en"):
        document = sheet_document(bb_sheets["lists"], language="en")
    inducements, skills, stars, teams = document.sections
    edition = get_edition("bb2020")
    bribe = next(row for row in inducements.blocks[0].rows if row[0].text == "Bribe")
    assert bribe[1].text == "0–3"
    assert bribe[2].text == "100,000"
    assert "50,000" in bribe[2].detail
    assert len(inducements.blocks) == 3  # inducements, wizards, famous staff
    categories = [block for block in skills.blocks if isinstance(block, Definitions)]
    assert [block.title for block in categories][:2] == [
        edition.text("category.G"),
        edition.text("category.A"),
    ]
    assert ("Block", edition.text("skill.block.desc")) in categories[0].items
    star_rows = stars.blocks[0].rows
    assert len(star_rows) == len(edition.star_players)
    griff = next(row for row in star_rows if row[0].text == "Griff Oberwald")
    assert [cell.text for cell in griff[1:7]] == ["280,000", "7", "4", "2+", "3+", "9+"]
    groups = [block for block in teams.blocks if isinstance(block, Group)]
    assert len(groups) == len(edition.teams)
    assert isinstance(teams.blocks[0], Text)  # the legend of skill categories
    assert teams.wide
    assert stars.wide
    assert not skills.wide


def test_the_html_of_a_sheet_is_in_its_language_with_every_kind_of_block():
    html = render_sheet_html(get_catalogue().sheet("rugby", "activation"), language="el")
    assert '<html lang="el">' in html
    for marker in (
        'class="sheet-steps"',
        'class="sheet-list"',
        'class="sheet-note"',
        "<table>",
        'class="lit"',
    ):
        assert marker in html
    assert "activation." not in html  # no key left untranslated
    assert "style=" not in html


def test_rulebook_lists_render_as_html_groups_and_definitions(bb_sheets):
    html = render_sheet_html(bb_sheets["lists"], language="fr")
    assert html.count('class="sheet-group"') == len(get_edition("bb2020").teams)
    assert "<dl>" in html
    assert 'class="sheet-table stars"' in html
    assert 'class="sheet-wide"' in html
    assert get_edition("bb2020").text("skill.block.name", "fr") in html
