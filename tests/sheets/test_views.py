"""The sheets pages, for anyone: catalogue, sheet page, PDF jobs and their states, packs."""

import io
import re
import uuid
import zipfile

import pytest
from django.core.files.base import ContentFile
from django.urls import reverse

from league.services.leagues import create_league
from sheets.catalogue import get_catalogue
from sheets.models import SheetJob, SheetPack, SheetPackItem, Status
from tests.rosters.helpers import make_team
from tests.sheets.conftest import blank_pdf

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery", "media")]

CATALOGUE = get_catalogue()
ROLLS = CATALOGUE.sheet("rugby", "rolls")
HTMX = {"HX-Request": "true"}


def make_job(status=Status.QUEUED, **fields):
    job = SheetJob.objects.create(
        game="rugby", sheet="rolls", language="ko", paper="a4", content_hash="x" * 64, status=status, **fields
    )
    if status == Status.READY:
        job.file.save(job.filename, ContentFile(blank_pdf()))
    return job


def html_of(response):
    assert response.status_code == 200
    return response.content.decode()


def assert_no_inline_code(html):
    assert "<script>" not in html
    assert "style=" not in html


# ------------------------------------------------------------------------------- catalogue and pages


def test_the_sheets_page_lists_every_sheet_with_its_languages_for_anyone(client):
    html = html_of(client.get("/sheets/"))
    for sheet in CATALOGUE.sheets():
        assert sheet.title_in("en") in html
    assert html.count('hreflang="ko"') >= 6
    assert 'lang="ko">한국어</a>' in html
    assert "/sheets/rugby/rolls/?lang=el&amp;paper=a4" in html
    assert 'name="paper"' in html
    assert_no_inline_code(html)


def test_the_sheets_page_picks_the_active_language_by_default(client):
    html = html_of(client.get("/sheets/", headers={"accept-language": "fr"}))
    assert re.search(r'<option value="fr"[^>]* selected', html)
    assert ROLLS.title_in("fr") in html


def test_the_sheets_page_with_works_for_a_signed_in_user(client, owner):
    client.force_login(owner)
    assert ROLLS.title_in("en") in html_of(client.get("/sheets/"))


def test_picking_a_sheet_opens_its_page_in_that_language_and_paper(client):
    response = client.get("/sheets/", {"sheet": "rugby/rolls", "language": "ko", "paper": "letter"})
    assert response.status_code == 302
    assert response.url == "/sheets/rugby/rolls/?lang=ko&paper=letter"


def test_picking_an_unknown_sheet_shows_the_form_again(client):
    html = html_of(client.get("/sheets/", {"sheet": "rugby/nope", "language": "ko", "paper": "a4"}))
    assert 'aria-invalid="true"' in html or "errorlist" in html


def test_a_sheet_page_shows_the_sheet_in_the_chosen_language_with_print_styles(client):
    html = html_of(client.get("/sheets/rugby/rolls/", {"lang": "ko", "paper": "letter"}))
    assert '<div class="sheet" lang="ko">' in html
    assert ROLLS.title_in("ko") in html
    assert ROLLS.text("rolls.unopposed.heading", "ko") in html
    assert 'href="/static/css/sheet-print.css" media="print"' in html
    assert 'href="/static/css/sheet-letter.css" media="print"' in html
    assert 'action="/sheets/rugby/rolls/pdf/"' in html
    assert 'name="language" value="ko"' in html
    assert 'name="paper" value="letter"' in html
    assert_no_inline_code(html)


def test_a_sheet_page_defaults_to_the_active_language_and_a4(client):
    html = html_of(client.get("/sheets/hexfootball/movement/", headers={"accept-language": "el"}))
    assert '<div class="sheet" lang="el">' in html
    assert "sheet-a4.css" in html


def test_a_sheet_page_refuses_an_unknown_sheet_or_language(client):
    assert client.get("/sheets/rugby/nope/").status_code == 404
    assert client.get("/sheets/nope/rolls/").status_code == 404
    assert client.get("/sheets/rugby/rolls/", {"lang": "xx"}).status_code == 404


# ------------------------------------------------------------------------------- PDF jobs


