"""A commissioner schedules a season: the schedule page, round robin, Swiss rounds, playoffs and their
next rounds, one fixture at a time."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league.forms import FixtureForm, PlayoffForm, RoundRobinForm, SwissRoundForm
from league.models import Fixture
from league.services import scheduling
from league.views.common import _attempt, _form_errors, get_season_for_commissioner


@login_required
def schedule(request, pk):
    season = get_season_for_commissioner(request, pk)
    return render(
        request,
        "league/schedule.html",
        {
            "league": season.league,
            "season": season,
            "round_robin_form": RoundRobinForm(league=season.league),
            "swiss_form": SwissRoundForm(),
            "playoff_form": PlayoffForm(),
            "fixture_form": FixtureForm(season=season),
            "has_playoffs": season.fixtures.playoff().exists(),
            "accepted": season.entries.accepted().count(),
        },
    )


def _schedule_action(request, pk, form_class, action, success, **form_kwargs):
    season = get_season_for_commissioner(request, pk)
    form = form_class(request.POST, **({"season": season} if form_kwargs.get("with_season") else {}))
    if form.is_valid():
        _attempt(request, lambda: action(season, form.cleaned_data), success)
    else:
        _form_errors(request, form)
    return redirect("league:schedule", pk=season.pk)


@login_required
@require_POST
def schedule_round_robin(request, pk):
    return _schedule_action(
        request,
        pk,
        RoundRobinForm,
        lambda season, data: scheduling.schedule_round_robin(season=season, by=request.user, **data),
        _("The round robin is scheduled."),
    )


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
        SwissRoundForm,
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
