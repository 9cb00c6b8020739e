"""Journeymen (each team filled up to the players it must field) and the current team values (CTV)
they and the inducements bought make."""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from matches.models import SIDES, Match
from matches.services.jolly_jouster import bought_cost
from matches.services.prematch.sequence import next_step, require_step
from matches.services.prematch.shared import Numbered
from rosters import names
from rosters.services import next_free_number
from rulebook.edition import get_edition


def available_players(team):
    return [player for player in team.players.on_roster() if player.is_available]


def journeymen_needed(team, players=None):
    rules = get_edition(team.edition).settings.journeymen
    players = available_players(team) if players is None else players
    return max(0, rules.fill_to - len(players))


def journeyman_positions(team):
    """The positions `team` may take journeymen from: the roster's `journeyman_positions` where it has
    several 0-16 Lineman positions (BB2025 Shambling Undead: the coach picks), else its lineman."""
    ids = team.rules.extra.get("journeyman_positions") or [team.rules.lineman.id]
    positions = [team.rules.position(position_id) for position_id in ids]
    # BB2025: only a Lineman position of QTY 0-16 supplies journeymen (edition.toml [journeymen]).
    required = get_edition(team.edition).settings.journeymen.position_requires_max
    return [position for position in positions if not required or position.max >= required] or positions


def journeyman_cost(team, position):
    """What one journeyman adds to CTV: its position's roster cost, or nothing where the edition counts
    a Low Cost Linemen team's journeymen at 0 (BB2025 [team_value] ctv_free_linemen_journeymen)."""
    rules = get_edition(team.edition).settings.team_value
    if rules.ctv_free_linemen_journeymen and team.has_rule(rules.ctv_free_linemen_rule):
        return 0
    return position.cost


def base_ctv(match, side):
    """CTV with the journeymen taken on (each adds journeyman_cost; mercenaries count as the
    inducements they are)."""
    team = match.team(side)
    positions = [team.rules.position(entry["position"]) for entry in match.plain_journeymen(side)]
    return team.current_team_value + sum(journeyman_cost(team, position) for position in positions)


def inducements_value(match, side):
    """What the inducements bought add to CTV (all but those whose data say counts_in_ctv = false)."""
    edition = match.edition
    return sum(
        bought_cost(item)
        for item in match.side_value("inducements", side)
        if _counts_in_ctv(edition, item["id"])
    )


def _counts_in_ctv(edition, inducement_id):
    inducement = edition.inducements.get(inducement_id)
    return inducement is None or inducement.extra.get("counts_in_ctv", True)


def ctv(match, side):
    return base_ctv(match, side) + inducements_value(match, side)


def _chosen_positions(team, choice, needed):
    """One position id per journeyman `team` needs, from the coach's `choice` (see take_journeymen)."""
    default = journeyman_positions(team)[0].id
    chosen = list(choice) if isinstance(choice, list | tuple) else [choice or default] * needed
    chosen = (chosen + [default] * needed)[:needed]
    offered = {position.id for position in journeyman_positions(team)}
    if any(position_id not in offered for position_id in chosen):
        raise ValidationError(_("Journeymen come from a Lineman position of the team's roster."))
    return chosen


def nobody_needs_journeymen(match):
    """Whether both teams have at least the edition's [journeymen] fill_to available players."""
    return not any(journeymen_needed(match.team(side)) for side in SIDES)


def skip_journeymen_if_none_needed(match, *, user):
    """Where the journeymen step comes next and neither team needs any, it is done at once (nothing to
    choose, nothing to tap): called by the steps before it. Returns whether it was.

    Side effects: those of take_journeymen (no journeymen, the CTVs).
    """
    if next_step(match) != "journeymen" or not nobody_needs_journeymen(match):
        return False
    take_journeymen(match, user=user)
    return True


def _journeyman_name(match, team, position_id, number, roster, hired, index):
    """A name like the team's players' (rosters.names), none of the roster's or of the journeymen hired
    before; the same match and team give the same names. "Journeyman N" only for a list without names."""
    taken = [player.name for player in roster] + [journeyman["name"] for journeyman in hired]
    name = names.new_name(
        roster=team.roster,
        position=position_id,
        team_key=f"{team.pk}:match{match.pk}",
        number=number,
        taken=taken,
    )
    return name or _("Journeyman %(index)d") % {"index": index}


@transaction.atomic
def take_journeymen(match, *, user, positions=None):
    """Fill each team up to 11 available players with journeymen of its lineman position (Loner 4+);
    `positions`: {side: position id, or a list of one per journeyman} the coach chose where the roster
    offers several (see journeyman_positions; default: the first). Once the step was done because
    nobody needed any (skip_journeymen_if_none_needed), taking them again changes nothing.

    Side effects: stores the journeymen on the match and the CTVs with them.
    """
    if match.journeymen_done and match.status == Match.Status.PRE_MATCH and nobody_needs_journeymen(match):
        return
    require_step(match, "journeymen")
    positions = positions or {}
    for side in SIDES:
        team = match.team(side)
        roster = list(team.players.on_roster())
        available = [p for p in roster if p.is_available]
        chosen = _chosen_positions(team, positions.get(side), journeymen_needed(team, available))
        taken = list(roster)
        journeymen: list[dict] = []
        for index, position_id in enumerate(chosen, start=1):
            number = next_free_number(team, taken + [Numbered(j["number"]) for j in journeymen])
            journeymen.append(
                {
                    "key": f"{side}-{index}",
                    "number": number,
                    "name": _journeyman_name(match, team, position_id, number, taken, journeymen, index),
                    "position": position_id,
                }
            )
        match.set_side_value("journeymen", side, journeymen)
        match.set_side_value("ctv", side, base_ctv(match, side))
    match.journeymen_done = True
    match.save()


def add_journeymen(match, side, count, *, prefix):
    """`count` more journeymen of `side`'s first journeyman position for this game only (an inducement
    such as Riotous Rookies: beyond the 11 and the 16), numbered and named like the others, with keys
    `<side>-<prefix><n>`. Returns them; the caller stores the match.

    Side effects: adds them to the match's journeymen (not saved).
    """
    team = match.team(side)
    position_id = journeyman_positions(team)[0].id
    roster = list(team.players.on_roster())
    journeymen = list(match.journeymen(side))
    added = []
    first = 1 + sum(entry["key"].startswith(f"{side}-{prefix}") for entry in journeymen)
    for index in range(first, first + count):
        number = next_free_number(team, roster + [Numbered(j["number"]) for j in journeymen])
        entry = {
            "key": f"{side}-{prefix}{index}",
            "number": number,
            "name": _journeyman_name(match, team, position_id, number, roster, journeymen, index),
            "position": position_id,
        }
        journeymen.append(entry)
        added.append(entry)
    match.set_side_value("journeymen", side, journeymen)
    return added
