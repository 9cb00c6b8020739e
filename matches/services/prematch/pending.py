"""The rolled prayers still waiting for the players (or skill) they name: the prayers step is done
only once none is left (see sequence.next_step)."""

from dataclasses import dataclass

from matches.models import SIDES
from matches.services import effects


@dataclass(frozen=True)
class PendingPrayer:
    """A rolled prayer still waiting for `need`: "player" (the coach chooses), "roll" (random players,
    rolled by Dugout or entered) or "skill" (the Primary skill of Intensive Training)."""

    side: str
    row: dict
    entry: dict
    need: str


def prayer_needs(row, entry):
    """What is still to record for a rolled prayer (its table row and stored entry), or None."""
    if "target" not in row:
        return None
    if "targets" not in entry:
        return "player" if row["target"].endswith("_chosen") else "roll"
    if row.get("skill") == "chosen_primary" and entry["targets"] and not entry.get("skill"):
        return "skill"
    return None


def pending_prayers(match):
    """The PendingPrayers of both sides, in the order rolled (no query)."""
    table = match.edition.table("prayers_to_nuffle")
    pending = []
    for side in SIDES:
        for entry in effects.prayer_entries(match, side):
            row = table.row(entry["id"])
            if need := prayer_needs(row, entry):
                pending.append(PendingPrayer(side, row, entry, need))
    return pending


def pending_prayer(match, side, prayer):
    """The PendingPrayer of `side` for the prayer id `prayer`, or None when it needs nothing."""
    return next((p for p in pending_prayers(match) if p.side == side and p.entry["id"] == prayer), None)
