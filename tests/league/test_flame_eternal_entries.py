"""Entering a season of a league playing the Spectacle of the Flame Eternal (BB2025, Spike! Journal 21):
only Elven Kingdoms League teams, each dedicated to one of its Elven gods."""

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from league.models import SeasonEntry
from league.services import entries as entry_services
from rosters import services as rosters
from rosters.models import Team
from tests.factories import UserFactory
from tests.league.factories import make_league, make_season

pytestmark = pytest.mark.django_db

FLAME = ["flame_eternal"]


@pytest.fixture
def coach(db):
    return UserFactory(username="malekith")


@pytest.fixture
def season(coach):
    league = make_league(edition="bb2025", optional_rules=FLAME)
    league.members.add(coach)
    season, _entries = make_season(league)
    return season


def _ready(team):
    Team.objects.filter(pk=team.pk).update(status=Team.Status.READY)
    team.refresh_from_db()
    return team


def test_a_dedicated_elven_team_enters(season, coach):
    team = _ready(
        rosters.create_team(
            coach=coach,
            roster="high_elf",
            name="Caledor",
            edition="bb2025",
            optional_rules=FLAME,
            dedication_id="isha",
        )
    )
    entry = entry_services.register_team(season=season, team=team, user=coach)
    assert entry.status == SeasonEntry.Status.PENDING


def test_a_team_of_another_league_is_refused_with_the_reason(season, coach):
    team = _ready(rosters.create_team(coach=coach, roster="orc", name="Gouged Eye", edition="bb2025"))
    with translation.override("en"), pytest.raises(ValidationError) as refused:
        entry_services.register_team(season=season, team=team, user=coach)
    assert refused.value.messages[0] == (
        "Orc teams may not take part: this league is open only to teams of Elven Kingdoms League."
    )
    assert not SeasonEntry.objects.exists()


def test_an_elven_team_dedicated_to_no_god_is_refused(season, coach):
    team = _ready(rosters.create_team(coach=coach, roster="elven_union", name="Lothern", edition="bb2025"))
    with translation.override("en"), pytest.raises(ValidationError) as refused:
        entry_services.register_team(season=season, team=team, user=coach)
    assert refused.value.messages == ["Choose what the team is dedicated to for the league."]
