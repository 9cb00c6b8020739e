"""Against the real PostgreSQL and Redis of this machine, with a real Celery worker process.

`make test` runs these with DATABASE_URL and CELERY_BROKER_URL set; they fail (never skip) when the
services cannot be reached.
"""

import time

import pytest
from django.conf import settings
from django.core.cache import cache
from django.db import connection

from dugout.celery import echo
from tests.worker import CeleryWorkerProcess

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_the_database_is_postgresql():
    assert connection.vendor == "postgresql"
    with connection.cursor() as cursor:
        cursor.execute("select 1")
        assert cursor.fetchone() == (1,)


def test_a_task_round_trips_through_a_real_worker_on_redis(celery_worker_process):
    assert settings.CELERY_BROKER_URL.startswith("redis://")
    assert echo.delay(message="touchdown").get(timeout=30, interval=0.02) == "touchdown"


def test_healthz_is_ok_with_postgresql_redis_and_a_worker(client, celery_worker_process):
    response = client.get("/healthz")
    assert response.status_code == 200, response.json()
    assert response.json() == {
        "status": "ok",
        "database": {"ok": True},
        "broker": {"ok": True},
        "worker": {"ok": True},
    }


def _healthz_seconds(client):
    started = time.perf_counter()
    response = client.get("/healthz")
    return time.perf_counter() - started, response


def _wait_for_health(client, *, status, within):
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        response = client.get("/healthz")
        if response.status_code == status:
            return response
        time.sleep(0.2)
    raise AssertionError(f"/healthz did not answer {status} within {within} s: {response.json()}")


def test_healthz_answers_at_once_with_a_live_worker_and_reports_it_dead_after_it_stops(client, settings):
    """A worker of its own, with its own cache database, so that the session's worker does not beat for it."""
    cache_url = settings.CELERY_BROKER_URL.rsplit("/", 1)[0] + "/14"
    settings.CACHES = {"default": {**settings.CACHES["default"], "LOCATION": cache_url}}
    settings.WORKER_HEARTBEAT_MAX_AGE = 2
    cache.clear()
    worker_env = {"CACHE_URL": cache_url, "WORKER_HEARTBEAT_INTERVAL": "1", "WORKER_HEARTBEAT_MAX_AGE": "2"}
    with CeleryWorkerProcess(extra_env=worker_env, wait=False):
        _wait_for_health(client, status=200, within=60)
        # The best of three, so that one scheduling hiccup of a busy CI machine does not decide it.
        best = min(_healthz_seconds(client)[0] for _ in range(3))
        assert best < 0.1
    response = _wait_for_health(client, status=503, within=10)
    assert response.json()["worker"]["ok"] is False
    assert response.json()["database"] == {"ok": True}
    assert response.json()["broker"] == {"ok": True}
