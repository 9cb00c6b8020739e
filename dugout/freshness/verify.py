"""The verification mode (settings.FRESHNESS_VERIFY, on in the whole test suite): every time a kept page or
a 304 would be served, the view draws the page again and both must be the same (the CSRF tokens aside,
kept as a placeholder in both). A difference raises StalePage, naming the URL, the page's scopes and the
latest changes of the process, and is also kept in `failures`, which the test suite reads after each test
(a page served by a live server to a browser raises in the server's thread, not in the test's)."""

import difflib
import time

from django.conf import settings
from django.core.cache import cache
from django.db.models.signals import post_delete, post_save

from dugout.freshness.changes import PREFIX, recent_changes

failures = []


class StalePage(AssertionError):
    """A kept page (or a 304) that is not what the view draws now."""


def enabled():
    return getattr(settings, "FRESHNESS_VERIFY", False)


def record_every_write():
    """Every row saved or deleted joins the latest changes of the reports, with the scopes it changed
    (none, where an invalidation is missing)."""

    def written(sender, instance, **kwargs):
        verb = "deleted" if "origin" in kwargs else "saved"
        recent_changes.append((time.time(), f"{sender._meta.label} {instance.pk} {verb} (the row)", ()))

    post_save.connect(written, weak=False, dispatch_uid="freshness.verify.saved")
    post_delete.connect(written, weak=False, dispatch_uid="freshness.verify.deleted")


def _recorded_key(tag):
    return f"{PREFIX}:verify:{tag}"


def record(tag, kept):
    """The page drawn under `tag`, for the 304s answered later (whether or not it stays kept)."""
    if enabled():
        cache.set(_recorded_key(tag), kept, timeout=None)


def recorded(tag):
    return cache.get(_recorded_key(tag)) if enabled() else None


def check(request, kept, draw):
    """Raises StalePage unless draw() (the view's page in its kept form, or None) equals `kept`."""
    if not enabled():
        return
    fresh = draw()
    if fresh is not None and fresh["body"] == kept["body"] and fresh["headers"] == kept["headers"]:
        return
    report = _report(request, kept, fresh)
    failures.append(report)
    raise StalePage(report)


def _report(request, kept, fresh):
    lines = [
        f"stale page: {request.method} {request.get_full_path()} for {request.user}",
        f"scopes: {getattr(request, 'fresh_scopes', None)}",
        "latest writes and the scopes they changed (newest last):",
        *(f"  {time.time() - at:.2f} s ago: {why}: {sorted(scopes)}" for at, why, scopes in recent_changes),
    ]
    if fresh is None:
        lines.append("the view no longer draws a page that may be kept (not a plain 200)")
    else:
        diff = difflib.unified_diff(
            kept["body"].decode(errors="replace").splitlines(),
            fresh["body"].decode(errors="replace").splitlines(),
            "kept",
            "drawn now",
            lineterm="",
            n=1,
        )
        lines += list(diff)[:40]
        if fresh["headers"] != kept["headers"]:
            lines.append(f"headers kept {kept['headers']}, drawn now {fresh['headers']}")
    return "\n".join(lines)
