"""The generated files go through the `sheets` storage only (sheets/storage.py): with another storage
configured (Django's in-memory one, an S3 bucket emulated by moto in this process) a PDF, a pack and the
clean-up work without touching MEDIA_ROOT; the settings build that storage from the environment."""

import io
import json
import os
import subprocess
import sys
import uuid
import zipfile
from datetime import timedelta
from urllib.parse import parse_qs, urlsplit

import boto3
import pytest
from django.conf import settings
from django.core.files.base import ContentFile
from django.utils import timezone
from moto import mock_aws
from pypdf import PdfReader

from sheets import cleanup, services
from sheets.catalogue import get_catalogue
from sheets.models import SheetJob, SheetPack, Status
from sheets.storage import get_sheets_storage, sheets_storage
from tests.sheets.conftest import blank_pdf

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery", "media")]

CATALOGUE = get_catalogue()
ROLLS = CATALOGUE.sheet("rugby", "rolls")
MOVEMENT = CATALOGUE.sheet("hexfootball", "movement")
BUCKET = "dugout-test-sheets"


def later():
    """A moment when every file a test has just written is old enough to be cleaned up (taken when the
    test runs: the module is imported minutes before its tests run in the full suite)."""
    return timezone.now() + cleanup.FILE_MIN_AGE + timedelta(minutes=1)


def files_on_disk(root):
    return [path for path in root.rglob("*") if path.is_file()] if root.exists() else []


def use_sheets_storage(settings, backend, **options):
    settings.STORAGES = {**settings.STORAGES, "sheets": {"BACKEND": backend, "OPTIONS": options}}


@pytest.fixture
def in_memory(settings):
    use_sheets_storage(settings, "django.core.files.storage.InMemoryStorage")
    return sheets_storage


@pytest.fixture
def bucket(settings, monkeypatch):
    """An S3 bucket in moto's in-process emulator, and the `sheets` storage pointing to it."""
    for name in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"):
        monkeypatch.setenv(name, "testing")
    with mock_aws():
        client = boto3.client("s3", region_name="us-east-1")
        client.create_bucket(Bucket=BUCKET)
        use_sheets_storage(
            settings, "storages.backends.s3.S3Storage", bucket_name=BUCKET, region_name="us-east-1"
        )
        yield client


def keys_in(client):
    return sorted(item["Key"] for item in client.list_objects_v2(Bucket=BUCKET).get("Contents", []))


def make_pack(client, django_capture_on_commit_callbacks):
    data = {"sheets": ["rugby/rolls", "hexfootball/movement"], "languages": ["en"], "paper": "a4"}
    with django_capture_on_commit_callbacks(execute=True):
        client.post("/sheets/packs/new/", {**data, "merged": "on"})
    return SheetPack.objects.get()


@pytest.fixture
def rendered(fake_renderer, django_capture_on_commit_callbacks):
    """Call it for a ready job of a sheet in Korean (rendered by the eager task, with a blank PDF)."""

    def render(sheet=ROLLS):
        with django_capture_on_commit_callbacks(execute=True):
            job, _created = services.request_sheet_pdf(sheet=sheet, language="ko", paper="a4")
        job.refresh_from_db()
        assert job.status == Status.READY, job.error
        return job

    return render


def test_the_file_fields_use_the_sheets_storage_and_migrations_name_its_function():
    for field in (SheetJob._meta.get_field("file"), SheetPack._meta.get_field("merged_file")):
        assert field.storage is sheets_storage
        assert field.deconstruct()[3]["storage"] is get_sheets_storage


def test_the_embedded_default_keeps_the_files_under_media_root(media, rendered):
    job = rendered()
    assert job.file.name == f"sheets/jobs/{job.pk}/rugby-rolls-ko-a4.pdf"
    assert (media / job.file.name).read_bytes().startswith(b"%PDF")


def test_a_pdf_and_a_pack_in_another_storage_leave_media_root_empty(
    media, in_memory, client, fake_renderer, django_capture_on_commit_callbacks
):
    pack = make_pack(client, django_capture_on_commit_callbacks)

    assert pack.status == Status.READY, pack.error
    names = [job.file.name for job in pack.ordered_jobs()] + [pack.file.name, pack.merged_file.name]
    assert all(in_memory.exists(name) for name in names)
    assert files_on_disk(media) == []
    job = pack.ordered_jobs()[0]
    download = client.get(f"/sheets/jobs/{job.pk}/download/")
    assert b"".join(download.streaming_content) == in_memory.open(job.file.name).read()
    archive = client.get(f"/sheets/packs/{pack.pk}/download/")
    with zipfile.ZipFile(io.BytesIO(b"".join(archive.streaming_content))) as zipped:
        assert zipped.namelist() == [
            "rugby/rugby-rolls-en-a4.pdf",
            "hexfootball/hexfootball-movement-en-a4.pdf",
        ]
    merged = client.get(f"/sheets/packs/{pack.pk}/download/merged/")
    assert len(PdfReader(io.BytesIO(b"".join(merged.streaming_content))).pages) == 2


