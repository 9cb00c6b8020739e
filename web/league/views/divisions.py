"""A commissioner divides a season: the divisions page (create, rename, order and delete divisions, place
and move teams, balance them, start from last season's divisions with promotion and relegation) and the
posts it sends. Thin views over league.services.divisions; every write is for the league's
commissioners only, and comes back to the divisions page with what happened."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league.models import Division, SeasonEntry
from league.services import divisions as division_services
from web.league.division_forms import (
    BalanceForm,
    DivisionForm,
    PlaceTeamForm,
    PromotionCountsForm,
    PromotionForm,
)
from web.league.views.common import get_season_for_commissioner
from web.service_calls import attempt, show_errors


def _back(season):
    return redirect("league:divisions", pk=season.pk)


@login_required
def divisions(request, pk):
    """The divisions page; a post creates a division."""
    season = get_season_for_commissioner(request, pk)
    form = DivisionForm(request.POST or None, auto_id="new_division_%s")
    if request.method == "POST" and form.submit(season=season, by=request.user):
        messages.success(request, _("The division %(name)s was created.") % {"name": form.result.name})
        return _back(season)
    return render(request, "league/divisions.html", _page_context(request, season, form))


def _page_context(request, season, create_form):
    """The divisions with their teams, the teams in none, a form per team, and the promotion table when
    the league's previous season had divisions (a constant number of queries)."""
    divisions = list(season.divisions.all())
    entries = list(season.entries.accepted().select_related("team").order_by("name", "id"))
    teams = {division.pk: [] for division in divisions}
    unplaced = []
    for entry in entries:
        entry.place_form = PlaceTeamForm(
            initial={"division": entry.division_id}, divisions=divisions, auto_id=f"place_{entry.pk}_%s"
        )
        teams.get(entry.division_id, unplaced).append(entry)
    for division in divisions:
        division.teams = teams[division.pk]
        division.rename_form = DivisionForm(
            initial={"name": division.name, "conference": division.conference},
            auto_id=f"division_{division.pk}_%s",
        )
    return {
        "league": season.league,
        "season": season,
        "divisions": divisions,
        "unplaced": unplaced,
        "locked": division_services.locked_reason(season),
        "create_form": create_form,
        "balance_form": BalanceForm(auto_id="balance_%s"),
        **_promotion_context(request, season, divisions),
    }


def _promotion_context(request, season, divisions):
    """The promotion table from the previous season's divisions (?up=K&down=K), or nothing to show."""
    last = division_services.previous_season(season)
    if last is None or not last.divisions.exists():
        return {}
    counts = PromotionCountsForm(request.GET or None, auto_id="counts_%s")
    up, down = (counts.cleaned_data["up"], counts.cleaned_data["down"]) if counts.is_valid() else (1, 1)
    try:
        moves = division_services.promotion_proposal(season=season, up=up, down=down)
    except ValidationError as error:
        return {"last_season": last, "counts_form": counts, "promotion_refused": error.messages}
    names = [division.name for division in divisions] or list(last.divisions.values_list("name", flat=True))
    return {
        "last_season": last,
        "counts_form": counts,
        "promotion_form": PromotionForm(
            initial={"up": up, "down": down}, moves=moves, division_names=names, auto_id="promotion_%s"
        ),
    }


def _get_division(request, pk):
    division = get_object_or_404(Division, pk=pk)
    division.season = get_season_for_commissioner(request, division.season_id)
    return division


@login_required
@require_POST
def division_rename(request, pk):
    division = _get_division(request, pk)
    form = DivisionForm(request.POST)
    if form.submit(division=division, by=request.user):
        messages.success(request, _("The division is now %(name)s.") % {"name": division.name})
    else:
        show_errors(request, form)
    return _back(division.season)


@login_required
@require_POST
def division_move(request, pk):
    """Moves a division one place up or down (?step=up or down): the order of promotion."""
    division = _get_division(request, pk)
    step = {"up": -1, "down": 1}.get(request.POST.get("step", ""), 0)
    attempt(request, lambda: division_services.move_division(division=division, by=request.user, step=step))
    return _back(division.season)


@login_required
@require_POST
def division_delete(request, pk):
    division = _get_division(request, pk)
    attempt(
        request,
        lambda: division_services.delete_division(division=division, by=request.user),
        _("The division %(name)s was removed.") % {"name": division.name},
    )
    return _back(division.season)


@login_required
@require_POST
def entry_division(request, pk):
    """Places a team in a division, or moves it to another."""
    entry = get_object_or_404(SeasonEntry.objects.select_related("team"), pk=pk)
    entry.season = season = get_season_for_commissioner(request, entry.season_id)
    form = PlaceTeamForm(request.POST, divisions=list(season.divisions.all()))
    if form.submit(entry=entry, by=request.user):
        division = form.result.division
        messages.success(
            request,
            _("%(team)s plays in %(division)s.") % {"team": entry.display_name, "division": division.name}
            if division
            else _("%(team)s is in no division.") % {"team": entry.display_name},
        )
    else:
        show_errors(request, form)
    return _back(season)


@login_required
@require_POST
def divisions_balance(request, pk):
    season = get_season_for_commissioner(request, pk)
    form = BalanceForm(request.POST)
    if form.submit(season=season, by=request.user):
        messages.success(request, _("The teams are shared between the divisions."))
    else:
        show_errors(request, form)
    return _back(season)


@login_required
@require_POST
def divisions_promotion(request, pk):
    """Applies the promotion table as the commissioner left it."""
    season = get_season_for_commissioner(request, pk)
    counts = PromotionCountsForm(request.POST)
    if not counts.is_valid():
        show_errors(request, counts)
        return _back(season)
    try:
        moves = division_services.promotion_proposal(season=season, **counts.cleaned_data)
    except ValidationError as error:
        show_errors(request, error)
        return _back(season)
    names = list(season.divisions.values_list("name", flat=True))
    last = division_services.previous_season(season)
    names = names or list(last.divisions.values_list("name", flat=True))
    form = PromotionForm(request.POST, moves=moves, division_names=names)
    if form.submit(season=season, by=request.user):
        messages.success(request, _("The divisions start from last season's, with promotion and relegation."))
    else:
        show_errors(request, form)
    return _back(season)
