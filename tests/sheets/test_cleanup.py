"""The periodic clean-up deletes expired packs and only the generated files no row points to."""

import os
from datetime import timedelta

import pytest
from django.core.files.base import ContentFile
from django.utils import timezone

from sheets import cleanup, tasks
from sheets.models import SheetJob, SheetPack, Status
from sheets.storage import sheets_storage
from tests.sheets.conftest import blank_pdf

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("media")]


def make_ready_job(language="ko"):
    job = SheetJob.objects.create(
        game="rugby", sheet="rolls", language=language, paper="a4", content_hash=language * 32, status="ready"
    )
    job.file.save(job.filename, ContentFile(blank_pdf()))
    return job


def make_ready_pack(job, *, finished_at):
    pack = SheetPack.objects.create(paper="a4", status=Status.READY, finished_at=finished_at)
    pack.items.create(job=job, position=0)
    pack.file.save(pack.filename, ContentFile(b"zip"), save=False)
    pack.merged_file.save(pack.merged_filename, ContentFile(blank_pdf()))
    return pack


def make_old(*names, hours=2):
    """Set the files' modification time `hours` in the past."""
    past = (timezone.now() - timedelta(hours=hours)).timestamp()
    for name in names:
        os.utime(sheets_storage.path(name), (past, past))


def test_cleanup_deletes_only_old_files_that_no_row_points_to():
    job = make_ready_job()
    pack = make_ready_pack(job, finished_at=timezone.now())
    orphan = sheets_storage.save("sheets/jobs/gone/rugby-rolls-fr-a4.pdf", ContentFile(blank_pdf()))
    orphan_zip = sheets_storage.save("sheets/packs/gone/dugout-sheets-gone.zip", ContentFile(b"zip"))
    recent = sheets_storage.save("sheets/jobs/saving/rugby-rolls-de-a4.pdf", ContentFile(blank_pdf()))
    make_old(job.file.name, pack.file.name, pack.merged_file.name, orphan, orphan_zip)

    deleted = cleanup.delete_unreferenced_files()

    assert sorted(deleted) == sorted([orphan, orphan_zip])
    for name in (job.file.name, pack.file.name, pack.merged_file.name, recent):
        assert sheets_storage.exists(name), name
    assert not sheets_storage.exists(orphan)
    assert not sheets_storage.exists("sheets/jobs/gone")
    assert not sheets_storage.exists("sheets/packs/gone")


def test_cleanup_with_no_generated_file_yet_deletes_nothing():
    assert cleanup.delete_unreferenced_files() == []


def test_a_pack_finished_long_ago_is_deleted_with_its_files_but_its_jobs_stay():
    job = make_ready_job()
    old = make_ready_pack(job, finished_at=timezone.now() - cleanup.PACK_MAX_AGE - timedelta(hours=1))
    young = make_ready_pack(job, finished_at=timezone.now() - timedelta(days=1))
    waiting = SheetPack.objects.create(paper="a4")
    SheetPack.objects.filter(pk=waiting.pk).update(created_at=timezone.now() - timedelta(days=30))
    make_old(job.file.name, old.file.name, old.merged_file.name, young.file.name, young.merged_file.name)

    tasks.delete_old_files()

    assert set(SheetPack.objects.values_list("pk", flat=True)) == {young.pk, waiting.pk}
    assert not sheets_storage.exists(old.file.name)
    assert not sheets_storage.exists(old.merged_file.name)
    assert sheets_storage.exists(young.file.name)
    assert SheetJob.objects.get().pk == job.pk
    assert sheets_storage.exists(job.file.name)
