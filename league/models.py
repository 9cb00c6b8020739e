"""Leagues, their seasons, the teams entered, the fixtures and their results.

Models hold state and read-side vocabulary (QuerySets); every change goes through league.services.
Nothing a coach submits counts until it is confirmed: standings read confirmed results only.
"""

import secrets

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q, Value
from django.db.models.functions import Coalesce, Lower, NullIf
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from league import permissions
from rulebook.edition import get_edition

# Tie-breakers a league may order, applied after league points (league.standings implements them).
TIEBREAKERS = {
    "head_to_head_points": _("Head-to-head points"),
    "head_to_head_td_difference": _("Head-to-head touchdown difference"),
    "td_difference": _("Touchdown difference"),
    "cas_difference": _("Casualty difference"),
    "touchdowns_scored": _("Touchdowns scored"),
    "casualties_inflicted": _("Casualties inflicted"),
    "fewest_conceded": _("Fewest touchdowns conceded"),
    "coin_flip": _("Coin flip"),
}
# The rulebook's [league] tie-breakers under our names.
_RULEBOOK_TIEBREAKERS = {"casualties_caused": "casualties_inflicted"}
DEFAULT_TIEBREAKERS = ["td_difference", "touchdowns_scored", "casualties_inflicted", "coin_flip"]


class Game(models.TextChoices):
    BB2020 = "bb2020", _("Blood Bowl (2020 edition)")
    RUGBY = "rugby", _("Rugby miniatures game")
    HEXFOOTBALL = "hexfootball", _("Hex football game")


def optional_rule_ids():
    return get_edition("bb2020").optional_rules


def rulebook_league_defaults():
    """Points, bonus points and tie-breakers from the rulebook's [league] section."""
    league = get_edition("bb2020").settings["league"]
    tiebreakers = [_RULEBOOK_TIEBREAKERS.get(name, name) for name in league["tiebreakers"]]
    return {
        "points": league["points"],
        "bonus_points": league["bonus_points"],
        "bonus_points_default": league["bonus_points_default"],
        "tiebreakers": [name for name in tiebreakers if name in TIEBREAKERS] + ["coin_flip"],
    }


class LeagueQuerySet(models.QuerySet):
    def visible_to(self, user):
        """Public leagues, and the private ones the user commissions or plays in."""
        if not user.is_authenticated:
            return self.filter(public=True)
        return self.filter(
            Q(public=True) | Q(commissioners=user) | Q(members=user) | Q(seasons__entries__coach=user)
        ).distinct()

    def commissioned_by(self, user):
        return self.filter(commissioners=user) if user.is_authenticated else self.none()


