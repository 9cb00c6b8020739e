"""Celery tasks of the sheets app: thin, named, keyword-only ids; the work is in sheets/jobs.py (and
sheets/recovery.py, sheets/cleanup.py for the periodic ones), and sheets/services.py (the requests)
sends them. The periodic tasks are scheduled in dugout/celery.py (Celery beat).

The tasks ignore their results: the pages read the rows. (Asking for a result would also make a send
wait on the result backend, about 19 s when Redis is down.)
"""

import logging
from functools import partial

from celery import shared_task
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from dugout.tasks import send_on_commit
from sheets import cleanup, jobs, recovery
from sheets.models import SheetJob, SheetPack

logger = logging.getLogger(__name__)


def _record_sent(model, pk):
    model.objects.filter(pk=pk).update(sent_at=timezone.now(), attempts=F("attempts") + 1)


def send_render(job_id):
    """Send the render task of job `job_id` once the transaction commits, then record it as sent.
    Raises dugout.tasks.BrokerUnavailable where the commit callbacks run when the broker is down
    (the job stays unsent: see sheets.recovery)."""
    send_on_commit(render_sheet_job, job_id=str(job_id))
    transaction.on_commit(partial(_record_sent, SheetJob, job_id))


def send_pack_builds(pack_ids):
    """Send the build task of each pack once the transaction commits, and record it as sent (as
    `send_render`)."""
    for pack_id in pack_ids:
        send_on_commit(build_sheet_pack, pack_id=str(pack_id))
        transaction.on_commit(partial(_record_sent, SheetPack, pack_id))


@shared_task(name="sheets.render_sheet_job", ignore_result=True)
def render_sheet_job(*, job_id):
    job = SheetJob.objects.filter(pk=job_id).first()
    if job is None:
        logger.warning("sheet job %s no longer exists", job_id)
        return
    if jobs.run_sheet_job(job=job):
        send_pack_builds(jobs.complete_packs(job=job))


@shared_task(name="sheets.build_sheet_pack", ignore_result=True)
def build_sheet_pack(*, pack_id):
    pack = SheetPack.objects.filter(pk=pack_id).first()
    if pack is None:
        logger.warning("sheet pack %s no longer exists", pack_id)
        return
    jobs.build_sheet_pack(pack=pack)


@shared_task(name="sheets.recover_lost_work", ignore_result=True)
def recover_lost_work():
    """Periodic: send again what nobody runs (see sheets.recovery)."""
    job_ids, pack_ids = recovery.recover_lost_work()
    for job_id in job_ids:
        send_render(job_id)
    send_pack_builds(pack_ids)


@shared_task(name="sheets.delete_old_files", ignore_result=True)
def delete_old_files():
    """Periodic: delete expired packs and the generated files no row points to (see sheets.cleanup)."""
    cleanup.delete_expired_packs()
    cleanup.delete_unreferenced_files()
