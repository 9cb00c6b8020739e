"""Lasting effects in a match, read from what was recorded (no side effects, no queries of their own
beyond the ones named): Prayers to Nuffle in force, the SPP they change, kick-off events that last.

Which drive a prayer affects follows from when it is prayed for: only in the pre-match sequence (in
seed 000's kick-off table Cheering Fans gives an assist, not a prayer), taking effect from the first
drive (edition.toml [prayers] takes_effect = "next_drive"). So a "drive" prayer lasts the first drive
of the match, a "half" prayer the first half, a "game" prayer every drive. Other modules (leaderboards,
sheets) may call these helpers.
"""

from matches.models import SIDES, Event
from rulebook import formulas
from rulebook.edition import get_edition

# Base SPP actions of events (casualties by a block only, unless a prayer says otherwise).
SPP_EVENTS = {
    Event.Kind.TOUCHDOWN: "touchdown",
    Event.Kind.COMPLETION: "completion",
    Event.Kind.DEFLECTION: "deflection",
    Event.Kind.INTERCEPTION: "interception",
    Event.Kind.SUPERB_THROW: "superb_throw",
    Event.Kind.SAFE_LANDING: "safe_landing",
}


def _edition(match):
    return get_edition(match.home_team.edition)


def prayer_in_force(row, *, half, number):
    """Whether a prayers_to_nuffle row is in force in the drive `number` of half `half`.

    None for both: before the first drive (everything prayed for is about to apply).
    """
    if number is None:
        return True
    duration = row.get("duration", "game")
    if duration == "drive":
        return number == 1
    if duration == "half":
        return half == 1
    return True


def prayer_entries(match, side):
    """The prayers `side` rolled, in order: {"id": row id} plus, once recorded for a prayer that names
    players, "targets" ([{"key": player key, "name": "#5 Griff"}], the name as it was), "count" (a
    target_count rolled) and "skill" (a chosen skill ref). Matches saved before targets were recorded
    hold bare row ids: they read as {"id": ...}."""
    return [{"id": entry} if isinstance(entry, str) else entry for entry in match.side_value("prayers", side)]


def prayer_ids(match, side):
    return [entry["id"] for entry in prayer_entries(match, side)]


def prayer_entries_in_force(match, side, drive=None):
    """(row, entry) of the prayers of `side` in force during `drive` (None: before the first drive)."""
    table = _edition(match).table("prayers_to_nuffle")
    half, number = (drive.half, drive.number) if drive is not None else (None, None)
    pairs = [(table.row(entry["id"]), entry) for entry in prayer_entries(match, side)]
    return [(row, entry) for row, entry in pairs if prayer_in_force(row, half=half, number=number)]


def prayers_in_force(match, side, drive=None):
    """The prayers_to_nuffle rows of `side` in force during `drive` (None: before the first drive)."""
    return [row for row, _entry in prayer_entries_in_force(match, side, drive)]


def event_spp(match, event, *, edition=None):
    """(action, SPP) that `event` earns its actor, prayers in force included; (None, 0) for none.

    Perfect Passing: completions earn completion_spp; Necessary Violence: casualties casualty_spp;
    Fan Interaction and Fouling Frenzy: casualties by the crowd or a foul earn as many as a block
    casualty (or their own *_spp). Needs event.drive (select_related) for drive/half prayers.
    """
    edition = edition or _edition(match)
    action = "casualty" if event.kind == Event.Kind.CASUALTY else SPP_EVENTS.get(event.kind)
    if action is None:
        return None, 0
    spp = formulas.spp_for(action, edition=edition)
    rows = prayers_in_force(match, event.side, event.drive)

    def raised(field):
        return [row[field] for row in rows if field in row]

    if action == "completion":
        spp = max([spp, *raised("completion_spp")])
    if action == "casualty":
        by_prayer = {
            Event.Cause.CROWD: raised("crowd_casualty_spp"),
            Event.Cause.FOUL: raised("foul_casualty_spp"),
        }
        if event.cause not in ("", Event.Cause.BLOCK):
            if not by_prayer.get(event.cause):
                return None, 0  # only a block casualty earns SPP without a prayer
            spp = max(by_prayer[event.cause])
        spp = max([spp, *raised("casualty_spp")])
    return action, spp


def kickoff_effects(match, drives):
    """What lasting kick-off events gave: {"bribes": {side: n}, "rerolls": {side: n}} where bribes are
    those of every Get the Ref so far (they last the game) and rerolls the Brilliant Coaching re-roll
    of the last drive in `drives` (it lasts the drive). `drives`: the match's drives in order."""
    bribes = dict.fromkeys(SIDES, 0)
    rerolls = dict.fromkeys(SIDES, 0)
    for drive in drives:
        effects = kickoff_result(match, drive)
        for side in SIDES:
            bribes[side] += effects["bribes"].get(side, 0)
    if drives:
        rerolls.update(kickoff_result(match, drives[-1])["rerolls"])
    return {"bribes": bribes, "rerolls": rerolls}


def kickoff_result(match, drive):
    """{"bribes": {side: n}, "rerolls": {side: n}} given by the kick-off event of `drive`."""
    edition = _edition(match)
    row = edition.table("kickoff").row(drive.kickoff_event) if drive.kickoff_event else {}
    result: dict[str, dict[str, int]] = {"bribes": {}, "rerolls": {}}
    if "bribes" in row:
        result["bribes"] = dict.fromkeys(SIDES, row["bribes"])
    if "rerolls" in row:
        result["rerolls"] = dict.fromkeys(brilliant_coaching_winners(match, drive), row["rerolls"])
    return result


def brilliant_coaching_winners(match, drive):
    """The side(s) with the higher D6 + assistant coaches (both on a tie) for the drive's event."""
    totals = {}
    for made in drive.kickoff_rolls:
        totals[made["side"]] = made["roll"]["total"] + assistant_coaches(match, made["side"])
    if not totals:
        return []
    best = max(totals.values())
    return [side for side in SIDES if totals.get(side) == best]


def assistant_coaches(match, side):
    """The team's assistant coaches plus the part-time ones hired as inducements."""
    return match.team(side).assistant_coaches + inducement_count(match, side, "part_time_assistant_coach")


def inducement_count(match, side, inducement_id):
    return sum(item["count"] for item in match.side_value("inducements", side) if item["id"] == inducement_id)
