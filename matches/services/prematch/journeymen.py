"""Journeymen (each team filled up to the players it must field) and the current team values (CTV)
they and the inducements bought make."""

from django.db import transaction
from django.utils.translation import gettext as _

from matches.models import SIDES
from matches.services.prematch.sequence import require_step
from matches.services.prematch.shared import Numbered, edition_of
from rosters.services import next_free_number
from rulebook.edition import get_edition


def available_players(team):
    return [player for player in team.players.on_roster() if player.is_available]


def journeymen_needed(team, players=None):
    rules = get_edition(team.edition).settings["journeymen"]
    players = available_players(team) if players is None else players
    return max(0, rules["fill_to"] - len(players))


def base_ctv(match, side):
    """CTV with the journeymen taken on (each adds its position's roster cost; mercenaries count as the
    inducements they are)."""
    team = match.team(side)
    lineman = team.rules.lineman
    return team.current_team_value + lineman.cost * len(match.plain_journeymen(side))


def inducements_value(match, side):
    """What the inducements bought add to CTV (all but those whose data say counts_in_ctv = false)."""
    edition = edition_of(match)
    return sum(
        item["price"] * item["count"]
        for item in match.side_value("inducements", side)
        if _counts_in_ctv(edition, item["id"])
    )


def _counts_in_ctv(edition, inducement_id):
    inducement = edition.inducements.get(inducement_id)
    return inducement is None or inducement.extra.get("counts_in_ctv", True)


def ctv(match, side):
    return base_ctv(match, side) + inducements_value(match, side)


@transaction.atomic
def take_journeymen(match, *, user):
    """Fill each team up to 11 available players with journeymen of its lineman position (Loner 4+).

    Side effects: stores the journeymen on the match and the CTVs with them.
    """
    require_step(match, "journeymen")
    for side in SIDES:
        team = match.team(side)
        roster = list(team.players.on_roster())
        available = [p for p in roster if p.is_available]
        taken = list(roster)
        journeymen = []
        for index in range(1, journeymen_needed(team, available) + 1):
            number = next_free_number(team, taken + [Numbered(j["number"]) for j in journeymen])
            journeymen.append(
                {
                    "key": f"{side}-{index}",
                    "number": number,
                    "name": _("Journeyman %(index)d") % {"index": index},
                    "position": team.rules.lineman.id,
                }
            )
        match.set_side_value("journeymen", side, journeymen)
        match.set_side_value("ctv", side, base_ctv(match, side))
    match.journeymen_done = True
    match.save()
