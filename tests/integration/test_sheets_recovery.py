"""Sheet jobs against the real PostgreSQL and Redis, with a real Celery worker process: a job whose worker
is killed is sent again and finishes; a request while Redis is stopped fails clearly and leaves nothing,
and the same request once Redis is back produces its PDF.

Both use the session's worker (tests/conftest.py), so that no other worker takes their job: the first
kills it and starts it again; in the second it connects again by itself once Redis is back.
"""

import subprocess
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import timezone

from sheets import tasks
from sheets.catalogue import get_catalogue
from sheets.models import RUNNING_LIMIT, SheetJob, Status
from tests.sheets.pdf_checks import pdf_text, squeeze

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

SHEET = get_catalogue().sheet("rugby", "rolls")
SERVICES = Path(settings.BASE_DIR) / "scripts" / "services.sh"


def wait_for(condition, *, within, what):
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.01)
    raise AssertionError(f"{what}: not within {within} s")


def status_of(job):
    return SheetJob.objects.values_list("status", flat=True).get(pk=job.pk)


def assert_pdf_in_korean(client, job):
    download = client.get(f"/sheets/jobs/{job.pk}/download/")
    assert squeeze(SHEET.title_in("ko")) in pdf_text(b"".join(download.streaming_content))


def test_a_job_whose_worker_is_killed_is_queued_again_and_finishes(client, celery_worker_process):
    worker = celery_worker_process
    client.post(f"/sheets/{SHEET.game.id}/{SHEET.id}/pdf/", {"language": "ko", "paper": "a4"})
    job = SheetJob.objects.get()
    # The worker's first render imports WeasyPrint (about a second): it is killed in the middle.
    wait_for(lambda: status_of(job) != Status.QUEUED, within=30, what="the worker starts the job")
    worker.process.kill()
    worker.process.wait()
    assert status_of(job) == Status.RUNNING

    # As if RUNNING_LIMIT had passed: the periodic task finds the job lost and sends it again.
    SheetJob.objects.filter(pk=job.pk).update(
        started_at=timezone.now() - RUNNING_LIMIT - timedelta(seconds=1)
    )
    worker.__enter__()  # a worker again (it purges the queue first, so it starts before the send)
    tasks.recover_lost_work()

    wait_for(lambda: status_of(job) in (Status.READY, Status.FAILED), within=30, what="the job finishes")
    job.refresh_from_db()
    assert job.status == Status.READY, job.error
    assert job.attempts == 2
    assert_pdf_in_korean(client, job)


def redis(*command):
    return subprocess.run(command, capture_output=True, text=True, timeout=30, check=False)


def test_a_request_while_redis_is_stopped_fails_clearly_and_the_same_request_afterwards_makes_the_pdf(
    client, celery_worker_process
):
    assert settings.CELERY_BROKER_URL.startswith("redis://127.0.0.1:6379")
    data = {"language": "ko", "paper": "a4"}
    url = f"/sheets/{SHEET.game.id}/{SHEET.id}/pdf/"
    redis("redis-cli", "-h", "127.0.0.1", "-p", "6379", "shutdown", "nosave")
    try:
        wait_for(
            lambda: redis("redis-cli", "-h", "127.0.0.1", "ping").stdout.strip() != "PONG",
            within=10,
            what="Redis stops",
        )
        started = time.perf_counter()
        response = client.post(url, data)
        seconds = time.perf_counter() - started
    finally:
        assert redis("bash", str(SERVICES)).returncode == 0, "Redis could not be started again"
    print(f"answer with Redis stopped: {seconds:.2f} s")
    assert response.status_code == 503
    assert response["Retry-After"] == "60"
    assert "The service that makes PDFs does not answer. Nothing was queued" in response.content.decode()
    assert seconds < 5
    assert not SheetJob.objects.exists()

    # The worker connects again by itself (Celery retries every few seconds).
    response = client.post(url, data)
    job = SheetJob.objects.get()
    assert response.url == f"/sheets/jobs/{job.pk}/"
    wait_for(lambda: status_of(job) in (Status.READY, Status.FAILED), within=45, what="the job finishes")
    job.refresh_from_db()
    assert job.status == Status.READY, job.error
    assert_pdf_in_korean(client, job)
