"""What bought inducements do in the match (issue #22): the journeymen of Riotous Rookies, the Fan
Factor of Cavorting Nurglings, the bribes and team re-rolls on the scoreboard, the star players and
mercenaries in the lineup, and each found through the coverage registry."""

import pytest
from django.urls import reverse

from matches.models import Match
from matches.services import prematch
from matches.services.postmatch import rolls
from matches.services.prematch import inducements, offers
from rosters import services as rosters
from rosters.models import Team
from rulebook.coverage import HANDLERS
from tests.matches.conftest import NoDice


def bb2020_team(coach, *, name, roster, lineman):
    team = rosters.create_team(coach=coach, roster=roster, name=name, edition="bb2020")
    for index in range(11):
        rosters.hire_player(team=team, actor=coach, position=lineman, name=f"{name} L{index + 1}")
    rosters.mark_ready(team=team, actor=coach)
    team.refresh_from_db()
    return team


def underdog_buying(home_team, underdog, user, *, treasury=300000):
    """A match at the inducements step where `underdog` (away) buys after the favourite (home) bought
    nothing: the match."""
    Team.objects.filter(pk=underdog.pk).update(treasury=treasury)
    Team.objects.filter(pk=home_team.pk).update(current_team_value=underdog.current_team_value + 200000)
    match = prematch.create_match(home_team=home_team, away_team=underdog, created_by=user)
    dice = NoDice()
    prematch.roll_fans(match, dice=dice, user=user, faces={"home": [2], "away": [3]})
    prematch.roll_weather(match, dice=dice, user=user, faces=[3, 4])
    prematch.take_journeymen(match, user=user)
    match.refresh_from_db()
    prematch.buy_inducements(match, side="home", counts={}, user=user)
    return match


def test_bb2020_riotous_rookies_bring_2d3_plus_1_journeymen(home_team, away_coach, home_coach):
    snotlings = bb2020_team(away_coach, name="Snots", roster="snotling", lineman="snotling_lineman")
    match = underdog_buying(home_team, snotlings, home_coach)

    prematch.buy_inducements(
        match, side="away", counts={"riotous_rookies": 1}, user=home_coach, faces={"riotous_rookies": [3, 1]}
    )

    match.refresh_from_db()
    rookies = [entry for entry in match.plain_journeymen("away") if entry["key"].startswith("away-r")]
    assert len(rookies) == 5  # 3 + 1 + 1
    assert {entry["position"] for entry in rookies} == {"snotling_lineman"}
    assert match.dice_log.get(purpose="riotous_rookies").roll["total"] == 5


def test_cavorting_nurglings_raise_the_fan_factor_for_the_game(home_team, away_coach, home_coach):
    nurgle = bb2020_team(away_coach, name="Rotters", roster="nurgle", lineman="rotter_lineman")
    match = underdog_buying(home_team, nurgle, home_coach)
    rolled = match.away_fan_factor

    prematch.buy_inducements(match, side="away", counts={"cavorting_nurglings": 2}, user=home_coach)

    match.refresh_from_db()
    assert match.away_fan_factor == rolled + 2
    assert match.home_fan_factor == 3  # Dedicated Fans 1 + the D3 of 2: the favourite bought none


def test_without_nurglings_the_fan_factor_is_the_rolled_one(home_team, away_team, home_coach):
    match = underdog_buying(home_team, away_team, home_coach)
    prematch.buy_inducements(match, side="away", counts={"bribe": 1}, user=home_coach)
    match.refresh_from_db()
    assert match.away_fan_factor == 4  # Dedicated Fans 1 + the D3 of 3


def test_the_scoreboard_shows_the_bribes_and_team_rerolls_bought(client, home_team, away_team, home_coach):
    match = underdog_buying(home_team, away_team, home_coach)
    prematch.buy_inducements(
        match, side="away", counts={"bribe": 1, "extra_team_training": 1}, user=home_coach
    )
    match.refresh_from_db()
    assert inducements.bribes_bought(match, "away") == 1
    assert inducements.rerolls_bought(match, "away") == 1
    assert inducements.rerolls_bought(match, "home") == 0

    client.force_login(home_coach)
    page = client.get(reverse("matches:detail", args=[match.pk])).content.decode()
    assert 'data-testid="effects-away"' in page
    assert "1 bribe" in page
    assert "1 extra team re-roll bought for the game" in page
    assert 'data-testid="effects-home"' not in page


@pytest.mark.parametrize(
    ("row", "function"),
    [
        ("bribe", inducements.bribes_bought),
        ("mercenary_player", offers.mercenary_players),
        ("star_player", Match.star_players),
        ("side_bet", rolls.side_bet_payout),
    ],
)
def test_the_flows_functions_carry_out_their_inducement(row, function):
    assert HANDLERS.handler("inducement", row=row) is function


@pytest.mark.parametrize(
    ("key", "function"),
    [
        ("journeymen", inducements._bring_journeymen),
        ("fan_factor", inducements._raise_fan_factor),
        ("rerolls", inducements.rerolls_bought),
    ],
)
def test_the_flows_functions_carry_out_their_inducement_key(key, function):
    assert HANDLERS.handler("inducement", key=key) is function
