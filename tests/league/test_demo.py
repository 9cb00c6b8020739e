import pytest

from accounts.demo import create_demo_users
from league.demo import DEMO_SLUG, create_demo_league
from league.models import League, Result
from league.tables import season_standings

pytestmark = pytest.mark.django_db


def test_demo_league_is_run_by_the_commissioner_with_a_season_half_played():
    users = create_demo_users()
    league = create_demo_league(users)
    assert league.slug == DEMO_SLUG
    assert league.is_commissioner(users["commissioner"])
    season = league.seasons.get()
    assert season.status == "running"
    assert season.entries.count() == 6
    results = Result.objects.filter(fixture__season=season)
    assert results.filter(status="confirmed").count() == 6
    assert results.filter(status="submitted").exists()
    assert results.filter(status="disputed").count() == 1
    assert sum(row.played for row in season_standings(season)) == 12
    assert create_demo_league(users) == league
    assert League.objects.count() == 1
