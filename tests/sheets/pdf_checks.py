"""Checks on rendered PDFs, shared by the sheets tests: text, fonts, WeasyPrint's warnings."""

import io
import logging
import re
from contextlib import contextmanager

from pypdf import PdfReader
from pypdf.generic import IndirectObject


class _Collector(logging.Handler):
    def __init__(self):
        super().__init__(level=logging.DEBUG)
        self.records = []

    def emit(self, record):
        self.records.append(record)


@contextmanager
def weasyprint_log():
    """Collect the records WeasyPrint logs meanwhile (a list of logging.LogRecord)."""
    logger = logging.getLogger("weasyprint")
    collector = _Collector()
    previous_level = logger.level
    logger.addHandler(collector)
    logger.setLevel(logging.WARNING)
    try:
        yield collector.records
    finally:
        logger.removeHandler(collector)
        logger.setLevel(previous_level)


def notdef_messages(messages):
    """The messages that say a glyph was missing from every font (printed as an empty box)."""
    return [message for message in messages if ".notdef" in message]


def render_and_inspect(slug, language, paper):
    """Render one catalogue sheet and read the PDF back: what the PDF tests check, as a dict.
    A module-level function returning plain data, so that a process pool can run it."""
    from sheets.catalogue import get_catalogue
    from sheets.render import render_sheet_pdf

    sheet = get_catalogue().sheet_by_slug(slug)
    with weasyprint_log() as records:
        pdf = render_sheet_pdf(sheet, language=language, paper=paper)
    reader = read_pdf(pdf)
    return {
        "warnings": [record.getMessage() for record in records],
        "pages": len(reader.pages),
        "page_size": tuple(round(float(value)) for value in reader.pages[0].mediabox[2:]),
        "text": pdf_text(pdf),
        "fonts_not_embedded": fonts_not_embedded(pdf),
        "fonts": font_names(pdf),
        "title": reader.metadata.title,
    }


def read_pdf(pdf):
    return PdfReader(io.BytesIO(pdf))


def squeeze(text):
    """Text without any whitespace, to compare what a PDF holds regardless of line breaks."""
    return re.sub(r"\s+", "", text)


def pdf_text(pdf):
    return squeeze("".join(page.extract_text() or "" for page in read_pdf(pdf).pages))


def _resolve(obj):
    return obj.get_object() if isinstance(obj, IndirectObject) else obj


def _fonts(resources, seen):
    resources = _resolve(resources) or {}
    for font in (_resolve(resources.get("/Font")) or {}).values():
        font = _resolve(font)
        if id(font) not in seen:
            seen.add(id(font))
            yield font
    for xobject in (_resolve(resources.get("/XObject")) or {}).values():
        xobject = _resolve(xobject)
        if "/Resources" in xobject:
            yield from _fonts(xobject["/Resources"], seen)


def fonts_not_embedded(pdf):
    """Names of the fonts used by any page whose font file is not in the PDF."""
    missing = []
    seen = set()
    for page in read_pdf(pdf).pages:
        for font in _fonts(page.get("/Resources"), seen):
            if font.get("/Subtype") == "/Type3":
                continue  # glyphs drawn by the PDF itself
            descriptor_owner = font
            if font.get("/Subtype") == "/Type0":
                descriptor_owner = _resolve(_resolve(font["/DescendantFonts"])[0])
            descriptor = _resolve(descriptor_owner.get("/FontDescriptor")) or {}
            if not any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3")):
                missing.append(str(font.get("/BaseFont")))
    return missing


def font_names(pdf):
    seen = set()
    return {
        str(font.get("/BaseFont")).split("+")[-1]
        for page in read_pdf(pdf).pages
        for font in _fonts(page.get("/Resources"), seen)
    }
