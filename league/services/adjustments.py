"""Points adjustments: league points a commissioner docks from or awards to a team of a season (a
no-show, a penalty, a decision), each with its reason. They count in the season's table (and the tables
after each round); adding or removing one recomputes the stored table in the same transaction.

A finished season's table has paid its prizes: reopen the season first (which takes them back).
"""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from league.models import PointsAdjustment, Season, SeasonEntry
from league.permissions import require_commissioner
from league.standings.store import recompute_standings

REASON_LENGTH = PointsAdjustment._meta.get_field("reason").max_length
# Bounds of one adjustment: far beyond any season's points, well inside the column's range.
MAX_POINTS = 999


def no_show_penalty(league):
    """The league points a no-show costs (a positive number, from the [league] section of the league's
    edition), or None where no preset is offered: outside Blood Bowl, and in an edition without a
    no-show penalty (0, as in BB2025)."""
    if not league.is_blood_bowl:
        return None
    return league.rulebook.settings.league.no_show_penalty or None


def _require_open(season):
    if season.status == Season.Status.FINISHED:
        raise ValidationError(_("This season is finished: reopen it to adjust points."))


def _checked_reason(reason):
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError(_("Give the reason for the adjustment."))
    if len(reason) > REASON_LENGTH:
        raise ValidationError(_("Keep the reason within %(count)s characters.") % {"count": REASON_LENGTH})
    return reason


def _checked_points(points):
    if not points:
        raise ValidationError(_("An adjustment adds or docks at least one point."))
    if abs(points) > MAX_POINTS:
        raise ValidationError(
            _("An adjustment is at most %(count)s points either way.") % {"count": MAX_POINTS}
        )
    return points


def add_adjustment(*, season, entry, points, reason, by):
    """Add `points` league points (negative: docked) to `entry`, a team in `season`'s table.

    Refuses (ValidationError, nothing changes) zero points, an empty reason, an entry of another season
    or not accepted, a finished season; PermissionDenied unless `by` commissions the league.
    Side effects: creates a PointsAdjustment made by `by` now, and recomputes the season's stored table
    (StandingsRows, the league's CoachRecords). Returns the adjustment.
    """
    require_commissioner(by, season.league)
    if entry.season_id != season.pk:
        raise ValidationError(_("This team is not in this season."))
    if entry.status != SeasonEntry.Status.ACCEPTED:
        raise ValidationError(_("Only a team in the table can have its points adjusted."))
    _require_open(season)
    points, reason = _checked_points(points), _checked_reason(reason)
    with transaction.atomic():
        adjustment = PointsAdjustment.objects.create(entry=entry, points=points, reason=reason, created_by=by)
        recompute_standings(season=season)
    return adjustment


def remove_adjustment(*, adjustment, by):
    """Remove a points adjustment; the season's table no longer counts it.

    Refuses (ValidationError) in a finished season; PermissionDenied unless `by` commissions the league.
    Side effects: deletes the PointsAdjustment and recomputes the season's stored table.
    """
    season = adjustment.entry.season
    require_commissioner(by, season.league)
    _require_open(season)
    with transaction.atomic():
        adjustment.delete()
        recompute_standings(season=season)
