"""A season's life cycle: Registration → Scheduled → Running → Finished, and a finished season reopened.

Teams enter during registration; scheduling the fixtures (league.services.scheduling) makes the season
scheduled; the commissioner then starts it, and finishes it once every fixture is played (or earlier,
forced, with a reason that is kept and shown). Each step is a commissioner's action: a step the season
is not ready for is refused with a ValidationError that says what is missing, and changes nothing.
"""

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count, Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from league.models import Result, Season, SeasonEntry
from league.permissions import require_commissioner
from league.services import prizes
from league.services.scheduling import MIN_TEAMS

Status = Season.Status


def _locked_status(season):
    """The season's status as stored, locked until the transaction ends: two changes of one season wait
    for each other (PostgreSQL; SQLite writes one at a time), so a finish pays its prizes once."""
    return Season.objects.select_for_update().values_list("status", flat=True).get(pk=season.pk)


def _save_status(season, status, reason=""):
    season.status, season.finish_reason = status, reason
    season.save(update_fields=["status", "finish_reason"])


def _start(season, by, force, reason):
    if not season.fixtures.exists():
        raise ValidationError(_("Schedule the fixtures before starting the season."))
    _save_status(season, Status.RUNNING)


def _finish(season, by, force, reason):
    unplayed = season.fixtures.unplayed().count()
    reason = reason.strip()
    if unplayed and not force:
        raise ValidationError(
            ngettext(
                "%(count)s fixture has no confirmed result: wait for it, or finish anyway with a reason.",
                "%(count)s fixtures have no confirmed result: wait for them, or finish anyway with a reason.",
                unplayed,
            )
            % {"count": unplayed}
        )
    if unplayed and not reason:
        raise ValidationError(_("Give the reason for finishing the season with fixtures unplayed."))
    _save_status(season, Status.FINISHED, reason if unplayed else "")
    prizes.award_prizes(season=season, by=by)


def _reopen(season, by, force, reason):
    _save_status(season, Status.RUNNING)
    prizes.take_back_prizes(season=season, by=by)


# (from, to): the step that makes the change. Any other change is refused.
_STEPS = {
    (Status.SCHEDULED, Status.RUNNING): _start,
    (Status.RUNNING, Status.FINISHED): _finish,
    (Status.FINISHED, Status.RUNNING): _reopen,
}


def _refusal(current, target, only_from=None):
    """Why a season in `current` cannot move to `target` (from `only_from`, when the step is named), in
    the words of what to do instead."""
    if only_from == Status.FINISHED:
        return _("Only a finished season can be reopened.")
    if only_from == Status.SCHEDULED and current == Status.FINISHED:
        return _("This season is finished: reopen it instead.")
    if target == Status.RUNNING and current == Status.REGISTRATION:
        return _("Schedule the fixtures before starting the season.")
    if target == Status.RUNNING and current == Status.RUNNING:
        return _("The season has already started.")
    if target == Status.FINISHED and current == Status.FINISHED:
        return _("This season is already finished.")
    if target == Status.FINISHED:
        return _("Start the season before finishing it.")
    return _("A season cannot go from “%(current)s” to “%(target)s”.") % {
        "current": Status(current).label,
        "target": Status(target).label,
    }


def move_season(*, season, status, by, force=False, reason="", only_from=None):
    """Take the life-cycle step from the season's status to `status`: start it (scheduled → running),
    finish it (running → finished; with fixtures unplayed only when `force`d with a `reason`) or reopen
    it (finished → running). Commissioners of the league only.

    Side effects, in one transaction: saves Season.status and Season.finish_reason (the reason when
    forced past unplayed fixtures, cleared otherwise); finishing a Blood Bowl season gives its prizes
    (league.services.prizes.award_prizes: SeasonPrizes, gold in the treasuries through the rosters
    ledger) and reopening it takes them back (take_back_prizes). `only_from` refuses the step unless the
    season is in that status (starting and reopening both lead to running).
    """
    require_commissioner(by, season.league)
    if status not in Status.values:
        raise ValidationError(_("Unknown season status."))
    with transaction.atomic():
        current = _locked_status(season)
        step = _STEPS.get((current, status))
        if step is None or only_from not in (None, current):
            raise ValidationError(_refusal(current, status, only_from))
        season.status = current
        step(season, by, force, reason)
    return season


