"""Sheets on an S3-compatible bucket, as on several machines: a real Celery worker process configured by
the environment only (DUGOUT_STORAGE=s3 and the AWS_* variables) renders a PDF and builds a pack into a
bucket of moto's S3 emulator (server mode, its own process); this process, standing for another web
host, serves them from the bucket, streamed or by a redirect to a signed URL. Neither the worker nor
this process writes a file to its local MEDIA_ROOT.

The session's worker (tests/conftest.py) is stopped meanwhile, so that it takes no job of this test to
its own disk, and started again afterwards.
"""

import io
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
import zipfile

import boto3
import pytest
from pypdf import PdfReader

from sheets.catalogue import get_catalogue
from sheets.models import SheetJob, SheetPack, Status
from tests.sheets.pdf_checks import pdf_text, squeeze
from tests.worker import CeleryWorkerProcess

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

ROLLS = get_catalogue().sheet("rugby", "rolls")
MOVEMENT = get_catalogue().sheet("hexfootball", "movement")
REGION = "us-east-1"
CREDENTIALS = {"AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing"}


def wait_for(condition, *, within, what):
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError(f"{what}: not within {within} s")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def moto_server():
    """moto's S3 emulator in server mode, in a process of its own on a free port: its URL."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"

    def answers():
        assert process.poll() is None, f"moto's server exited with code {process.returncode}"
        try:
            with urllib.request.urlopen(f"{url}/moto-api/", timeout=1):
                return True
        except OSError:
            return False

    try:
        wait_for(answers, within=60, what="moto's server answers")
        yield url
    finally:
        process.terminate()
        process.wait(timeout=15)


@pytest.fixture(scope="module")
def s3(moto_server):
    """A boto3 client of the emulator and a new bucket (`s3.name`)."""
    client = boto3.client(
        "s3",
        endpoint_url=moto_server,
        region_name=REGION,
        aws_access_key_id=CREDENTIALS["AWS_ACCESS_KEY_ID"],
        aws_secret_access_key=CREDENTIALS["AWS_SECRET_ACCESS_KEY"],
    )
    client.name = f"dugout-{uuid.uuid4().hex[:12]}"
    client.create_bucket(Bucket=client.name)
    return client


@pytest.fixture(scope="module")
def s3_worker(celery_worker_process, moto_server, s3, tmp_path_factory):
    """A worker configured for the bucket by its environment alone, with a MEDIA_ROOT of its own."""
    media = tmp_path_factory.mktemp("worker-media")
    environ = {
        "DUGOUT_STORAGE": "s3",
        "AWS_STORAGE_BUCKET_NAME": s3.name,
        "AWS_S3_ENDPOINT_URL": moto_server,
        "AWS_S3_REGION_NAME": REGION,
        "MEDIA_ROOT": str(media),
        **CREDENTIALS,
    }
    celery_worker_process.__exit__(None, None, None)
    try:
        with CeleryWorkerProcess(extra_env=environ) as worker:
            worker.media = media
            yield worker
    finally:
        celery_worker_process.__enter__()


@pytest.fixture
def bucket(s3, s3_worker, moto_server, settings, tmp_path):
    """The bucket emptied, this process's `sheets` storage pointing to it, and an empty local MEDIA_ROOT."""
    for key in keys_in(s3):
        s3.delete_object(Bucket=s3.name, Key=key)
    options = {
        "bucket_name": s3.name,
        "endpoint_url": moto_server,
        "region_name": REGION,
        "access_key": CREDENTIALS["AWS_ACCESS_KEY_ID"],
        "secret_key": CREDENTIALS["AWS_SECRET_ACCESS_KEY"],
        "default_acl": None,
    }
    storage = {"BACKEND": "storages.backends.s3.S3Storage", "OPTIONS": options}
    settings.STORAGES = {**settings.STORAGES, "sheets": storage}
    settings.MEDIA_ROOT = tmp_path / "web-media"
    return s3


def keys_in(bucket):
    return sorted(item["Key"] for item in bucket.list_objects_v2(Bucket=bucket.name).get("Contents", []))


