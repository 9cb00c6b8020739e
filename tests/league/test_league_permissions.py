"""league.permissions: who commissions a league, and a league a team plays in (rosters asks it too)."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied

from league.models import League
from league.permissions import commissions_team, is_commissioner, require_commissioner
from tests.factories import UserFactory
from tests.league.factories import make_entry, make_league, make_season, make_team
from web.rosters.permissions import editor_for, is_commissioner_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def elsewhere(db):
    """A commissioner of another league."""
    other = UserFactory(username="otto")
    make_league(commissioner=other, name="Elsewhere", slug="elsewhere")
    return other


def test_is_commissioner_when_the_user_commissions_the_league(league, commissioner):
    assert is_commissioner(commissioner, league)
    assert league.is_commissioner(commissioner)


def test_is_commissioner_is_false_for_a_coach_another_commissioner_and_anonymous(league, coach, elsewhere):
    assert not is_commissioner(coach, league)
    assert not is_commissioner(elsewhere, league)
    assert not is_commissioner(AnonymousUser(), league)


def test_is_commissioner_reads_prefetched_commissioners_without_a_query(
    league, commissioner, coach, django_assert_num_queries
):
    prefetched = League.objects.prefetch_related("commissioners").get(pk=league.pk)
    with django_assert_num_queries(0):
        assert is_commissioner(commissioner, prefetched)
        assert not is_commissioner(coach, prefetched)


def test_commissions_team_when_the_team_is_entered_in_a_season_of_the_league(
    season, home, commissioner, django_assert_num_queries
):
    with django_assert_num_queries(1):
        assert commissions_team(commissioner, home.team)
    assert is_commissioner_for(commissioner, home.team)
    assert editor_for(commissioner, home.team).as_commissioner


def test_commissions_team_is_false_for_a_team_outside_the_league(commissioner, coach, elsewhere, home):
    unentered = make_team(coach=coach, name="Free Agents")
    assert not commissions_team(commissioner, unentered)
    assert not commissions_team(elsewhere, home.team)
    assert not commissions_team(AnonymousUser(), home.team)
    assert not is_commissioner_for(elsewhere, home.team)
    assert editor_for(elsewhere, home.team) is None


def test_commissions_team_counts_a_team_entered_in_an_older_season(league, commissioner, coach):
    older, _entries = make_season(league, name="Season 0")
    entry = make_entry(older, coach=coach, name="Veterans")
    assert commissions_team(commissioner, entry.team)


def test_require_commissioner_raises_for_anyone_else(league, commissioner, coach, elsewhere):
    require_commissioner(commissioner, league)
    for user in (coach, elsewhere, AnonymousUser()):
        with pytest.raises(PermissionDenied, match="Only a commissioner of this league"):
            require_commissioner(user, league)
