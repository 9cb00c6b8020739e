"""The read-only JSON API under /leagues/api/ (documented in docs/league-api.md).

Only leagues the requester may see are listed; everything is GET, nothing changes. Every list that grows
with a league (or with the site) comes a page of PAGE_SIZE items at a time (?page=N) in one envelope
(`count`, `page`, `pages`, `next`, `previous`, then the items), read in a constant number of queries
whatever the page: a count and a window of rows, each from an index.
"""

import math
from functools import wraps

from django.db.models import Q
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from league.models import Fixture, League, Season, StandingsRow
from league.tables import stored_table

PAGE_SIZE = 50

# A stored table row's fields, and their names in the JSON.
STANDINGS_FIELDS = (
    "position",
    "entry_id",
    "name",
    "played",
    "won",
    "drawn",
    "lost",
    "td_for",
    "td_against",
    "cas_for",
    "cas_against",
    "bonus",
    "points",
    "tiebreaker",
    "tiebreaker_value",
    "still_tied",
)
STANDINGS_KEYS = tuple("entry" if name == "entry_id" else name for name in STANDINGS_FIELDS)


def _league_json(league):
    return {
        "slug": league.slug,
        "name": league.name,
        "game": league.game,
        "edition": league.edition,
        "public": league.public,
        "points": {"win": league.points_win, "draw": league.points_draw, "loss": league.points_loss},
        "bonus_points": league.scoring()["bonus"],
        "tiebreakers": league.tiebreakers,
        "optional_rules": league.optional_rules,
        "petty_cash_procedure": league.petty_cash_procedure,
        "starting_treasury": league.starting_treasury,
    }


def _season_json(season):
    return {
        "id": season.pk,
        "league": season.league.slug,
        "name": season.name,
        "status": season.status,
        "format": season.format,
    }


def _result_json(result):
    if result is None:
        return None
    return {
        "status": result.status,
        "home_score": result.home_score,
        "away_score": result.away_score,
        "home_cas": result.home_cas,
        "away_cas": result.away_cas,
        "conceded_by": result.conceded_by_id,
    }


def _fixture_json(fixture, *, confirmed_only=True):
    result = fixture.confirmed_result if confirmed_only else fixture.result_or_none
    return {
        "id": fixture.pk,
        "round": fixture.round.number if fixture.round_id else None,
        "stage": fixture.stage,
        "scheduled_at": fixture.scheduled_at.isoformat() if fixture.scheduled_at else None,
        "date": fixture.round.date.isoformat() if fixture.round_id and fixture.round.date else None,
        "home": fixture.home_id,
        "away": fixture.away_id,
        "home_name": fixture.home.display_name,
        "away_name": fixture.away.display_name,
        "result": _result_json(result),
    }


def _league(request, slug):
    league = get_object_or_404(League, slug=slug)
    if not league.is_visible_to(request.user):
        raise Http404
    return league


def _season(request, pk):
    season = get_object_or_404(Season.objects.select_related("league"), pk=pk)
    if not season.league.is_visible_to(request.user):
        raise Http404
    return season


def _json(data, *, status=200):
    return JsonResponse(data, status=status, json_dumps_params={"ensure_ascii": False})


class PageError(Exception):
    """A ?page= that is not a page of the list: 400 when it is not a whole number from 1, 404 past the
    last page."""

    def __init__(self, message, *, status):
        super().__init__(message)
        self.status = status


def _page_number(request):
    """The ?page= asked for (1 without one), checked before any query."""
    value = request.GET.get("page", "1")
    if not (value.isascii() and value.isdigit()) or int(value) < 1:
        raise PageError(_("The page must be a whole number from 1."), status=400)
    return int(value)


def _link(request, number):
    query = request.GET.copy()
    query["page"] = number
    return request.build_absolute_uri(f"{request.path}?{query.urlencode()}")


def _paginated(request, key, *, count, read, **head):
    """The envelope of one page of a list of `count` items: `head`, then count, page, pages, next and
    previous (absolute links, or null), then the page's items under `key`, which `read(start, stop)`
    returns."""
    number = _page_number(request)
    pages = max(1, math.ceil(count / PAGE_SIZE))
    if number > pages:
        raise PageError(
            _("There is no page %(number)s: the last page is %(pages)s.")
            % {"number": number, "pages": pages},
            status=404,
        )
    start = (number - 1) * PAGE_SIZE
    return _json(
        {
            **head,
            "count": count,
            "page": number,
            "pages": pages,
            "next": _link(request, number + 1) if number < pages else None,
            "previous": _link(request, number - 1) if number > 1 else None,
            key: read(start, min(start + PAGE_SIZE, count)) if count else [],
        }
    )


