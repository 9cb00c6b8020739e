"""The API's reads: leagues, seasons, standings, fixtures, results and teams.

Only leagues the requester may see are shown, by the rule the pages use (League.is_visible_to and
League.objects.visible_to): public ones to everyone, private ones to their commissioners, members and
coaches, whether they come with their session (a browser) or with a personal API token (a bot). Anything
else is a 404, as if it did not exist.
"""

from typing import Annotated

from django.http import Http404
from django.shortcuts import get_object_or_404
from ninja import Query, Router
from ninja.decorators import decorate_view

from dugout.freshness import fresh_page
from league.freshness import league_scopes, season_scopes
from league.models import Division, League, Season, StandingsRow
from league.standings.read import stored_table
from web.league.api import schemas
from web.league.api.auth import READ_AUTH, READ_SECURITY
from web.league.api.pages import (
    STANDINGS_FIELDS,
    TEAM_FIELDS,
    confirmed_result_json,
    fixture_json,
    fixture_window,
    league_json,
    paginated,
    season_json,
    standings_json,
    team_json,
)

router = Router(auth=READ_AUTH, tags=["Leagues"])

# Answers kept by the versions of the season or league they show, with their ETag (dugout.freshness); a
# request with a token is always answered by the operation.
_season_kept = decorate_view(fresh_page(season_scopes))
_league_kept = decorate_view(fresh_page(league_scopes))

PageNumber = Annotated[int, Query(1, ge=1, description="The page of the list, from 1 (50 items a page).")]
DivisionId = Annotated[
    int | None,
    Query(
        None,
        description="Only this division of the season (an id of the season's `divisions`); a division of "
        "another season is a 404.",
    ),
]
FAILURES = {400: schemas.PageError, 401: schemas.Error, 404: schemas.PageError, 429: schemas.Error}
# A season's lists also take ?division=, refused with 422 when it is not a whole number.
SEASON_FAILURES = {**FAILURES, 422: schemas.InvalidRequest}
ONE_FAILURES = {401: schemas.Error, 404: schemas.Error, 429: schemas.Error}


def _operation(url_name, response, failures=ONE_FAILURES):
    return {
        "url_name": url_name,
        "operation_id": url_name.removeprefix("api_"),
        "response": {200: response, **failures},
        "openapi_extra": READ_SECURITY,
    }


def _visible_league(request, slug):
    league = get_object_or_404(League, slug=slug)
    if not league.is_visible_to(request.user):
        raise Http404
    return league


def _visible_season(request, pk):
    season = get_object_or_404(Season.objects.select_related("league"), pk=pk)
    if not season.league.is_visible_to(request.user):
        raise Http404
    return season


def _season_division(season, pk):
    """The division `pk` of `season` (None when no division was asked for), else a 404."""
    return None if pk is None else get_object_or_404(Division.objects.for_season(season), pk=pk)


@router.get("leagues/", **_operation("api_leagues", schemas.LeaguePage, FAILURES))
def leagues(request, page: PageNumber = 1):
    """The leagues you may see, by name."""
    visible = League.objects.visible_to(request.user).order_by("name", "pk")
    return paginated(
        request,
        page,
        "leagues",
        count=visible.count(),
        read=lambda start, stop: [league_json(league) for league in visible[start:stop]],
    )


@router.get("leagues/{slug:slug}/", **_operation("api_league", schemas.LeagueDetail))
@_league_kept
def league(request, slug: str):
    """One league and its seasons, newest first (not paged)."""
    league = _visible_league(request, slug)
    seasons = league.seasons.select_related("league").prefetch_related("divisions")
    return {**league_json(league), "seasons": [season_json(season) for season in seasons]}


@router.get("seasons/{int:pk}/", **_operation("api_season", schemas.Season))
@_season_kept
def season(request, pk: int):
    """One season."""
    return season_json(_visible_season(request, pk))


@router.get(
    "seasons/{int:pk}/standings/", **_operation("api_standings", schemas.StandingsPage, SEASON_FAILURES)
)
@_season_kept
def standings(request, pk: int, page: PageNumber = 1, division: DivisionId = None):
    """The season's stored table, best first: a range of positions per page (read as plain values).
    With `division`, that division's table, by its places in it (`division_position`)."""
    season = _visible_season(request, pk)
    chosen = _season_division(season, division)
    table, counted, place = stored_table(season), StandingsRow.objects.for_season(season), "position"
    if chosen is not None:
        table, place = table.filter(division=chosen).order_by("division_position"), "division_position"
        counted = counted.filter(division=chosen)

    def read(start, stop):
        rows = table.filter(**{f"{place}__gt": start, f"{place}__lte": stop})
        return [standings_json(values) for values in rows.values_list(*STANDINGS_FIELDS)]

    count = counted.count()
    return paginated(request, page, "standings", count=count, read=read, season=season.pk)


@router.get("seasons/{int:pk}/fixtures/", **_operation("api_fixtures", schemas.FixturePage, SEASON_FAILURES))
@_season_kept
def fixtures(request, pk: int, page: PageNumber = 1, division: DivisionId = None):
    """The season's fixtures in order: those outside any round first, then round by round. A result
    shows only once confirmed. With `division`, the fixtures of its teams (a game between two divisions
    is in both)."""
    season = _visible_season(request, pk)
    count, read = fixture_window(season, division=_season_division(season, division))
    return paginated(
        request,
        page,
        "fixtures",
        count=count,
        read=lambda start, stop: [fixture_json(fixture) for fixture in read(start, stop)],
        season=season.pk,
    )


@router.get("seasons/{int:pk}/results/", **_operation("api_results", schemas.ResultPage, SEASON_FAILURES))
@_season_kept
def results(request, pk: int, page: PageNumber = 1, division: DivisionId = None):
    """The season's confirmed results, in the order of its fixtures (by fixture id within a round).
    With `division`, the results of its teams' games."""
    season = _visible_season(request, pk)
    count, read = fixture_window(season, confirmed_only=True, division=_season_division(season, division))
    return paginated(
        request,
        page,
        "results",
        count=count,
        read=lambda start, stop: [confirmed_result_json(fixture) for fixture in read(start, stop)],
        season=season.pk,
    )


@router.get("seasons/{int:pk}/teams/", **_operation("api_teams", schemas.TeamPage, SEASON_FAILURES))
@_season_kept
def teams(request, pk: int, page: PageNumber = 1, division: DivisionId = None):
    """The season's accepted entries in the order they entered (by id: read from an index, no sort).
    With `division`, its teams only."""
    season = _visible_season(request, pk)
    chosen = _season_division(season, division)
    entries = season.entries.accepted()
    if chosen is not None:
        entries = entries.filter(division=chosen)
    listed = entries.order_by("pk").values(*TEAM_FIELDS)
    return paginated(
        request,
        page,
        "teams",
        count=entries.count(),
        read=lambda start, stop: [team_json(entry) for entry in listed[start:stop]],
        season=season.pk,
    )
