"""Drives and events: kick-offs with their events, touchdowns, casualties, KO recovery, concession, undo.

Every roll goes through `record_roll` (rolled by Dugout or entered by a coach) and is kept on the event;
a roll about one player (the victim's injury rolls, KO recovery, arguing a sending-off) names that
player in the dice log.

The modules follow the drive: `kickoff` (starting a drive), `swarming` (what a Swarming team may add
at each start of drive), `events` (adding and undoing events), `ending` (the next turn, the end of a
drive, a concession); `shared` holds what they all use. Callers
use this package: `from matches.services import drives`, then `drives.<name>`.
"""

from matches.services.drives.ending import concede, end_drive, next_turn
from matches.services.drives.events import add_event, dice_subject, has_apothecary, undo_last_event
from matches.services.drives.kickoff import next_drive, start_drive, why_kicking
from matches.services.drives.shared import STEP
from matches.services.drives.swarming import SWARMING_RULE, Swarming, roll_swarming, swarming

__all__ = [
    "STEP",
    "SWARMING_RULE",
    "Swarming",
    "add_event",
    "concede",
    "dice_subject",
    "end_drive",
    "has_apothecary",
    "next_drive",
    "next_turn",
    "roll_swarming",
    "start_drive",
    "swarming",
    "undo_last_event",
    "why_kicking",
]
