"""The edits a correction makes to what a match recorded.

Each edit is a dict with its "type", what it points at ("event", "drive" or "side"), the value it
replaces ("old") and the new one ("new"): stored on the Correction as JSON, shown on the match report,
and enough to put the record back when the correction is undone. `checked` validates what a user asks
for (a translated ValidationError, nothing changed) and fills in "old"; `apply_edits` sets the new
values on a `Record` in memory and `revert_edits` the old ones; `Record.save` writes what changed.
"""

import copy
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from matches.models import SIDES, Drive, Event, Match, other
from matches.services.common import match_table
from matches.services.outcome import events as match_events
from matches.services.outcome import mvp_candidates

# An event's player fields: the edit type, the Player foreign key and the match-only player key.
PLAYER_FIELDS = {
    "actor": ("player", "journeyman"),
    "victim": ("victim", "victim_journeyman"),
    "catcher": ("catcher", "catcher_journeyman"),
}
# What an event may be corrected to and from: the kinds that earn SPP or hurt a player.
SPP_KINDS = (
    Event.Kind.TOUCHDOWN,
    Event.Kind.CASUALTY,
    Event.Kind.KNOCKED_OUT,
    Event.Kind.COMPLETION,
    Event.Kind.DEFLECTION,
    Event.Kind.INTERCEPTION,
    Event.Kind.SUPERB_THROW,
    Event.Kind.SAFE_LANDING,
    Event.Kind.FOUL,
)
# Post-match rolls a correction may change: the record's key and the die's faces.
POSTMATCH_ROLLS = {"fans": 6, "mistake": 6}
TYPES = (*PLAYER_FIELDS, "event_kind", "casualty", "mvp", *POSTMATCH_ROLLS, "kickoff", "score")
SIDE_TYPES = ("mvp", *POSTMATCH_ROLLS, "score")
MAX_SCORE = 99


@dataclass
class Record:
    """A match with its drives and events, loaded once: what the edits change and the replay reads."""

    match: Match
    events: list = field(default_factory=list)
    drives: dict = field(default_factory=dict)

    @classmethod
    def load(cls, match):
        recorded = match_events(match)
        drives = {drive.pk: drive for drive in match.drives.all()}
        for event in recorded:
            event.drive = drives.get(event.drive_id, event.drive)
        return cls(match=match, events=recorded, drives=drives)

    def event(self, pk):
        found = next((event for event in self.events if event.pk == pk), None)
        if found is None:
            raise ValidationError(_("That event is not one of this match's."))
        return found

    def drive(self, pk):
        if pk not in self.drives:
            raise ValidationError(_("That drive is not one of this match's."))
        return self.drives[pk]

    def save(self):
        """Write the match, its drives and its events as they are now (a handful of rows)."""
        self.match.save()
        Drive.objects.bulk_update(self.drives.values(), ["kickoff_event"])
        Event.objects.bulk_update(
            self.events,
            ["kind", "player", "journeyman", "victim", "victim_journeyman", "catcher", "catcher_journeyman"]
            + ["rolls", "outcome"],
        )


# --- reading and writing one edit -------------------------------------------------------------------


def _player_key(event, name):
    foreign_key, journeyman = PLAYER_FIELDS[name]
    player_id = getattr(event, f"{foreign_key}_id")
    return f"p{player_id}" if player_id else getattr(event, journeyman)


def _set_player_key(event, name, key):
    foreign_key, journeyman = PLAYER_FIELDS[name]
    if key.startswith("p") and key[1:].isdigit():
        setattr(event, f"{foreign_key}_id", int(key[1:]))
        setattr(event, journeyman, "")
    else:
        setattr(event, f"{foreign_key}_id", None)
        setattr(event, journeyman, key)


def _mvp_keys(record, side):
    entry = record.match.postmatch.get(side, {})
    return [mvp["player"] for mvp in entry.get("mvps") or [entry.get("mvp")] if mvp]


