"""Team Captain (team rule team_captain, BB2025 Human and Orc teams).

The coach nominates one player of the positions the roster allows (teams.toml team_captain_positions,
never a Big Guy) when drafting, and may change the choice while the team is a draft. The Captain gains
Pro without a value increase (Player.all_skills). A Captain can only be fired once an injury reduced a
characteristic (services.firing_problems); a Captain removed from the roster (dead, fired, retired) may
be replaced: the coach then nominates a new one.
"""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from rosters import ledger
from rosters.models import LedgerEntry, Player
from rulebook.coverage import carries_out

CAPTAIN_RULE = "team_captain"


def has_captain_rule(team):
    return team.has_rule(CAPTAIN_RULE)


def captain_positions(team):
    """The position ids a Team Captain may be nominated from."""
    return tuple(team.rules.extra.get("team_captain_positions", ()))


def candidates(team):
    """Players who may be nominated Team Captain now."""
    positions = captain_positions(team)
    return [
        player
        for player in team.players.on_roster()
        if player.status == Player.Status.ACTIVE and not player.journeyman and player.position in positions
    ]


def may_nominate(team, captain=None):
    """Whether the coach may nominate a Captain now: while drafting, or when the roster has none."""
    if not has_captain_rule(team):
        return False
    return team.is_draft or (captain if captain is not None else team.captain) is None


@carries_out("team_rule", row="team_captain")
def nominate_captain(*, team, actor, player, as_commissioner=False):
    """Make `player` the Team Captain (the previous one, if any, stops being it).

    Side effects: the players' is_captain, their value (unchanged: Pro comes free), a ledger entry.
    """
    current = team.captain
    if not has_captain_rule(team):
        raise ValidationError(_("This team has no Team Captain."))
    if not may_nominate(team, current):
        raise ValidationError(
            _(
                "The Team Captain can only be changed while drafting, or replaced once removed "
                "from the roster."
            )
        )
    if player.pk not in {candidate.pk for candidate in candidates(team)}:
        raise ValidationError(_("This player cannot be the Team Captain (no Big Guy, no journeyman)."))
    if current is not None and current.pk == player.pk:
        return player
    players = [player] if current is None else [current, player]
    with ledger.change(
        team, actor=actor, kind=LedgerEntry.Kind.EDIT, players=players, as_commissioner=as_commissioner
    ) as change:
        if current is not None:
            current.is_captain = False
        player.is_captain = True
        change.details = {"player": player.name, "captain": True}
    return player
