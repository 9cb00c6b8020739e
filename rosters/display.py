"""What the roster pages show, worked out in Python: characteristic cells marked against the position's
profile, skills with their origin, the hiring rows of the draft panel (the ledger: ledger_display).

Plain functions over already-fetched models and rulebook data, in the active language; they run no query.
"""

from collections import Counter

from django.utils.translation import get_language, gettext

from rosters.models import LedgerEntry, Player
from rosters.services import hiring_problems, position_max
from rulebook.data import CHARACTERISTICS
from rulebook.edition import get_edition
from rulebook.formatting import target

Kind = LedgerEntry.Kind

# Team fields and the rules text key of their name (the others use the model's verbose name).
STAFF_TEXT_KEYS = {
    "assistant_coaches": "staff.assistant_coach.name",
    "cheerleaders": "staff.cheerleader.name",
    "apothecary": "staff.apothecary.name",
}
SKILL_ORIGINS = ("random_primary", "chosen_primary", "random_secondary", "chosen_secondary")


def team_text(team, key):
    return get_edition(team.edition).text(key, get_language())


def characteristic_text(edition, name, value):
    """ "5" for MA and ST, "3+" for AG PA AV, "-" for no PA."""
    if name in edition.settings.characteristics.target_numbers:
        return target(value)
    return "-" if value is None else str(value)


def characteristic_cells(player):
    """One cell per characteristic: its text and whether it is better or worse than the position's."""
    edition = get_edition(player.team.edition)
    steps = edition.settings.characteristics.step
    profile = player.position_rules.profile
    cells = []
    for name in CHARACTERISTICS:
        value, base = getattr(player, name), getattr(profile, name)
        change = None
        if value != base:
            if base is None or value is None:
                change = "up" if base is None else "down"
            else:
                change = "up" if (value - base) * steps[name] > 0 else "down"
        cells.append(
            {
                "name": name,
                "label": edition.text(f"characteristic.{name}.name", get_language()),
                "text": characteristic_text(edition, name, value),
                "base": characteristic_text(edition, name, base),
                "change": change,
            }
        )
    return cells


def origin_label(team, origin):
    """How a skill was gained: "" for the position's own skills, else the advancement kind's name."""
    if origin == "position":
        return ""
    if origin in SKILL_ORIGINS:
        return team_text(team, f"table.value_increases.{origin}.name")
    if origin == "journeyman":
        return gettext("journeyman")
    if origin == "dedication":
        return gettext("free, by the team's dedication")
    return origin


def skill_items(player):
    edition = get_edition(player.team.edition)
    language = get_language()
    return [
        {
            "ref": ref,
            "label": edition.skill_label(ref, language),
            "origin": origin,
            "origin_label": origin_label(player.team, origin),
        }
        for ref, origin in player.all_skills()
    ]


def player_row(player):
    """Everything the roster sheet prints about one player."""
    team = player.team
    return {
        "player": player,
        "position_name": get_edition(team.edition).name(player.position_rules, get_language()),
        "cells": characteristic_cells(player),
        "skills": skill_items(player),
        "lasting_injuries": [
            team_text(team, f"table.lasting_injury.{injury}.name") for injury in player.lasting_injuries
        ],
    }


def roster_sheet(team, players):
    """Rows of the players still on the roster, and of former players (dead, retired, fired)."""
    current, former = [], []
    on_roster = {Player.Status.ACTIVE, Player.Status.TEMPORARILY_RETIRED}
    for player in players:
        (current if player.status in on_roster else former).append(player_row(player))
    return current, former


def position_rows(team, players):
    """The hiring rows of the draft panel: cost, count / max, and why the Add button is disabled."""
    edition = get_edition(team.edition)
    permanent = [p for p in players if not p.journeyman]
    rows = []
    for position in team.rules.positions:
        if not position.max:
            continue  # a position only raised, never hired (rulebook.dedication.RaisedPosition)
        rows.append(
            {
                "position": position,
                "name": edition.name(position, get_language()),
                "count": sum(1 for p in permanent if p.position == position.id),
                "max": position_max(team, position),
                "problems": hiring_problems(team, position.id, players),
            }
        )
    return rows


def lineup_offer(team, positions, *, captain=False):
    """What the "fill the roster" button hires: {"count", "positions" (text), "cost", "captain" (one of
    them is nominated Team Captain)}, or None."""
    if not positions:
        return None
    return {
        "count": len(positions),
        "positions": positions_text(team, Counter(positions)),
        "cost": sum(team.rules.position(p).cost for p in positions),
        "captain": captain,
    }


def positions_text(team, counts):
    """ "7 × Human Lineman, 2 × Human Blitzer" for {position id: count}."""
    return ", ".join(f"{count} × {_position_name(team, position)}" for position, count in counts.items())


def staff_rows(team):
    """Sideline staff for the panel: name, how many, maximum, cost, and whether the team may hire any."""
    staff = get_edition(team.edition).settings.staff
    rows = []
    for field, rule in (("assistant_coaches", "assistant_coach"), ("cheerleaders", "cheerleader")):
        rows.append(
            {
                "field": field,
                "name": team_text(team, STAFF_TEXT_KEYS[field]),
                "count": getattr(team, field),
                "max": staff[rule].max,
                "cost": staff[rule].cost,
                "allowed": True,
            }
        )
    rows.append(
        {
            "field": "apothecary",
            "name": team_text(team, STAFF_TEXT_KEYS["apothecary"]),
            "count": int(team.apothecary),
            "max": staff.apothecary.max,
            "cost": staff.apothecary.cost,
            "allowed": team.rules.apothecary,
        }
    )
    return rows


# --- the ledger as a timeline -----------------------------------------------------------------------


def position_name(team, position_id):
    """The name of the team's position `position_id` in the active language (the id if unknown)."""
    return _position_name(team, position_id)


def _position_name(team, position_id):
    try:
        return get_edition(team.edition).name(team.rules.position(position_id), get_language())
    except KeyError:
        return position_id or ""
