"""/rules/<edition>.json: the edition as one JSON document (rulebook/EXPORT.md)."""

from functools import cache

from django.http import HttpResponse
from django.views.decorators.http import condition, require_safe

from rulebook.edition import get_edition
from rulebook.export import export_json
from web.rulebook.views.common import edition_or_404


@cache
def _export_text(edition_id):
    """The serialised export, made once per process: the edition never changes while it runs."""
    return export_json(get_edition(edition_id))


def _export_etag(request, edition_id):
    try:
        return get_edition(edition_id).version
    except LookupError:
        return None


@require_safe
@condition(etag_func=_export_etag)
def export(request, edition_id):
    """The edition as JSON: the same text `manage.py export_rulebook <edition>` prints."""
    edition_or_404(edition_id)
    return HttpResponse(_export_text(edition_id), content_type="application/json")
