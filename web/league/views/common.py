"""What the league views share: access helpers (a private league is a 404 to those who may not see
it; a change by someone who may not make it is a 403, raised here or by the services), pagination, and
the messages a service call leaves."""

from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import Prefetch
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect

from league.models import Fixture, League, Season
from web.league import page_sizes


def _league_queryset():
    return League.objects.prefetch_related("commissioners")


def get_league(request, slug):
    """The league if the user may see it, else 404."""
    league = get_object_or_404(_league_queryset(), slug=slug)
    if not league.is_visible_to(request.user):
        raise Http404
    return league


def get_league_for_commissioner(request, slug):
    league = get_league(request, slug)
    if not league.is_commissioner(request.user):
        raise PermissionDenied
    return league


def get_season(request, pk):
    season = get_object_or_404(
        Season.objects.select_related("league").prefetch_related(Prefetch("league__commissioners")),
        pk=pk,
    )
    if not season.league.is_visible_to(request.user):
        raise Http404
    return season


def get_season_for_commissioner(request, pk):
    season = get_season(request, pk)
    if not season.league.is_commissioner(request.user):
        raise PermissionDenied
    return season


def get_fixture(request, pk):
    fixture = get_object_or_404(
        Fixture.objects.with_related().prefetch_related("season__league__commissioners"), pk=pk
    )
    if not fixture.season.league.is_visible_to(request.user):
        raise Http404
    return fixture


def _page(request, items, per_page):
    """The requested page (?page=N; the first or the last when N is not a page) of a QuerySet or list."""
    return Paginator(items, per_page).get_page(request.GET.get("page"))


def _round_links(numbers, current):
    """The round numbers to link in a round navigation: the first, the last and those around `current`
    (the last round when None), with None where numbers are left out."""
    if len(numbers) <= 2 * page_sizes.ROUND_LINKS + 3:
        return list(numbers)
    index = numbers.index(current) if current in numbers else len(numbers) - 1
    low, high = max(index - page_sizes.ROUND_LINKS, 1), min(index + page_sizes.ROUND_LINKS, len(numbers) - 2)
    return [
        numbers[0],
        *([None] if low > 1 else []),
        *numbers[low : high + 1],
        *([None] if high < len(numbers) - 2 else []),
        numbers[-1],
    ]


def _back_to(fixture):
    return redirect("league:fixture", pk=fixture.pk)


def _get_result(fixture):
    result = fixture.result_or_none
    if result is None:
        raise Http404
    return result


def whole_number(text):
    """The number `text` writes in ASCII digits, up to nine of them, else None: str.isdigit() also says
    yes to "²", which int() refuses, and a page of 10^20 overflows the database's OFFSET."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else None
