from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from tests.factories import UserFactory
from tests.worker import CeleryWorkerProcess


@pytest.fixture(autouse=True, scope="session")
def static_root_exists():
    """WhiteNoise warns on every request when STATIC_ROOT is missing (tests serve from the finders)."""
    Path(settings.STATIC_ROOT).mkdir(parents=True, exist_ok=True)


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """Django's default hasher takes about two seconds per password on these machines."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def default_language():
    """Each test starts in English: a request made by the test client leaves its language active."""
    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture
def owner(db):
    return UserFactory(username="owner", display_name="Owner")


@pytest.fixture
def outsider(db):
    return UserFactory(username="outsider", display_name="Outsider")


@pytest.fixture(scope="session")
def celery_worker_process(django_db_setup, django_db_blocker):
    """A real `celery worker` process on the configured broker, using the test database."""
    with django_db_blocker.unblock(), CeleryWorkerProcess() as worker:
        yield worker


@pytest.fixture(autouse=True)
def empty_cache():
    """Each test starts with an empty cache: no page kept by an earlier test (dugout.freshness) hides a
    page's queries or shows an earlier test's data. The worker's heartbeat survives: the session's
    worker is alive whatever the test, and would only beat again after WORKER_HEARTBEAT_INTERVAL."""
    from django.core.cache import cache

    from dugout.heartbeat import HEARTBEAT_KEY, write_heartbeat

    beat = cache.get(HEARTBEAT_KEY)
    cache.clear()
    if beat is not None:
        write_heartbeat(now=beat)


@pytest.fixture(autouse=True)
def no_stale_page():
    """The verification mode (FRESHNESS_VERIFY, set for the whole suite in pyproject.toml) checks every
    kept page and 304 against a fresh render; a stale one raises in the request, and fails the test here
    too when a live server's thread served it to a browser."""
    from dugout.freshness import verify

    verify.failures.clear()
    yield
    if verify.failures:
        reports = "\n\n".join(verify.failures)
        verify.failures.clear()
        pytest.fail(f"a kept page was stale:\n{reports}", pytrace=False)


@pytest.fixture
def drawn_pages(monkeypatch):
    """Every page drawn by its view, none served as kept (dugout.freshness): for a test that counts the
    queries of a page it has loaded once already."""
    monkeypatch.setattr("dugout.freshness.pages._cache_get", lambda key: None)
