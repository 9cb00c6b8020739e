"""Personal API tokens: stored hashed, shown once, created and revoked on the profile page by their
owner only (POST, CSRF), refused once revoked."""

import hashlib

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.test import Client
from django.urls import reverse

from accounts import tokens
from accounts.models import ApiToken
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_create_token_keeps_only_its_hash_and_prefix(owner):
    token, clear = tokens.create_token(user=owner, name="  Discord bot ")
    assert clear.startswith("dg_")
    assert len(clear) > 40
    assert token.hashed == hashlib.sha256(clear.encode()).hexdigest()
    assert clear.startswith(token.prefix)
    assert len(token.prefix) == 11
    assert token.name == "Discord bot"
    assert clear not in str(ApiToken.objects.filter(pk=token.pk).values().get())  # no column holds it


def test_authenticate_finds_the_token_and_records_its_use_once_a_minute(owner):
    token, clear = tokens.create_token(user=owner, name="bot")
    found = tokens.authenticate(clear)
    assert (found.pk, found.user) == (token.pk, owner)
    first_use = ApiToken.objects.get(pk=token.pk).last_used_at
    assert first_use is not None
    tokens.authenticate(clear)
    assert ApiToken.objects.get(pk=token.pk).last_used_at == first_use


@pytest.mark.parametrize("clear", ["", "dg_", "dg_wrong", "not-ours", "Bearer dg_x"])
def test_authenticate_an_unknown_token_finds_nothing(owner, clear):
    tokens.create_token(user=owner, name="bot")
    assert tokens.authenticate(clear) is None


def test_authenticate_a_revoked_token_or_one_of_a_deactivated_account_finds_nothing(owner, outsider):
    revoked, clear = tokens.create_token(user=owner, name="bot")
    tokens.revoke_token(token=revoked, by=owner)
    assert tokens.authenticate(clear) is None
    _token, other = tokens.create_token(user=outsider, name="bot")
    outsider.is_active = False
    outsider.save()
    assert tokens.authenticate(other) is None


def test_revoke_token_by_another_user_is_refused_and_changes_nothing(owner, outsider):
    token, clear = tokens.create_token(user=owner, name="bot")
    with pytest.raises(PermissionDenied):
        tokens.revoke_token(token=token, by=outsider)
    assert tokens.authenticate(clear).pk == token.pk


def test_create_token_without_a_name_or_past_the_limit_is_refused(owner):
    with pytest.raises(ValidationError):
        tokens.create_token(user=owner, name="   ")
    for number in range(tokens.MAX_ACTIVE_TOKENS):
        tokens.create_token(user=owner, name=f"bot {number}")
    with pytest.raises(ValidationError):
        tokens.create_token(user=owner, name="one more")
    assert ApiToken.objects.filter(user=owner).count() == tokens.MAX_ACTIVE_TOKENS
    tokens.revoke_token(token=ApiToken.objects.filter(user=owner).first(), by=owner)
    assert tokens.create_token(user=owner, name="one more")[0].pk


# --- The profile page ------------------------------------------------------------------------------


def test_profile_lists_the_tokens_by_name_and_prefix_never_their_value(client, owner):
    token, clear = tokens.create_token(user=owner, name="Spreadsheet")
    client.force_login(owner)
    page = client.get(reverse("accounts:profile")).content.decode()
    assert "Spreadsheet" in page
    assert f"{token.prefix}…" in page
    assert clear not in page


def test_token_create_shows_the_clear_token_once_then_never_again(client, owner):
    client.force_login(owner)
    response = client.post(reverse("accounts:token_create"), {"name": "League bot"}, follow=True)
    token = ApiToken.objects.get(user=owner)
    page = response.content.decode()
    assert "League bot" in page
    assert "copy it now" in page
    clear = page.split('id="new-token-value" type="text" readonly value="')[1].split('"')[0]
    assert tokens.authenticate(clear).pk == token.pk
    assert clear not in client.get(reverse("accounts:profile")).content.decode()


def test_token_create_without_a_name_shows_the_error_and_creates_nothing(client, owner):
    client.force_login(owner)
    response = client.post(reverse("accounts:token_create"), {"name": "  "})
    assert response.status_code == 200
    assert "This field is required." in response.content.decode()
    assert not ApiToken.objects.exists()


def test_token_views_refuse_get_and_anonymous_visitors(client, owner):
    token, _clear = tokens.create_token(user=owner, name="bot")
    create, revoke = reverse("accounts:token_create"), reverse("accounts:token_revoke", args=[token.pk])
    assert client.post(create, {"name": "x"}).status_code == 302  # to the login page
    assert client.post(revoke).status_code == 302
    client.force_login(owner)
    assert client.get(create).status_code == 405
    assert client.get(revoke).status_code == 405
    assert ApiToken.objects.get().revoked_at is None
    assert ApiToken.objects.count() == 1


def test_token_views_need_the_csrf_token(owner):
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    token, _clear = tokens.create_token(user=owner, name="bot")
    assert client.post(reverse("accounts:token_create"), {"name": "x"}).status_code == 403
    assert client.post(reverse("accounts:token_revoke", args=[token.pk])).status_code == 403
    assert ApiToken.objects.get().revoked_at is None


def test_token_revoke_by_its_owner_refuses_it_from_then_on(client, owner):
    token, clear = tokens.create_token(user=owner, name="bot")
    client.force_login(owner)
    response = client.post(reverse("accounts:token_revoke", args=[token.pk]), follow=True)
    assert "The token “bot” was revoked" in response.content.decode()
    assert tokens.authenticate(clear) is None
    assert "Revoked on" in response.content.decode()


def test_token_revoke_of_another_users_token_is_refused(client, owner):
    token, clear = tokens.create_token(user=owner, name="bot")
    client.force_login(UserFactory(username="thief"))
    assert client.post(reverse("accounts:token_revoke", args=[token.pk])).status_code == 403
    assert tokens.authenticate(clear).pk == token.pk


def test_staff_revoke_tokens_in_the_admin(client, owner):
    token, clear = tokens.create_token(user=owner, name="bot")
    client.force_login(UserFactory(username="staff", is_staff=True, is_superuser=True))
    changelist = reverse("admin:accounts_apitoken_changelist")
    assert "bot" in client.get(changelist).content.decode()
    client.post(changelist, {"action": "revoke", "_selected_action": [token.pk]})
    assert tokens.authenticate(clear) is None
