"""What the league stores from its confirmed results, and what it changes by hand: the standings
rows of a season, points adjustments, coaches' records over the league, season prizes."""

from django.conf import settings
from django.db import models
from django.db.models import F, Q, Value
from django.db.models.functions import Coalesce, Lower, NullIf
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from league.models.leagues import League
from league.models.seasons import Season, SeasonEntry


class StandingsRowQuerySet(models.QuerySet):
    def for_season(self, season):
        return self.filter(season=season)

    def with_names(self):
        """Best first, each row with the team's `name` as it reads today and its roster's `team_id` (None
        for a name-only entry); no entry or team rows loaded."""
        return self.annotate(
            name=Coalesce("entry__team__name", "entry__name"), team_id=F("entry__team_id")
        ).order_by("position")

    def by_division(self):
        """Every division's table, one after the other (divisions in order, each best first)."""
        return self.with_names().order_by("division__order", "division_id", "division_position")


class StandingsRow(models.Model):
    """One team's line in a season's league table, as league.standings computed it from the confirmed
    results. Written only by league.standings.store (the services that change what counts call it);
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
    # Why the row stands where it does among the teams on the same points (see league.standings.compute.Row).
    tied_count = models.PositiveIntegerField(default=0)  # other teams on the same points
    tied_names = models.JSONField(default=list)  # their names, kept only when there are three or fewer
    tiebreaker = models.CharField(max_length=40, blank=True)  # the one that placed it, "" when none did
    tiebreaker_value = models.IntegerField(null=True, blank=True)
    still_tied = models.BooleanField(default=False)
    # In a season with divisions: the team's division and its place in that division's table (`position`
    # stays the place in the whole season's table, the common ranking of wild cards and prizes). The tie
    # fields above then say how the row was placed in its division. Both None without divisions.
    division = models.ForeignKey(
        "league.Division", on_delete=models.SET_NULL, null=True, blank=True, related_name="standings_rows"
    )
    division_position = models.PositiveIntegerField(null=True, blank=True)

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
            # Every division's table of a season, in one read.
            models.Index(
                fields=["season", "division", "division_position"], name="league_standings_division"
            ),
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
    league.standings.store; written only by league.services.adjustments."""

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
    with the tables by league.standings.store, so the leaderboard reads the top of an index."""

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
