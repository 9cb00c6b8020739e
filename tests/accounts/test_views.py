import re

import pytest
from django.conf import settings
from django.core import mail

from accounts.models import User
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


def test_signup_creates_the_account_logs_in_and_applies_the_language(client):
    response = client.post(
        "/accounts/signup/",
        {
            "username": "newcoach",
            "display_name": "New Coach",
            "email": "new@example.com",
            "preferred_language": "fr",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert response.status_code == 302
    user = User.objects.get(username="newcoach")
    assert user.display_name == "New Coach"
    assert client.session["_auth_user_id"] == str(user.pk)
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "fr"


def test_signup_with_mismatched_passwords_shows_the_error_and_creates_nothing(client):
    response = client.post(
        "/accounts/signup/",
        {"username": "x", "email": "x@example.com", "password1": PASSWORD, "password2": "other-pass-123"},
    )
    assert response.status_code == 200
    assert "The two password fields didn’t match." in response.content.decode()
    assert not User.objects.filter(username="x").exists()


def test_signup_refuses_an_email_already_in_use(client):
    UserFactory(username="taken", email="taken@example.com")
    response = client.post(
        "/accounts/signup/",
        {"username": "y", "email": "TAKEN@example.com", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert "An account with this email already exists." in response.content.decode()
    assert not User.objects.filter(username="y").exists()


def test_login_applies_the_preferred_language(client):
    UserFactory(username="kim", preferred_language="ko")
    response = client.post("/accounts/login/", {"username": "kim", "password": PASSWORD})
    assert response.status_code == 302
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "ko"


def test_login_with_a_wrong_password_is_refused(client):
    UserFactory(username="kim")
    response = client.post("/accounts/login/", {"username": "kim", "password": "wrong"})
    assert response.status_code == 200
    assert "_auth_user_id" not in client.session


def test_logout_ends_the_session(client, owner):
    client.force_login(owner)
    response = client.post("/accounts/logout/")
    assert response.status_code == 302
    assert "_auth_user_id" not in client.session


def test_password_reset_sends_a_link_that_sets_a_new_password(client, owner):
    response = client.post("/accounts/password/reset/", {"email": owner.email})
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    link = re.search(r"http://testserver(/accounts/password/reset/\S+/)", mail.outbox[0].body).group(1)
    form_url = client.get(link).url  # Django swaps the token for a session marker
    response = client.post(
        form_url, {"new_password1": "brand-new-pass-42", "new_password2": "brand-new-pass-42"}
    )
    assert response.status_code == 302
    owner.refresh_from_db()
    assert owner.check_password("brand-new-pass-42")


def test_password_reset_for_an_unknown_email_reveals_nothing(client):
    response = client.post("/accounts/password/reset/", {"email": "nobody@example.com"})
    assert response.status_code == 302
    assert mail.outbox == []


def test_password_change_requires_the_old_password(client, owner):
    client.force_login(owner)
    response = client.post(
        "/accounts/password/change/",
        {"old_password": "wrong", "new_password1": "another-pass-77", "new_password2": "another-pass-77"},
    )
    assert response.status_code == 200
    owner.refresh_from_db()
    assert owner.check_password(PASSWORD)
    client.post(
        "/accounts/password/change/",
        {"old_password": PASSWORD, "new_password1": "another-pass-77", "new_password2": "another-pass-77"},
    )
    owner.refresh_from_db()
    assert owner.check_password("another-pass-77")


def test_profile_saves_display_name_and_language(client, owner):
    client.force_login(owner)
    response = client.post(
        "/accounts/profile/", {"display_name": "Renamed", "email": owner.email, "preferred_language": "de"}
    )
    assert response.status_code == 302
    owner.refresh_from_db()
    assert (owner.display_name, owner.preferred_language) == ("Renamed", "de")
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "de"


def test_profile_needs_a_login(client):
    response = client.get("/accounts/profile/")
    assert response.status_code == 302
    assert response.url.startswith("/accounts/login/")


def test_language_switch_remembers_the_choice_on_the_profile(client, owner):
    client.force_login(owner)
    response = client.post("/accounts/language/", {"language": "el", "next": "/"})
    assert response.status_code == 302
    owner.refresh_from_db()
    assert owner.preferred_language == "el"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "el"


def test_language_switch_works_for_anonymous_visitors(client):
    response = client.post("/accounts/language/", {"language": "it", "next": "/"})
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "it"
