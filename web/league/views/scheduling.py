"""A commissioner schedules a season: the schedule page, round robin, Swiss rounds, playoffs and their
next rounds, one fixture at a time. The page offers only the ways that fit the season's format, lists
the fixtures made, and the next step of the season's life cycle (start it)."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from league.models import Fixture, Season
from league.services import scheduling
from league.services.seasons import season_progress
from web.league import page_sizes
from web.league.forms import FixtureForm, NextPlayoffRoundForm, PlayoffForm, RoundRobinForm, SwissRoundForm
from web.league.views.common import get_season_for_commissioner
from web.service_calls import attempt, show_errors


def _offers(season, progress, has_league_fixtures):
    """The ways of scheduling that fit the season (its format and where it stands): a round robin season
    is drawn once, a Swiss season a round at a time, a manual one a fixture at a time; playoffs follow
    any format once the season is running."""
    if season.status == Season.Status.FINISHED:
        return set()
    offers = set()
    if season.format in scheduling.ROUND_ROBINS and not has_league_fixtures:
        offers.add("round_robin")
    if season.format == Season.Format.SWISS:
        offers.add("swiss")
    if season.format == Season.Format.MANUAL:
        offers.add("manual")
    if season.status == Season.Status.RUNNING:
        offers.add("playoffs")
    return offers


@login_required
def schedule(request, pk):
    season = get_season_for_commissioner(request, pk)
    progress = season_progress(season)
    fixtures = Fixture.objects.filter(season=season).order_by("round__number", "bracket_slot", "id")
    has_league_fixtures = season.fixtures.league_stage().exists()
    divided = season.divisions.exists()
    return render(
        request,
        "league/schedule.html",
        {
            "league": season.league,
            "season": season,
            "progress": progress,
            "offers": _offers(season, progress, has_league_fixtures),
            "round_robin_form": RoundRobinForm(league=season.league, divided=divided),
            "swiss_form": SwissRoundForm(divided=divided),
            "next_playoff_form": NextPlayoffRoundForm(),
            "playoff_form": PlayoffForm(divided=divided),
            "divided": divided,
            "fixture_form": FixtureForm(season=season),
            "has_playoffs": season.fixtures.playoff().exists(),
            "playoff_byes": scheduling.playoff_byes(season),
            "accepted": progress.accepted,
            # The first fixtures made (a page of them): the whole list is the fixtures page.
            "fixtures": list(fixtures.listed()[: page_sizes.FIXTURES_PER_PAGE]),
        },
    )


def _schedule_action(request, pk, form_class, action, success, **form_kwargs):
    season = get_season_for_commissioner(request, pk)
    form = form_class(request.POST, **({"season": season} if form_kwargs.get("with_season") else {}))
    if form.is_valid():
        attempt(request, lambda: action(season, form.cleaned_data), success)
    else:
        show_errors(request, form)
    return redirect("league:schedule", pk=season.pk)


@login_required
@require_POST
def schedule_round_robin(request, pk):
    return _schedule_action(
        request,
        pk,
        RoundRobinForm,
        lambda season, data: scheduling.schedule_round_robin(season=season, by=request.user, **data),
        _round_robin_scheduled,
    )


def _round_robin_scheduled(rounds):
    count = len(rounds)
    return ngettext(
        "The round robin is scheduled: %(count)s round. Check its fixtures, then start the season.",
        "The round robin is scheduled: %(count)s rounds. Check their fixtures, then start the season.",
        count,
    ) % {"count": count}


@login_required
@require_POST
def schedule_swiss(request, pk):
    return _schedule_action(
        request,
        pk,
        SwissRoundForm,
        lambda season, data: scheduling.schedule_swiss_round(season=season, by=request.user, **data),
        _("The next Swiss round is paired."),
    )


@login_required
@require_POST
def schedule_playoffs(request, pk):
    return _schedule_action(
        request,
        pk,
        PlayoffForm,
        lambda season, data: scheduling.schedule_playoffs(season=season, by=request.user, **data),
        _("The playoff bracket is drawn."),
    )


@login_required
@require_POST
def advance_playoffs(request, pk):
    return _schedule_action(
        request,
        pk,
        NextPlayoffRoundForm,
        lambda season, data: scheduling.advance_playoffs(season=season, by=request.user, **data),
        lambda paired: _("The next playoff round is paired.") if paired else _playoffs_won(pk),
    )


def _playoffs_won(season_pk):
    """What pairing says once the final is played (there is no round left): who won the playoffs."""
    final = Fixture.objects.filter(season_id=season_pk).playoff().with_related().order_by("-round__number")
    winner = scheduling.playoff_winner(final.first())
    return _("The final is played: %(team)s won the playoffs.") % {"team": winner.display_name}


@login_required
@require_POST
def fixture_add(request, pk):
    return _schedule_action(
        request,
        pk,
        FixtureForm,
        lambda season, data: scheduling.add_fixture(season=season, by=request.user, **data),
        _("The fixture was added."),
        with_season=True,
    )
