"""What a coach does: join a league, enter a team or withdraw it, and submit, confirm or dispute results."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league.hooks import hooks
from league.models import Invitation, SeasonEntry
from league.services import entries as entry_services
from league.services import leagues as league_services
from league.services import results as result_services
from web.league.forms import CommentForm, JoinForm, RegisterTeamForm, ResultForm
from web.league.views.common import _back_to, _get_result, get_fixture, get_season
from web.service_calls import attempt, show_errors


@login_required
def join(request, code=None):
    """An invitation link (/leagues/join/<code>/) or the code typed in (/leagues/join/)."""
    if code is None:
        form = JoinForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            return redirect("league:join_code", code=form.cleaned_data["code"].strip())
        return render(request, "league/join.html", {"form": form})
    invitation = Invitation.objects.select_related("league").filter(code=code).first()
    if request.method == "POST":
        joined = attempt(
            request,
            lambda: league_services.join_league(code=code, user=request.user),
            lambda league: _("You joined %(league)s.") % {"league": league.name},
        )
        if not joined:
            return redirect("league:join")
        return redirect("league:detail", slug=joined.value.slug)
    usable = invitation is not None and invitation.is_usable()
    return render(
        request, "league/join_confirm.html", {"invitation": invitation if usable else None, "code": code}
    )


@login_required
def register(request, pk):
    season = get_season(request, pk)
    form = RegisterTeamForm(request.POST or None, season=season, user=request.user)
    if request.method == "POST" and form.submit():
        messages.success(request, _entered_message(season, request.user))
        return redirect("league:season", pk=season.pk)
    return render(request, "league/register.html", {"league": season.league, "season": season, "form": form})


def _entered_message(season, user):
    """A commissioner who enters their own team accepts it themselves: the season page shows how."""
    if season.league.is_commissioner(user):
        return _("Your team is entered; as a commissioner of this league, accept it below.")
    return _("Your team is entered; a commissioner will accept it.")


@login_required
@require_POST
def entry_withdraw(request, pk):
    entry = get_object_or_404(SeasonEntry.objects.select_related("season__league", "team"), pk=pk)
    attempt(
        request,
        lambda: entry_services.withdraw_entry(entry=entry, by=request.user),
        _("%(name)s was withdrawn.") % {"name": entry.display_name},
    )
    if entry.season.league.is_commissioner(request.user):
        return redirect("league:entries", pk=entry.season_id)
    return redirect("league:season", pk=entry.season_id)


@login_required
@require_POST
def result_submit(request, pk):
    fixture = get_fixture(request, pk)
    form = ResultForm(request.POST, fixture=fixture)
    if form.is_valid():
        attempt(
            request,
            lambda: form.submit(user=request.user),
            _("The result was submitted; it counts once the opponent confirms it."),
        )
    else:
        if fixture.side_of(request.user) is None:
            raise PermissionDenied
        show_errors(request, form)
    return _back_to(fixture)


def _confirmed_message(result):
    match = hooks.recorded_matches([result.fixture_id]).get(result.fixture_id)
    if match is not None and match.applied:
        return _("The result is confirmed and the match is applied to both teams.")
    return _("The result is confirmed.")


def _back_to_next(request, fixture):
    """Back where the confirm button was (the match page, the home page), else the fixture page."""
    target = request.POST.get("next", "")
    # A path only: redirect() would take "69002" or "home" for the name of a view (a 500, or a guess).
    if target.startswith("/") and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        return redirect(target)
    return _back_to(fixture)


@login_required
@require_POST
def result_confirm(request, pk):
    """The opponent confirms; the service applies a recorded match to both teams in the same write."""
    fixture = get_fixture(request, pk)
    result = _get_result(fixture)
    attempt(
        request,
        lambda: result_services.confirm_result(result=result, by=request.user),
        _confirmed_message,
    )
    return _back_to_next(request, fixture)


@login_required
@require_POST
def result_dispute(request, pk):
    fixture = get_fixture(request, pk)
    result = _get_result(fixture)
    form = CommentForm(request.POST)
    comment = form.cleaned_data["comment"] if form.is_valid() else ""
    attempt(
        request,
        lambda: result_services.dispute_result(result=result, by=request.user, comment=comment),
        _("The result is disputed; a commissioner will decide."),
    )
    return _back_to(fixture)
