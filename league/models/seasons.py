"""Seasons, the teams entered, the rounds and fixtures, and their results.

Nothing a coach submits counts until it is confirmed: standings read confirmed results only.
"""

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from league.models.leagues import League


class Side(models.TextChoices):
    """Home or away: the two sides of a fixture, and of the match that plays it."""

    HOME = "home", pgettext_lazy("match side", "Home")
    AWAY = "away", pgettext_lazy("match side", "Away")


def _coin_seed():
    return secrets.token_hex(8)


class Season(models.Model):
    # The life cycle, in order (league.services.seasons moves a season along it): teams enter, the
    # commissioner schedules the fixtures, starts the season, and finishes it (or reopens it).
    class Status(models.TextChoices):
        REGISTRATION = "registration", _("Registration")
        SCHEDULED = "scheduled", pgettext_lazy("season status", "Scheduled")
        RUNNING = "running", pgettext_lazy("season status", "Running")
        FINISHED = "finished", pgettext_lazy("season status", "Finished")

    class Format(models.TextChoices):
        ROUND_ROBIN = "round_robin", _("Round robin")
        DOUBLE_ROUND_ROBIN = "double_round_robin", _("Double round robin")
        SWISS = "swiss", _("Swiss")
        MANUAL = "manual", _("Fixtures set by hand")

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(_("name"), max_length=80)
    status = models.CharField(_("status"), max_length=20, choices=Status, default=Status.REGISTRATION)
    format = models.CharField(_("format"), max_length=20, choices=Format, default=Format.ROUND_ROBIN)
    # Why the commissioner finished the season with fixtures still unplayed (empty otherwise): shown on
    # the season page, so that coaches know why their game never counted.
    finish_reason = models.TextField(_("reason for finishing early"), blank=True)
    # Seeds the coin-flip tie-breaker, so it stays the same across reads, exports and imports.
    coin_seed = models.CharField(max_length=24, default=_coin_seed, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("season")
        verbose_name_plural = _("seasons")

    def __str__(self):
        return f"{self.league} · {self.name}"

    @property
    def has_started(self):
        """Whether its games may be played: the commissioner has started it (it may be finished since)."""
        return self.status in (self.Status.RUNNING, self.Status.FINISHED)


class SeasonEntryQuerySet(models.QuerySet):
    def accepted(self):
        return self.filter(status=SeasonEntry.Status.ACCEPTED)

    def with_related(self):
        return self.select_related("team", "coach")


class SeasonEntry(models.Model):
    """A team in a season. Blood Bowl entries are rosters teams; other games may enter a plain name."""

    class Status(models.TextChoices):
        PENDING = "pending", pgettext_lazy("entry status", "Pending")
        ACCEPTED = "accepted", pgettext_lazy("entry status", "Accepted")
        WITHDRAWN = "withdrawn", pgettext_lazy("entry status", "Withdrawn")

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="entries")
    team = models.ForeignKey(
        "rosters.Team",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="season_entries",
        verbose_name=_("team"),
    )
    name = models.CharField(_("name"), max_length=80, blank=True)
    coach = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="season_entries",
        verbose_name=_("coach"),
    )
    status = models.CharField(_("status"), max_length=20, choices=Status, default=Status.PENDING)
    # The division the team plays in (league.models.divisions); None in a season without divisions, or
    # for a team not placed yet. Placed and moved only by league.services.divisions.
    division = models.ForeignKey(
        "league.Division",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="entries",
        verbose_name=_("division"),
    )
    # The first-round slot of the season's playoffs this team skipped: a bracket that is not full gives
    # its best seeds a bye straight into round two, where they play at slot // 2. No fixture can say so
    # (a fixture has two sides), so advancing the playoffs reads it here. Set only by
    # league.services.scheduling.schedule_playoffs; None for every other team.
    playoff_bye_slot = models.PositiveSmallIntegerField(null=True, blank=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = SeasonEntryQuerySet.as_manager()

    class Meta:
        ordering = ["name", "id"]
        verbose_name = _("season entry")
        verbose_name_plural = _("season entries")
        constraints = [
            models.UniqueConstraint(
                fields=["season", "team"], condition=Q(team__isnull=False), name="league_entry_team_once"
            ),
        ]

    def __str__(self):
        return self.display_name

    @property
    def display_name(self):
        return self.team.name if self.team_id else self.name


class Round(models.Model):
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("number"))
    date = models.DateField(_("date"), null=True, blank=True)

    class Meta:
        ordering = ["number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [models.UniqueConstraint(fields=["season", "number"], name="league_round_number_once")]

    def __str__(self):
        return _("Round %(number)s") % {"number": self.number}


class FixtureQuerySet(models.QuerySet):
    def for_season(self, season):
        return self.filter(season=season)

    def for_entry(self, entry):
        return self.filter(Q(home=entry) | Q(away=entry))

    def for_coach(self, user):
        return self.filter(Q(home__coach=user) | Q(away__coach=user))

    def played(self):
        """Fixtures whose result is confirmed."""
        return self.filter(result__status=Result.Status.CONFIRMED)

    def unplayed(self):
        return self.exclude(result__status=Result.Status.CONFIRMED)

    def league_stage(self):
        return self.filter(stage=Fixture.Stage.LEAGUE)

    def playoff(self):
        return self.filter(stage=Fixture.Stage.PLAYOFF)

    def with_related(self):
        return self.select_related(
            "season__league", "round", "home__team", "home__coach", "away__team", "away__coach", "result"
        )

    def listed(self):
        """Plain rows (dicts) for a list of fixtures, which render much faster than model rows: pk,
        stage, scheduled_at, home_name, away_name, round_number, round_date, and the result's status,
        home_score and away_score (None without a result)."""
        return self.values(
            "pk",
            "stage",
            "scheduled_at",
            home_name=Coalesce("home__team__name", "home__name"),
            away_name=Coalesce("away__team__name", "away__name"),
            round_number=models.F("round__number"),
            round_date=models.F("round__date"),
            status=models.F("result__status"),
            home_score=models.F("result__home_score"),
            away_score=models.F("result__away_score"),
        )


class Fixture(models.Model):
    class Stage(models.TextChoices):
        LEAGUE = "league", pgettext_lazy("fixture stage", "League")
        PLAYOFF = "playoff", pgettext_lazy("fixture stage", "Playoff")

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="fixtures")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="fixtures", null=True, blank=True)
    home = models.ForeignKey(SeasonEntry, on_delete=models.CASCADE, related_name="home_fixtures")
    away = models.ForeignKey(SeasonEntry, on_delete=models.CASCADE, related_name="away_fixtures")
    scheduled_at = models.DateTimeField(_("scheduled"), null=True, blank=True)
    stage = models.CharField(_("stage"), max_length=10, choices=Stage, default=Stage.LEAGUE)
    # Position in a playoff round: the winners of slots 2k and 2k+1 meet in the next round's slot k.
    bracket_slot = models.PositiveSmallIntegerField(null=True, blank=True)
    # Whether its result is confirmed: a copy of result.status kept by league.services.results, so that
    # a page finds the rounds still open (and those played) by index, without reading every result.
    confirmed = models.BooleanField(default=False, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = FixtureQuerySet.as_manager()

    class Meta:
        ordering = ["round__number", "bracket_slot", "id"]
        verbose_name = _("fixture")
        verbose_name_plural = _("fixtures")
        constraints = [
            models.CheckConstraint(condition=~Q(home=models.F("away")), name="league_fixture_two_sides"),
        ]
        indexes = [
            # A round's fixtures in order, the rounds still open, and the fixtures outside a round.
            models.Index(fields=["round", "bracket_slot"], name="league_fixture_round_order"),
            models.Index(fields=["round", "confirmed"], name="league_fixture_round_open"),
            models.Index(fields=["season", "round"], name="league_fixture_season_round"),
        ]

    def __str__(self):
        return f"{self.home} – {self.away}"

    @property
    def confirmed_result(self):
        """The result when it counts, else None (uses the select_related result when there is one)."""
        try:
            result = self.result
        except Result.DoesNotExist:
            return None
        return result if result.status == Result.Status.CONFIRMED else None

    @property
    def result_or_none(self):
        try:
            return self.result
        except Result.DoesNotExist:
            return None

    def side_of(self, user):
        """ "home", "away" or None: which side `user` coaches in this fixture."""
        if not user.is_authenticated:
            return None
        if self.home.coach_id == user.pk:
            return "home"
        if self.away.coach_id == user.pk:
            return "away"
        return None


class ResultQuerySet(models.QuerySet):
    def confirmed(self):
        return self.filter(status=Result.Status.CONFIRMED)

    def for_season(self, season):
        return self.filter(fixture__season=season)

    def with_related(self):
        return self.select_related(
            "fixture__round",
            "fixture__home__team",
            "fixture__home__coach",
            "fixture__away__team",
            "fixture__away__coach",
        )


class Result(models.Model):
    class Status(models.TextChoices):
        SUBMITTED = "submitted", pgettext_lazy("result status", "Submitted")
        DISPUTED = "disputed", pgettext_lazy("result status", "Disputed")
        CONFIRMED = "confirmed", pgettext_lazy("result status", "Confirmed")

    fixture = models.OneToOneField(Fixture, on_delete=models.CASCADE, related_name="result")
    home_score = models.PositiveSmallIntegerField(_("home touchdowns"))
    away_score = models.PositiveSmallIntegerField(_("away touchdowns"))
    home_cas = models.PositiveSmallIntegerField(_("home casualties inflicted"), default=0)
    away_cas = models.PositiveSmallIntegerField(_("away casualties inflicted"), default=0)
    conceded_by = models.ForeignKey(
        SeasonEntry,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("conceded by"),
    )
    status = models.CharField(_("status"), max_length=20, choices=Status, default=Status.SUBMITTED)
    comment = models.TextField(_("comment"), blank=True)
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # Team values when the result was confirmed (for the team value chart).
    home_team_value = models.PositiveIntegerField(null=True, blank=True)
    away_team_value = models.PositiveIntegerField(null=True, blank=True)
    submitted_at = models.DateTimeField(default=timezone.now)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = ResultQuerySet.as_manager()

    class Meta:
        verbose_name = _("result")
        verbose_name_plural = _("results")

    def __str__(self):
        return f"{self.fixture}: {self.home_score}–{self.away_score}"

    @property
    def is_confirmed(self):
        return self.status == self.Status.CONFIRMED