def start_season(*, season, by):
    """A scheduled season starts: see move_season."""
    return move_season(season=season, status=Status.RUNNING, by=by, only_from=Status.SCHEDULED)


def finish_season(*, season, by, force=False, reason=""):
    """A running season finishes: see move_season."""
    return move_season(season=season, status=Status.FINISHED, by=by, force=force, reason=reason)


def reopen_season(*, season, by):
    """A finished season runs again: see move_season."""
    return move_season(season=season, status=Status.RUNNING, by=by, only_from=Status.FINISHED)


def set_season_status(*, season, status, by, force=False, reason=""):
    """Bring a season to `status` (the callers that name the status they want: the demo, imports of
    history): a season already there is left as it is, so two identical requests at once change it once;
    any other change is move_season's step, with its conditions and side effects."""
    require_commissioner(by, season.league)
    with transaction.atomic():
        if _locked_status(season) == status:
            season.refresh_from_db(fields=["status", "finish_reason"])
            return season
        return move_season(season=season, status=status, by=by, force=force, reason=reason)


@dataclass(frozen=True)
class Progress:
    """Where a season stands in its life cycle, and what each next step still needs (for its pages)."""

    status: str
    accepted: int
    pending: int
    fixtures: int
    unplayed: int
    divisions: int = 0
    unplaced: int = 0  # accepted teams in no division (of a season with divisions: they must be placed)

    # Dugout schedules a season from this many accepted teams (the pages say the number).
    min_teams = MIN_TEAMS

    @property
    def needs_teams(self):
        return max(MIN_TEAMS - self.accepted, 0)

    @property
    def needs_placing(self):
        """Accepted teams still in no division of a season that has divisions (league.services.divisions:
        the fixtures are drawn inside the divisions)."""
        return self.unplaced if self.divisions else 0

    @property
    def can_schedule(self):
        return (
            self.status in (Status.REGISTRATION, Status.SCHEDULED)
            and not self.needs_teams
            and not self.needs_placing
        )

    @property
    def can_start(self):
        return self.status == Status.SCHEDULED and self.fixtures > 0

    @property
    def can_finish(self):
        return self.status == Status.RUNNING

    @property
    def can_reopen(self):
        return self.status == Status.FINISHED

    @property
    def steps(self):
        """The four statuses in order, each with whether it is done or the current one."""
        order = [Status.REGISTRATION, Status.SCHEDULED, Status.RUNNING, Status.FINISHED]
        reached = order.index(self.status)
        return [
            {"status": status, "label": status.label, "done": index < reached, "current": index == reached}
            for index, status in enumerate(order)
        ]


def season_progress(season):
    """The season's Progress (three queries, whatever the season's size)."""
    accepted = Q(status=SeasonEntry.Status.ACCEPTED)
    entries = season.entries.aggregate(
        accepted=Count("pk", filter=accepted),
        pending=Count("pk", filter=Q(status=SeasonEntry.Status.PENDING)),
        unplaced=Count("pk", filter=accepted & Q(division__isnull=True)),
    )
    fixtures = season.fixtures.aggregate(
        total=Count("pk"), unplayed=Count("pk", filter=~Q(result__status=Result.Status.CONFIRMED))
    )
    return Progress(
        status=season.status,
        accepted=entries["accepted"],
        pending=entries["pending"],
        fixtures=fixtures["total"],
        unplayed=fixtures["unplayed"],
        divisions=season.divisions.count(),
        unplaced=entries["unplaced"],
    )
