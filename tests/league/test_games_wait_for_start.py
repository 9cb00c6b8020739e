"""A season's games wait for its start: until the commissioner starts it, no result is submitted and no
match is recorded, and the fixture page says why instead of offering them."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from league.models import Result, Season
from league.services.results import submit_result
from matches.models import Match
from matches.services.league import create_league_match
from tests.league.factories import make_fixture, make_league, make_season

pytestmark = pytest.mark.django_db

NOT_STARTED = "The season has not started yet"


@pytest.fixture
def scheduled_fixture():
    season, (home, away) = make_season(make_league(), teams=2, status=Season.Status.SCHEDULED)
    return make_fixture(season, home, away)


def test_a_result_of_a_season_not_started_is_refused_and_nothing_is_kept(scheduled_fixture):
    with pytest.raises(ValidationError, match=NOT_STARTED):
        submit_result(
            fixture=scheduled_fixture, submitted_by=scheduled_fixture.home.coach, home_score=1, away_score=0
        )
    assert not Result.objects.exists()


def test_a_match_of_a_season_not_started_is_not_recorded(scheduled_fixture):
    with pytest.raises(ValidationError, match=NOT_STARTED):
        create_league_match(fixture=scheduled_fixture, created_by=scheduled_fixture.home.coach)
    assert not Match.objects.exists()


def test_the_fixture_page_says_the_season_waits_for_its_start(client, scheduled_fixture):
    url = reverse("league:fixture", args=[scheduled_fixture.pk])
    client.force_login(scheduled_fixture.home.coach)
    page = client.get(url).content.decode()
    assert NOT_STARTED in page
    assert "Play this match with Dugout" not in page
    scheduled_fixture.season.status = Season.Status.RUNNING
    scheduled_fixture.season.save()
    page = client.get(url).content.decode()
    assert NOT_STARTED not in page
    assert "Play this match with Dugout" in page
