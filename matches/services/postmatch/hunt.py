"""Kurnous's Wild Hunt (BB2025's Spectacle of the Flame Eternal, Spike! Journal 21): at the start of each
drive the coach of a team dedicated to Kurnous marks one opposing player on the pitch; the player who
knocks a marked player down with a block (or pushes it into the crowd) and so knocks it out or makes it a
casualty earns extra SPP (the god's `bonus_spp`), each opposing player paying it once per game.

The mark is made at the table; Dugout has recorded the knock-outs and casualties: after the game the
coach names which of them hit a marked player, and the plan pays their SPP (postmatch.plan).
"""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from matches.models import Event, other
from matches.services.outcome import events
from rulebook import dedication

HUNTED_KINDS = (Event.Kind.KNOCKED_OUT, Event.Kind.CASUALTY)
HUNTED_CAUSES = (Event.Cause.BLOCK, Event.Cause.CROWD)


def bonus_spp(match, side):
    """The SPP a hunted player pays `side`'s player (0 for a team whose god has no hunt)."""
    return dedication.bonus_spp(match.team(side).dedication_row)


def huntable(match, side, match_events=None):
    """The events in which a player of `side` knocked out or injured an opposing player by a block or a
    push into the crowd: [(event id, "#5 Naya hits #7 Tomas")] (empty when the team has no hunt)."""
    if not bonus_spp(match, side):
        return []
    journeymen = {
        entry["key"]: f"#{entry['number']} {entry['name']}"
        for team_side in (side, other(side))
        for entry in match.journeymen(team_side)
    }
    found = []
    for event in match_events if match_events is not None else events(match):
        if event.side != side or event.kind not in HUNTED_KINDS or event.cause not in HUNTED_CAUSES:
            continue
        if not event.actor_key or not event.victim_key:
            continue
        label = _("%(player)s: %(victim)s, %(kind)s") % {
            "player": str(event.player) if event.player_id else journeymen.get(event.journeyman, ""),
            "victim": str(event.victim) if event.victim_id else journeymen.get(event.victim_journeyman, ""),
            "kind": event.get_kind_display(),
        }
        found.append((event.pk, label))
    return found


def check_hunted(match, side, chosen, match_events=None):
    """The checked hunt of `side`: [{"event": id, "player": actor key, "victim": victim key}] for the
    events `chosen` (ids), each one huntable and each victim once."""
    if not chosen:
        return []
    match_events = events(match) if match_events is None else match_events
    allowed = {event_id for event_id, _label in huntable(match, side, match_events)}
    by_id = {event.pk: event for event in match_events}
    hunted, victims = [], set()
    for event_id in chosen:
        if int(event_id) not in allowed:
            raise ValidationError(_("Only a knock-out or a casualty of a block or the crowd can be hunted."))
        event = by_id[int(event_id)]
        if event.victim_key in victims:
            raise ValidationError(_("Each opposing player pays the Wild Hunt's SPP once per game."))
        victims.add(event.victim_key)
        hunted.append({"event": event.pk, "player": event.actor_key, "victim": event.victim_key})
    return hunted
