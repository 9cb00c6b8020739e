"""Personal API tokens: created and revoked by their owner on the profile page, presented to the JSON API
as `Authorization: Bearer <token>`.

A token is `dg_` and 43 characters of secrets.token_urlsafe (256 bits): far beyond guessing, so a plain
SHA-256 of it is enough to store (no salt or slow hash, which would cost every API request) and finding
it is one lookup of a unique index.
"""

import hashlib
import secrets
from datetime import timedelta

from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import ApiToken

TOKEN_PREFIX = "dg_"
SHOWN_CHARACTERS = 8  # of the clear token, kept as its prefix so the owner can tell tokens apart
MAX_ACTIVE_TOKENS = 10
# last_used_at is written at most this often per token: a bot's every request need not be a write.
LAST_USED_PRECISION = timedelta(minutes=1)


def hash_token(clear):
    return hashlib.sha256(clear.encode()).hexdigest()


def create_token(*, user, name):
    """A new token for `user`, named `name`; returns (ApiToken, the clear token), which is never kept.

    Side effects: creates the ApiToken (its hash and prefix). ValidationError for an empty name or when
    the user has MAX_ACTIVE_TOKENS active tokens already.
    """
    name = name.strip()
    if not name:
        raise ValidationError(_("Give the token a name (what will use it)."))
    if ApiToken.objects.active().filter(user=user).count() >= MAX_ACTIVE_TOKENS:
        raise ValidationError(
            _("You have %(count)s active tokens: revoke one before creating another.")
            % {"count": MAX_ACTIVE_TOKENS}
        )
    clear = TOKEN_PREFIX + secrets.token_urlsafe(32)
    token = ApiToken.objects.create(
        user=user, name=name, prefix=clear[: len(TOKEN_PREFIX) + SHOWN_CHARACTERS], hashed=hash_token(clear)
    )
    return token, clear


def revoke_token(*, token, by):
    """Refuse `token` from now on; only its owner may. Revoking twice changes nothing.

    Side effects: saves ApiToken.revoked_at.
    """
    if token.user_id != by.pk:
        raise PermissionDenied(_("Only the owner of a token may revoke it."))
    if token.revoked_at is None:
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked_at"])
    return token


def authenticate(clear):
    """The active ApiToken (with its user) whose clear value is `clear`, or None: unknown, revoked, or its
    owner's account deactivated.

    Side effects: records when the token was last used (at most once per LAST_USED_PRECISION).
    """
    if not clear.startswith(TOKEN_PREFIX):
        return None  # not one of ours: no query
    token = (
        ApiToken.objects.active()
        .select_related("user")
        .filter(hashed=hash_token(clear), user__is_active=True)
        .first()
    )
    if token is None:
        return None
    now = timezone.now()
    if token.last_used_at is None or now - token.last_used_at >= LAST_USED_PRECISION:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
        token.last_used_at = now
    return token
