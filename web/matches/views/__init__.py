"""Match pages, one module per stage of the match: `prematch` (the list, creating a match, the pre-match
steps, inducements, prayers), `live` (scoreboard, drives, events, undo, next turn, conceding),
`postmatch` (rolls, apply, undo, the league result) and `report`; `detail` is the match page that shows
whichever stage the match is at, and `access` holds who may do what and the helpers they all share.
Every form is a plain POST with redirect; htmx only swaps fragments."""

from web.matches.views.access import may_record, may_undo_apply, recorder
from web.matches.views.corrections import (
    correction_accept,
    correction_detail,
    correction_new,
    correction_reject,
    correction_settle,
    correction_undo,
)
from web.matches.views.detail import match_detail
from web.matches.views.live import (
    concede,
    drive_end,
    drive_start,
    event_add,
    event_undo,
    scoreboard,
    turn_next,
    weather_mage,
)
from web.matches.views.postmatch import postmatch_apply, postmatch_roll, postmatch_undo, submit_to_league
from web.matches.views.prematch import (
    inducements,
    match_create,
    match_from_fixture,
    match_list,
    prayer_targets,
    prematch_step,
)
from web.matches.views.report import report

__all__ = [
    "correction_accept",
    "correction_detail",
    "correction_new",
    "correction_reject",
    "correction_settle",
    "correction_undo",
    "weather_mage",
    "concede",
    "drive_end",
    "drive_start",
    "event_add",
    "event_undo",
    "inducements",
    "match_create",
    "match_detail",
    "match_from_fixture",
    "match_list",
    "may_record",
    "may_undo_apply",
    "postmatch_apply",
    "postmatch_roll",
    "postmatch_undo",
    "prayer_targets",
    "prematch_step",
    "recorder",
    "report",
    "scoreboard",
    "submit_to_league",
    "turn_next",
]
