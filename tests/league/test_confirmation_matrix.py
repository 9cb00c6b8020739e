"""Who may confirm a result when a commissioner plays in their own league (issue #26): a result needs the
other side, the opponent or another commissioner; with no other commissioner, the opponent only. The
commissioner who plays is neither offered nor allowed to settle their own game, and a dispute of it is
another commissioner's step."""

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from league.models import Result
from league.services import checklist, results
from tests.factories import UserFactory
from tests.league.factories import make_entry, make_fixture, make_league, make_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def own_game():
    """Carla commissions the league and plays home against Otto; Bert is a second commissioner."""
    carla, otto, bert = UserFactory(display_name="Carla"), UserFactory(display_name="Otto"), UserFactory()
    league = make_league(commissioner=carla, name="Own League", slug="own-league")
    season, _entries = make_season(league)
    home, away = make_entry(season, coach=carla, name="Carla's Crushers"), make_entry(season, coach=otto)
    fixture = make_fixture(season, home, away)
    result = results.submit_result(fixture=fixture, submitted_by=carla, home_score=2, away_score=0)
    return league, fixture, result, carla, otto, bert


def _status(result):
    return Result.objects.get(pk=result.pk).status


def test_the_commissioner_who_plays_cannot_settle_their_own_result(own_game):
    _league, _fixture, result, carla, _otto, _bert = own_game
    with pytest.raises(PermissionDenied, match="You play in this game"):
        results.decide_result(result=result, by=carla)
    with pytest.raises(PermissionDenied):
        results.confirm_result(result=result, by=carla)
    assert _status(result) == Result.Status.SUBMITTED


def test_the_opponent_confirms_the_result_of_a_commissioner_who_plays(own_game):
    _league, _fixture, result, _carla, otto, _bert = own_game
    results.confirm_result(result=result, by=otto)
    assert _status(result) == Result.Status.CONFIRMED


def test_another_commissioner_settles_the_result_of_a_commissioner_who_plays(own_game):
    league, _fixture, result, _carla, _otto, bert = own_game
    league.commissioners.add(bert)
    results.decide_result(result=result, by=bert)
    assert _status(result) == Result.Status.CONFIRMED


def test_the_fixture_page_offers_settling_only_to_a_commissioner_who_does_not_play(client, own_game):
    league, fixture, _result, carla, _otto, bert = own_game
    league.commissioners.add(bert)
    url = reverse("league:fixture", args=[fixture.pk])
    client.force_login(carla)
    assert "Confirm as submitted" not in client.get(url).content.decode()
    client.force_login(bert)
    assert "Confirm as submitted" in client.get(url).content.decode()


def test_a_post_to_settle_ones_own_result_is_forbidden_and_changes_nothing(client, own_game):
    _league, fixture, result, carla, _otto, _bert = own_game
    client.force_login(carla)
    response = client.post(reverse("league:result_decide", args=[fixture.pk]), {"action": "confirm"})
    assert response.status_code == 403
    assert _status(result) == Result.Status.SUBMITTED


def test_a_dispute_of_a_commissioners_own_game_is_the_other_commissioners_step(client, own_game):
    league, _fixture, result, carla, otto, bert = own_game
    league.commissioners.add(bert)
    results.dispute_result(result=result, by=otto, comment="It was 1-0.")
    steps_of = {user: [step.kind for step in checklist.commissioner_steps(user)[0]] for user in (carla, bert)}
    assert "decide" not in steps_of[carla]
    assert "decide" in steps_of[bert]
    decisions = reverse("league:decisions", args=[result.fixture.season.pk])
    client.force_login(carla)
    assert "It was 1-0." not in client.get(decisions).content.decode()
    client.force_login(bert)
    assert "It was 1-0." in client.get(decisions).content.decode()
