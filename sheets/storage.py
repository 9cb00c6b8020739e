"""Where generated PDFs and packs live: the `sheets` storage of settings.STORAGES, reached only through
Django's storage API (save, open, listdir, delete), never through a path on this machine's disk.

The embedded default is a folder under var/ (MEDIA_ROOT); DUGOUT_STORAGE=s3 makes it an S3-compatible
bucket shared by every web host and worker (dugout/settings.py), so that a PDF rendered by a worker on one
machine is served by a web process on another.
"""

from django.conf import settings
from django.core.files.storage import storages
from django.core.signals import setting_changed
from django.http import FileResponse, HttpResponseRedirect
from django.utils.functional import LazyObject, empty
from django.utils.http import content_disposition_header

ALIAS = "sheets"


class SheetsStorage(LazyObject):
    """The `sheets` storage, looked up when first used (like Django's default_storage), and again after
    a test changes STORAGES. Settings without a `sheets` alias use the default storage."""

    def _setup(self):
        self._wrapped = storages[ALIAS if ALIAS in settings.STORAGES else "default"]


sheets_storage = SheetsStorage()


def get_sheets_storage():
    """The storage of the sheets' FileFields: a callable, so that migrations name it instead of freezing
    one backend into the schema (the backend is configuration, not schema)."""
    return sheets_storage


def _forget_storage(*, setting, **kwargs):
    if setting == "STORAGES":
        sheets_storage._wrapped = empty


setting_changed.connect(_forget_storage)


def download_response(file, *, filename, content_type):
    """The response that hands over a stored file (a FieldFile) as a download named `filename`.

    By default the web process streams it from the storage: with the filesystem storage that is the
    kernel's sendfile through the WSGI file wrapper, as fast as serving a static file; with a bucket the
    object is read once and streamed (sheet PDFs are small), and the bucket may stay private to Dugout's
    machines. With SHEETS_DOWNLOAD_REDIRECT (only for an S3 storage: settings check it) the reply is a
    redirect to a short-lived signed URL of the object instead, so a large zip never ties up a web worker;
    the URL names the download (Content-Disposition) as the streamed reply would.
    """
    if settings.SHEETS_DOWNLOAD_REDIRECT:
        url = file.storage.url(
            file.name,
            parameters={
                "ResponseContentDisposition": content_disposition_header(True, filename),
                "ResponseContentType": content_type,
            },
        )
        response = HttpResponseRedirect(url)
        # The URL expires: no cache may keep the redirect longer than the signature lives.
        response["Cache-Control"] = "private, no-store"
        return response
    return FileResponse(file.open("rb"), as_attachment=True, filename=filename, content_type=content_type)