def _current(record, edit):
    """The value the edit's target holds now, in the edit's own terms."""
    kind = edit["type"]
    match = record.match
    if kind in PLAYER_FIELDS:
        return _player_key(record.event(edit["event"]), kind)
    if kind == "event_kind":
        return record.event(edit["event"]).kind
    if kind == "casualty":
        event = record.event(edit["event"])
        return {"outcome": event.outcome, "result": event.rolls.get("result")}
    if kind == "mvp":
        return _mvp_keys(record, edit["side"])
    if kind in POSTMATCH_ROLLS:
        return match.postmatch.get(edit["side"], {}).get(kind, {}).get("total")
    if kind == "kickoff":
        return record.drive(edit["drive"]).kickoff_event
    return match.score(edit["side"])


def _write(record, edit, value):
    """Put `value` (the edit's "new" or "old") in the edit's target."""
    kind = edit["type"]
    match = record.match
    if kind in PLAYER_FIELDS:
        _set_player_key(record.event(edit["event"]), kind, value)
    elif kind == "event_kind":
        _write_kind(match, record.event(edit["event"]), value)
    elif kind == "casualty":
        event = record.event(edit["event"])
        event.outcome = value["outcome"]
        event.rolls = {**event.rolls, "result": value["result"]}
    elif kind == "mvp":
        _write_mvps(match, edit["side"], value)
    elif kind in POSTMATCH_ROLLS:
        postmatch = copy.deepcopy(match.postmatch)
        postmatch[edit["side"]][kind]["total"] = value
        match.postmatch = postmatch
    elif kind == "kickoff":
        record.drive(edit["drive"]).kickoff_event = value
    else:
        match.set_side_value("score", edit["side"], value)


def _write_kind(match, event, kind):
    """A touchdown corrected away (or into being) takes its team's score with it."""
    change = (kind == Event.Kind.TOUCHDOWN) - (event.kind == Event.Kind.TOUCHDOWN)
    match.set_side_value("score", event.side, max(0, match.score(event.side) + change))
    event.kind = kind


def _write_mvps(match, side, keys):
    postmatch = copy.deepcopy(match.postmatch)
    entry = postmatch[side]
    mvps = [dict(mvp) for mvp in entry.get("mvps") or [entry.get("mvp")] if mvp]
    for mvp, key in zip(mvps, keys, strict=True):
        mvp["player"] = key
    entry["mvps"] = mvps
    entry["mvp"] = mvps[0] if mvps else None
    match.postmatch = postmatch


def apply_edits(record, edits, *, check=False):
    """Set each edit's new value; with `check`, refuse (ValidationError) where the record no longer holds
    the value the edit replaces (another correction came first)."""
    for edit in edits:
        if check and _current(record, edit) != edit["old"]:
            raise ValidationError(
                _("The match has changed since this correction was proposed: propose it again.")
            )
        _write(record, edit, edit["new"])


def revert_edits(record, edits):
    for edit in reversed(edits):
        _write(record, edit, edit["old"])


# --- checking what a user asks for --------------------------------------------------------------------


def checked(record, edits):
    """The edits as they will be stored: each checked against the match (ValidationError naming what is
    wrong) and given the value it replaces. Edits are checked in order, each on the record as the ones
    before it left it (in memory only)."""
    if not edits:
        raise ValidationError(_("A correction changes at least one thing."))
    stored = []
    working = Record(match=copy.deepcopy(record.match), events=copy.deepcopy(record.events))
    working.drives = {pk: copy.copy(drive) for pk, drive in record.drives.items()}
    for asked in edits:
        edit = _checked_one(working, dict(asked))
        edit["old"] = _current(working, edit)
        if edit["old"] == edit["new"]:
            raise ValidationError(_("One of the changes leaves the match as it was."))
        _write(working, edit, edit["new"])
        stored.append(edit)
    return stored


def _checked_one(record, edit):
    kind = edit.get("type")
    if kind not in TYPES:
        raise ValidationError(_("Unknown kind of correction."))
    if kind in SIDE_TYPES and edit.get("side") not in SIDES:
        raise ValidationError(_("Unknown side."))
    checkers = {
        "event_kind": _check_kind,
        "casualty": _check_casualty,
        "mvp": _check_mvp,
        "kickoff": _check_kickoff,
        "score": _check_score,
    }
    checkers |= dict.fromkeys(PLAYER_FIELDS, _check_player) | dict.fromkeys(POSTMATCH_ROLLS, _check_roll)
    return checkers[kind](record, edit)


