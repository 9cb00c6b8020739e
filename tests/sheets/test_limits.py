"""Anonymous clients may ask for a limited number of new PDFs and packs an hour, per client address; a
PDF made already is served at once and not counted; signed-in users are not limited here."""

import pytest

from sheets import limits
from sheets.models import SheetJob, SheetPack

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery", "media", "fake_renderer")]

URL = "/sheets/rugby/rolls/pdf/"


@pytest.fixture(autouse=True)
def small_limits(monkeypatch):
    """A cache of the test's own comes from conftest.py (own_cache)."""
    monkeypatch.setattr(limits, "ANONYMOUS_RENDERS_PER_HOUR", 2)
    monkeypatch.setattr(limits, "ANONYMOUS_PACKS_PER_HOUR", 1)


def ask(client, language, **extra):
    return client.post(URL, {"language": language, "paper": "a4"}, **extra)


def test_an_anonymous_client_past_the_limit_is_refused_with_a_429_and_nothing_is_made(
    client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        assert ask(client, "fr").status_code == 302
        assert ask(client, "de").status_code == 302
        refused = ask(client, "it")
    assert refused.status_code == 429
    assert refused["Retry-After"] == "600"
    assert "You have asked for many new PDFs in a short time." in refused.content.decode()
    assert set(SheetJob.objects.values_list("language", flat=True)) == {"fr", "de"}


def test_a_pdf_made_already_is_served_past_the_limit(client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        ask(client, "fr")
        ask(client, "de")
        again = ask(client, "fr")
    assert again.status_code == 302
    assert again.url == f"/sheets/jobs/{SheetJob.objects.get(language='fr').pk}/"


def test_the_limit_counts_per_client_address(client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        ask(client, "fr")
        ask(client, "de")
        other = ask(client, "it", REMOTE_ADDR="203.0.113.9")
    assert other.status_code == 302


def test_a_signed_in_user_is_not_limited(client, owner, django_capture_on_commit_callbacks):
    client.force_login(owner)
    with django_capture_on_commit_callbacks(execute=True):
        answers = [ask(client, language).status_code for language in ("fr", "de", "it", "es")]
    assert answers == [302] * 4


def test_an_anonymous_client_may_make_a_limited_number_of_packs(client, django_capture_on_commit_callbacks):
    data = {"sheets": ["rugby/rolls"], "languages": ["en"], "paper": "a4"}
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post("/sheets/packs/new/", data).status_code == 302
        refused = client.post("/sheets/packs/new/", data)
    assert refused.status_code == 429
    assert SheetPack.objects.count() == 1


def test_a_cache_that_is_down_refuses_nobody(client, monkeypatch, django_capture_on_commit_callbacks):
    def down(*keys, **kwargs):
        raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(limits, "allow", down)
    with django_capture_on_commit_callbacks(execute=True):
        answers = [ask(client, language).status_code for language in ("fr", "de", "it")]
    assert answers == [302] * 3
