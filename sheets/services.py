"""Business operations on generated sheets: asking for a PDF, packs of PDFs, retrying them.

Every function takes keyword-only arguments and names its side effects. A request creates the rows
and sends the tasks (sheets/tasks.py) with `dugout.tasks.send_on_commit`, so a worker never looks for a
row that is not committed yet; what the worker then does is sheets/jobs.py.

When the broker is down, a request raises dugout.tasks.BrokerUnavailable and leaves nothing behind: the
rows it made are deleted. A row left queued with no task behind it all the same (a web process that
died between the commit and the send) is sent again by the next request for it, by its page, or by the
periodic recovery (sheets/recovery.py).
"""

import hashlib
import json
import logging

from django.db import transaction
from django.utils import timezone

from dugout.tasks import BrokerUnavailable
from sheets import jobs, recovery, tasks
from sheets.catalogue import get_catalogue
from sheets.match_sheet import match_document_digest
from sheets.models import MATCH_SHEET, TEAM_SHEET, SheetJob, SheetPack, SheetPackItem, Status
from sheets.options import league_options
from sheets.render import match_document, renderer_version
from sheets.team_sheet import team_state_digest

logger = logging.getLogger(__name__)

# A pack holds at most this many PDFs (every sheet of every game in every language fits).
MAX_PACK_ITEMS = 400


class TooManyRequests(Exception):
    """The client asked for more new PDFs than it may for now (see `request_sheet_pdf`'s `may_render`)."""


def content_hash(sheet, *, language, paper, league=None):
    """What a PDF depends on: the game's content (and its rulebook edition's version for games that
    draw from the rulebook), the sheet, the language, the paper and the renderer's version; for a
    league's sheet (`league`: LeagueOptions), the league and a hash of the settings its sheets print."""
    parts = [sheet.game.version, sheet.game.id, sheet.id, language, paper, renderer_version()]
    if league is not None:
        parts.append(["league", league.league_id, league.digest])
    return hashlib.sha256(json.dumps(parts).encode()).hexdigest()


def team_content_hash(team, players, *, language, paper):
    """What a team sheet's PDF depends on: the team (its id and a hash of its state and its players'),
    the language, the paper and the renderer's version."""
    parts = ["team", team.pk, team_state_digest(team, players), language, paper, renderer_version()]
    return hashlib.sha256(json.dumps(parts).encode()).hexdigest()


def _delete_unsent_jobs(job_ids):
    """Undo the jobs a request made when the broker refused their tasks (those another request or pack
    took meanwhile stay: the recovery sends them)."""
    SheetJob.objects.filter(pk__in=job_ids, sent_at=None, pack_items=None).delete()


def _create_job(may_render, **fields):
    """A new queued job whose render task is sent once the transaction commits. Outside a transaction,
    a broker that is down raises BrokerUnavailable and the job is deleted (inside one, the caller
    undoes it: see create_sheet_pack)."""
    if may_render is not None and not may_render():
        raise TooManyRequests
    outermost = transaction.get_autocommit()
    try:
        with transaction.atomic():
            job = SheetJob.objects.create(**fields)
            tasks.send_render(job.pk)
    except BrokerUnavailable:
        if outermost:
            _delete_unsent_jobs([job.pk])
        raise
    return job


def _reuse(job):
    """A reused job that has no task behind it is sent again (see recovery.is_unsent)."""
    if recovery.is_unsent(job, now=timezone.now()):
        tasks.send_render(job.pk)
    return job


