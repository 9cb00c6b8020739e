import pytest
from django.core.management import CommandError, call_command

from sheets.catalogue import get_catalogue
from tests.sheets.pdf_checks import pdf_text, read_pdf, squeeze


def test_render_sheets_lists_the_catalogue(capsys):
    call_command("render_sheets", "--list")
    lines = capsys.readouterr().out.splitlines()
    assert "rugby\tactivation\ten fr de ko es it pt el" in lines
    assert len(lines) == len(list(get_catalogue().sheets()))


def test_render_sheets_writes_one_pdf_per_sheet_and_prints_its_path(tmp_path, capsys):
    call_command(
        "render_sheets",
        "--game",
        "hexfootball",
        "--language",
        "ko",
        "--paper",
        "letter",
        "--out",
        tmp_path / "pdf",
    )
    printed = capsys.readouterr().out.splitlines()
    expected = [
        tmp_path / "pdf" / f"hexfootball-{sheet}-ko-letter.pdf" for sheet in ("movement", "tackles_fouls")
    ]
    assert printed == [str(path) for path in expected]
    pdf = expected[0].read_bytes()
    assert squeeze(get_catalogue().sheet("hexfootball", "movement").title_in("ko")) in pdf_text(pdf)
    assert round(read_pdf(pdf).pages[0].mediabox[2]) == 612


def test_render_sheets_renders_one_sheet_in_every_language_by_default(tmp_path, capsys, monkeypatch):
    rendered = []
    monkeypatch.setattr(
        "sheets.management.commands.render_sheets.render_sheet_pdf",
        lambda sheet, *, language, paper: rendered.append((sheet.id, language, paper)) or b"%PDF-1.7",
    )
    call_command("render_sheets", "--game", "rugby", "--sheet", "plays", "--out", tmp_path)
    assert rendered == [
        ("plays", language, "a4") for language in get_catalogue().sheet("rugby", "plays").languages
    ]
    assert len(capsys.readouterr().out.splitlines()) == len(rendered)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--game", "rugby"], "--out"),
        (["--game", "chess", "--out", "x"], "no game 'chess'"),
        (["--game", "rugby", "--sheet", "nope", "--out", "x"], "no sheet 'nope'"),
        (["--game", "rugby", "--language", "xx", "--out", "x"], "is available in 'xx'"),
    ],
)
def test_render_sheets_explains_bad_arguments(arguments, message):
    with pytest.raises(CommandError, match=message):
        call_command("render_sheets", *arguments)
