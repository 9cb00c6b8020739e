"""The pre-match steps of the Jolly Jouster Cup (matches.services.jolly_jouster), both at the start of the
game: the Dukedom of Bretonnia it is played in (one D8), then, where a team of the match holds the
Jouster's Chalice, its six nominees and the D6 that picks the one who gains Dauntless for the game."""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from matches.models import SIDES
from matches.services import jolly_jouster
from matches.services.common import record_roll
from matches.services.prematch.prayers import match_players
from matches.services.prematch.sequence import require_step
from matches.services.prematch.shared import STEP
from rulebook.coverage import carries_out


@carries_out("optional_rule", row=jolly_jouster.DUKEDOMS)
@transaction.atomic
def roll_dukedom(match, *, dice, user, faces=None):
    """The Dukedom the game is played in: the table's D8 rolled by Dugout, or the entered `faces`.

    Side effects: sets match.dukedom, gives both teams the inducements it gives for free (stored with
    what each team has for the game, at no cost: jolly_jouster.free_inducements), logs the roll.
    """
    require_step(match, "dukedom")
    table = match.edition.table(jolly_jouster.DUKEDOMS)
    roll = record_roll(
        match,
        dice=dice,
        notation=table.dice,
        purpose=jolly_jouster.DUKEDOMS,
        step=STEP,
        user=user,
        faces=faces,
    )
    match.dukedom = table.row_for(roll.total)["id"]
    for side in SIDES:
        match.set_side_value("inducements", side, jolly_jouster.free_inducements(match))
    match.save()
    return roll


def chalice_nominees(match):
    """The players the holder of the Jouster's Chalice may nominate (match_players of its side: the roster
    players available for the game), and how many it nominates (the row's `nominees`, or all of them
    where the team has fewer)."""
    side = jolly_jouster.chalice_side(match)
    players = match_players(match, side) if side else []
    wanted = jolly_jouster.rule_row(match.edition, jolly_jouster.CHALICE)["nominees"]
    return players, min(wanted, len(players))


@carries_out("optional_rule", row=jolly_jouster.CHALICE)
@transaction.atomic
def roll_chalice(match, *, dice, user, nominees, faces=None):
    """The Jouster's Chalice: its holder's coach numbers `nominees` (player keys of chalice_nominees, the
    first is number 1), then its die (D6) is rolled by Dugout or entered (`faces`): the nominee of the
    number rolled gains the row's skills (Dauntless) for the game; none where no nominee has it.

    Side effects: stores the nominees, the roll and the player on match.chalice, logs the roll.
    """
    require_step(match, "chalice")
    side = jolly_jouster.chalice_side(match)
    row = jolly_jouster.rule_row(match.edition, jolly_jouster.CHALICE)
    players, count = chalice_nominees(match)
    by_key = {player["key"]: player for player in players}
    nominees = [key for key in nominees if key]
    if len(nominees) != count or len(set(nominees)) != count or any(key not in by_key for key in nominees):
        raise ValidationError(
            _("Nominate %(count)d different players of %(team)s.")
            % {"count": count, "team": match.team(side)}
        )
    roll = record_roll(
        match,
        dice=dice,
        notation=row["nominee_dice"],
        purpose=jolly_jouster.CHALICE,
        step=STEP,
        user=user,
        faces=faces,
        team=match.team(side),
    )
    named = [{"key": key, "name": by_key[key]["name"]} for key in nominees]
    match.chalice = {
        "side": side,
        "nominees": named,
        "roll": roll.total,
        "player": named[roll.total - 1] if roll.total <= len(named) else {},
        "skills": list(row["skills"]),
    }
    match.save()
    return roll
