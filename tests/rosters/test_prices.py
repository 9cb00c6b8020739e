"""What hiring, firing, re-rolls and staff cost while drafting and after the draft."""

import pytest
from django.core.exceptions import ValidationError

from rosters import services
from rosters.models import Player
from tests.rosters.helpers import get_player, make_team, ready_human_team

pytestmark = pytest.mark.django_db


def test_hiring_at_the_draft_takes_the_position_cost_from_the_budget(coach):
    team = make_team(coach, positions=["blitzer"])
    assert team.treasury == 1_000_000 - 85_000
    assert team.ledger.first().gold_change == -85_000


def test_removing_a_player_at_the_draft_gives_the_whole_cost_back(coach):
    team = make_team(coach, positions=["blitzer"])
    services.fire_player(team=team, actor=coach, player=get_player(team))
    assert team.treasury == 1_000_000
    assert not team.players.exists()


def test_hiring_after_the_draft_pays_from_the_treasury(coach):
    team = ready_human_team(coach)
    assert team.treasury == 320_000
    services.hire_player(team=team, actor=coach, position="blitzer", name="New")
    assert team.treasury == 235_000


def test_hiring_after_the_draft_is_refused_when_the_treasury_cannot_pay(coach):
    team = ready_human_team(coach)
    team.treasury = 139_000
    assert services.hiring_problems(team, "ogre") == ["The treasury cannot pay for this player."]
    with pytest.raises(ValidationError, match="The treasury cannot pay for this player."):
        services.hire_player(team=team, actor=coach, position="ogre", name="")
    assert not team.players.filter(position="ogre").exists()


def test_firing_after_the_draft_gives_nothing_back_and_keeps_the_record(coach):
    team = ready_human_team(coach)
    blitzer = get_player(team, "blitzer")
    services.fire_player(team=team, actor=coach, player=blitzer)
    assert team.treasury == 320_000
    assert Player.objects.get(pk=blitzer.pk).status == Player.Status.FIRED
    assert team.team_value == 680_000 - 85_000


def test_rerolls_cost_the_roster_price_at_the_draft_and_double_after(coach):
    team = make_team(coach, positions=["lineman"] * 11)
    assert services.reroll_price(team) == 50_000
    services.buy_reroll(team=team, actor=coach)
    assert team.treasury == 1_000_000 - 550_000 - 50_000
    services.mark_ready(team=team, actor=coach)
    assert services.reroll_price(team) == 100_000
    services.buy_reroll(team=team, actor=coach)
    assert team.treasury == 300_000
    # Team value counts every re-roll at the roster price.
    assert team.team_value == 550_000 + 2 * 50_000


def test_a_reroll_given_back_is_refunded_only_at_the_draft(coach):
    team = make_team(coach, positions=["lineman"] * 11)
    services.buy_reroll(team=team, actor=coach)
    services.buy_reroll(team=team, actor=coach)
    services.drop_reroll(team=team, actor=coach)
    assert (team.rerolls, team.treasury) == (1, 400_000)
    services.mark_ready(team=team, actor=coach)
    services.drop_reroll(team=team, actor=coach)
    assert (team.rerolls, team.treasury) == (0, 400_000)


def test_rerolls_after_the_draft_need_the_treasury(coach):
    team = ready_human_team(coach)
    team.treasury = 90_000
    with pytest.raises(ValidationError, match=r"cannot pay for a team re-roll \(100,000 gp\)"):
        services.buy_reroll(team=team, actor=coach)


def test_at_most_eight_rerolls(coach):
    team = make_team(coach)
    for _ in range(8):
        services.buy_reroll(team=team, actor=coach)
    with pytest.raises(ValidationError, match="at most 8 team re-rolls"):
        services.buy_reroll(team=team, actor=coach)


def test_staff_is_refunded_at_the_draft_and_not_after(coach):
    team = make_team(coach, positions=["lineman"] * 11)
    services.change_staff(team=team, actor=coach, staff="apothecary", delta=1)
    services.change_staff(team=team, actor=coach, staff="cheerleaders", delta=1)
    assert team.treasury == 450_000 - 60_000
    services.change_staff(team=team, actor=coach, staff="cheerleaders", delta=-1)
    assert team.treasury == 400_000
    services.mark_ready(team=team, actor=coach)
    services.change_staff(team=team, actor=coach, staff="assistant_coaches", delta=1)
    assert team.treasury == 390_000
    services.change_staff(team=team, actor=coach, staff="apothecary", delta=-1)
    assert (team.apothecary, team.treasury) == (False, 390_000)


def test_staff_after_the_draft_needs_the_treasury(coach):
    team = ready_human_team(coach)
    team.treasury = 40_000
    with pytest.raises(ValidationError, match="The treasury cannot pay for this."):
        services.change_staff(team=team, actor=coach, staff="apothecary", delta=1)
