"""Against the real PostgreSQL and Redis of this machine, with a real Celery worker process.

`make test` runs these with DATABASE_URL and CELERY_BROKER_URL set; they fail (never skip) when the
services cannot be reached.
"""

import pytest
from django.conf import settings
from django.db import connection

from dugout.celery import echo

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
