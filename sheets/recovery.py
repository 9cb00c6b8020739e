"""Work that nobody runs: a job or pack whose task never reached the broker, whose message was lost, or
whose worker died or hangs. Found by age (see the limits in sheets/models.py), re-queued until it was
sent MAX_ATTEMPTS times, then failed (its page offers to try again).

These functions decide and update rows; they send nothing. They return the ids to send, and the
callers (the periodic task in sheets/tasks.py, and the job and pack pages in sheets/services.py) send
them, so that what is lost is sent again even while no periodic task runs.
"""

import logging

from django.db.models import Q
from django.utils import timezone

from sheets.jobs import pack_is_complete
from sheets.models import (
    MAX_ATTEMPTS,
    QUEUED_LIMIT,
    RUNNING_LIMIT,
    UNSENT_AFTER,
    SheetJob,
    SheetPack,
    Status,
)

logger = logging.getLogger(__name__)

LOST_ERROR = "WorkerLost: no worker finished it (sent {attempts} times)"


def is_unsent(row, *, now):
    """A queued job or pack whose task the broker never accepted, past the moment it is being sent."""
    return row.status == Status.QUEUED and row.sent_at is None and row.updated_at < now - UNSENT_AFTER


def is_lost(row, *, now):
    """A job or pack sent but not started for QUEUED_LIMIT, or started but not finished for
    RUNNING_LIMIT."""
    if row.status == Status.QUEUED:
        return row.sent_at is not None and row.sent_at < now - QUEUED_LIMIT
    if row.status == Status.RUNNING:
        return row.started_at is not None and row.started_at < now - RUNNING_LIMIT
    return False


def needs_recovery(row, *, now):
    return is_unsent(row, now=now) or is_lost(row, now=now)


def _lost_filter(now):
    return (
        Q(status=Status.QUEUED, sent_at__isnull=True, updated_at__lt=now - UNSENT_AFTER)
        | Q(status=Status.QUEUED, sent_at__lt=now - QUEUED_LIMIT)
        | Q(status=Status.RUNNING, started_at__lt=now - RUNNING_LIMIT)
    )


def _recover(model, row, *, now):
    """Whether `row` is to be sent now. Side effects: a lost row is queued again with no task behind
    it (sent_at cleared: sending it records it), or set failed once it was sent MAX_ATTEMPTS times. The
    update applies only if the row did not move meanwhile (a worker may have finished it)."""
    if is_unsent(row, now=now):
        return True
    if not is_lost(row, now=now):
        return False
    unchanged = model.objects.filter(
        pk=row.pk, status=row.status, sent_at=row.sent_at, started_at=row.started_at
    )
    if row.attempts >= MAX_ATTEMPTS:
        error = LOST_ERROR.format(attempts=row.attempts)
        if unchanged.update(status=Status.FAILED, error=error, finished_at=now, updated_at=now):
            logger.warning("%s %s lost %s times: failed", model.__name__, row.pk, row.attempts)
        return False
    moved = unchanged.update(status=Status.QUEUED, sent_at=None, started_at=None, updated_at=now)
    if moved:
        logger.warning("%s %s was lost (%s): queued again", model.__name__, row.pk, row.status)
    return bool(moved)


def recover_jobs(jobs, *, now=None):
    """The ids of the jobs among `jobs` (SheetJob rows) to send again, see `_recover`."""
    now = now or timezone.now()
    return [job.pk for job in jobs if needs_recovery(job, now=now) and _recover(SheetJob, job, now=now)]


def recover_packs(packs, *, now=None):
    """The ids of the packs among `packs` (SheetPack rows) whose build is to be sent again. A pack
    queued for longer than UNSENT_AFTER whose items are all finished is checked as a finished render
    would have (`pack_is_complete`: failed if an item failed, else its build is due)."""
    now = now or timezone.now()
    due = []
    for pack in packs:
        if is_unsent(pack, now=now):
            if pack_is_complete(pack.pk):
                due.append(pack.pk)
        elif is_lost(pack, now=now) and _recover(SheetPack, pack, now=now):
            due.append(pack.pk)
    return due


def recover_lost_work(*, now=None):
    """(job ids, pack ids) of every job and pack to send again; jobs first, so that a pack whose last
    item failed just now is failed in the same pass. Side effects: see `recover_jobs`, `recover_packs`."""
    now = now or timezone.now()
    job_ids = recover_jobs(SheetJob.objects.filter(_lost_filter(now)), now=now)
    pack_ids = recover_packs(SheetPack.objects.filter(_lost_filter(now)), now=now)
    return job_ids, pack_ids
