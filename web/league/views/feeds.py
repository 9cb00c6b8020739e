"""What anyone who may see the league can subscribe to or embed: iCal calendars of a season and of a
team's fixtures, SVG charts of a season (standings race, team values)."""

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from league import charts, ical
from league.models import Fixture, Result, SeasonEntry
from league.standings import compute as standings
from league.standings.read import played_round_numbers, season_games, stored_table
from web.league.views.common import get_season


def _calendar_response(request, fixtures, *, name, filename):
    body = ical.calendar(fixtures, name=name, host=request.get_host().split(":")[0] or "dugout")
    response = HttpResponse(body, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


def season_calendar(request, pk):
    season = get_season(request, pk)
    fixtures = Fixture.objects.for_season(season).with_related()
    return _calendar_response(request, fixtures, name=str(season), filename=f"season-{season.pk}.ics")


def entry_calendar(request, pk):
    entry = get_object_or_404(SeasonEntry.objects.select_related("season__league", "team"), pk=pk)
    if not entry.season.league.is_visible_to(request.user):
        raise Http404
    fixtures = Fixture.objects.for_entry(entry).with_related()
    return _calendar_response(
        request, fixtures, name=f"{entry.display_name} · {entry.season}", filename=f"team-{entry.pk}.ics"
    )


def _svg(body):
    return HttpResponse(body, content_type="image/svg+xml; charset=utf-8")


def chart_standings(request, pk):
    """League points after each round of the teams at the top of the table (charts.MAX_SERIES)."""
    season = get_season(request, pk)
    top = list(stored_table(season)[: charts.MAX_SERIES])
    rounds = played_round_numbers(season)
    games = season_games(season, involving=[row.entry_id for row in top])
    points = standings.points_by_round(
        [row.entry_id for row in top],
        games,
        scoring=season.league.scoring(),
        rounds=rounds,
        adjustments={row.entry_id: row.adjustment for row in top},
    )
    series = [(row.name, points[row.entry_id]) for row in top]
    return _svg(charts.standings_race(series, rounds=rounds, title=_("Points after each round")))


def chart_team_value(request, pk):
    season = get_season(request, pk)
    rows = (
        Result.objects.confirmed()
        .filter(fixture__season=season)
        .order_by("fixture__round__number")
        .values_list(
            "fixture__round__number",
            "fixture__home_id",
            "fixture__away_id",
            "home_team_value",
            "away_team_value",
        )
    )
    names = {entry.pk: entry.display_name for entry in season.entries.accepted().with_related()}
    return _svg(charts.team_value_over_season(list(rows), names, title=_("Team value after each round")))
