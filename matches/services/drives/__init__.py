"""Drives and events: kick-offs with their events, touchdowns, casualties, KO recovery, concession, undo.

Every roll goes through `record_roll` (rolled by Dugout or entered by a coach) and is kept on the event;
a roll about one player (the victim's injury rolls, KO recovery, arguing a sending-off) names that
player in the dice log.

The modules follow the drive: `kickoff` (starting a drive), `swarming` (what a Swarming team may add
at each start of drive), `events` (adding and undoing events), `ending` (the next turn, the end of a
drive, a concession), `weather` (a Weather Mage's roll); `shared` holds what they all use. Callers
use this package: `from matches.services import drives`, then `drives.<name>`.
"""

from matches.services.drives.ending import concede, end_drive, next_turn
from matches.services.drives.events import (
    SENT_OFF_KINDS,
    add_event,
    bribes_left,
    bribes_used,
    dice_subject,
    has_apothecary,
    regeneration_options,
    undo_last_event,
)
from matches.services.drives.kickoff import next_drive, start_drive, why_kicking
from matches.services.drives.shared import STEP
from matches.services.drives.swarming import SWARMING_RULE, Swarming, roll_swarming, swarming
from matches.services.drives.weather import INDUCEMENT as WEATHER_MAGE
from matches.services.drives.weather import cast_weather_mage, weather_mages_left
from matches.services.drives.weather import modifiers as weather_mage_modifiers

__all__ = [
    "STEP",
    "SENT_OFF_KINDS",
    "SWARMING_RULE",
    "WEATHER_MAGE",
    "weather_mage_modifiers",
    "Swarming",
    "add_event",
    "bribes_left",
    "bribes_used",
    "cast_weather_mage",
    "concede",
    "dice_subject",
    "end_drive",
    "has_apothecary",
    "next_drive",
    "next_turn",
    "regeneration_options",
    "roll_swarming",
    "start_drive",
    "swarming",
    "undo_last_event",
    "weather_mages_left",
    "why_kicking",
]
