"""What a worker does for the sheets app: render a job's PDF, build a pack's zip (and merged PDF), and
tell which waiting packs are complete. The Celery tasks (sheets/tasks.py) call these functions; the
requests that create the rows and send the tasks are sheets/services.py, above the tasks.

Every function takes keyword-only arguments (but the private ones) and names its side effects.
"""

import io
import logging
import zipfile

from django.core.files.base import ContentFile
from django.utils import timezone

from matches.models import Match
from rosters.models import Team
from sheets.catalogue import get_catalogue
from sheets.models import SheetJob, SheetPack, Status
from sheets.options import LeagueOptions
from sheets.render import match_document, render_document_pdf, render_sheet_pdf, render_team_pdf

logger = logging.getLogger(__name__)


def _render_job(job):
    if job.team_id:
        team = Team.objects.select_related("coach").get(pk=job.team_id)
        return render_team_pdf(team, list(team.players.all()), language=job.language, paper=job.paper)
    if job.match_id:
        match = Match.objects.select_related("home_team__coach", "away_team__coach").get(pk=job.match_id)
        return render_document_pdf(match_document(match, language=job.language), paper=job.paper)
    sheet = get_catalogue().sheet(job.game, job.sheet)
    league = LeagueOptions.from_data(job.options) if job.options else None
    return render_sheet_pdf(sheet, language=job.language, paper=job.paper, league=league)


def run_sheet_job(*, job):
    """Render the job's PDF now (the render task calls this, then moves on the packs waiting for it:
    see `complete_packs`). Returns False for a job that is not queued (finished, or started by another
    worker: a message delivered twice), which is left alone.

    Side effects: the job goes to running, then to ready with its PDF saved in the `sheets` storage
    (sheets/storage.py), or to failed with the error text (the exception is logged, not raised).
    """
    now = timezone.now()
    started = SheetJob.objects.filter(pk=job.pk, status=Status.QUEUED).update(
        status=Status.RUNNING, started_at=now, updated_at=now
    )
    if not started:
        logger.info("sheet job %s is not queued: left alone", job.pk)
        return False
    job.refresh_from_db()
    try:
        pdf = _render_job(job)
    except Exception as error:
        logger.exception("sheet job %s failed", job.pk)
        job.status = Status.FAILED
        job.error = f"{type(error).__name__}: {error}"
    else:
        job.file.save(job.filename, ContentFile(pdf), save=False)
        job.status = Status.READY
        job.error = ""
    job.finished_at = timezone.now()
    job.save()
    return True


def pack_is_complete(pack_id):
    """Whether the queued pack `pack_id` has every item ready (its build may start).

    Side effects: a queued pack one of whose items failed is set failed, naming them.
    """
    pack = SheetPack.objects.filter(pk=pack_id, status=Status.QUEUED).first()
    if pack is None:
        return False
    jobs = pack.jobs.all()
    if any(job.status == Status.FAILED for job in jobs):
        failed = [job.filename for job in jobs if job.status == Status.FAILED]
        pack.status = Status.FAILED
        pack.error = "; ".join(failed)
        pack.save(update_fields=["status", "error", "updated_at"])
        return False
    return all(job.status == Status.READY for job in jobs)


def complete_packs(*, job):
    """After `job` finished: the ids of the waiting packs holding it whose every item is now ready (each
    waiting pack holding it that has a failed item is set failed, see `pack_is_complete`)."""
    waiting = SheetPack.objects.filter(jobs=job, status=Status.QUEUED).values_list("pk", flat=True)
    return [pack_id for pack_id in waiting if pack_is_complete(pack_id)]


def build_sheet_pack(*, pack):
    """Zip the pack's PDFs (and merge them into one PDF if asked). The build task calls this.

    Side effects: the pack goes to running, then to ready with its zip (and merged PDF) saved in the
    `sheets` storage, or to failed with the error. A pack not queued (built already, or being built by
    another worker) is left alone.
    """
    now = timezone.now()
    if not SheetPack.objects.filter(pk=pack.pk, status=Status.QUEUED).update(
        status=Status.RUNNING, started_at=now, updated_at=now
    ):
        return
    pack.refresh_from_db()
    try:
        jobs = pack.ordered_jobs()
        not_ready = [job.filename for job in jobs if job.status != Status.READY]
        if not_ready:
            raise RuntimeError(f"not ready: {', '.join(not_ready)}")
        pack.file.save(pack.filename, ContentFile(_zip(jobs)), save=False)
        if pack.merged:
            pack.merged_file.save(pack.merged_filename, ContentFile(_merge(jobs)), save=False)
    except Exception as error:
        logger.exception("sheet pack %s failed", pack.pk)
        pack.status = Status.FAILED
        pack.error = f"{type(error).__name__}: {error}"
    else:
        pack.status = Status.READY
        pack.error = ""
    pack.finished_at = timezone.now()
    pack.save()


def _zip(jobs):
    buffer = io.BytesIO()
    # PDFs are compressed already: storing them is as small and much faster.
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_STORED) as archive:
        for job in jobs:
            with job.file.open("rb") as file:
                archive.writestr(f"{job.game}/{job.filename}", file.read())
    return buffer.getvalue()


def _merge(jobs):
    from pypdf import PdfWriter

    catalogue = get_catalogue()
    writer = PdfWriter()
    for job in jobs:
        sheet = catalogue.sheet(job.game, job.sheet)
        with job.file.open("rb") as file:
            writer.append(io.BytesIO(file.read()), outline_item=sheet.title_in(job.language))
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()
