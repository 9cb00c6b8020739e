"""Rendering a sheet: HTML for the web page and PDF bytes for downloads. Pure: nothing is stored.

The PDF renderer needs no request: the stylesheets are read from the static source folders and given
to WeasyPrint directly, and the fetcher refuses anything but local files. Fonts come from fontconfig:
DejaVu Sans (Latin, Greek) with NanumGothic (Korean) as fallback, embedded and subset by WeasyPrint.
"""

from functools import cache
from pathlib import Path

from django.contrib.staticfiles import finders
from django.template.loader import render_to_string
from django.utils import translation

from dugout.release import release
from sheets.build import build_document
from sheets.match_sheet import build_match_document
from sheets.team_sheet import build_team_document

# Bump when the output changes in a way the release does not show (a WeasyPrint or font upgrade...).
RENDERER_VERSION = "1"
PAPERS = ("a4", "letter")
STYLESHEETS = ("css/sheet.css", "css/sheet-print.css")


def paper_stylesheet(paper):
    if paper not in PAPERS:
        raise ValueError(f"unknown paper {paper!r}; expected one of {PAPERS}")
    return f"css/sheet-{paper}.css"


def _static_path(name):
    path = finders.find(name)
    if not path:
        raise FileNotFoundError(f"static file {name} not found")
    return Path(path)


def renderer_version():
    """RENDERER_VERSION plus the release (dugout.release: the code, templates, stylesheets, rules and
    sheet texts and compiled translation catalogues in use): a new release, or a corrected translation,
    makes every PDF again on demand instead of reusing one drawn by the old."""
    return f"{RENDERER_VERSION}-{release()}"


def sheet_document(sheet, *, language, league=None):
    """The sheet's texts and tables in `language` (interface words translated too); with `league`
    (sheets.options.LeagueOptions), as that league prints it."""
    with translation.override(language):
        return build_document(sheet, language=language, league=league)


def team_document(team, players, *, language):
    """A team's sheet in `language` (see sheets.team_sheet)."""
    with translation.override(language):
        return build_team_document(team, players, language=language)


def match_document(match, *, language):
    """A match's sheet in `language` (see sheets.match_sheet)."""
    with translation.override(language):
        return build_match_document(match, language=language)


def document_html(document):
    """The standalone HTML document a PDF is made from."""
    with translation.override(document.language):
        return render_to_string("sheets/sheet_pdf.html", {"document": document})


def render_sheet_html(sheet, *, language, league=None):
    return document_html(sheet_document(sheet, language=language, league=league))


@cache
def weasyprint_resources():
    """One URL fetcher and the parsed stylesheets, made once per process: building a fetcher loads
    the system's TLS certificates (about 50 ms each time), and the stylesheets never change while
    the process runs (like the templates and renderer_version())."""
    from weasyprint import CSS
    from weasyprint.urls import URLFetcher

    # Only local files: a sheet never fetches anything from the network.
    fetcher = URLFetcher(allowed_protocols={"file", "data"}, fail_on_errors=True)
    names = (*STYLESHEETS, *(paper_stylesheet(paper) for paper in PAPERS))
    stylesheets = {name: CSS(filename=_static_path(name), url_fetcher=fetcher) for name in names}
    return fetcher, stylesheets


def render_document_pdf(document, *, paper):
    """A built document (a sheet or a team sheet) as PDF bytes on `paper`. Stores nothing."""
    from weasyprint import HTML

    paper_css = paper_stylesheet(paper)
    html = document_html(document)
    fetcher, stylesheets = weasyprint_resources()
    static_root = _static_path(STYLESHEETS[0]).parent.parent
    pdf = HTML(string=html, base_url=f"{static_root.as_uri()}/", url_fetcher=fetcher)
    return pdf.write_pdf(stylesheets=[stylesheets[name] for name in (*STYLESHEETS, paper_css)])


def render_sheet_pdf(sheet, *, language, paper, league=None):
    """The sheet as PDF bytes, in `language` on `paper` ("a4" or "letter"), for `league` if given (its
    optional rules and its League rules section). Stores nothing."""
    paper_stylesheet(paper)
    return render_document_pdf(sheet_document(sheet, language=language, league=league), paper=paper)


def render_team_pdf(team, players, *, language, paper):
    """A team's sheet as PDF bytes. Stores nothing."""
    paper_stylesheet(paper)
    return render_document_pdf(team_document(team, players, language=language), paper=paper)
