"""Storage space: the generated files that nothing points to any more are deleted (Celery beat runs this
hourly through the `sheets.delete_old_files` task).

A job's PDF is the cache of its content hash and lives as long as its row. A pack's zip (and merged
PDF) is made for one request: a pack finished PACK_MAX_AGE ago is deleted, row and files. Any file under
the sheets' folders that no row points to and that is older than FILE_MIN_AGE (a worker may be saving
it right now, before its row) is deleted, through the `sheets` storage's API only (listdir, delete),
so that the same clean-up works on the local folder and on an S3 bucket.
"""

import logging
from datetime import timedelta

from django.utils import timezone

from sheets.models import SheetJob, SheetPack, Status
from sheets.storage import sheets_storage

logger = logging.getLogger(__name__)

PACK_MAX_AGE = timedelta(days=7)
FILE_MIN_AGE = timedelta(hours=1)
FOLDERS = ("sheets/jobs", "sheets/packs")


def delete_expired_packs(*, now=None):
    """Delete the packs finished (ready or failed) more than PACK_MAX_AGE ago. Returns how many.

    Side effects: their rows and items go; their files are left to `delete_unreferenced_files`. The
    jobs they held stay (other packs and requests share them)."""
    now = now or timezone.now()
    expired = SheetPack.objects.filter(
        status__in=(Status.READY, Status.FAILED), finished_at__lt=now - PACK_MAX_AGE
    )
    count = expired.count()
    if count:
        expired.delete()
        logger.info("deleted %s expired sheet packs", count)
    return count


def _referenced():
    names = set(SheetJob.objects.exclude(file="").values_list("file", flat=True))
    for file, merged in SheetPack.objects.values_list("file", "merged_file"):
        names.update(name for name in (file, merged) if name)
    return names


def _walk(storage, folder):
    """Every file under `folder` (storage names), and the folders holding them, deepest first. (A bucket
    has no folders: `exists` is False for a prefix, but listdir lists it; a missing local folder raises.)"""
    try:
        subfolders, names = storage.listdir(folder)
    except FileNotFoundError:
        return [], []
    files, folders = [], []
    for sub in subfolders:
        sub_files, sub_folders = _walk(storage, f"{folder}/{sub}")
        files += sub_files
        folders += sub_folders + [f"{folder}/{sub}"]
    files += [f"{folder}/{name}" for name in names]
    return files, folders


def delete_unreferenced_files(*, now=None, storage=None):
    """Delete the files under the sheets' folders that no job or pack row points to and that were
    last written more than FILE_MIN_AGE ago, then the folders left empty. Returns the deleted names.

    Side effects: files and empty folders deleted from `storage` (the `sheets` storage; in a bucket the
    folders are only prefixes and go with their last file)."""
    storage = storage or sheets_storage
    now = now or timezone.now()
    referenced = _referenced()
    deleted = []
    for folder in FOLDERS:
        files, folders = _walk(storage, folder)
        for name in files:
            if name in referenced or storage.get_modified_time(name) >= now - FILE_MIN_AGE:
                continue
            storage.delete(name)
            deleted.append(name)
        for sub in folders:
            if storage.listdir(sub) == ([], []):
                storage.delete(sub)
    if deleted:
        logger.info("deleted %s unreferenced sheet files", len(deleted))
    return deleted
