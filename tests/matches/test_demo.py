import pytest

from accounts.demo import create_demo_users
from matches.demo import create_demo_matches
from matches.models import Match
from rosters.demo import create_demo_teams


@pytest.mark.django_db
def test_create_demo_matches_applies_one_and_leaves_one_in_progress_once_only():
    users = create_demo_users()
    create_demo_teams(users)
    played, live = create_demo_matches(users)
    assert played.status == Match.Status.APPLIED
    assert live.status == Match.Status.IN_PROGRESS
    create_demo_matches(users)
    assert Match.objects.count() == 2
