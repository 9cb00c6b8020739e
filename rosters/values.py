"""Player value, team value and current team value of stored teams, from the rulebook formulas."""

from rosters.models import Player
from rulebook import formulas
from rulebook.edition import get_edition


def advancement_kinds(player):
    """The value_increases row ids of a player's advancements ("random_primary", "ma", ...)."""
    return tuple(advancement["kind"] for advancement in player.advancements)


def player_value(player):
    edition = get_edition(player.team.edition)
    base = player.team.rules.position(player.position).cost
    return formulas.player_value(base, advancement_kinds(player), edition=edition)


def _as_value(player, team):
    position = team.rules.position(player.position)
    return formulas.PlayerValue(
        base_cost=position.cost,
        advancements=advancement_kinds(player),
        position_is_lineman=position.lineman,
        miss_next_game=player.miss_next_game,
        temporarily_retired=player.status == Player.Status.TEMPORARILY_RETIRED,
        journeyman=player.journeyman,
    )


def refresh_team_value(team, players=None):
    """Recompute and set (not save) each player's value and the team's TV and CTV.

    `players`: the team's players still on the roster (fetched when not given). Player values are
    saved only where they changed.
    """
    if players is None:
        players = list(team.players.on_roster())
    edition = get_edition(team.edition)
    for player in players:
        value = player_value(player)
        if player.value != value:
            player.value = value
            if player.pk:
                Player.objects.filter(pk=player.pk).update(value=value)
    values = [_as_value(player, team) for player in players]
    staff = {
        "assistant_coaches": team.assistant_coaches,
        "cheerleaders": team.cheerleaders,
        "apothecary": team.apothecary,
    }
    common = {"rerolls": team.rerolls, "reroll_cost": team.rules.reroll_cost, "edition": edition, **staff}
    team.team_value = formulas.team_value(values, **common)
    team.current_team_value = formulas.current_team_value(
        values, low_cost_linemen=team.has_rule("low_cost_linemen"), **common
    )
    return team