def request_sheet_pdf(*, sheet, language, paper, league=None, may_render=None):
    """The job for this PDF: a ready one (or one on its way) with the same content hash, else a new one.
    With `league` (a league.models.League), the sheet as that league prints it (see sheets.options).
    `may_render`, if given, is asked (and counts) only when a new PDF is to be made: when it answers
    False, TooManyRequests is raised and nothing is made.

    Returns (job, created). Side effects: when none can be reused, creates a queued SheetJob row (with
    the snapshot of the league's settings) and sends the `sheets.render_sheet_job` task once the
    transaction commits. When the broker is down, raises BrokerUnavailable (outside a transaction, the
    new row is deleted first).
    """
    if language not in sheet.languages:
        raise ValueError(f"{sheet!r} is not available in {language!r}")
    options = league_options(league) if league is not None else None
    digest = content_hash(sheet, language=language, paper=paper, league=options)
    job = SheetJob.objects.reusable(digest).first()
    if job is not None:
        return _reuse(job), False
    job = _create_job(
        may_render,
        game=sheet.game.id,
        sheet=sheet.id,
        language=language,
        paper=paper,
        league=league,
        options=options.as_data() if options else {},
        content_hash=digest,
    )
    return job, True


def request_team_pdf(*, team, language, paper, may_render=None):
    """The job for the PDF of `team`'s sheet, reused while the team does not change (like
    request_sheet_pdf, `may_render` and BrokerUnavailable included). Returns (job, created). Side
    effects: when none can be reused, creates a queued SheetJob row and sends the
    `sheets.render_sheet_job` task once the transaction commits."""
    players = list(team.players.all())
    digest = team_content_hash(team, players, language=language, paper=paper)
    fields = {"game": team.edition, "sheet": TEAM_SHEET, "team": team}
    return _reused_or_created(digest, may_render, language=language, paper=paper, **fields)


def _reused_or_created(digest, may_render, **fields):
    """(job, created): the job of equal content `digest` when one may be reused, else a new one."""
    job = SheetJob.objects.reusable(digest).first()
    if job is not None:
        return _reuse(job), False
    return _create_job(may_render, content_hash=digest, **fields), True


def request_match_pdf(*, match, language, paper, may_render=None):
    """The job for the PDF of `match`'s sheet, reused while the sheet prints the same (the digest is that
    of the document itself: whatever changes on the match, its teams or its players, a changed sheet is
    a new PDF). Otherwise as request_team_pdf. Returns (job, created)."""
    document = match_document(match, language=language)
    parts = ["match", match.pk, match_document_digest(document, paper=paper), renderer_version()]
    digest = hashlib.sha256(json.dumps(parts).encode()).hexdigest()
    fields = {"game": match.home_team.edition, "sheet": MATCH_SHEET, "match": match}
    return _reused_or_created(digest, may_render, language=language, paper=paper, **fields)


def retry_sheet_job(*, job):
    """Queue a failed job again. Returns the job to follow (another one if an equal PDF is already
    ready or on its way). Side effects: the failed job goes back to queued with its error and attempts
    cleared and its render task is sent after commit (if the broker refuses it, BrokerUnavailable is
    raised and the job is left queued with no task: the recovery sends it later). A job that has not
    failed is returned unchanged."""
    if job.status != Status.FAILED:
        return job
    other = SheetJob.objects.reusable(job.content_hash).exclude(pk=job.pk).first()
    if other is not None:
        return other
    job.status = Status.QUEUED
    job.error = ""
    job.started_at = job.finished_at = job.sent_at = None
    job.attempts = 0
    job.save()
    tasks.send_render(job.pk)
    return job


def follow_job(*, job):
    """What a job's page shows while it polls: the job, first sent again if nobody runs it (see
    sheets.recovery; a broker that is down leaves it as it is, to try at the next poll).

    Side effects: those of recovery.recover_jobs, and the render task sent."""
    if job.is_finished or not recovery.needs_recovery(job, now=timezone.now()):
        return job
    try:
        for job_id in recovery.recover_jobs([job]):
            tasks.send_render(job_id)
    except BrokerUnavailable:
        logger.warning("sheet job %s is waiting for the broker", job.pk)
    job.refresh_from_db()
    return job


# ---------------------------------------------------------------------------------------------- packs


