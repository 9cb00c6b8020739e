"""Celery tasks of the sheets app: thin, named, keyword-only ids; the work is in sheets/services.py."""

import logging

from celery import shared_task

from sheets import services
from sheets.models import SheetJob, SheetPack

logger = logging.getLogger(__name__)


@shared_task(name="sheets.render_sheet_job")
def render_sheet_job(*, job_id):
    job = SheetJob.objects.filter(pk=job_id).first()
    if job is None:
        logger.warning("sheet job %s no longer exists", job_id)
        return
    services.run_sheet_job(job=job)


@shared_task(name="sheets.build_sheet_pack")
def build_sheet_pack(*, pack_id):
    pack = SheetPack.objects.filter(pk=pack_id).first()
    if pack is None:
        logger.warning("sheet pack %s no longer exists", pack_id)
        return
    services.build_sheet_pack(pack=pack)
