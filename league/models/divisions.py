"""Divisions of a season: a big league splits its teams into named, ordered divisions, each with its own
table (league.standings stores each team's place in its division), its own fixtures, and promotion and
relegation between them from one season to the next.

A season without divisions has none of these rows and works as a single table. Conferences are kept
simple: a division may name the conference it belongs to (a label that groups divisions on the pages),
there is no model of its own. Every change goes through league.services.divisions.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from league.models.seasons import Season


class DivisionQuerySet(models.QuerySet):
    def for_season(self, season):
        return self.filter(season=season)


class Division(models.Model):
    """One division of a season. `order` ranks the divisions for promotion and relegation: 1 is the top
    division, teams are promoted towards lower numbers and relegated towards higher ones."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="divisions")
    name = models.CharField(_("name"), max_length=80)
    order = models.PositiveSmallIntegerField(_("order"), default=1)
    conference = models.CharField(_("conference"), max_length=80, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = DivisionQuerySet.as_manager()

    class Meta:
        ordering = ["order", "id"]
        verbose_name = _("division")
        verbose_name_plural = _("divisions")
        constraints = [
            models.UniqueConstraint(fields=["season", "name"], name="league_division_name_once"),
        ]

    def __str__(self):
        return self.name
