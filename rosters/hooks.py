"""What rosters receives from the apps above it, without importing them (CONTRIBUTING, "Layers").

A team knows neither the leagues it plays in nor the matches it plays. What its pages still need from
them, the apps that know register here as plain functions when Django starts (league.apps and
matches.apps, in AppConfig.ready), and rosters calls them through `hooks`. Alone, rosters would let
nobody but its coach change a team, and no team would ever be between seasons.
"""

from collections.abc import Callable
from dataclasses import dataclass

from dugout.hooks import register_hooks


def _nobody(user, team):
    return False


def _no_season(team):
    return None


def _no_league_games(team, season):
    return {"league_games": 0, "league_wins": 0, "league_draws": 0}


def _no_previous_seasons(team, players):
    return {player.pk: 0 for player in players}


def _no_friendlies(team, *, since):
    return 0


def _no_league(slug, user):
    return None


@dataclass
class Hooks:
    # (user, team) -> whether the user may change the team as a commissioner (league.permissions).
    commissions_team: Callable = _nobody
    # team -> the finished season the team may be re-drafted for now, or None (league.redraft).
    redraft_season: Callable = _no_season
    # (team, season) -> {"league_games", "league_wins", "league_draws"} of its confirmed games there.
    league_games: Callable = _no_league_games
    # (team, players) -> {player id: previous seasons the player took part in} (league.redraft).
    seasons_played: Callable = _no_previous_seasons
    # (team, since=datetime or None) -> friendlies the team had applied since then (matches).
    friendlies_played: Callable = _no_friendlies
    # (slug, user) -> {"slug", "name", "edition", "url"} of the league a new team is drafted for, or None.
    league_for_new_team: Callable = _no_league


hooks = Hooks()


def register(**functions):
    """Set the named hooks (see Hooks) to these functions; an unknown name raises TypeError."""
    register_hooks(hooks, functions, owner="rosters")
