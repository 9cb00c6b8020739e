"""freshness.rolled_back: a preview's writes are rolled back and leave no page marked as changing."""

import pytest

from dugout import freshness
from dugout.freshness.changes import read
from rosters.models import Team
from tests.factories import UserFactory
from tests.rosters.helpers import make_team

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_rolled_back_block_changes_nothing_and_lifts_its_marks():
    team = make_team(UserFactory(), name="Before")
    with freshness.rolled_back():
        team.name = "During"
        team.save()
        assert Team.objects.get(pk=team.pk).name == "During"
    assert Team.objects.get(pk=team.pk).name == "Before"
    _epoch, _versions, changing = read([("team", team.pk)])
    assert changing == set()


def test_an_exception_inside_rolls_back_too():
    team = make_team(UserFactory(), name="Before")

    def rename_and_fail():
        with freshness.rolled_back():
            team.name = "During"
            team.save()
            raise RuntimeError

    with pytest.raises(RuntimeError):
        rename_and_fail()
    assert Team.objects.get(pk=team.pk).name == "Before"
    assert read([("team", team.pk)])[2] == set()