def list_view(view):
    """A GET-only view of a paginated list: a ?page= that is not a page answers a JSON error (400 or
    404), a malformed one before any query."""

    @require_GET
    @wraps(view)
    def wrapped(request, *args, **kwargs):
        try:
            _page_number(request)
            return view(request, *args, **kwargs)
        except PageError as error:
            return _json({"error": str(error)}, status=error.status)

    return wrapped


def _fixture_window(season, *, confirmed_only=False):
    """(count, read(start, stop)) over the season's fixtures (only those whose result is confirmed, with
    `confirmed_only`) in their order: those outside a round first, by id; then round by round, by
    bracket slot (by id alone for confirmed ones) and id: the order of an index of the fixtures of a
    round. Counting and finding a window's ids read the rounds' and fixtures' indexes only (walking past
    the pages before costs no row); then the window's rows are read by id, with rounds, teams and results.
    """
    chosen = Q(confirmed=True) if confirmed_only else Q()
    within_round = ("pk",) if confirmed_only else ("bracket_slot", "pk")
    loose = Fixture.objects.filter(chosen, season=season, round__isnull=True)
    rounded = Fixture.objects.filter(chosen, round__season=season)  # driven by the rounds' index
    before = loose.count()
    related = ("round", "home__team", "away__team", "result")

    def read(start, stop):
        items = []
        if start < before:
            window = loose.order_by("pk").values("pk")[start:stop]
            items += Fixture.objects.filter(pk__in=window).select_related(*related).order_by("pk")
        if stop > before:
            order = ("round__number", *within_round)
            window = rounded.order_by(*order).values("pk")[max(start - before, 0) : stop - before]
            items += Fixture.objects.filter(pk__in=window).select_related(*related).order_by(*order)
        return items

    return before + rounded.count(), read


@list_view
def leagues(request):
    visible = League.objects.visible_to(request.user).order_by("name", "pk")
    return _paginated(
        request,
        "leagues",
        count=visible.count(),
        read=lambda start, stop: [_league_json(league) for league in visible[start:stop]],
    )


@require_GET
def league(request, slug):
    league = _league(request, slug)
    seasons = league.seasons.select_related("league")
    return _json({**_league_json(league), "seasons": [_season_json(season) for season in seasons]})


@require_GET
def season(request, pk):
    return _json(_season_json(_season(request, pk)))


@list_view
def standings(request, pk):
    """The season's stored table, a range of positions per page (read as plain values, by index)."""
    season = _season(request, pk)

    def read(start, stop):
        rows = stored_table(season).filter(position__gt=start, position__lte=stop)
        standings = [
            dict(zip(STANDINGS_KEYS, values, strict=True)) for values in rows.values_list(*STANDINGS_FIELDS)
        ]
        for row in standings:
            row["tiebreaker"] = row["tiebreaker"] or None  # stored as "" when no tie-breaker placed the row
        return standings

    count = StandingsRow.objects.for_season(season).count()
    return _paginated(request, "standings", count=count, read=read, season=season.pk)


@list_view
def fixtures(request, pk):
    season = _season(request, pk)
    count, read = _fixture_window(season)
    return _paginated(
        request,
        "fixtures",
        count=count,
        read=lambda start, stop: [_fixture_json(fixture) for fixture in read(start, stop)],
        season=season.pk,
    )


def _confirmed_result_json(fixture):
    return {
        "fixture": fixture.pk,
        "round": fixture.round.number if fixture.round_id else None,
        "home": fixture.home_id,
        "away": fixture.away_id,
        **_result_json(fixture.result),
    }


@list_view
def results(request, pk):
    """The season's confirmed results, read from their fixtures (marked confirmed, by index)."""
    season = _season(request, pk)
    count, read = _fixture_window(season, confirmed_only=True)
    return _paginated(
        request,
        "results",
        count=count,
        read=lambda start, stop: [_confirmed_result_json(fixture) for fixture in read(start, stop)],
        season=season.pk,
    )


TEAM_FIELDS = ("pk", "name", "coach__username", "team_id", "team__name", "team__roster", "team__team_value")


def _team_json(entry):
    """A Team from an entry's TEAM_FIELDS (plain values: no model rows to build)."""
    return {
        "entry": entry["pk"],
        "name": entry["team__name"] or entry["name"],
        "coach": entry["coach__username"],
        "team": entry["team_id"],
        "roster": entry["team__roster"],
        "team_value": entry["team__team_value"],
    }


@list_view
def teams(request, pk):
    """The season's accepted entries in the order they entered (by id: read from an index, no sort)."""
    season = _season(request, pk)
    entries = season.entries.accepted()
    listed = entries.order_by("pk").values(*TEAM_FIELDS)
    return _paginated(
        request,
        "teams",
        count=entries.count(),
        read=lambda start, stop: [_team_json(entry) for entry in listed[start:stop]],
        season=season.pk,
    )
