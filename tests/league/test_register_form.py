"""The "Enter a team" form proposes the coach's only eligible team, so one tap enters it."""

import pytest

from league.models import Season
from tests.factories import UserFactory
from tests.league.factories import make_league, make_season, make_team
from web.league.forms import RegisterTeamForm

pytestmark = pytest.mark.django_db


def form_for(user, season):
    return RegisterTeamForm(season=season, user=user)


def test_the_only_eligible_team_is_proposed():
    coach = UserFactory()
    season, _ = make_season(make_league(), status=Season.Status.REGISTRATION)
    team = make_team(coach=coach, edition="bb2020")
    make_team(coach=coach, edition="bb2025")  # of another edition: not listed, not proposed
    assert form_for(coach, season)["team"].value() == team.pk


def test_with_two_eligible_teams_the_coach_chooses():
    coach = UserFactory()
    season, _ = make_season(make_league(), status=Season.Status.REGISTRATION)
    make_team(coach=coach, edition="bb2020")
    make_team(coach=coach, edition="bb2020")
    assert form_for(coach, season)["team"].value() is None
