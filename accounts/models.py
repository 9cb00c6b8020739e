from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    """A Dugout account: a coach, a commissioner, or both."""

    display_name = models.CharField(_("display name"), max_length=60, blank=True)
    preferred_language = models.CharField(
        _("preferred language"), max_length=8, choices=settings.LANGUAGES, blank=True
    )

    def __str__(self):
        return self.display_name or self.username


class ApiTokenQuerySet(models.QuerySet):
    def active(self):
        return self.filter(revoked_at__isnull=True)


class ApiToken(models.Model):
    """A personal API token (accounts.tokens): a bot or a spreadsheet acts as its owner on the JSON API.

    Only the SHA-256 of the token is kept: the clear token is shown once, when it is created; the prefix
    (its first characters) lets the owner tell tokens apart. A revoked token stays listed, refused.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens", verbose_name=_("user")
    )
    name = models.CharField(_("name"), max_length=60)
    prefix = models.CharField(_("prefix"), max_length=16)
    hashed = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    last_used_at = models.DateTimeField(_("last used"), null=True, blank=True)
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)

    objects = ApiTokenQuerySet.as_manager()

    class Meta:
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")
        ordering = ["-created_at", "-pk"]

    def __str__(self):
        # Logs and throttles may name a token by it: its id, never the secret (which is not kept).
        return f"api-token-{self.pk}"

    @property
    def revoked(self):
        return self.revoked_at is not None
