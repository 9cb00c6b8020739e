"""Team value (TV) and current team value (CTV), worked out by hand and checked against the stored values."""

import pytest

from rosters import advancement, ledger, services
from rosters.models import LedgerEntry, Player
from rosters.permissions import Editor
from rosters.values import refresh_team_value
from rulebook.edition import get_edition
from tests.rosters.helpers import HUMAN_ELEVEN, get_player, give_spp, make_team

pytestmark = pytest.mark.django_db


def _human_team_with_staff(coach):
    """6 Linemen 300,000 + 2 Blitzers 170,000 + Thrower 80,000 + 2 Catchers 130,000 = 680,000 of players;
    2 re-rolls at 50,000 = 100,000; an apothecary 50,000; 1 assistant coach 10,000; 2 cheerleaders 20,000.
    TV = 860,000; the budget left is 1,000,000 - 860,000 = 140,000."""
    team = make_team(coach, positions=HUMAN_ELEVEN)
    services.buy_reroll(team=team, actor=coach)
    services.buy_reroll(team=team, actor=coach)
    for staff, times in (("apothecary", 1), ("assistant_coaches", 1), ("cheerleaders", 2)):
        for _ in range(times):
            services.change_staff(team=team, actor=coach, staff=staff, delta=1)
    services.mark_ready(team=team, actor=coach)
    return team


def _injure(team, player, **changes):
    with ledger.change(team, actor=None, kind=LedgerEntry.Kind.INJURY, players=[player]):
        for field, value in changes.items():
            setattr(player, field, value)


def test_tv_of_a_fresh_team_counts_players_rerolls_and_staff(coach):
    team = _human_team_with_staff(coach)
    assert team.treasury == 140_000
    assert team.team_value == 860_000
    assert team.current_team_value == 860_000


def test_tv_rises_with_the_value_increases_of_an_advanced_player(coach):
    """Blitzer 85,000 + a chosen Primary skill (Tackle, +20,000) + MA (+20,000) = 125,000: TV 900,000."""
    team = _human_team_with_staff(coach)
    blitzer = get_player(team, "blitzer")
    give_spp(team, blitzer, 6 + 20)
    editor = Editor(coach, as_commissioner=False)
    advancement.take_chosen_skill(
        team=team, editor=editor, player=blitzer, kind="chosen_primary", skill_id="tackle"
    )
    advancement.roll_characteristic(team=team, editor=editor, player=blitzer, faces=[1])
    advancement.choose_characteristic(team=team, editor=editor, player=blitzer, characteristic="ma")
    blitzer.refresh_from_db()
    team.refresh_from_db()
    assert (blitzer.ma, blitzer.spp) == (8, 0)
    assert blitzer.value == 125_000
    assert team.team_value == 900_000
    assert team.current_team_value == 900_000


def test_ctv_leaves_out_players_who_miss_the_next_game_or_retired_for_a_while(coach):
    """A Catcher (65,000) misses the next game, a Thrower (80,000) is temporarily retired:
    TV stays 860,000, CTV is 860,000 - 65,000 - 80,000 = 715,000."""
    team = _human_team_with_staff(coach)
    _injure(team, get_player(team, "catcher"), miss_next_game=True)
    thrower = get_player(team, "thrower")
    _injure(team, thrower, lasting_injuries=["smashed_knee"], ma=5)
    services.retire_player(team=team, actor=coach, player=thrower, temporarily=True)
    team.refresh_from_db()
    assert team.team_value == 860_000
    assert team.current_team_value == 715_000


def test_low_cost_linemen_belong_to_the_ogre_and_snotling_team_lists():
    teams = [team.id for team in get_edition("bb2020").teams.values() if team.has_rule("low_cost_linemen")]
    assert teams == ["ogre", "snotling"]


def test_ctv_of_a_low_cost_linemen_team_leaves_out_its_permanent_linemen(coach):
    """Snotlings: 11 Linemen 165,000 + 2 Fun-hoppas 40,000 + 2 Stilty Runnas 40,000 + a Pump Wagon 105,000
    + 3 re-rolls 180,000 + an apothecary 50,000: TV 580,000, CTV 580,000 - 165,000 = 415,000."""
    positions = ["snotling_lineman"] * 11 + ["fun_hoppa"] * 2 + ["stilty_runna"] * 2 + ["pump_wagon"]
    team = make_team(coach, roster="snotling", name="Snot Rockets", positions=positions)
    for _ in range(3):
        services.buy_reroll(team=team, actor=coach)
    services.change_staff(team=team, actor=coach, staff="apothecary", delta=1)
    assert team.team_value == 580_000
    assert team.current_team_value == 415_000


def test_a_journeyman_adds_his_cost_to_ctv_even_with_low_cost_linemen(coach):
    """A journeyman Snotling Lineman adds nothing to TV (he is not hired) and 15,000 to CTV."""
    team = make_team(coach, roster="snotling", name="Snot Rockets", positions=["snotling_lineman"] * 11)
    assert (team.team_value, team.current_team_value) == (165_000, 0)
    profile = team.rules.position("snotling_lineman").profile.as_dict()
    Player.objects.create(
        team=team, number=12, name="Temp", position="snotling_lineman", journeyman=True, **profile
    )
    refresh_team_value(team)
    assert (team.team_value, team.current_team_value) == (165_000, 15_000)


def test_a_journeyman_of_an_ordinary_team_counts_in_ctv_only(coach):
    team = make_team(coach, positions=["lineman"] * 10)
    profile = team.rules.position("lineman").profile.as_dict()
    Player.objects.create(team=team, number=11, name="Temp", position="lineman", journeyman=True, **profile)
    refresh_team_value(team)
    assert (team.team_value, team.current_team_value) == (500_000, 550_000)
