"""Guessing passwords is stopped: a lock-out per account and per client address (django-axes), a
limited password reset form that never tells whether an address has an account."""

import pytest
from axes.models import AccessAttempt
from django.core import mail
from django.core.cache import cache
from django.core.management import call_command

from accounts.client import client_ip
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_counters(settings):
    settings.AXES_FAILURE_LIMIT = 3
    cache.clear()
    yield
    cache.clear()


def log_in(client, username, password, address="203.0.113.7"):
    return client.post("/accounts/login/", {"username": username, "password": password}, REMOTE_ADDR=address)


def logged_in(client):
    return "_auth_user_id" in client.session


def test_after_the_limit_of_failures_even_the_right_password_is_refused_with_a_clear_message(client):
    UserFactory(username="coach")
    for _attempt in range(2):
        assert log_in(client, "coach", "wrong-password").status_code == 200
    assert log_in(client, "coach", "wrong-password").status_code == 429  # the third failure locks
    response = log_in(client, "coach", PASSWORD)
    assert response.status_code == 429
    html = response.content.decode()
    assert "Logins paused" in html
    assert "every login attempt is refused for 15 minutes, even with the right" in html
    assert not logged_in(client)


def test_the_account_is_locked_from_another_address_too(client):
    UserFactory(username="coach")
    for _attempt in range(3):
        log_in(client, "coach", "wrong-password", address="198.51.100.1")
    assert log_in(client, "coach", PASSWORD, address="198.51.100.2").status_code == 429


def test_one_address_guessing_many_accounts_is_locked_out(client):
    UserFactory(username="victim")
    for name in ("a", "b", "c"):
        log_in(client, name, "guess")
    assert log_in(client, "victim", PASSWORD).status_code == 429


def test_a_success_before_the_limit_resets_the_count(client):
    UserFactory(username="coach")
    log_in(client, "coach", "wrong-password")
    log_in(client, "coach", "wrong-password")
    assert log_in(client, "coach", PASSWORD).status_code == 302
    client.logout()
    log_in(client, "coach", "wrong-password")
    log_in(client, "coach", "wrong-password")
    assert log_in(client, "coach", PASSWORD).status_code == 302


def test_the_lockout_page_is_translated(client):
    UserFactory(username="coach")
    for _attempt in range(3):
        log_in(client, "coach", "wrong-password")
    response = client.post(
        "/accounts/login/",
        {"username": "coach", "password": PASSWORD},
        REMOTE_ADDR="203.0.113.7",
        headers={"accept-language": "fr"},
    )
    assert response.status_code == 429
    assert '<html lang="fr">' in response.content.decode()


def test_an_administrator_unlocks_the_account(client):
    UserFactory(username="coach")
    for _attempt in range(3):
        log_in(client, "coach", "wrong-password")
    assert AccessAttempt.objects.exists()
    call_command("axes_reset", verbosity=0)
    assert log_in(client, "coach", PASSWORD).status_code == 302


def reset(client, email, address="203.0.113.9"):
    return client.post("/accounts/password/reset/", {"email": email}, REMOTE_ADDR=address)


def test_password_reset_answers_the_same_for_known_and_unknown_addresses(client):
    UserFactory(username="coach", email="coach@example.com")
    known, unknown = reset(client, "coach@example.com"), reset(client, "nobody@example.com", "203.0.113.10")
    assert known.status_code == unknown.status_code == 302
    assert known["Location"] == unknown["Location"]
    assert len(mail.outbox) == 1


def test_password_reset_is_limited_per_address_and_says_so(client, settings):
    settings.PASSWORD_RESET_LIMIT = 2
    UserFactory(username="coach", email="coach@example.com")
    assert reset(client, "coach@example.com").status_code == 302
    assert reset(client, "other@example.com").status_code == 302
    response = reset(client, "coach@example.com")
    assert response.status_code == 200
    assert "Too many password reset requests" in response.content.decode()
    assert len(mail.outbox) == 1


def test_password_reset_is_limited_per_e_mail_address_from_any_client(client, settings):
    settings.PASSWORD_RESET_LIMIT = 2
    UserFactory(username="coach", email="coach@example.com")
    reset(client, "coach@example.com", "198.51.100.1")
    reset(client, "Coach@example.com", "198.51.100.2")
    response = reset(client, "coach@example.com", "198.51.100.3")
    assert "Too many password reset requests" in response.content.decode()
    assert len(mail.outbox) == 2


def test_behind_a_proxy_the_address_the_proxy_appended_is_counted(rf, settings):
    request = rf.get("/", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="1.2.3.4, 198.51.100.20")
    settings.BEHIND_PROXY = False
    assert client_ip(request) == "10.0.0.2"
    settings.BEHIND_PROXY = True
    assert client_ip(request) == "198.51.100.20"
    assert client_ip(rf.get("/", REMOTE_ADDR="")) is None
