"""The render and pack tasks through a real Celery worker process.

The first test runs in the normal pass on the embedded default (SQLite, filesystem transport); the
integration test runs under `make test`'s integration pass (PostgreSQL, Redis).
"""

import time

import pytest
from django.conf import settings

from sheets.catalogue import get_catalogue
from sheets.models import SheetJob, SheetPack, Status
from tests.sheets.pdf_checks import pdf_text, squeeze

ROLLS = get_catalogue().sheet("rugby", "rolls")


def wait_until_finished(model, pk, timeout=90):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        row = model.objects.get(pk=pk)
        if row.status in (Status.READY, Status.FAILED):
            return row
        time.sleep(0.1)
    raise AssertionError(f"{model.__name__} {pk} still {row.status} after {timeout} s")


def request_render_and_pack(client):
    response = client.post("/sheets/rugby/rolls/pdf/", {"language": "ko", "paper": "a4"})
    job = SheetJob.objects.get()
    assert response.url == f"/sheets/jobs/{job.pk}/"
    job = wait_until_finished(SheetJob, job.pk)
    assert job.status == Status.READY, job.error
    download = client.get(f"/sheets/jobs/{job.pk}/download/")
    pdf = b"".join(download.streaming_content)
    assert squeeze(ROLLS.title_in("ko")) in pdf_text(pdf)
    assert f'href="/sheets/jobs/{job.pk}/download/"' in client.get(response.url).content.decode()

    # A pack reusing that PDF and adding one: the worker renders one and builds the zip.
    data = {"sheets": ["rugby/rolls"], "languages": ["ko", "en"], "paper": "a4"}
    pack_url = client.post("/sheets/packs/new/", data).url
    pack = wait_until_finished(SheetPack, SheetPack.objects.get().pk)
    assert pack.status == Status.READY, pack.error
    assert SheetJob.objects.count() == 2
    assert "Your pack is ready." in client.get(pack_url).content.decode()


@pytest.mark.django_db(transaction=True)
def test_a_pdf_and_a_pack_are_made_by_a_real_worker_on_the_filesystem_transport(
    client, celery_worker_process
):
    assert settings.CELERY_BROKER_URL == "filesystem://localhost//"
    request_render_and_pack(client)


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_a_pdf_and_a_pack_are_made_by_a_real_worker_on_redis(client, celery_worker_process):
    assert settings.CELERY_BROKER_URL.startswith("redis://")
    request_render_and_pack(client)
