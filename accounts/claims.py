"""Accounts made for people who have none here yet (a league moving in: league.archive), and how each
person claims theirs: a one-time link to set a password, the same signed link as "forgotten password"
(Django's token: valid for settings.PASSWORD_RESET_TIMEOUT, spent once the password is set). A person
with an e-mail address on the account can also ask for a link themselves."""

from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode


def unclaimed(users):
    """The accounts of `users` nobody can log in to yet (no usable password), by username."""
    return sorted((user for user in users if not user.has_usable_password()), key=lambda user: user.username)


def claim_path(user):
    """The path of the page where `user`'s owner sets their password (and so claims the account)."""
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    return reverse("accounts:password_reset_confirm", args=[uid, default_token_generator.make_token(user)])


def free_username(wanted):
    """`wanted`, or the first of wanted-2, wanted-3, … that no account has."""
    taken = set(
        get_user_model().objects.filter(username__startswith=wanted).values_list("username", flat=True)
    )
    candidate, number = wanted, 1
    while candidate in taken:
        number += 1
        candidate = f"{wanted}-{number}"
    return candidate
