"""The read-only JSON API under /leagues/api/ (documented in docs/league-api.md).

Only leagues the requester may see are listed; everything is GET, nothing changes.
"""

from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET

from league.models import Fixture, League, Result, Season
from league.tables import stored_table

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


def _json(data):
    return JsonResponse(data, json_dumps_params={"ensure_ascii": False})


@require_GET
def leagues(request):
    visible = League.objects.visible_to(request.user).order_by("name")
    return _json({"leagues": [_league_json(league) for league in visible]})


@require_GET
def league(request, slug):
    league = _league(request, slug)
    seasons = league.seasons.select_related("league")
    return _json({**_league_json(league), "seasons": [_season_json(season) for season in seasons]})


@require_GET
def season(request, pk):
    return _json(_season_json(_season(request, pk)))


@require_GET
def standings(request, pk):
    """The season's stored table (read as plain values: one query, no model rows)."""
    season = _season(request, pk)
    rows = stored_table(season).values_list(*STANDINGS_FIELDS)
    standings = [dict(zip(STANDINGS_KEYS, values, strict=True)) for values in rows]
    for row in standings:
        row["tiebreaker"] = row["tiebreaker"] or None  # stored as "" when no tie-breaker placed the row
    return _json({"season": season.pk, "standings": standings})


@require_GET
def fixtures(request, pk):
    season = _season(request, pk)
    items = Fixture.objects.for_season(season).with_related()
    return _json({"season": season.pk, "fixtures": [_fixture_json(fixture) for fixture in items]})


@require_GET
def results(request, pk):
    season = _season(request, pk)
    confirmed = (
        Result.objects.for_season(season).confirmed().with_related().order_by("fixture__round__number")
    )
    return _json(
        {
            "season": season.pk,
            "results": [
                {
                    "fixture": result.fixture_id,
                    "round": result.fixture.round.number if result.fixture.round_id else None,
                    "home": result.fixture.home_id,
                    "away": result.fixture.away_id,
                    **_result_json(result),
                }
                for result in confirmed
            ],
        }
    )


@require_GET
def teams(request, pk):
    season = _season(request, pk)
    entries = season.entries.accepted().with_related()
    return _json(
        {
            "season": season.pk,
            "teams": [
                {
                    "entry": entry.pk,
                    "name": entry.display_name,
                    "coach": entry.coach.username if entry.coach_id else None,
                    "team": entry.team_id,
                    "roster": entry.team.roster if entry.team_id else None,
                    "team_value": entry.team.team_value if entry.team_id else None,
                }
                for entry in entries
            ],
        }
    )
