"""After the final whistle: the post-match rolls, applying the match to both teams (and undoing that),
and sending a league match's result to its league."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from matches.services import league as league_link
from matches.services import postmatch
from rulebook.dice import Dice
from web.matches.forms import PostmatchForm
from web.matches.views.access import _back, _done, _match, _refused, may_undo_apply, recorder
from web.service_calls import attempt


@recorder
@require_POST
def submit_to_league(request, match):
    if not attempt(request, lambda: league_link.submit_to_league(match, user=request.user)):
        return _back(match)
    return _done(request, match, _("The result was sent to the league. What happens next is shown below."))


@recorder
@require_POST
def postmatch_roll(request, match):
    form = PostmatchForm(request.POST, match=match)
    if not form.is_valid():
        return _refused(request, match, form)
    if not attempt(
        request,
        lambda: postmatch.roll_postmatch(
            match,
            dice=Dice(),
            user=request.user,
            faces=form.faces(),
            hire=form.hire(),
            awarded=form.awarded(),
            nominees=form.nominees(),
            raised=form.raised(),
            stalled=form.stalled(),
            hunted=form.hunted(),
            souls=form.souls(),
        ),
    ):
        return _back(match)
    return _done(request, match)


@recorder
@require_POST
def postmatch_apply(request, match):
    if not attempt(request, lambda: postmatch.apply_postmatch(match, user=request.user)):
        return _back(match)
    messages.success(request, _("The match was applied to both teams."))
    return redirect("matches:report", pk=match.pk)


@login_required
@require_POST
def postmatch_undo(request, pk):
    match = _match(pk)
    if not may_undo_apply(request.user, match):
        raise PermissionDenied
    if not attempt(request, lambda: postmatch.undo_apply(match, user=request.user)):
        return _back(match)
    return _done(request, match, _("The match was undone: both teams are back as they were."))
