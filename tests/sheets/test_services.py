"""Asking for PDFs (the cache), rendering them, failures and retries, packs. Tasks run eagerly."""

import io
import zipfile
from datetime import timedelta

import pytest
from pypdf import PdfReader

from sheets import jobs, services
from sheets.catalogue import get_catalogue
from sheets.models import SheetJob, SheetPack, Status

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery", "media")]

CATALOGUE = get_catalogue()
ROLLS = CATALOGUE.sheet("rugby", "rolls")
MOVEMENT = CATALOGUE.sheet("hexfootball", "movement")


def test_the_content_hash_depends_on_sheet_language_paper_and_content(monkeypatch):
    base = services.content_hash(ROLLS, language="fr", paper="a4")
    assert base == services.content_hash(ROLLS, language="fr", paper="a4")
    others = {
        services.content_hash(ROLLS, language="de", paper="a4"),
        services.content_hash(ROLLS, language="fr", paper="letter"),
        services.content_hash(CATALOGUE.sheet("rugby", "plays"), language="fr", paper="a4"),
    }
    assert base not in others
    assert len(others) == 3
    monkeypatch.setattr("sheets.services.renderer_version", lambda: "2-new-templates")
    assert services.content_hash(ROLLS, language="fr", paper="a4") != base


def test_the_content_hash_of_a_rulebook_game_follows_the_edition(content, monkeypatch):
    content("bb2020", '[[sheet]]\nid = "x"\ntitle = "t"\n', {"en": '[game]\ntitle = "BB"\nt = "T"'})
    sheet = get_catalogue().sheet("bb2020", "x")
    before = services.content_hash(sheet, language="en", paper="a4")
    monkeypatch.setattr(sheet.game.edition, "version", "another-edition-version")
    assert services.content_hash(sheet, language="en", paper="a4") != before


