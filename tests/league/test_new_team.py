"""What the new-team form learns of the league a coach drafts for (league.new_team)."""

import pytest

from tests.factories import UserFactory
from tests.league.factories import make_league
from web.league.new_team import league_for_new_team

pytestmark = pytest.mark.django_db


def test_a_visible_blood_bowl_league_is_named_with_its_edition():
    make_league(name="Old Timers", slug="old-timers", edition="bb2020")
    league = league_for_new_team("old-timers", UserFactory())
    assert league == {
        "slug": "old-timers",
        "name": "Old Timers",
        "edition": "bb2020",
        "url": "/leagues/old-timers/",
        "optional_rules": [],
    }


@pytest.mark.parametrize("slug", ["old\x00timers", "old-timers/", "<script>", "’ OR 1=1 --"])
def test_what_cannot_be_a_slug_is_not_looked_up(django_assert_num_queries, slug):
    """A NUL made PostgreSQL refuse the query: a 500 on /teams/new/?league=… (the hostile-input walk)."""
    user = UserFactory()
    with django_assert_num_queries(0):
        assert league_for_new_team(slug, user) is None
