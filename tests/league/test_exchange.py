import json

import pytest
from django.core.management import call_command

from accounts.models import User
from league.models import League, Result, Season
from league.services import scheduling
from league.tables import season_standings
from tests.league.factories import make_league, make_season

pytestmark = pytest.mark.django_db


def _rows(season):
    return [
        (row.position, row.name, row.points, row.td_for, row.td_against, row.cas_for, row.tiebreaker)
        for row in season_standings(season)
    ]


def test_export_then_import_into_an_empty_database_gives_identical_standings(commissioner, tmp_path):
    league = make_league(
        commissioner=commissioner,
        name="Round Trip",
        slug="round-trip",
        tiebreakers=["head_to_head_points", "td_difference", "coin_flip"],
    )
    season, entries = make_season(league, teams=6)
    scheduling.schedule_round_robin(season=season, by=commissioner)
    for number, fixture in enumerate(season.fixtures.all()):
        Result.objects.create(
            fixture=fixture,
            home_score=number % 3,
            away_score=(number + 1) % 2,
            home_cas=number % 2,
            submitted_by=commissioner,
            status=Result.Status.CONFIRMED if number % 5 else Result.Status.SUBMITTED,
            conceded_by=fixture.away if number == 7 else None,
        )
    make_season(league, teams=0, name="Season 2", status=Season.Status.REGISTRATION)
    before = _rows(season)
    path = tmp_path / "league.json"
    call_command("export_league", "round-trip", output=str(path))

    # An empty database: nothing of the league, its seasons, teams or users is left.
    League.objects.all().delete()
    from rosters.models import Team

    Team.objects.all().delete()
    User.objects.all().delete()

    call_command("import_league", str(path))
    imported = League.objects.get(slug="round-trip")
    assert imported.tiebreakers == ["head_to_head_points", "td_difference", "coin_flip"]
    assert imported.is_commissioner(User.objects.get(username="carla"))
    seasons = list(imported.seasons.order_by("created_at", "id"))
    assert [s.name for s in seasons] == ["Season 1", "Season 2"]
    assert _rows(seasons[0]) == before
    assert Result.objects.filter(status=Result.Status.SUBMITTED).count() == 3
    again = tmp_path / "again.json"
    call_command("export_league", "round-trip", output=str(again))
    first, second = json.loads(path.read_text()), json.loads(again.read_text())
    assert first["league"] == second["league"]
    assert [len(s["fixtures"]) for s in first["seasons"]] == [len(s["fixtures"]) for s in second["seasons"]]


def test_import_refuses_a_slug_already_taken(commissioner, tmp_path):
    from django.core.management.base import CommandError

    make_league(commissioner=commissioner, slug="taken")
    path = tmp_path / "league.json"
    call_command("export_league", "taken", output=str(path))
    with pytest.raises(CommandError):
        call_command("import_league", str(path))