def stored(bucket, key):
    return bucket.get_object(Bucket=bucket.name, Key=key)["Body"].read()


def local_files(*folders):
    return [path for folder in folders if folder.exists() for path in folder.rglob("*") if path.is_file()]


def finished(model, pk):
    return model.objects.values_list("status", flat=True).get(pk=pk) in (Status.READY, Status.FAILED)


def test_a_worker_renders_into_the_bucket_and_another_process_serves_it(client, bucket, s3_worker, settings):
    response = client.post(f"/sheets/{ROLLS.game.id}/{ROLLS.id}/pdf/", {"language": "ko", "paper": "a4"})
    job = SheetJob.objects.get()
    assert response.url == f"/sheets/jobs/{job.pk}/"
    wait_for(lambda: finished(SheetJob, job.pk), within=90, what="the worker renders the PDF")
    job.refresh_from_db()
    assert job.status == Status.READY, job.error

    key = f"sheets/jobs/{job.pk}/rugby-rolls-ko-a4.pdf"
    assert keys_in(bucket) == [key]
    pdf = stored(bucket, key)
    assert pdf.startswith(b"%PDF")
    assert squeeze(ROLLS.title_in("ko")) in pdf_text(pdf)
    assert local_files(s3_worker.media, settings.MEDIA_ROOT) == []

    # Streamed by this process from the bucket.
    download = client.get(f"/sheets/jobs/{job.pk}/download/")
    assert download["Content-Disposition"] == 'attachment; filename="rugby-rolls-ko-a4.pdf"'
    assert b"".join(download.streaming_content) == pdf

    # Or handed to the bucket: a redirect to a signed URL that serves the same bytes under the same name.
    settings.SHEETS_DOWNLOAD_REDIRECT = True
    redirect = client.get(f"/sheets/jobs/{job.pk}/download/")
    assert redirect.status_code == 302
    assert redirect.url.startswith(f"{bucket.meta.endpoint_url}/{bucket.name}/{key}?")
    with urllib.request.urlopen(redirect.url, timeout=10) as signed:
        assert signed.read() == pdf
        assert signed.headers["Content-Type"] == "application/pdf"
        assert signed.headers["Content-Disposition"] == 'attachment; filename="rugby-rolls-ko-a4.pdf"'
    unsigned = redirect.url.split("?")[0]
    with pytest.raises(urllib.error.HTTPError):
        urllib.request.urlopen(unsigned, timeout=10)


def test_a_worker_builds_a_pack_from_the_pdfs_in_the_bucket(client, bucket, s3_worker, settings):
    data = {
        "sheets": ["rugby/rolls", "hexfootball/movement"],
        "languages": ["ko"],
        "paper": "a4",
        "merged": "on",
    }
    response = client.post("/sheets/packs/new/", data)
    pack = SheetPack.objects.get()
    assert response.url == f"/sheets/packs/{pack.pk}/"
    wait_for(lambda: finished(SheetPack, pack.pk), within=120, what="the worker renders and zips the pack")
    pack.refresh_from_db()
    assert pack.status == Status.READY, pack.error

    jobs = pack.ordered_jobs()
    assert keys_in(bucket) == sorted(
        [*(job.file.name for job in jobs), pack.file.name, pack.merged_file.name]
    )
    assert local_files(s3_worker.media, settings.MEDIA_ROOT) == []
    archive = client.get(f"/sheets/packs/{pack.pk}/download/")
    with zipfile.ZipFile(io.BytesIO(b"".join(archive.streaming_content))) as zipped:
        assert zipped.namelist() == [f"{job.game}/{job.filename}" for job in jobs]
        assert [zipped.read(name) for name in zipped.namelist()] == [
            stored(bucket, job.file.name) for job in jobs
        ]
    merged = client.get(f"/sheets/packs/{pack.pk}/download/merged/")
    text = pdf_text(b"".join(merged.streaming_content))
    assert squeeze(ROLLS.title_in("ko")) in text
    assert squeeze(MOVEMENT.title_in("ko")) in text
    assert len(PdfReader(io.BytesIO(stored(bucket, pack.merged_file.name))).pages) >= 2
