"""Celery tasks of the sheets app: thin, named, keyword-only ids; the work is in sheets/jobs.py, and
sheets/services.py (the requests) sends them."""

import logging

from celery import shared_task

from dugout.tasks import send_on_commit
from sheets import jobs
from sheets.models import SheetJob, SheetPack

logger = logging.getLogger(__name__)


def send_pack_builds(pack_ids):
    """Send the build task of each pack, once the transaction commits."""
    for pack_id in pack_ids:
        send_on_commit(build_sheet_pack, pack_id=str(pack_id))


@shared_task(name="sheets.render_sheet_job")
def render_sheet_job(*, job_id):
    job = SheetJob.objects.filter(pk=job_id).first()
    if job is None:
        logger.warning("sheet job %s no longer exists", job_id)
        return
    if jobs.run_sheet_job(job=job):
        send_pack_builds(jobs.complete_packs(job=job))


@shared_task(name="sheets.build_sheet_pack")
def build_sheet_pack(*, pack_id):
    pack = SheetPack.objects.filter(pk=pack_id).first()
    if pack is None:
        logger.warning("sheet pack %s no longer exists", pack_id)
        return
    jobs.build_sheet_pack(pack=pack)