def test_requesting_a_pdf_creates_a_job_and_renders_it(fake_renderer, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        job, created = services.request_sheet_pdf(sheet=ROLLS, language="ko", paper="a4")
    job.refresh_from_db()
    assert created
    assert job.status == Status.READY
    assert (job.game, job.sheet, job.language, job.paper) == ("rugby", "rolls", "ko", "a4")
    assert job.content_hash == services.content_hash(ROLLS, language="ko", paper="a4")
    assert job.file.name.endswith("rugby-rolls-ko-a4.pdf")
    assert job.file.read().startswith(b"%PDF")
    assert job.started_at
    assert job.finished_at
    assert job.error == ""
    assert fake_renderer.calls == [("rugby/rolls", "ko", "a4")]


def test_asking_again_returns_the_ready_job_without_rendering(
    fake_renderer, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        first, _ = services.request_sheet_pdf(sheet=ROLLS, language="el", paper="letter")
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        again, created = services.request_sheet_pdf(sheet=ROLLS, language="el", paper="letter")
    assert again.pk == first.pk
    assert not created
    assert callbacks == []
    assert len(fake_renderer.calls) == 1
    assert SheetJob.objects.count() == 1


def test_a_job_on_its_way_is_reused_but_a_stale_one_is_not(fake_renderer, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False):
        queued, _ = services.request_sheet_pdf(sheet=ROLLS, language="de", paper="a4")
        again, created = services.request_sheet_pdf(sheet=ROLLS, language="de", paper="a4")
    assert (again.pk, created) == (queued.pk, False)
    SheetJob.objects.filter(pk=queued.pk).update(updated_at=queued.updated_at - timedelta(hours=1))
    with django_capture_on_commit_callbacks(execute=True):
        fresh, created = services.request_sheet_pdf(sheet=ROLLS, language="de", paper="a4")
    assert created
    assert fresh.pk != queued.pk


def test_a_language_the_sheet_lacks_is_refused(fake_renderer, content):
    content("tiny", '[[sheet]]\nid = "x"\ntitle = "t"\n', {"en": '[game]\ntitle = "Tiny"\nt = "T"'})
    with pytest.raises(ValueError, match="not available"):
        services.request_sheet_pdf(sheet=get_catalogue().sheet("tiny", "x"), language="fr", paper="a4")


def test_a_render_that_raises_fails_the_job_with_the_error_and_a_retry_renders_it(
    fake_renderer, django_capture_on_commit_callbacks
):
    fake_renderer.error = RuntimeError("the printer is on fire")
    with django_capture_on_commit_callbacks(execute=True):
        job, _ = services.request_sheet_pdf(sheet=ROLLS, language="fr", paper="a4")
    job.refresh_from_db()
    assert job.status == Status.FAILED
    assert job.error == "RuntimeError: the printer is on fire"
    assert not job.file

    fake_renderer.error = None
    with django_capture_on_commit_callbacks(execute=True):
        retried = services.retry_sheet_job(job=job)
    retried.refresh_from_db()
    assert retried.pk == job.pk
    assert retried.status == Status.READY
    assert retried.error == ""
    assert len(fake_renderer.calls) == 2


def test_retrying_a_failed_job_follows_an_equal_job_that_is_ready(
    fake_renderer, django_capture_on_commit_callbacks
):
    fake_renderer.error = RuntimeError("boom")
    with django_capture_on_commit_callbacks(execute=True):
        failed, _ = services.request_sheet_pdf(sheet=ROLLS, language="it", paper="a4")
    fake_renderer.error = None
    with django_capture_on_commit_callbacks(execute=True):
        ready, created = services.request_sheet_pdf(sheet=ROLLS, language="it", paper="a4")
    assert created
    assert ready.pk != failed.pk
    failed.refresh_from_db()
    assert services.retry_sheet_job(job=failed).pk == ready.pk


def test_a_finished_job_is_not_rendered_twice(fake_renderer, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        job, _ = services.request_sheet_pdf(sheet=ROLLS, language="pt", paper="a4")
    job.refresh_from_db()
    jobs.run_sheet_job(job=job)
    assert len(fake_renderer.calls) == 1


def test_a_pack_renders_its_items_then_zips_and_merges_them(
    fake_renderer, django_capture_on_commit_callbacks
):
    items = [(ROLLS, "en"), (ROLLS, "ko"), (MOVEMENT, "el")]
    with django_capture_on_commit_callbacks(execute=True):
        pack = services.create_sheet_pack(items=items, paper="a4", merged=True)
    pack.refresh_from_db()
    assert pack.status == Status.READY, pack.error
    assert [job.filename for job in pack.ordered_jobs()] == [
        "rugby-rolls-en-a4.pdf",
        "rugby-rolls-ko-a4.pdf",
        "hexfootball-movement-el-a4.pdf",
    ]
    with zipfile.ZipFile(pack.file.open("rb")) as archive:
        assert archive.namelist() == [
            "rugby/rugby-rolls-en-a4.pdf",
            "rugby/rugby-rolls-ko-a4.pdf",
            "hexfootball/hexfootball-movement-el-a4.pdf",
        ]
        assert archive.read("rugby/rugby-rolls-ko-a4.pdf").startswith(b"%PDF")
    merged = PdfReader(io.BytesIO(pack.merged_file.read()))
    assert len(merged.pages) == 3
    assert [item.title for item in merged.outline] == [
        ROLLS.title_in("en"),
        ROLLS.title_in("ko"),
        MOVEMENT.title_in("el"),
    ]
    assert services.pack_progress(pack) == (3, 3)


def test_a_pack_reuses_ready_pdfs_and_builds_at_once(fake_renderer, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        job, _ = services.request_sheet_pdf(sheet=ROLLS, language="en", paper="a4")
        pack = services.create_sheet_pack(items=[(ROLLS, "en")], paper="a4")
    pack.refresh_from_db()
    assert pack.status == Status.READY
    assert pack.ordered_jobs() == [job]
    assert not pack.merged_file
    assert len(fake_renderer.calls) == 1


def test_a_pack_with_a_failed_item_fails_and_its_retry_finishes_it(
    fake_renderer, django_capture_on_commit_callbacks
):
    fake_renderer.error = RuntimeError("out of ink")
    with django_capture_on_commit_callbacks(execute=True):
        pack = services.create_sheet_pack(items=[(MOVEMENT, "fr")], paper="letter")
    pack.refresh_from_db()
    assert pack.status == Status.FAILED
    assert "hexfootball-movement-fr-letter.pdf" in pack.error

    fake_renderer.error = None
    with django_capture_on_commit_callbacks(execute=True):
        services.retry_sheet_pack(pack=pack)
    pack.refresh_from_db()
    assert pack.status == Status.READY
    assert pack.ordered_jobs()[0].status == Status.READY


def test_a_pack_needs_items():
    with pytest.raises(ValueError, match="at least one"):
        services.create_sheet_pack(items=[], paper="a4")


def test_building_a_pack_twice_builds_it_once(fake_renderer, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        pack = services.create_sheet_pack(items=[(ROLLS, "es")], paper="a4")
    pack.refresh_from_db()
    built = pack.file.name
    jobs.build_sheet_pack(pack=pack)
    pack.refresh_from_db()
    assert pack.file.name == built
    assert SheetPack.objects.get().status == Status.READY
