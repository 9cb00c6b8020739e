import time

import pytest
from django.core.cache import cache

from dugout import health
from dugout.heartbeat import HEARTBEAT_KEY, heartbeat_age, write_heartbeat


def _failing(message):
    def check():
        raise RuntimeError(message)

    return check


def _passing():
    return None


@pytest.fixture
def checks(monkeypatch):
    """Replace the broker and worker checks (the database one stays real) and return the dict."""
    fake = dict(health.CHECKS, broker=_passing, worker=_passing)
    monkeypatch.setattr(health, "CHECKS", fake)
    return fake


@pytest.mark.django_db
def test_healthz_is_ok_when_every_part_answers(client, checks):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {
        "status": "ok",
        "database": {"ok": True},
        "broker": {"ok": True},
        "worker": {"ok": True},
    }


@pytest.mark.django_db
def test_healthz_reports_a_missing_worker(client, checks):
    checks["worker"] = _failing("no worker answered the ping")
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "error"
    assert body["worker"] == {"ok": False, "error": "no worker answered the ping"}
    assert body["database"] == {"ok": True}


@pytest.mark.django_db
def test_healthz_reports_an_unreachable_broker(client, checks):
    checks["broker"] = _failing("connection refused")
    body = client.get("/healthz").json()
    assert body["broker"] == {"ok": False, "error": "connection refused"}
    assert body["status"] == "error"


@pytest.mark.django_db
def test_healthz_reports_a_database_failure(client, checks):
    checks["database"] = _failing("database is locked")
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["database"] == {"ok": False, "error": "database is locked"}


@pytest.fixture
def no_heartbeat():
    cache.delete(HEARTBEAT_KEY)
    yield
    cache.delete(HEARTBEAT_KEY)


@pytest.mark.django_db
@pytest.mark.usefixtures("no_heartbeat")
def test_healthz_with_the_real_checks_and_no_worker_says_which_part_is_down(client):
    body = client.get("/healthz").json()
    assert body["database"] == {"ok": True}
    assert body["broker"] == {"ok": True}
    assert body["worker"] == {"ok": False, "error": "no worker has reported a heartbeat"}


@pytest.mark.django_db
@pytest.mark.usefixtures("no_heartbeat")
def test_healthz_calls_a_worker_alive_while_its_heartbeat_is_recent(client, settings):
    settings.WORKER_HEARTBEAT_MAX_AGE = 30
    write_heartbeat(now=time.time() - 20)
    assert client.get("/healthz").json()["worker"] == {"ok": True}


@pytest.mark.django_db
@pytest.mark.usefixtures("no_heartbeat")
def test_healthz_reports_a_worker_whose_heartbeat_is_too_old(client, settings):
    settings.WORKER_HEARTBEAT_MAX_AGE = 30
    write_heartbeat(now=time.time() - 45)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["worker"] == {"ok": False, "error": "the latest worker heartbeat is 45 s old"}


def test_the_heartbeat_age_is_none_before_any_worker_beats(no_heartbeat):
    assert heartbeat_age() is None
    write_heartbeat(now=1000.0)
    assert heartbeat_age(now=1012.5) == 12.5


@pytest.mark.django_db
def test_healthz_runs_its_checks_once_per_ttl_and_answers_from_them_in_between(client, checks, settings):
    calls = []
    checks["worker"] = lambda: calls.append(1)
    settings.HEALTH_CHECK_TTL = 60
    health._latest.update(at=None, results=None)
    for _ in range(3):
        assert client.get("/healthz").status_code == 200
    assert len(calls) == 1
    settings.HEALTH_CHECK_TTL = 0
    client.get("/healthz")
    assert len(calls) == 2


@pytest.mark.django_db
def test_healthz_answers_before_the_other_middleware(client, checks):
    response = client.get("/healthz")
    assert response.status_code == 200
    # Headers the rest of the chain sets on every other answer: /healthz never went through it.
    assert "X-Frame-Options" not in response
    assert client.get("/rules/").has_header("X-Frame-Options")
