import pytest

from dugout import health


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


@pytest.mark.django_db
def test_healthz_with_the_real_checks_and_no_worker_says_which_part_is_down(client, monkeypatch):
    monkeypatch.setattr(health, "WORKER_PING_TIMEOUT", 0.2)
    body = client.get("/healthz").json()
    assert body["database"] == {"ok": True}
    assert body["broker"] == {"ok": True}
    assert body["worker"]["ok"] is False
