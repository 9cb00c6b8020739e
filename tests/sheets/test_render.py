"""Every sheet of the catalogue in every one of its languages: its glyphs in the sheet fonts, and a
sample of them rendered to PDF and parsed back.

The catalogue holds 160 sheet-language pairs at 0.3-5 s per render: rendering all of them took three
of the suite's twenty minutes. Every pair's text is checked against the fonts' character maps (fast,
and what a missing glyph comes from); every sheet is rendered in two languages and every language in
five sheets, chosen so that each game meets several languages. DUGOUT_RENDER_EVERY_SHEET=1 renders
every pair (before a font or stylesheet change). Each PDF is rendered (and parsed) once per run, by
the module's `rendered` fixture, in a pool of processes.
"""

import os
import subprocess
from concurrent.futures import ProcessPoolExecutor
from functools import cache
from multiprocessing import get_context

import django
import pytest
from django.utils.html import strip_tags
from fontTools.ttLib import TTFont

from dugout.release import release
from sheets.catalogue import get_catalogue
from sheets.render import render_sheet_html, render_sheet_pdf, renderer_version
from sheets.services import content_hash
from tests.sheets.pdf_checks import notdef_messages, read_pdf, render_and_inspect, squeeze, weasyprint_log

CATALOGUE = get_catalogue()
PAIRS = [(sheet.slug, language) for sheet in CATALOGUE.sheets() for language in sheet.languages]
# The fonts the print stylesheet names, in its order (static/css/sheet-print.css).
SHEET_FONTS = ("DejaVu Sans", "NanumGothic")