def test_asking_for_a_pdf_renders_it_and_redirects_to_its_job(
    client, fake_renderer, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/sheets/rugby/rolls/pdf/", {"language": "ko", "paper": "a4"})
    job = SheetJob.objects.get()
    assert response.status_code == 302
    assert response.url == f"/sheets/jobs/{job.pk}/"
    job.refresh_from_db()
    assert job.status == Status.READY
    assert fake_renderer.calls == [("rugby/rolls", "ko", "a4")]


def test_asking_again_for_the_same_pdf_redirects_to_the_same_job_at_once(
    client, fake_renderer, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        first = client.post("/sheets/rugby/rolls/pdf/", {"language": "fr", "paper": "letter"})
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        second = client.post("/sheets/rugby/rolls/pdf/", {"language": "fr", "paper": "letter"}, follow=True)
    assert second.redirect_chain == [(first.url, 302)]
    assert callbacks == []
    assert len(fake_renderer.calls) == 1
    html = second.content.decode()
    assert "This PDF was made already" in html
    assert f"{first.url}download/" in html


def test_asking_for_a_pdf_in_a_bad_language_goes_back_with_a_message(client, fake_renderer):
    response = client.post("/sheets/rugby/rolls/pdf/", {"language": "xx", "paper": "a4"}, follow=True)
    assert response.redirect_chain[-1][0] == "/sheets/rugby/rolls/"
    assert SheetJob.objects.count() == 0
    assert 'class="message message-error"' in response.content.decode()


def test_asking_for_a_pdf_needs_a_post(client):
    assert client.get("/sheets/rugby/rolls/pdf/").status_code == 405


def test_a_queued_job_polls_with_htmx_and_refreshes_without_javascript(client):
    job = make_job(Status.QUEUED)
    html = html_of(client.get(f"/sheets/jobs/{job.pk}/"))
    assert f'hx-get="/sheets/jobs/{job.pk}/"' in html
    assert 'hx-trigger="every 1s"' in html
    assert '<noscript><meta http-equiv="refresh" content="2"></noscript>' in html
    assert "Waiting for a free worker" in html
    assert ROLLS.title_in("ko") in html
    assert "/download/" not in html
    assert_no_inline_code(html)


def test_a_running_job_says_so(client):
    job = make_job(Status.RUNNING)
    html = html_of(client.get(f"/sheets/jobs/{job.pk}/"))
    assert "Making your PDF" in html
    assert 'hx-trigger="every 1s"' in html


def test_the_htmx_request_gets_only_the_status_fragment(client):
    job = make_job(Status.RUNNING)
    html = html_of(client.get(f"/sheets/jobs/{job.pk}/", headers=HTMX))
    assert html.strip().startswith('<div id="job-status"')
    assert "<html" not in html
    assert 'hx-trigger="every 1s"' in html


def test_a_ready_job_shows_the_download_link_and_stops_polling(client):
    job = make_job(Status.READY)
    for response in (
        client.get(f"/sheets/jobs/{job.pk}/"),
        client.get(f"/sheets/jobs/{job.pk}/", headers=HTMX),
    ):
        html = html_of(response)
        assert f'href="/sheets/jobs/{job.pk}/download/"' in html
        assert "hx-trigger" not in html
        assert "http-equiv" not in html


def test_a_failed_job_shows_the_reason_and_a_retry_button(client):
    job = make_job(Status.FAILED, error="RuntimeError: the printer is on fire")
    for response in (
        client.get(f"/sheets/jobs/{job.pk}/"),
        client.get(f"/sheets/jobs/{job.pk}/", headers=HTMX),
    ):
        html = html_of(response)
        assert "RuntimeError: the printer is on fire" in html
        assert f'action="/sheets/jobs/{job.pk}/retry/"' in html
        assert "hx-trigger" not in html
        assert "http-equiv" not in html


def test_retrying_a_failed_job_renders_it(client, fake_renderer, django_capture_on_commit_callbacks):
    job = make_job(Status.FAILED, error="boom")
    job.content_hash = "y" * 64
    job.save()
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/sheets/jobs/{job.pk}/retry/")
    assert response.url == f"/sheets/jobs/{job.pk}/"
    job.refresh_from_db()
    assert job.status == Status.READY
    assert job.error == ""
    assert client.get(f"/sheets/jobs/{job.pk}/retry/").status_code == 405


def test_an_unknown_job_is_not_found(client):
    assert client.get(f"/sheets/jobs/{uuid.uuid4()}/").status_code == 404
    assert client.get(f"/sheets/jobs/{uuid.uuid4()}/download/").status_code == 404


def test_the_download_serves_the_pdf_with_its_name(client):
    job = make_job(Status.READY)
    response = client.get(f"/sheets/jobs/{job.pk}/download/")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == 'attachment; filename="rugby-rolls-ko-a4.pdf"'
    assert b"".join(response.streaming_content).startswith(b"%PDF")


def test_a_job_not_ready_has_no_download(client):
    assert client.get(f"/sheets/jobs/{make_job(Status.RUNNING).pk}/download/").status_code == 404
    assert client.get(f"/sheets/jobs/{make_job(Status.FAILED).pk}/download/").status_code == 404


# ------------------------------------------------------------------------------- packs


def test_the_pack_form_lists_sheets_and_languages_as_checkboxes(client):
    html = html_of(client.get("/sheets/packs/new/"))
    assert html.count('type="checkbox" name="sheets"') == len(list(CATALOGUE.sheets()))
    assert html.count('type="checkbox" name="languages"') == 8
    assert 'name="merged"' in html
    assert_no_inline_code(html)


def test_making_a_pack_renders_its_items_and_shows_the_downloads(
    client, fake_renderer, django_capture_on_commit_callbacks
):
    data = {
        "sheets": ["rugby/rolls", "hexfootball/movement"],
        "languages": ["en", "ko"],
        "paper": "a4",
        "merged": "on",
    }
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/sheets/packs/new/", data)
    pack = SheetPack.objects.get()
    assert response.url == f"/sheets/packs/{pack.pk}/"
    html = html_of(client.get(response.url))
    assert "Your pack is ready." in html
    assert f'href="/sheets/packs/{pack.pk}/download/"' in html
    assert f'href="/sheets/packs/{pack.pk}/download/merged/"' in html
    assert html.count("<tr>") == 5  # a heading row and four items
    assert "hx-trigger" not in html

    archive = client.get(f"/sheets/packs/{pack.pk}/download/")
    assert archive["Content-Type"] == "application/zip"
    with zipfile.ZipFile(io.BytesIO(b"".join(archive.streaming_content))) as zipped:
        assert len(zipped.namelist()) == 4
    merged = client.get(f"/sheets/packs/{pack.pk}/download/merged/")
    assert merged["Content-Type"] == "application/pdf"
    assert 'filename="dugout-sheets-' in merged["Content-Disposition"]


def test_a_pack_needs_a_sheet_and_a_language(client):
    html = html_of(client.post("/sheets/packs/new/", {"paper": "a4"}))
    assert SheetPack.objects.count() == 0
    assert "errorlist" in html


def test_a_pack_in_progress_shows_each_item_and_polls(client):
    pack = SheetPack.objects.create(paper="a4")
    SheetPackItem.objects.create(pack=pack, job=make_job(Status.READY), position=0)
    SheetPackItem.objects.create(pack=pack, job=make_job(Status.RUNNING), position=1)
    html = html_of(client.get(f"/sheets/packs/{pack.pk}/"))
    assert "1 of 2 sheets ready." in html
    assert 'hx-trigger="every 1s"' in html
    assert '<noscript><meta http-equiv="refresh"' in html
    assert "In progress" in html
    assert "Ready" in html
    fragment = html_of(client.get(f"/sheets/packs/{pack.pk}/", headers=HTMX))
    assert fragment.strip().startswith('<div id="pack-status"')
    assert client.get(f"/sheets/packs/{pack.pk}/download/").status_code == 404


def test_a_failed_pack_shows_the_reason_and_retries(
    client, fake_renderer, django_capture_on_commit_callbacks
):
    fake_renderer.error = RuntimeError("jammed")
    with django_capture_on_commit_callbacks(execute=True):
        client.post("/sheets/packs/new/", {"sheets": ["rugby/plays"], "languages": ["pt"], "paper": "a4"})
    pack = SheetPack.objects.get()
    html = html_of(client.get(f"/sheets/packs/{pack.pk}/"))
    assert "rugby-plays-pt-a4.pdf" in html
    assert f'action="/sheets/packs/{pack.pk}/retry/"' in html
    fake_renderer.error = None
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/sheets/packs/{pack.pk}/retry/")
    assert "Your pack is ready." in html_of(client.get(f"/sheets/packs/{pack.pk}/"))


def test_the_urls_have_names():
    assert reverse("sheets:index") == "/sheets/"
    assert reverse("sheets:sheet", args=["rugby", "rolls"]) == "/sheets/rugby/rolls/"


def _pack_with(jobs):
    pack = SheetPack.objects.create(paper="a4")
    for position in range(jobs):
        job = make_job(Status.READY if position % 2 else Status.QUEUED)
        SheetPackItem.objects.create(pack=pack, job=job, position=position)
    return pack


def test_the_pack_page_makes_as_many_queries_for_one_item_as_for_many(client, django_assert_max_num_queries):
    small, big = _pack_with(1), _pack_with(12)
    with django_assert_max_num_queries(3) as small_queries:
        client.get(f"/sheets/packs/{small.pk}/")
    with django_assert_max_num_queries(3) as big_queries:
        client.get(f"/sheets/packs/{big.pk}/")
    assert len(big_queries) == len(small_queries)


def test_the_catalogue_and_a_sheet_page_need_no_query(client, django_assert_num_queries):
    with django_assert_num_queries(0):
        client.get("/sheets/")
        client.get("/sheets/rugby/rolls/", {"lang": "de"})


def test_the_admin_lists_jobs_and_packs(admin_client):
    make_job(Status.FAILED, error="boom")
    _pack_with(2)
    assert "rugby-rolls-ko-a4.pdf" in html_of(admin_client.get("/admin/sheets/sheetjob/"))
    assert html_of(admin_client.get("/admin/sheets/sheetpack/")).count("sheetpack/") >= 1


def test_the_catalogue_says_which_blood_bowl_edition_each_sheet_is_for(client):
    html = client.get(reverse("sheets:index")).content.decode()
    assert "<h3>Blood Bowl (2020 edition)</h3>" in html
    assert "<h3>Blood Bowl (2025 edition)</h3>" in html
    assert "/sheets/bb2025/pre_match/" in html


def test_a_bb2025_sheet_page_names_its_edition_in_korean(client):
    response = client.get("/sheets/bb2025/injuries/", {"lang": "ko"})
    html = response.content.decode()
    assert response.status_code == 200
    assert get_catalogue().game("bb2025").title_in("ko") in html
    assert "15–16" in html or "15-16" in html


# ------------------------------------------------------------------------------- the picker's edition


def _picker(html):
    """The sheet picker's options: [(value, label, selected)], in order."""
    select = html.split('<select name="sheet"', 1)[1].split("</select>", 1)[0]
    return [
        (value, label, bool(selected))
        for value, selected, label in re.findall(
            r'<option value="([^"]*)"( selected)?>([^<]*)</option>', select
        )
    ]


def test_the_picker_names_each_sheets_edition_and_chooses_none_for_a_visitor(client):
    """Issue #26: the picker started on the other edition's first sheet and listed "Injuries" twice."""
    options = _picker(html_of(client.get("/sheets/")))
    assert options[0] == ("", "Choose a sheet", True)
    assert [value for value, _label, selected in options if selected] == [""]
    labels = [label for _value, label, _selected in options]
    assert len(labels) == len(set(labels))
    assert ("bb2025/injuries", "Injuries (BB2025)", False) in options
    assert ("bb2020/injuries", "Injuries (BB2020)", False) in options
    assert ("rugby/rolls", "Rolls", False) in options


@pytest.mark.parametrize("edition", ["bb2020", "bb2025"])
def test_the_picker_starts_on_the_first_sheet_of_the_edition_asked(client, edition):
    options = _picker(html_of(client.get("/sheets/", {"edition": edition})))
    first = next(iter(CATALOGUE.game(edition).sheets.values()))
    assert options[0] == (first.slug, f"{first.title_in('en')} ({edition.upper()})", True)
    assert all(value.startswith(f"{edition}/") for value, _label, _selected in options[:7])


def test_the_picker_starts_on_the_edition_of_the_readers_team_or_league(client, owner):
    client.force_login(owner)
    create_league(name="Nuffle Cup", created_by=owner, game="blood_bowl", edition="bb2025")
    assert _picker(html_of(client.get("/sheets/")))[0] == (
        "bb2025/pre_match",
        "Pre-game sequence (BB2025)",
        True,
    )
    make_team(owner, edition="bb2020")  # the newest team tells, before the leagues
    assert _picker(html_of(client.get("/sheets/")))[0][0] == "bb2020/pre_match"


def test_the_pack_form_names_each_sheets_edition(client):
    html = html_of(client.get("/sheets/packs/new/"))
    assert "Injuries (BB2025)" in html
    assert "Injuries (BB2020)" in html
    assert "Injuries</label>" not in html