def _side_players(match, side):
    """The keys of every player `side` could field: its roster's (as it is now, the fallen included) and
    the match's own journeymen, mercenaries and stars."""
    roster = {f"p{pk}" for pk in match.team(side).players.values_list("pk", flat=True)}
    return roster | set(match.match_only_players(side))


def _check_player(record, edit):
    event = record.event(edit.get("event"))
    if event.kind not in SPP_KINDS:
        raise ValidationError(_("Only an event that earns SPP or hurts a player can be corrected."))
    side = event.side if edit["type"] != "victim" else other(event.side)
    key = str(edit.get("new") or "")
    if edit["type"] != "actor" and not key:
        return {**edit, "new": ""}
    if key not in _side_players(record.match, side):
        raise ValidationError(_("That player did not play for that team in this match."))
    return {**edit, "new": key}


def _check_kind(record, edit):
    event = record.event(edit.get("event"))
    if event.kind not in SPP_KINDS or edit.get("new") not in SPP_KINDS:
        raise ValidationError(_("An event can only be corrected to another action that earns SPP."))
    if Event.Kind.CASUALTY in (event.kind, edit["new"]) and event.kind != edit["new"]:
        raise ValidationError(_("A casualty is corrected by its outcome, not turned into another action."))
    return {**edit, "new": str(edit["new"])}


def _check_casualty(record, edit):
    event = record.event(edit.get("event"))
    if event.kind != Event.Kind.CASUALTY:
        raise ValidationError(_("Only a casualty has a casualty outcome."))
    edition = record.match.edition
    rows = {row["id"]: row for row in edition.table("casualty").rows}
    row = rows.get(edit.get("casualty"))
    if row is None:
        raise ValidationError(_("Unknown casualty outcome."))
    lasting = None
    if row.get("lasting"):
        lasting_rows = {row["id"]: row for row in edition.table("lasting_injury").rows}
        lasting = lasting_rows.get(edit.get("lasting_injury"))
        if lasting is None:
            raise ValidationError(_("Say which lasting injury it was."))
    result = {
        "casualty": row["id"],
        "miss_next_game": row.get("miss_next_game", False),
        "dead": row.get("dead", False),
        "niggling": row.get("niggling", False),
        "lasting_injury": lasting["id"] if lasting else None,
        "characteristic": lasting["characteristic"] if lasting else None,
    }
    return {"type": "casualty", "event": event.pk, "new": {"outcome": row["id"], "result": result}}


def _check_mvp(record, edit):
    side = edit.get("side")
    current = _mvp_keys(record, side)
    new = [str(key) for key in edit.get("new") or []]
    if len(new) != len(current):
        raise ValidationError(
            _("This match gave %(count)s MVP to this team: name as many players.") % {"count": len(current)}
        )
    allowed = {key for key, _label in mvp_candidates(record.match, side)}
    if not set(new) <= allowed or len(set(new)) != len(new):
        raise ValidationError(_("The MVP must be a player of that team who could be chosen."))
    return {"type": "mvp", "side": side, "new": new}


def _check_roll(record, edit):
    side = edit.get("side")
    if edit["type"] not in record.match.postmatch.get(side, {}):
        raise ValidationError(_("This match has no such post-match roll for that team."))
    total = edit.get("new")
    if not isinstance(total, int) or not 1 <= total <= POSTMATCH_ROLLS[edit["type"]]:
        raise ValidationError(_("A die shows a number from 1 to %(faces)s.") % {"faces": 6})
    return {"type": edit["type"], "side": side, "new": total}


def _check_kickoff(record, edit):
    drive = record.drive(edit.get("drive"))
    rows = {row["id"] for row in match_table(record.match, "kickoff").rows}
    if edit.get("new") not in rows:
        raise ValidationError(_("Unknown kick-off event."))
    return {"type": "kickoff", "drive": drive.pk, "new": edit["new"]}


def _check_score(record, edit):
    score = edit.get("new")
    if not isinstance(score, int) or not 0 <= score <= MAX_SCORE:
        raise ValidationError(_("Scores and casualties are whole numbers from 0 to 99."))
    return {"type": "score", "side": edit.get("side"), "new": score}