class League(models.Model):
    class PettyCash(models.TextChoices):
        PROCEDURE_2020 = "2020", _("2020 rulebook as printed")
        PROCEDURE_2025 = "2025", _("May 2025 errata")

    name = models.CharField(_("name"), max_length=80)
    slug = models.SlugField(_("short name"), max_length=80, unique=True)
    game = models.CharField(_("game"), max_length=20, choices=Game, default=Game.BB2020)
    description = models.TextField(_("description"), blank=True)
    commissioners = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="commissioned_leagues", verbose_name=_("commissioners")
    )
    members = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        related_name="league_memberships",
        blank=True,
        verbose_name=_("members"),
        help_text=_("Coaches who joined with an invitation."),
    )
    public = models.BooleanField(_("public"), default=True, help_text=_("Anyone may see the league."))
    points_win = models.SmallIntegerField(_("points for a win"), default=3)
    points_draw = models.SmallIntegerField(_("points for a draw"), default=1)
    points_loss = models.SmallIntegerField(_("points for a loss"), default=0)
    bonus_points = models.BooleanField(_("bonus points"), default=False)
    bonus_three_plus_touchdowns = models.SmallIntegerField(_("bonus for 3+ touchdowns"), default=1)
    bonus_no_touchdown_conceded = models.SmallIntegerField(_("bonus for conceding no touchdown"), default=1)
    bonus_three_plus_casualties = models.SmallIntegerField(_("bonus for 3+ casualties"), default=1)
    tiebreakers = models.JSONField(_("tie-breakers"), default=list, blank=True)
    starting_treasury = models.PositiveIntegerField(_("starting treasury"), default=1000000)
    petty_cash_procedure = models.CharField(
        _("petty cash procedure"), max_length=4, choices=PettyCash, default=PettyCash.PROCEDURE_2025
    )
    optional_rules = models.JSONField(_("optional rules"), default=list, blank=True)
    webhook_url = models.URLField(
        _("webhook URL"),
        blank=True,
        help_text=_("A Discord-compatible webhook told about submitted, disputed and confirmed results."),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    objects = LeagueQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        verbose_name = _("league")
        verbose_name_plural = _("leagues")

    def __str__(self):
        return self.name

    def clean(self):
        unknown = [name for name in self.tiebreakers if name not in TIEBREAKERS]
        if unknown or len(set(self.tiebreakers)) != len(self.tiebreakers):
            raise ValidationError({"tiebreakers": _("Choose each tie-breaker at most once, from the list.")})
        if any(rule not in optional_rule_ids() for rule in self.optional_rules):
            raise ValidationError({"optional_rules": _("Unknown optional rule.")})

    @property
    def is_blood_bowl(self):
        return self.game == Game.BB2020

    def is_commissioner(self, user):
        """Whether `user` commissions this league (league.permissions.is_commissioner)."""
        return permissions.is_commissioner(user, self)

    def is_visible_to(self, user):
        return self.public or League.objects.visible_to(user).filter(pk=self.pk).exists()

    def scoring(self):
        """The points and bonus points settings as a plain dict for league.standings."""
        return {
            "win": self.points_win,
            "draw": self.points_draw,
            "loss": self.points_loss,
            "bonus": {
                "three_plus_touchdowns": self.bonus_three_plus_touchdowns,
                "no_touchdown_conceded": self.bonus_no_touchdown_conceded,
                "three_plus_casualties": self.bonus_three_plus_casualties,
            }
            if self.bonus_points
            else None,
        }


def _invitation_code():
    return secrets.token_urlsafe(12)


class Invitation(models.Model):
    """A link or code that lets a coach join a league (enter a team in its open season)."""

    code = models.CharField(_("code"), max_length=32, unique=True, default=_invitation_code)
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="invitations")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    expires = models.DateTimeField(_("expires"), null=True, blank=True)
    max_uses = models.PositiveIntegerField(_("maximum uses"), null=True, blank=True)
    uses = models.PositiveIntegerField(_("uses"), default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")

    def __str__(self):
        return self.code

    def is_usable(self, now=None):
        now = now or timezone.now()
        if self.expires and self.expires <= now:
            return False
        return self.max_uses is None or self.uses < self.max_uses


def _coin_seed():
    return secrets.token_hex(8)


class Season(models.Model):
    class Status(models.TextChoices):
        REGISTRATION = "registration", _("Registration")
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
    # Seeds the coin-flip tie-breaker, so it stays the same across reads, exports and imports.
    coin_seed = models.CharField(max_length=24, default=_coin_seed, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("season")
        verbose_name_plural = _("seasons")

    def __str__(self):
        return f"{self.league} · {self.name}"


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


class StandingsRowQuerySet(models.QuerySet):
    def for_season(self, season):
        return self.filter(season=season)

    def with_names(self):
        """Best first, each row with the team's `name` as it reads today and its roster's `team_id` (None
        for a name-only entry); no entry or team rows loaded."""
        return self.annotate(
            name=Coalesce("entry__team__name", "entry__name"), team_id=F("entry__team_id")
        ).order_by("position")


class StandingsRow(models.Model):
    """One team's line in a season's league table, as league.standings computed it from the confirmed
    results. Written only by league.services.standings (the services that change what counts call it);
    pages read these rows instead of recomputing the table."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="standings_rows")
    entry = models.OneToOneField(SeasonEntry, on_delete=models.CASCADE, related_name="standings_row")
    position = models.PositiveIntegerField()
    played = models.PositiveIntegerField(default=0)
    won = models.PositiveIntegerField(default=0)
    drawn = models.PositiveIntegerField(default=0)
    lost = models.PositiveIntegerField(default=0)
    td_for = models.PositiveIntegerField(default=0)
    td_against = models.PositiveIntegerField(default=0)
    cas_for = models.PositiveIntegerField(default=0)
    cas_against = models.PositiveIntegerField(default=0)
    bonus = models.IntegerField(default=0)
    # The sum of the entry's PointsAdjustments, already counted in `points`.
    adjustment = models.IntegerField(default=0)
    points = models.IntegerField(default=0)
    # Why the row stands where it does among the teams on the same points (see league.standings.Row).
    tied_count = models.PositiveIntegerField(default=0)  # other teams on the same points
    tied_names = models.JSONField(default=list)  # their names, kept only when there are three or fewer
    tiebreaker = models.CharField(max_length=40, blank=True)  # the one that placed it, "" when none did
    tiebreaker_value = models.IntegerField(null=True, blank=True)
    still_tied = models.BooleanField(default=False)

    objects = StandingsRowQuerySet.as_manager()

    class Meta:
        ordering = ["season", "position"]
        verbose_name = _("standings row")
        verbose_name_plural = _("standings rows")
        constraints = [
            models.UniqueConstraint(fields=["season", "position"], name="league_standings_position_once"),
        ]
        # The season's leaders, read from the top of an index (league.leaderboards).
        indexes = [
            models.Index(fields=["season", "-td_for", "position"], name="league_standings_touchdowns"),
            models.Index(fields=["season", "-cas_for", "position"], name="league_standings_casualties"),
        ]

    def __str__(self):
        return f"{self.season_id} #{self.position}"


class PointsAdjustmentQuerySet(models.QuerySet):
    def for_season(self, season):
        return self.filter(entry__season=season)

    def totals(self):
        """{entry id: the sum of its adjustments} (one query)."""
        rows = self.values("entry").annotate(total=models.Sum("points")).order_by()
        return {row["entry"]: row["total"] for row in rows}


class PointsAdjustment(models.Model):
    """League points a commissioner docks from or awards to a team in a season (a no-show, a penalty,
    a decision), with the reason shown under the table. Counted in the season's table by
    league.services.standings; written only by league.services.adjustments."""

    entry = models.ForeignKey(
        SeasonEntry, on_delete=models.CASCADE, related_name="adjustments", verbose_name=_("team")
    )
    points = models.SmallIntegerField(_("league points"))
    reason = models.CharField(_("reason"), max_length=200)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(_("when"), default=timezone.now)

    objects = PointsAdjustmentQuerySet.as_manager()

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name = _("points adjustment")
        verbose_name_plural = _("points adjustments")
        constraints = [
            models.CheckConstraint(condition=~Q(points=0), name="league_adjustment_not_zero"),
        ]

    def __str__(self):
        return f"{self.entry_id}: {self.points:+d}"


class CoachRecordQuerySet(models.QuerySet):
    def ranked(self):
        """Best first (points, then touchdown difference, then name), each with the coach's `name`."""
        name = Coalesce(NullIf("coach__display_name", Value("")), "coach__username")
        return self.annotate(name=name).order_by("-points", "-td_difference", Lower(name), "coach_id")


class CoachRecord(models.Model):
    """A coach's line in a league's coaches' leaderboard: the stored table rows of their teams added up
    over every season of the league (win, draw and loss points: no bonus, no points adjustment). Written
    with the tables by league.services.standings, so the leaderboard reads the top of an index."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="coach_records")
    coach = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    seasons = models.PositiveIntegerField(default=0)  # the seasons in which they played
    played = models.PositiveIntegerField(default=0)
    won = models.PositiveIntegerField(default=0)
    drawn = models.PositiveIntegerField(default=0)
    lost = models.PositiveIntegerField(default=0)
    td_for = models.PositiveIntegerField(default=0)
    td_against = models.PositiveIntegerField(default=0)
    td_difference = models.IntegerField(default=0)
    points = models.IntegerField(default=0)

    objects = CoachRecordQuerySet.as_manager()

    class Meta:
        verbose_name = _("coach record")
        verbose_name_plural = _("coach records")
        constraints = [models.UniqueConstraint(fields=["league", "coach"], name="league_coach_record_once")]
        indexes = [models.Index(fields=["league", "-points", "-td_difference"], name="league_coach_ranking")]

    def __str__(self):
        return f"{self.league_id} · {self.coach_id}"


# The places a season's prizes go to, under the names of the rulebook's [league] prizes.
PRIZE_PLACES = {"first": 1, "second": 2, "third": 3}
PLACE_LABELS = {
    1: pgettext_lazy("league place", "1st"),
    2: pgettext_lazy("league place", "2nd"),
    3: pgettext_lazy("league place", "3rd"),
}


class SeasonPrizeQuerySet(models.QuerySet):
    def with_related(self):
        return self.select_related("season", "entry__team", "entry__coach")


class SeasonPrize(models.Model):
    """What a place in a finished Blood Bowl season won: gold paid into the team's treasury through the
    rosters ledger and, for the champion, the League Trophy (held until the league's next season ends).

    Written only by league.services.prizes: created when a commissioner finishes the season, deleted
    (the gold taken back) when they reopen it; so a league's latest trophy row names the holder."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="prizes")
    entry = models.ForeignKey(SeasonEntry, on_delete=models.CASCADE, related_name="prizes")
    place = models.PositiveSmallIntegerField(_("place"))
    gold = models.PositiveIntegerField(_("gold"))
    trophy = models.BooleanField(_("League Trophy"), default=False)
    # The ledger entry that paid the gold; None when there was no roster team to pay, or the team's
    # coach has undone it since (then reopening the season has nothing to take back).
    payment = models.ForeignKey(
        "rosters.LedgerEntry", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    awarded_at = models.DateTimeField(auto_now_add=True)

    objects = SeasonPrizeQuerySet.as_manager()

    class Meta:
        ordering = ["season", "place"]
        verbose_name = _("season prize")
        verbose_name_plural = _("season prizes")
        constraints = [models.UniqueConstraint(fields=["season", "place"], name="league_prize_place_once")]

    def __str__(self):
        return f"{self.season_id} #{self.place}"

    @property
    def place_label(self):
        return PLACE_LABELS.get(self.place, self.place)
