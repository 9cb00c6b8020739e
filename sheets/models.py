"""Generated reference sheets: a PDF job per (sheet, language, paper, content), and packs of them.

A row exists before its Celery task is sent (sheets/services.py); the job and pack pages poll it.
"""

import uuid
from datetime import timedelta

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from sheets.storage import get_sheets_storage

# The `sheet` of a team's sheet job (no catalogue sheet has this id).
TEAM_SHEET = "team"
# The `sheet` of a match's sheet job.
MATCH_SHEET = "match"

# A queued or running job that has not moved for this long is no longer reused: asking again renders
# anew (sheets/recovery.py re-queues or fails it meanwhile).
STALE_AFTER = timedelta(minutes=10)
# A job is sent to the broker just after its row is committed: an unsent row younger than this is on
# its way; an older one has no task behind it (the broker was down) and is sent again.
UNSENT_AFTER = timedelta(seconds=20)
# Work that a worker started this long ago and did not finish is lost (the worker died or hangs); work
# sent this long ago that no worker started is lost too (its message was). Lost work is sent again until
# it was sent MAX_ATTEMPTS times, then it fails (with a retry button).
RUNNING_LIMIT = timedelta(minutes=2)
QUEUED_LIMIT = timedelta(minutes=10)
MAX_ATTEMPTS = 2


class Paper(models.TextChoices):
    A4 = "a4", _("A4")
    LETTER = "letter", _("US Letter")


class Status(models.TextChoices):
    QUEUED = "queued", _("Waiting")
    RUNNING = "running", pgettext_lazy("sheet job status", "In progress")
    READY = "ready", _("Ready")
    FAILED = "failed", _("Failed")


FINISHED = (Status.READY, Status.FAILED)


# The generated files live in the `sheets` storage (sheets/storage.py): a folder under var/ by default,
# an S3-compatible bucket shared by every machine in production. Their names are storage keys.
def job_upload_to(job, filename):
    return f"sheets/jobs/{job.pk}/{filename}"


def pack_upload_to(pack, filename):
    return f"sheets/packs/{pack.pk}/{filename}"


class SheetJobQuerySet(models.QuerySet):
    def ready(self):
        return self.filter(status=Status.READY)

    def reusable(self, content_hash):
        """Jobs that already hold, or will soon hold, the PDF of `content_hash`: ready ones first. (One
        queued with no task behind it is among them: the request that reuses it sends it again.)"""
        fresh = timezone.now() - STALE_AFTER
        return (
            self.filter(content_hash=content_hash)
            .filter(
                models.Q(status=Status.READY)
                | models.Q(status__in=(Status.QUEUED, Status.RUNNING), updated_at__gte=fresh)
            )
            .order_by(models.Case(models.When(status=Status.READY, then=0), default=1), "-created_at")
        )


class SheetJob(models.Model):
    """One PDF of one sheet in one language on one paper size, rendered by a Celery task.

    A catalogue sheet as everyone gets it; or as a league prints it (`league`, with the snapshot of its
    settings in `options`, see sheets.options); or a team's sheet (`team`, `sheet` is TEAM_SHEET); or a
    match's (`match`, `sheet` is MATCH_SHEET).
    """

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    game = models.CharField(_("game"), max_length=40)
    sheet = models.CharField(_("sheet"), max_length=60)
    language = models.CharField(_("language"), max_length=8, choices=settings.LANGUAGES)
    paper = models.CharField(_("paper size"), max_length=8, choices=Paper.choices, default=Paper.A4)
    league = models.ForeignKey(
        "league.League", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    team = models.ForeignKey(
        "rosters.Team", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    match = models.ForeignKey(
        "matches.Match", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    options = models.JSONField(default=dict, blank=True)
    content_hash = models.CharField(max_length=64, db_index=True)
    status = models.CharField(_("status"), max_length=8, choices=Status.choices, default=Status.QUEUED)
    file = models.FileField(upload_to=job_upload_to, storage=get_sheets_storage, blank=True)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # When the broker last accepted its render task (None: never, or not since a retry), how many times
    # it did, and when a worker last started it.
    sent_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    objects = SheetJobQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("sheet PDF")
        verbose_name_plural = _("sheet PDFs")

    def __str__(self):
        return self.filename

    @property
    def filename(self):
        """What the download is called: rugby-activation-ko-a4.pdf, old-world-bb2020-pre_match-en-a4.pdf
        for a league's, team-12-en-a4.pdf for a team's."""
        if self.team_id:
            return f"team-{self.team_id}-{self.language}-{self.paper}.pdf"
        if self.match_id:
            return f"match-{self.match_id}-{self.language}-{self.paper}.pdf"
        prefix = f"{self.options['slug']}-" if self.options.get("slug") else ""
        return f"{prefix}{self.game}-{self.sheet}-{self.language}-{self.paper}.pdf"

    @property
    def is_team_sheet(self):
        return self.team_id is not None

    @property
    def is_finished(self):
        return self.status in FINISHED

    @property
    def is_ready(self):
        return self.status == Status.READY

    @property
    def is_failed(self):
        return self.status == Status.FAILED


class SheetPack(models.Model):
    """Several sheet PDFs delivered as one zip (and, if asked, one merged PDF).

    Its items are ordinary jobs, shared with anyone who asked for the same PDF. The status is the
    pack's own: queued while items render, running while the zip is built, then ready or failed.
    """

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    paper = models.CharField(_("paper size"), max_length=8, choices=Paper.choices, default=Paper.A4)
    merged = models.BooleanField(_("also one merged PDF"), default=False)
    # The league whose sheets these are (only those who may see it may follow the pack).
    league = models.ForeignKey(
        "league.League", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    status = models.CharField(_("status"), max_length=8, choices=Status.choices, default=Status.QUEUED)
    jobs = models.ManyToManyField(SheetJob, through="SheetPackItem", related_name="packs")
    file = models.FileField(upload_to=pack_upload_to, storage=get_sheets_storage, blank=True)
    merged_file = models.FileField(upload_to=pack_upload_to, storage=get_sheets_storage, blank=True)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # Its build task, as for a job: when last sent, how many times, when a worker last started it.
    sent_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("sheet pack")
        verbose_name_plural = _("sheet packs")

    def __str__(self):
        return f"pack {self.pk}"

    @property
    def filename(self):
        return f"dugout-sheets-{str(self.pk)[:8]}.zip"

    @property
    def merged_filename(self):
        return f"dugout-sheets-{str(self.pk)[:8]}.pdf"

    @property
    def is_finished(self):
        return self.status in FINISHED

    @property
    def is_ready(self):
        return self.status == Status.READY

    @property
    def is_failed(self):
        return self.status == Status.FAILED

    def ordered_jobs(self):
        return [item.job for item in self.items.select_related("job").order_by("position")]


class SheetPackItem(models.Model):
    pack = models.ForeignKey(SheetPack, on_delete=models.CASCADE, related_name="items")
    job = models.ForeignKey(SheetJob, on_delete=models.CASCADE, related_name="pack_items")
    position = models.PositiveIntegerField()

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["pack", "position"], name="sheets_pack_item_position_unique"),
        ]

    def __str__(self):
        return f"{self.pack_id} #{self.position}: {self.job_id}"