def create_sheet_pack(*, items, paper, merged=False, league=None):
    """A pack of PDFs: `items` is a list of (sheet, language); with `league`, each sheet as that league
    prints it (see league_pack_items).

    Side effects: creates the SheetPack and its items, each a reused or new SheetJob (new ones queue
    their render task); once committed, the zip build task is sent if every item is already ready.
    When the broker is down, raises BrokerUnavailable after deleting the pack and the jobs it made.
    """
    if not items:
        raise ValueError("a pack needs at least one sheet")
    if len(items) > MAX_PACK_ITEMS:
        raise ValueError(f"a pack holds at most {MAX_PACK_ITEMS} sheets")
    created = []
    try:
        with transaction.atomic():
            pack = SheetPack.objects.create(paper=paper, merged=merged, league=league)
            for position, (sheet, language) in enumerate(items):
                job, new = request_sheet_pdf(sheet=sheet, language=language, paper=paper, league=league)
                SheetPackItem.objects.create(pack=pack, job=job, position=position)
                if new:
                    created.append(job.pk)
            # Checked after commit: a worker finishing an item meanwhile could not see this pack yet.
            transaction.on_commit(lambda: _build_if_complete(pack.pk))
    except BrokerUnavailable:
        if transaction.get_autocommit():
            SheetPack.objects.filter(pk=pack.pk).delete()
            _delete_unsent_jobs(created)
        raise
    return pack


def league_game(league):
    """The catalogue game whose sheets a league prints: for Blood Bowl, the game of the league's edition;
    else the league's game. KeyError when the catalogue has none."""
    catalogue = get_catalogue()
    if not league.is_blood_bowl:
        return catalogue.game(league.game)
    for game in catalogue:
        if game.edition_id == league.edition:
            return game
    raise KeyError(league.edition)


def league_sheets(league):
    """The catalogue sheets of the league's game that print something for it (a sheet whose every
    section belongs to an optional rule the league does not use is left out)."""
    try:
        game = league_game(league)
    except KeyError:
        return []
    rules = league_options(league).optional_rules
    return [sheet for sheet in game.sheets.values() if sheet.is_included(rules)]


def league_pack_items(league, *, languages):
    """(sheet, language) for every sheet of the league in each of `languages` it exists in."""
    return [
        (sheet, language)
        for sheet in league_sheets(league)
        for language in languages
        if language in sheet.languages
    ]


def _build_if_complete(pack_id):
    if jobs.pack_is_complete(pack_id):
        tasks.send_pack_builds([pack_id])


def retry_sheet_pack(*, pack):
    """Try a failed pack again. Side effects: its failed items are queued again (their render tasks
    sent), the pack goes back to queued (attempts cleared), and if every item is ready its build task
    is sent. A broker that is down raises BrokerUnavailable (what was queued is sent by the recovery)."""
    if pack.status != Status.FAILED:
        return pack
    with transaction.atomic():
        for item in pack.items.select_related("job"):
            if item.job.status == Status.FAILED:
                job = retry_sheet_job(job=item.job)
                if job.pk != item.job_id:
                    item.job = job
                    item.save(update_fields=["job"])
        pack.status = Status.QUEUED
        pack.error = ""
        pack.started_at = pack.finished_at = pack.sent_at = None
        pack.attempts = 0
        pack.save()
        transaction.on_commit(lambda: _build_if_complete(pack.pk))
    return pack


def follow_pack(*, pack, jobs):
    """What a pack's page shows while it polls: `jobs` (its items) and the pack are sent again if
    nobody runs them, like follow_job. Returns whether anything was sent again (the caller reloads)."""
    now = timezone.now()
    if pack.is_finished or not any(
        recovery.needs_recovery(row, now=now) for row in [pack, *jobs] if not row.is_finished
    ):
        return False
    try:
        for job_id in recovery.recover_jobs([job for job in jobs if not job.is_finished], now=now):
            tasks.send_render(job_id)
        tasks.send_pack_builds(recovery.recover_packs([pack], now=now))
    except BrokerUnavailable:
        logger.warning("sheet pack %s is waiting for the broker", pack.pk)
    return True


def pack_progress(pack):
    """(ready, total) items of the pack."""
    jobs = pack.ordered_jobs()
    return sum(job.status == Status.READY for job in jobs), len(jobs)
