"""What the API's answers are made of: the JSON of leagues, seasons, fixtures and results, and the lists
that grow with a league (or with the site), which come a page of PAGE_SIZE items at a time (?page=N) in
one envelope (`count`, `page`, `pages`, `next`, `previous`, then the items), read in a constant number
of queries whatever the page: a count and a window of rows, each from an index.
"""

import math

from django.db.models import Q
from django.utils.translation import gettext as _

from league.models import Fixture
from web.league import page_sizes

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
    "division_id",
    "division_position",
)
STANDINGS_KEYS = tuple(
    {"entry_id": "entry", "division_id": "division"}.get(name, name) for name in STANDINGS_FIELDS
)
TEAM_FIELDS = (
    "pk",
    "name",
    "coach__username",
    "team_id",
    "team__name",
    "team__roster",
    "team__team_value",
    "division_id",
)


def league_json(league):
    return {
        "slug": league.slug,
        "name": league.name,
        # The API's `game` keeps its published meaning: a Blood Bowl league's is its edition's id.
        "game": league.edition if league.is_blood_bowl else league.game,
        "edition": league.edition or None,  # null for another game than Blood Bowl
        "public": league.public,
        "points": {"win": league.points_win, "draw": league.points_draw, "loss": league.points_loss},
        "bonus_points": league.scoring()["bonus"],
        "tiebreakers": league.tiebreakers,
        "optional_rules": league.optional_rules,
        "petty_cash_procedure": league.petty_cash_procedure,
        "starting_treasury": league.starting_treasury,
    }


def season_json(season):
    """A season with its divisions (prefetch "divisions" when reading several seasons)."""
    return {
        "id": season.pk,
        "league": season.league.slug,
        "name": season.name,
        "status": season.status,
        "format": season.format,
        "divisions": [
            {
                "id": division.pk,
                "name": division.name,
                "order": division.order,
                "conference": division.conference,
            }
            for division in season.divisions.all()
        ],
    }


def result_json(result):
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


def fixture_json(fixture, *, confirmed_only=True):
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
        "result": result_json(result),
    }


def confirmed_result_json(fixture):
    return {
        "fixture": fixture.pk,
        "round": fixture.round.number if fixture.round_id else None,
        "home": fixture.home_id,
        "away": fixture.away_id,
        **result_json(fixture.result),
    }


def standings_json(values):
    """A stored table row read as STANDINGS_FIELDS values."""
    row = dict(zip(STANDINGS_KEYS, values, strict=True))
    row["tiebreaker"] = row["tiebreaker"] or None  # stored as "" when no tie-breaker placed the row
    return row


def team_json(entry):
    """A Team from an entry's TEAM_FIELDS (plain values: no model rows to build)."""
    return {
        "entry": entry["pk"],
        "name": entry["team__name"] or entry["name"],
        "coach": entry["coach__username"],
        "team": entry["team_id"],
        "roster": entry["team__roster"],
        "team_value": entry["team__team_value"],
        "division": entry["division_id"],
    }


class PageError(Exception):
    """A ?page= after the last page of the list (404); one that is not a whole number from 1 is refused
    (400) before the view runs, by the API's validation error handler (web.league.api.errors)."""

    def __init__(self, message, *, status):
        super().__init__(message)
        self.status = status


def bad_page_message():
    return _("The page must be a whole number from 1.")


def _link(request, number):
    query = request.GET.copy()
    query["page"] = number
    return request.build_absolute_uri(f"{request.path}?{query.urlencode()}")


def paginated(request, number, key, *, count, read, **head):
    """The envelope of page `number` of a list of `count` items: `head`, then count, page, pages, next
    and previous (absolute links, or null), then the page's items under `key`, which `read(start, stop)`
    returns."""
    size = page_sizes.API_PAGE_SIZE
    pages = max(1, math.ceil(count / size))
    if number > pages:
        raise PageError(
            _("There is no page %(number)s: the last page is %(pages)s.")
            % {"number": number, "pages": pages},
            status=404,
        )
    start = (number - 1) * size
    return {
        **head,
        "count": count,
        "page": number,
        "pages": pages,
        "next": _link(request, number + 1) if number < pages else None,
        "previous": _link(request, number - 1) if number > 1 else None,
        key: read(start, min(start + size, count)) if count else [],
    }


def fixture_window(season, *, confirmed_only=False, division=None):
    """(count, read(start, stop)) over the season's fixtures (only those whose result is confirmed, with
    `confirmed_only`; only those of `division`'s teams, home or away, with `division`) in their order:
    those outside a round first, by id; then round by round, by bracket slot (by id alone for confirmed
    ones) and id: the order of an index of the fixtures of a round. Counting and finding a window's ids
    read the rounds' and fixtures' indexes only (walking past the pages before costs no row; a division's
    joins its teams' entries too); then the window's rows are read by id, with rounds, teams and results.
    """
    chosen = Q(confirmed=True) if confirmed_only else Q()
    if division is not None:
        chosen &= Q(home__division=division) | Q(away__division=division)
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
