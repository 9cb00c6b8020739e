"""Who may do what to a match, and the helpers every match view shares: the `recorder` decorator, the
match lookup, the edition and language of its texts, and the redirects back to the match page after a
write (with its success or error messages)."""

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import get_language

from matches.models import SIDES, Match
from rulebook.edition import get_edition
from web.rosters.permissions import is_commissioner_for
from web.service_calls import show_errors


def _is_commissioner(user, match):
    """A league match: a commissioner of its league. A friendly: of a league either team plays in."""
    if match.fixture_id:
        return match.fixture.season.league.is_commissioner(user)
    return any(is_commissioner_for(user, match.team(side)) for side in SIDES)


def may_record(user, match):
    """Both coaches record the match (from either device); a commissioner of their league may too."""
    if not user.is_authenticated:
        return False
    return user.pk in (match.home_team.coach_id, match.away_team.coach_id) or _is_commissioner(user, match)


def may_undo_apply(user, match):
    """A commissioner, or for a friendly the coach who created it."""
    if not user.is_authenticated:
        return False
    return _is_commissioner(user, match) or (match.is_friendly and match.created_by_id == user.pk)


def _match(pk):
    return get_object_or_404(
        Match.objects.select_related("home_team", "away_team", "fixture__season__league"), pk=pk
    )


def recorder(view):
    """Login required; 404 for an unknown match, 403 for anyone who may not record it."""

    @login_required
    @wraps(view)
    def wrapper(request, pk, *args, **kwargs):
        match = _match(pk)
        if not may_record(request.user, match):
            raise PermissionDenied
        return view(request, match, *args, **kwargs)

    return wrapper


def _done(request, match, message=None):
    if message:
        messages.success(request, message)
    return redirect("matches:detail", pk=match.pk)


def _back(match):
    return redirect("matches:detail", pk=match.pk)


def _refused(request, match, source):
    """Back to the match page, saying why (a form's errors or a service's ValidationError)."""
    show_errors(request, source)
    return _back(match)


def _texts(match):
    edition = get_edition(match.home_team.edition)
    language = get_language()
    return edition, language
