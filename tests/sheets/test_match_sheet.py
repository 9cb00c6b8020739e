"""A match's printable sheet (sheets.match_sheet, issue #22): who plays for each team and why, what it
bought, the drives and events, the result; as a page, as a PDF job reused while it prints the same."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from matches.services import drives, prematch
from rulebook.edition import get_edition
from sheets import services
from sheets.match_sheet import build_match_document
from sheets.models import MATCH_SHEET, SheetJob
from sheets.render import match_document, render_document_pdf
from tests.factories import UserFactory
from tests.matches.conftest import NoDice, make_team, to_inducements
from tests.matches.prayers import name_prayer_targets
from tests.matches.test_lasting_effects import NEUTRAL_PRAYERS
from tests.matches.test_prematch_bb2025 import bb2025_team, set_values
from tests.matches.test_prematch_bb2025 import to_inducements as bb2025_to_inducements
from tests.sheets.conftest import blank_pdf
from tests.sheets.pdf_checks import fonts_not_embedded, notdef_messages, pdf_text, squeeze, weasyprint_log

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery", "media")]


@pytest.fixture
def coach():
    return UserFactory(username="home-coach")


@pytest.fixture
def shopping(coach):
    """Reavers (home) v Bashers (away) at the inducements step, home done buying: away's turn."""
    home = make_team(coach, name="Reavers", extras=("thrower", "catcher"), rerolls=2, apothecary=True)
    away = make_team(UserFactory(username="away-coach"), name="Bashers", linemen=11)
    match = prematch.create_match(home_team=home, away_team=away, created_by=coach)
    to_inducements(match, coach)
    prematch.buy_inducements(match, side="home", counts={}, user=coach)
    return match


@pytest.fixture
def kicked_off(shopping, coach):
    """Away bought a mercenary blitzer and a star player; the first drive is under way."""
    prematch.buy_inducements(
        shopping,
        side="away",
        counts={"star_player:cindy_piewhistle": 1},
        mercenaries=[{"position": "blitzer", "skills": ["tackle"]}],
        user=coach,
    )
    shopping.refresh_from_db()
    count = prematch.prayers_side(shopping)[1]
    prematch.roll_prayers(shopping, dice=NoDice(), user=coach, faces=NEUTRAL_PRAYERS[:count])
    name_prayer_targets(shopping, coach)
    prematch.choose_kicking(shopping, user=coach, side="home")
    drives.start_drive(shopping, dice=NoDice(), user=coach, faces={"kickoff": [1, 2]})
    shopping.refresh_from_db()
    return shopping


def _section(document, heading):
    return next(section for section in document.sections if section.heading == heading)


def _rows(section):
    return [tuple(cell.text for cell in row) for block in section.blocks for row in block.rows]


def _details(section):
    return {row[1].text: row[1].detail for block in section.blocks for row in block.rows}


def test_the_sheet_lists_each_teams_players_and_why_those_not_on_the_roster_play(kicked_off):
    document = build_match_document(kicked_off, language="en")
    edition = get_edition("bb2020")

    assert document.game_title == edition.text("edition.name", "en")
    assert document.title == "Reavers – Bashers"
    assert document.intro == "Friendly"
    home = _details(_section(document, "Reavers: players"))
    assert len(home) == 13
    assert set(home.values()) == {""}
    away = _details(_section(document, "Bashers: players"))
    mercenary = kicked_off.mercenaries("away")[0]
    assert away[mercenary["name"]] == "Mercenary"
    assert away[edition.name(edition.star_players["cindy_piewhistle"], "en")] == "Star player"
    blitzer = next(
        row for row in _rows(_section(document, "Bashers: players")) if row[1] == mercenary["name"]
    )
    assert "Tackle" in blitzer[-1]
    assert "Block" in blitzer[-1]
    bought = dict(_section(document, "Bashers").blocks[0].items)[edition.text("inducements.name", "en")]
    blitzer_name = edition.name(kicked_off.away_team.rules.position("blitzer"), "en")
    assert f"{edition.text('inducement.mercenary_player.name', 'en')}: {blitzer_name}" in bought
    assert edition.name(edition.star_players["cindy_piewhistle"], "en") in bought


def test_the_sheet_lists_the_drives_and_the_events_with_their_players(kicked_off, coach):
    scorer = kicked_off.home_team.players.get(position="catcher")
    drives.add_event(kicked_off, user=coach, kind="touchdown", side="home", player=scorer, turn=3)
    document = build_match_document(kicked_off, language="en")

    rows = _rows(_section(document, "Drives and events"))
    assert rows[0][2] == "Reavers"  # the kicking team
    assert any(row[3] == "Touchdown" and str(scorer) in row[4] for row in rows)
    assert dict(_section(document, "Match").blocks[0].items)["Score"] == "1 – 0"


