"""What anyone who may see the league can subscribe to or embed: iCal calendars of a season and of a
team's fixtures, SVG charts of a season (standings race, team values). The season's feeds take
?division=N for one of its divisions: its teams only (a division of another season is a 404)."""

from django.db.models import Q
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from league import charts, ical
from league.models import Division, Fixture, Result, SeasonEntry
from league.standings import compute as standings
from league.standings.read import played_round_numbers, season_games, stored_table
from web.league.views.common import get_season, whole_number


def division_of(request, season):
    """The division of `season` that ?division=N names, or None without the parameter; a value that is
    not one of its divisions is a 404 (a feed of nothing would look like an empty season)."""
    wanted = request.GET.get("division")
    if wanted is None:
        return None
    return get_object_or_404(Division.objects.for_season(season), pk=whole_number(wanted) or 0)


def _calendar_response(request, fixtures, *, name, filename):
    body = ical.calendar(fixtures, name=name, host=request.get_host().split(":")[0] or "dugout")
    response = HttpResponse(body, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


def season_calendar(request, pk):
    """Every dated fixture of the season, or of one division's teams (?division=N)."""
    season = get_season(request, pk)
    division = division_of(request, season)
    fixtures = ical.season_fixtures(season, division=division)
    if division is None:
        return _calendar_response(request, fixtures, name=str(season), filename=f"season-{season.pk}.ics")
    return _calendar_response(
        request,
        fixtures,
        name=f"{season} · {division.name}",
        filename=f"season-{season.pk}-division-{division.pk}.ics",
    )


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
    """League points after each round of the teams at the top of the table (charts.MAX_SERIES), or of
    one division's table (?division=N)."""
    season = get_season(request, pk)
    division = division_of(request, season)
    table = stored_table(season)
    if division is not None:
        table = table.filter(division=division).order_by("division_position")
    top = list(table[: charts.MAX_SERIES])
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
    """Each team's value after each round, or of one division's teams (?division=N)."""
    season = get_season(request, pk)
    division = division_of(request, season)
    results = Result.objects.confirmed().filter(fixture__season=season)
    entries = season.entries.accepted().with_related()
    if division is not None:
        # A game against another division shows the division's team's value only (names leave it out).
        results = results.filter(Q(fixture__home__division=division) | Q(fixture__away__division=division))
        entries = entries.filter(division=division)
    rows = results.order_by("fixture__round__number").values_list(
        "fixture__round__number",
        "fixture__home_id",
        "fixture__away_id",
        "home_team_value",
        "away_team_value",
    )
    names = {entry.pk: entry.display_name for entry in entries}
    return _svg(charts.team_value_over_season(list(rows), names, title=_("Team value after each round")))
