"""The match page: one URL for the whole match, drawing the context of its current stage (pre-match
step, live drive, post-match preview, league result) from the module of that stage."""

from django.shortcuts import render
from django.urls import reverse
from django_htmx.http import HttpResponseClientRedirect

from league.models import Fixture
from league.services.progress import progress_for
from matches.models import Match
from matches.services import league as league_link
from matches.services import postmatch
from web.matches.forms import PostmatchForm
from web.matches.views.access import _is_commissioner, _texts, may_undo_apply, recorder
from web.matches.views.live import _asked_quick_form, _live_context, _scoreboard
from web.matches.views.prematch import _prematch_context

# Once sent to the league, the match page says where its result stands (league.services.progress).
_SENT = {Match.Status.SUBMITTED, Match.Status.CONFIRMED, Match.Status.APPLIED}


def _progress(request, match):
    fixture = Fixture.objects.with_related().get(pk=match.fixture_id)
    return progress_for(fixture, user=request.user, commissions=_is_commissioner(request.user, match))


@recorder
def match_detail(request, match):
    edition, language = _texts(match)
    context = {"match": match, "can_undo_apply": may_undo_apply(request.user, match), **_scoreboard(match)}
    if match.status == Match.Status.PRE_MATCH:
        context.update(_prematch_context(match, edition, language, user=request.user))
    elif match.status == Match.Status.IN_PROGRESS:
        context.update(_live_context(match, context, quick_form=_asked_quick_form(match, request.GET)))
    elif match.status == Match.Status.POST_MATCH:
        context["postmatch_form"] = PostmatchForm(match=match)
        if match.postmatch:
            context["preview"] = postmatch.preview(match)
    elif match.status in (Match.Status.SUBMITTED, Match.Status.CONFIRMED):
        league_link.refresh_status(match)
        context.update(
            preview=postmatch.preview(match),
            ready_to_apply=league_link.ready_to_apply(match),
        )
    if match.status == Match.Status.APPLIED:
        context["open_corrections"] = match.corrections.filter(status="proposed").select_related(
            "proposed_by"
        )
    if not match.is_friendly and match.status in _SENT:
        context["progress"] = _progress(request, match)
    if request.htmx and request.GET.get("fragment") == "scoreboard":
        return render(request, "matches/match.html#scoreboard", context)
    if request.htmx.target == "live" and not request.htmx.history_restore_request:
        if match.status != Match.Status.IN_PROGRESS:  # ended meanwhile, from the other device
            return HttpResponseClientRedirect(reverse("matches:detail", args=[match.pk]))
        return render(request, "matches/match.html#live", context)
    return render(request, "matches/match.html", context)
