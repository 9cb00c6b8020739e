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
    page's queries or shows an earlier test's data."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture
def drawn_pages(monkeypatch):
    """Every page drawn by its view, none served as kept (dugout.freshness): for a test that counts the
    queries of a page it has loaded once already."""
    monkeypatch.setattr("dugout.freshness._cache_get", lambda key: None)
