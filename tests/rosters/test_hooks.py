"""rosters.hooks: what the league and the matches hand down to rosters, registered when Django starts."""

import pytest

from league import permissions
from league import redraft as league_redraft
from matches.services.league import friendlies_played
from rosters.hooks import hooks, register


def test_hooks_at_start_up_are_the_league_and_the_matches_functions():
    assert hooks.commissions_team is permissions.commissions_team
    assert hooks.redraft_season is league_redraft.redraft_season
    assert hooks.league_games is league_redraft.league_games
    assert hooks.seasons_played is league_redraft.seasons_played
    assert hooks.friendlies_played is friendlies_played


def test_register_when_a_name_is_unknown_raises_and_changes_nothing():
    with pytest.raises(TypeError, match="unknown rosters hooks: commissions_league"):
        register(commissions_league=print, redraft_season=print)
    assert hooks.redraft_season is league_redraft.redraft_season