def sampled_pairs():
    """Sheet i in its languages i and i + half (rotating): every sheet twice, every language alike."""
    if os.environ.get("DUGOUT_RENDER_EVERY_SHEET") == "1":
        return PAIRS
    sample = []
    for index, sheet in enumerate(CATALOGUE.sheets()):
        languages = sorted(sheet.languages)
        half = max(1, len(languages) // 2)
        sample += [(sheet.slug, languages[(index + step) % len(languages)]) for step in {0, half}]
    return sample


RENDERED_PAIRS = sampled_pairs()
# Points: A4 is 595 x 842, US Letter 612 x 792.
PAGE_SIZES = {"a4": (595, 842), "letter": (612, 792)}


@pytest.fixture(scope="module")
def rendered(request):
    """{(slug, language): what render_and_inspect found} for the pairs the selected tests need."""
    wanted = sorted(
        {
            (item.callspec.params["slug"], item.callspec.params["language"])
            for item in request.session.items
            if item.module is request.module and "rendered" in getattr(item, "fixturenames", ())
        }
    )
    if not wanted:
        return {}
    workers = max(1, min(len(wanted), os.cpu_count() or 1, 4))
    # spawn: fresh interpreters, no state forked from the test process (threads, database connections).
    with ProcessPoolExecutor(workers, mp_context=get_context("spawn"), initializer=django.setup) as pool:
        futures = {pair: pool.submit(render_and_inspect, *pair, "a4") for pair in wanted}
        return {pair: future.result() for pair, future in futures.items()}


@cache
def font_characters():
    """Every character the sheet fonts draw, found as WeasyPrint finds the fonts (fontconfig)."""
    characters = set()
    for family in SHEET_FONTS:
        path = subprocess.run(
            ["fc-match", "-f", "%{file}", family], check=True, capture_output=True, text=True
        ).stdout
        characters |= set(TTFont(path)["cmap"].getBestCmap())
    return characters


def test_the_sample_renders_every_sheet_and_every_language():
    assert {slug for slug, _language in RENDERED_PAIRS} == {slug for slug, _language in PAIRS}
    assert {language for _slug, language in RENDERED_PAIRS} == {language for _slug, language in PAIRS}


@pytest.mark.parametrize(("slug", "language"), PAIRS, ids=[f"{slug}-{language}" for slug, language in PAIRS])
def test_the_sheet_fonts_draw_every_character_of_a_sheet(slug, language):
    text = strip_tags(render_sheet_html(CATALOGUE.sheet_by_slug(slug), language=language))
    missing = {
        character for character in text if character.isprintable() and ord(character) not in font_characters()
    }
    assert not missing, f"no sheet font draws {sorted(missing)}"


def test_the_font_check_finds_a_character_no_font_draws():
    assert ord("\U0001d11e") not in font_characters()  # a musical clef
    assert {ord("한"), ord("Ω"), ord("é")} <= font_characters()


@pytest.mark.parametrize(
    ("slug", "language"), RENDERED_PAIRS, ids=[f"{slug}-{language}" for slug, language in RENDERED_PAIRS]
)
def test_a_sheet_renders_to_a_pdf_in_its_language_with_embedded_fonts(rendered, slug, language):
    found = rendered[slug, language]
    sheet = CATALOGUE.sheet_by_slug(slug)
    assert not notdef_messages(found["warnings"]), f"glyphs no font has: {notdef_messages(found['warnings'])}"
    assert not found["warnings"], f"WeasyPrint warned: {found['warnings'][:5]}"
    assert found["pages"] >= 1
    assert found["page_size"] == PAGE_SIZES["a4"]
    assert squeeze(sheet.title_in(language)) in found["text"]
    first_heading = next(section.heading for section in sheet.sections if section.heading)
    assert squeeze(sheet.text(first_heading, language)) in found["text"]
    assert found["fonts_not_embedded"] == []
    assert any(name.startswith("DejaVu") for name in found["fonts"])
    if language == "ko":
        assert any(name.startswith("NanumGothic") for name in found["fonts"])
    assert found["title"].startswith(sheet.title_in(language))


def test_a_letter_pdf_has_letter_pages():
    pdf = render_sheet_pdf(CATALOGUE.sheet("hexfootball", "movement"), language="en", paper="letter")
    assert tuple(round(value) for value in read_pdf(pdf).pages[0].mediabox[2:]) == PAGE_SIZES["letter"]


def test_the_notdef_check_catches_a_glyph_no_font_has(content):
    content(
        "glyphs",
        '[[sheet]]\nid = "clef"\ntitle = "t.title"\n',
        {"en": '[game]\ntitle = "Glyphs"\n[t]\ntitle = "A clef: \U0001d11e"\n'},
    )
    sheet = get_catalogue().sheet("glyphs", "clef")
    with weasyprint_log() as records:
        render_sheet_pdf(sheet, language="en", paper="a4")
    assert notdef_messages([record.getMessage() for record in records])


def test_the_pdf_renderer_rejects_an_unknown_paper_size():
    with pytest.raises(ValueError, match="paper"):
        render_sheet_pdf(CATALOGUE.sheet("rugby", "plays"), language="en", paper="a3")


def test_the_renderer_version_names_its_files_hash():
    assert renderer_version().startswith("1-")
    assert len(renderer_version()) > 8


def test_a_corrected_translation_gives_every_pdf_a_new_content_hash(settings, tmp_path):
    """The compiled catalogues are part of the release that PDFs are kept under: a corrected translation
    is printed at once (the next process reads the new release), not after the PDFs already made."""
    catalogue = tmp_path / "locale" / "ko" / "LC_MESSAGES" / "django.mo"
    catalogue.parent.mkdir(parents=True)
    catalogue.write_bytes(b"first translation")
    settings.BASE_DIR = tmp_path
    sheet = CATALOGUE.sheet("rugby", "plays")
    release.cache_clear()
    try:
        before = content_hash(sheet, language="ko", paper="a4")
        catalogue.write_bytes(b"corrected translation")
        release.cache_clear()  # a new process, or runserver's reload
        assert content_hash(sheet, language="ko", paper="a4") != before
    finally:
        release.cache_clear()