def test_the_cleanup_deletes_only_unreferenced_files_of_another_storage(in_memory, rendered):
    job = rendered()
    orphan = in_memory.save("sheets/jobs/gone/rugby-rolls-fr-a4.pdf", ContentFile(blank_pdf()))

    assert cleanup.delete_unreferenced_files(now=later()) == [orphan]
    assert in_memory.exists(job.file.name)
    assert not in_memory.exists(orphan)


def test_a_pdf_rendered_into_a_bucket_is_served_from_it(bucket, media, client, rendered):
    job = rendered()

    assert keys_in(bucket) == [f"sheets/jobs/{job.pk}/rugby-rolls-ko-a4.pdf"]
    assert files_on_disk(media) == []
    response = client.get(f"/sheets/jobs/{job.pk}/download/")
    assert response["Content-Disposition"] == 'attachment; filename="rugby-rolls-ko-a4.pdf"'
    stored = bucket.get_object(Bucket=BUCKET, Key=job.file.name)["Body"].read()
    assert b"".join(response.streaming_content) == stored
    assert stored.startswith(b"%PDF")


def test_with_redirects_a_download_goes_to_a_signed_url_that_names_the_file(
    bucket, settings, client, fake_renderer, django_capture_on_commit_callbacks
):
    settings.SHEETS_DOWNLOAD_REDIRECT = True
    pack = make_pack(client, django_capture_on_commit_callbacks)

    response = client.get(f"/sheets/packs/{pack.pk}/download/")
    assert response.status_code == 302
    assert response["Cache-Control"] == "private, no-store"
    url = urlsplit(response.url)
    query = parse_qs(url.query)
    assert url.path.endswith(f"/sheets/packs/{pack.pk}/{pack.filename}")
    assert query["response-content-disposition"] == [f'attachment; filename="{pack.filename}"']
    assert query["response-content-type"] == ["application/zip"]
    assert "X-Amz-Signature" in query or "Signature" in query


def test_the_cleanup_deletes_only_unreferenced_objects_of_a_bucket(bucket, rendered):
    job = rendered()
    orphan = f"sheets/jobs/{uuid.uuid4()}/rugby-rolls-fr-a4.pdf"
    orphan_zip = f"sheets/packs/{uuid.uuid4()}/dugout-sheets-gone.zip"
    for key in (orphan, orphan_zip):
        bucket.put_object(Bucket=BUCKET, Key=key, Body=b"old")

    assert cleanup.delete_unreferenced_files() == []  # written just now: perhaps by a worker saving it
    assert sorted(cleanup.delete_unreferenced_files(now=later())) == sorted([orphan, orphan_zip])
    assert keys_in(bucket) == [job.file.name]


# ------------------------------------------------------------------------------- settings


def settings_from(**environ):
    """What dugout.settings makes of `environ` (a fresh process: settings are read once)."""
    code = (
        "import json, django; from django.conf import settings; django.setup();"
        "print(json.dumps([settings.STORAGES['sheets'], settings.SHEETS_DOWNLOAD_REDIRECT]))"
    )
    keep = {name: value for name, value in os.environ.items() if not name.startswith(("AWS_", "DUGOUT_STOR"))}
    env = {**keep, "DJANGO_SETTINGS_MODULE": "dugout.settings", "DEBUG": "1", **environ}
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_settings_make_an_s3_storage_from_the_environment():
    result = settings_from(
        DUGOUT_STORAGE="s3",
        DUGOUT_STORAGE_REDIRECT="1",
        AWS_STORAGE_BUCKET_NAME="league-files",
        AWS_S3_ENDPOINT_URL="http://minio:9000",
        AWS_S3_REGION_NAME="eu-west-3",
        AWS_ACCESS_KEY_ID="key",
        AWS_SECRET_ACCESS_KEY="secret",
    )
    assert result.returncode == 0, result.stderr
    storage, redirect = json.loads(result.stdout)
    assert storage["BACKEND"] == "storages.backends.s3.S3Storage"
    options = storage["OPTIONS"]
    assert (options["bucket_name"], options["endpoint_url"], options["region_name"]) == (
        "league-files",
        "http://minio:9000",
        "eu-west-3",
    )
    assert (options["access_key"], options["secret_key"], options["default_acl"]) == ("key", "secret", None)
    assert redirect is True


def test_the_settings_default_to_the_filesystem_and_refuse_half_an_s3_configuration():
    default = settings_from()
    assert default.returncode == 0, default.stderr
    assert '"django.core.files.storage.FileSystemStorage"' in default.stdout
    no_bucket = settings_from(DUGOUT_STORAGE="s3")
    assert "AWS_STORAGE_BUCKET_NAME must be set" in no_bucket.stderr
    redirect_without_s3 = settings_from(DUGOUT_STORAGE_REDIRECT="1")
    assert "DUGOUT_STORAGE_REDIRECT=1 needs DUGOUT_STORAGE=s3" in redirect_without_s3.stderr
    unknown = settings_from(DUGOUT_STORAGE="ftp")
    assert "DUGOUT_STORAGE='ftp' is not one of: filesystem, s3" in unknown.stderr
