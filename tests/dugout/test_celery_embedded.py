"""The embedded default: SQLite and a real Celery worker on kombu's filesystem transport."""

import pytest
from django.conf import settings
from django.db import connection

from dugout.celery import echo


@pytest.mark.django_db(transaction=True)
def test_a_task_round_trips_through_a_real_worker_on_the_filesystem_transport(celery_worker_process):
    assert settings.CELERY_BROKER_URL == "filesystem://localhost//"
    assert connection.vendor == "sqlite"
    assert echo.delay(message="pass the ball").get(timeout=30, interval=0.02) == "pass the ball"


@pytest.mark.django_db(transaction=True)
def test_healthz_is_ok_with_sqlite_the_filesystem_broker_and_a_worker(client, celery_worker_process):
    response = client.get("/healthz")
    assert response.status_code == 200, response.json()
    assert response.json()["status"] == "ok"
