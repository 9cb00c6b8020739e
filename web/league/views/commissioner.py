"""What a commissioner does: start a league, change its settings, invite coaches, open seasons, accept
entries, adjust a team's league points, finish or reopen a season, and decide, reopen, reschedule or
remove results (scheduling fixtures is web.league.views.scheduling)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from league.models import Invitation, PointsAdjustment, Result, Season, SeasonEntry
from league.permissions import decides
from league.services import adjustments as adjustment_services
from league.services import entries as entry_services
from league.services import leagues as league_services
from league.services import results as result_services
from league.services import scheduling
from league.services import seasons as season_services
from web.league import page_sizes
from web.league.forms import (
    InvitationForm,
    LeagueCreateForm,
    LeagueSettingsForm,
    NamedEntryForm,
    PointsAdjustmentForm,
    ReopenForm,
    RescheduleForm,
    ResultForm,
    SeasonForm,
    SeasonStatusForm,
)
from web.league.views.common import (
    _back_to,
    _get_result,
    _page,
    get_fixture,
    get_league_for_commissioner,
    get_season_for_commissioner,
)
from web.service_calls import attempt, show_errors


@login_required
def league_create(request):
    form = LeagueCreateForm(request.POST or None)
    if request.method == "POST" and form.submit(user=request.user):
        league = form.result
        messages.success(request, _("The league %(name)s is ready.") % {"name": league.name})
        return redirect("league:detail", slug=league.slug)
    return render(request, "league/league_create.html", {"form": form})


@login_required
def league_settings(request, slug):
    league = get_league_for_commissioner(request, slug)
    form = LeagueSettingsForm(request.POST or None, instance=league, by=request.user)
    if request.method == "POST" and form.submit():
        messages.success(request, _("The league settings were saved."))
        return redirect("league:settings", slug=league.slug)
    return render(request, "league/league_settings.html", {"league": league, "form": form})


@login_required
def invitations(request, slug):
    league = get_league_for_commissioner(request, slug)
    form = InvitationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        invitation = form.save(league=league, user=request.user)
        messages.success(request, _("Invitation created: %(code)s") % {"code": invitation.code})
        return redirect("league:invitations", slug=league.slug)
    return render(
        request,
        "league/invitations.html",
        {"league": league, "form": form, "invitations": league.invitations.all()},
    )


@login_required
@require_POST
def invitation_revoke(request, slug, pk):
    league = get_league_for_commissioner(request, slug)
    invitation = get_object_or_404(Invitation, pk=pk, league=league)
    league_services.revoke_invitation(invitation=invitation, by=request.user)
    messages.success(request, _("The invitation was revoked."))
    return redirect("league:invitations", slug=league.slug)


@login_required
def season_create(request, slug):
    league = get_league_for_commissioner(request, slug)
    form = SeasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        season = form.save(league=league, user=request.user)
        messages.success(request, _("The season %(name)s is open for registration.") % {"name": season.name})
        return redirect("league:season", pk=season.pk)
    return render(request, "league/season_create.html", {"league": league, "form": form})


@login_required
def entries(request, pk):
    season = get_season_for_commissioner(request, pk)
    form = NamedEntryForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        name = form.cleaned_data["name"]
        if attempt(
            request,
            lambda: entry_services.register_named_entry(season=season, name=name, user=request.user),
            _("%(name)s was added.") % {"name": name},
        ):
            return redirect("league:entries", pk=season.pk)
    return render(
        request,
        "league/entries.html",
        {
            "league": season.league,
            "season": season,
            "entries": season.entries.with_related().order_by("status", "name"),
            "form": form,
            "progress": season_services.season_progress(season),
        },
    )


@login_required
@require_POST
def entry_accept(request, pk):
    entry = get_object_or_404(SeasonEntry.objects.select_related("season__league", "team"), pk=pk)
    attempt(
        request,
        lambda: entry_services.accept_entry(entry=entry, by=request.user),
        _("%(name)s is in.") % {"name": entry.display_name},
    )
    # Accepted from the season page's next steps: back there; from the entries page: back to the list.
    if request.POST.get("back") == "season":
        return redirect("league:season", pk=entry.season_id)
    return redirect("league:entries", pk=entry.season_id)


@login_required
def adjustments(request, pk):
    """The season's points adjustments, and the form that adds one (?entry=N chooses the team)."""
    season = get_season_for_commissioner(request, pk)
    initial = {"entry": request.GET.get("entry")}
    form = PointsAdjustmentForm(request.POST or None, season=season, initial=initial)
    if request.method == "POST" and form.submit(by=request.user):
        messages.success(request, _adjustment_message(form.result))
        return redirect("league:adjustments", pk=season.pk)
    listed = (
        PointsAdjustment.objects.for_season(season)
        .select_related("entry__team", "created_by")
        .order_by("-created_at", "-id")
    )
    return render(
        request,
        "league/adjustments.html",
        {
            "league": season.league,
            "season": season,
            "form": form,
            "page": _page(request, listed, page_sizes.ENTRIES_PER_PAGE),
        },
    )