def test_riotous_rookies_are_named_on_the_sheet_as_what_brought_them(coach):
    humans = bb2025_team(coach, name="Altdorf")
    snotlings = bb2025_team(
        UserFactory(username="snots"), name="Snots", roster="snotling", lineman="snotling_lineman"
    )
    set_values(snotlings, ctv=snotlings.current_team_value, treasury=300000)
    set_values(humans, ctv=snotlings.current_team_value + 200000, treasury=0)
    match = bb2025_to_inducements(
        prematch.create_match(home_team=humans, away_team=snotlings, created_by=coach), coach
    )
    prematch.buy_inducements(match, side="home", counts={}, user=coach)
    prematch.buy_inducements(
        match, side="away", counts={"riotous_rookies": 1}, user=coach, faces={"riotous_rookies": [2, 3]}
    )
    match.refresh_from_db()
    rookies = [entry for entry in match.plain_journeymen("away") if not entry["key"].split("-")[1].isdigit()]
    assert len(rookies) == 6

    away = _details(_section(build_match_document(match, language="en"), "Snots: players"))
    name = get_edition("bb2025").text("inducement.riotous_rookies.name", "en")
    assert [away[entry["name"]] for entry in rookies] == [name] * 6


def test_reading_the_sheet_costs_the_same_queries_whatever_the_number_of_events(
    kicked_off, coach, django_assert_max_num_queries
):
    with CaptureQueriesContext(connection) as few:
        build_match_document(kicked_off, language="en")
    player = kicked_off.home_team.players.get(position="catcher")
    for turn in range(1, 8):
        drives.add_event(kicked_off, user=coach, kind="completion", side="home", player=player, turn=turn)
    with django_assert_max_num_queries(len(few.captured_queries)):
        build_match_document(kicked_off, language="en")


@pytest.fixture
def blank_match_renderer(monkeypatch):
    calls = []

    def render(document, *, paper):
        calls.append((document.title, document.language, paper))
        return blank_pdf()

    monkeypatch.setattr("sheets.jobs.render_document_pdf", render)
    return calls


def test_the_match_pdf_is_reused_until_what_it_prints_changes(
    kicked_off, coach, blank_match_renderer, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        first, created = services.request_match_pdf(match=kicked_off, language="en", paper="a4")
        again, reused = services.request_match_pdf(match=kicked_off, language="en", paper="a4")
    assert created
    assert (again.pk, reused) == (first.pk, False)
    first.refresh_from_db()
    assert (first.sheet, first.match_id, first.filename) == (
        MATCH_SHEET,
        kicked_off.pk,
        f"match-{kicked_off.pk}-en-a4.pdf",
    )
    player = kicked_off.home_team.players.get(position="catcher")
    drives.add_event(kicked_off, user=coach, kind="completion", side="home", player=player, turn=2)
    with django_capture_on_commit_callbacks(execute=True):
        changed, created = services.request_match_pdf(match=kicked_off, language="en", paper="a4")
    assert created
    assert changed.pk != first.pk
    first.refresh_from_db()
    assert first.error == ""
    assert blank_match_renderer == [("Reavers – Bashers", "en", "a4")] * 2


def test_the_match_sheet_page_is_public_and_in_the_chosen_language(client, kicked_off):
    url = reverse("sheets:match", args=[kicked_off.pk])
    html = client.get(url, {"lang": "ko", "paper": "letter"}).content.decode()
    assert '<div class="sheet" lang="ko">' in html
    assert "Reavers" in html
    assert "Bashers" in html
    assert get_edition("bb2020").text("edition.name", "ko") in html
    assert "css/sheet-letter.css" in html
    assert client.get(url, {"lang": "xx"}).status_code == 404
    assert client.get(reverse("sheets:match", args=[999999])).status_code == 404


def test_asking_for_the_match_pdf_follows_its_job(
    client, kicked_off, blank_match_renderer, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("sheets:match_pdf", args=[kicked_off.pk]), {"language": "fr", "paper": "a4"}
        )
    job = SheetJob.objects.get(match=kicked_off)
    assert response.url == reverse("sheets:job", args=[job.pk])
    html = client.get(response.url).content.decode()
    assert "Reavers – Bashers" in html
    bad = client.post(reverse("sheets:match_pdf", args=[kicked_off.pk]), {"language": "xx", "paper": "a4"})
    assert bad.status_code == 302
    assert SheetJob.objects.filter(match=kicked_off).count() == 1


def test_the_match_report_links_to_the_match_sheet(client, kicked_off):
    html = client.get(reverse("matches:report", args=[kicked_off.pk])).content.decode()
    assert reverse("sheets:match", args=[kicked_off.pk]) in html


def test_the_match_pdf_prints_both_teams_in_korean_with_every_glyph(kicked_off):
    """One real render: the fonts show every glyph of the Korean sheet, the star player among them."""
    edition = get_edition("bb2020")
    with weasyprint_log() as records:
        pdf = render_document_pdf(match_document(kicked_off, language="ko"), paper="a4")
    assert not notdef_messages([record.getMessage() for record in records])
    assert fonts_not_embedded(pdf) == []
    text = pdf_text(pdf)
    assert squeeze("Reavers") in text
    assert squeeze(edition.name(edition.star_players["cindy_piewhistle"], "ko")) in text
    assert squeeze(edition.text("edition.name", "ko")) in text
