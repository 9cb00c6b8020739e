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