def _adjustment_message(adjustment):
    count = abs(adjustment.points)
    if adjustment.points < 0:
        text = ngettext(
            "%(name)s loses %(count)s league point.", "%(name)s loses %(count)s league points.", count
        )
    else:
        text = ngettext(
            "%(name)s gains %(count)s league point.", "%(name)s gains %(count)s league points.", count
        )
    return text % {"name": adjustment.entry.display_name, "count": count}


@login_required
@require_POST
def adjustment_remove(request, pk):
    adjustment = get_object_or_404(
        PointsAdjustment.objects.select_related("entry__season__league", "entry__team"), pk=pk
    )
    season = adjustment.entry.season
    if not season.league.is_visible_to(request.user):
        raise Http404
    attempt(
        request,
        lambda: adjustment_services.remove_adjustment(adjustment=adjustment, by=request.user),
        _("The adjustment of %(name)s was removed.") % {"name": adjustment.entry.display_name},
    )
    return redirect("league:adjustments", pk=season.pk)


@login_required
@require_POST
def season_status(request, pk):
    """A step of the season's life cycle: start it, finish it (forced past unplayed fixtures with a
    reason) or reopen it (league.services.seasons); finishing a Blood Bowl season gives its prizes,
    reopening it takes them back (league.services.prizes)."""
    season = get_season_for_commissioner(request, pk)
    form = SeasonStatusForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Unknown season status."))
        return redirect("league:season", pk=season.pk)
    previous = season.status
    attempt(
        request,
        lambda: season_services.move_season(season=season, by=request.user, **form.cleaned_data),
        lambda moved: _status_message(moved, previous),
    )
    return redirect("league:season", pk=season.pk)


def _status_message(season, previous):
    finished = Season.Status.FINISHED
    if season.status == finished and season.league.is_blood_bowl:
        return _("The season is finished; the prizes are in the treasuries.")
    if season.status == finished:
        return _("The season is finished.")
    if previous == finished and season.league.is_blood_bowl:
        return _("The season is reopened; its prizes were taken back.")
    if previous == finished:
        return _("The season is reopened.")
    return _("The season has started: the coaches can play their fixtures.")


@login_required
def decisions(request, pk):
    season = get_season_for_commissioner(request, pk)
    pending = (
        Result.objects.for_season(season)
        .exclude(status=Result.Status.CONFIRMED)
        # A game the commissioner plays is confirmed by the opponent or another commissioner.
        .exclude(fixture__home__coach=request.user)
        .exclude(fixture__away__coach=request.user)
        .with_related()
        .order_by("status", "fixture__round__number")
    )
    return render(
        request, "league/decisions.html", {"league": season.league, "season": season, "results": pending}
    )


@login_required
@require_POST
def result_decide(request, pk):
    """A commissioner confirms a result as it stands ("confirm") or with the score in the form."""
    fixture = get_fixture(request, pk)
    if not decides(request.user, fixture):
        raise PermissionDenied
    if request.POST.get("action") == "confirm":
        result = _get_result(fixture)
        attempt(
            request,
            lambda: result_services.decide_result(result=result, by=request.user),
            _("The result is confirmed."),
        )
        return _back_to(fixture)
    form = ResultForm(request.POST, fixture=fixture)
    if form.is_valid():
        attempt(request, lambda: form.decide(user=request.user), _("The result is set and confirmed."))
    else:
        show_errors(request, form)
    return _back_to(fixture)


@login_required
@require_POST
def result_reopen(request, pk):
    fixture = get_fixture(request, pk)
    result = _get_result(fixture)
    form = ReopenForm(request.POST)
    reason = form.cleaned_data["reason"] if form.is_valid() else ""
    attempt(
        request,
        lambda: result_services.reopen_result(result=result, by=request.user, reason=reason),
        _("The result is reopened and no longer counts."),
    )
    return _back_to(fixture)


@login_required
@require_POST
def fixture_reschedule(request, pk):
    fixture = get_fixture(request, pk)
    form = RescheduleForm(request.POST)
    if not form.is_valid():
        if not fixture.season.league.is_commissioner(request.user):
            raise PermissionDenied
        show_errors(request, form)
        return _back_to(fixture)
    attempt(
        request,
        lambda: scheduling.reschedule_fixture(
            fixture=fixture, by=request.user, scheduled_at=form.cleaned_data["scheduled_at"]
        ),
        _("The fixture was rescheduled."),
    )
    return _back_to(fixture)


@login_required
@require_POST
def fixture_delete(request, pk):
    fixture = get_fixture(request, pk)
    season_pk = fixture.season_id
    if attempt(
        request,
        lambda: scheduling.delete_fixture(fixture=fixture, by=request.user),
        _("The fixture was removed."),
    ):
        return redirect("league:fixtures", pk=season_pk)
    return _back_to(fixture)
