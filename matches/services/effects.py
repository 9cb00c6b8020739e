"""Lasting effects in a match, read from what was recorded (no side effects, no queries of their own
beyond the ones named): Prayers to Nuffle in force, the SPP they change, what each kick-off result
changes (its handlers) and the kick-off events that last.

Which drive a prayer affects follows from when it is prayed for: only in the pre-match sequence (in
seed 000's kick-off table Cheering Fans gives an assist, not a prayer), taking effect from the first
drive (edition.toml [prayers] takes_effect = "next_drive"). So a "drive" prayer lasts the first drive
of the match, a "half" prayer the first half, a "game" prayer every drive. Other modules (leaderboards,
sheets) may call these helpers.
"""

from matches.models import SIDES, Drive, Event, Match, other
from matches.services.common import hired_count, match_table
from rulebook import formulas
from rulebook.coverage import HANDLERS, carries_out
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


@carries_out("prayer", key="completion_spp")
@carries_out("prayer", key="casualty_spp")
@carries_out("prayer", key="crowd_casualty_spp")
@carries_out("prayer", key="foul_casualty_spp")
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


# The SPP rows that events earn (outcome.spp_earned sums them); the MVP's is postmatch.mvp's.
for _action in (*SPP_EVENTS.values(), "casualty"):
    carries_out("spp", row=_action)(event_spp)


def kickoff_effects(match, drives):
    """What lasting kick-off events gave: {"bribes": {side: n}, "rerolls": {side: n}, "winners": [side]}
    where bribes are those of every Get the Ref so far (they last the game), rerolls the Brilliant
    Coaching re-roll of the last drive in `drives` (it lasts the drive) and winners the side(s) that won
    that drive's event where both coaches roll (Cheering Fans). `drives`: the match's drives in order."""
    bribes = dict.fromkeys(SIDES, 0)
    rerolls = dict.fromkeys(SIDES, 0)
    for drive in drives:
        effects = kickoff_result(match, drive)
        for side in SIDES:
            bribes[side] += effects["bribes"].get(side, 0)
    last = kickoff_result(match, drives[-1]) if drives else {"rerolls": {}}
    rerolls.update(last["rerolls"])
    return {"bribes": bribes, "rerolls": rerolls, "winners": last.get("winners", [])}


def half_rerolls(match, drives):
    """{side: {"gained": n, "lost": m}}: the team re-rolls a Halfling Master Chef rolled at the start of
    the half of the last drive in `drives` gave and took away (drives.kickoff.roll_half_rerolls), {}
    once that half is over. One query: the kick-off event of the half's first drive."""
    last = drives[-1] if drives else None
    if last is None or last.ended_by == Drive.EndedBy.END_OF_HALF or match.status != Match.Status.IN_PROGRESS:
        return {}
    first = next(drive for drive in drives if drive.half == last.half)
    kick_off = Event.objects.filter(drive=first, kind=Event.Kind.KICK_OFF).values_list("rolls", flat=True)
    rolled = (kick_off.first() or {}).get("half_rerolls", {})
    if not rolled:
        return {}
    changes = {side: {"gained": 0, "lost": 0} for side in SIDES}
    for side, entry in rolled.items():
        changes[side]["gained"] += entry["gained"]
        changes[other(side)]["lost"] += entry["taken"]
    return changes


# The kick-off results' handlers (rulebook.coverage, category "kickoff"), one signature for all:
# `handler(match, drive, row) -> dict`, with `row` the drive's result as the match rolls it
# (common.match_table: a regional table's row completed by the core one). A handler has no side effect:
# it reads the match as it stands when the kick-off is made and what the drive recorded (its event's
# own rolls, drive.kickoff_rolls), and returns what the result changes, among "weather" (the new
# weather id), "turn" (where the turn markers go), "bribes" and "rerolls" ({side: n} given for the
# game / the drive) and "winners" (the side(s) that won an event where both coaches roll).
# drives.start_drive applies them and keeps bribes, re-rolls and winners on the kick-off event;
# kickoff_result reads those again later.


def kickoff_outcome(match, drive):
    """What the kick-off result of `drive` changes: its handlers' dicts merged ({} for none)."""
    if not drive.kickoff_event:
        return {}
    row = match_table(match, "kickoff").row(drive.kickoff_event)
    outcome: dict = {}
    for handler in HANDLERS.handlers_for("kickoff", row):
        outcome.update(handler(match, drive, row))
    return outcome


def kickoff_result(match, drive, outcome=None):
    """{"bribes": {side: n}, "rerolls": {side: n}} given by the kick-off event of `drive`, with
    "winners": [side] where both coaches rolled for it (read from its kickoff_outcome, or from
    `outcome` when the caller has it)."""
    outcome = kickoff_outcome(match, drive) if outcome is None else outcome
    result = {"bribes": outcome.get("bribes", {}), "rerolls": outcome.get("rerolls", {})}
    if "winners" in outcome:
        result["winners"] = outcome["winners"]
    return result


@carries_out("kickoff", key="bribes")
def _get_the_ref(match, drive, row):
    """Get the Ref: a bribe for each team, for the game."""
    return {"bribes": dict.fromkeys(SIDES, row["bribes"])}


@carries_out("kickoff", row="brilliant_coaching")
@carries_out("kickoff", row="that_peasant_is_revolting")
def _roll_off_rerolls(match, drive, row):
    """Brilliant Coaching, and That Peasant Is Revolting of a regional table: a team re-roll for the
    drive to the higher D6 + the row's `add` (both on a tie). The peasant's loser's player being
    Stunned is played on the pitch."""
    winners = roll_off_winners(match, drive, row)
    return {"winners": winners, "rerolls": dict.fromkeys(winners, row["rerolls"])}


@carries_out("kickoff", row="cheering_fans")
def _cheering_fans(match, drive, row):
    """Cheering Fans: the higher D6 + cheerleaders (both on a tie) wins; the extra assist it gives is
    played on the pitch (the data marks it so), Dugout names the winner."""
    return {"winners": roll_off_winners(match, drive, row)}


@carries_out("kickoff", row="changing_weather")
def _changing_weather(match, drive, row):
    """Changing Weather: the weather the event's own roll gives on the match's weather table (a
    regional one where an optional rule replaces it). The ball's scatter on Perfect Conditions is
    played on the pitch."""
    weather_roll = drive.kickoff_rolls[0]["roll"]
    return {"weather": match_table(match, "weather").row_for(weather_roll["total"])["id"]}


@carries_out("kickoff", key="back_on_kicking_turns")
def _time_out(match, drive, row):
    """Time-out: the turn markers go back one space when the kicking team's shows one of the row's
    turns (late in the half), else forward one; one counter stands for both markers here."""
    if match.turn in row["back_on_kicking_turns"]:
        return {"turn": max(1, match.turn - 1)}
    return {"turn": min(match.edition.settings.turns_per_half, match.turn + 1)}


def roll_off_winners(match, drive, row):
    """The side(s) with the higher total (both on a tie) of the drive's event `row`, where each coach
    rolls: their D6 plus the row's `add`, counted by Dugout (ROLL_OFF_ADDS) or typed by the coach
    (TYPED_ADDS, kept on the roll as "added")."""
    count = ROLL_OFF_ADDS.get(row.get("add", ""))
    totals = {}
    for made in drive.kickoff_rolls:
        added = count(match, made["side"]) if count else made.get("added", 0)
        totals[made["side"]] = made["roll"]["total"] + added
    if not totals:
        return []
    best = max(totals.values())
    return [side for side in SIDES if totals.get(side) == best]


@carries_out("inducement", row="part_time_assistant_coach")
def assistant_coaches(match, side):
    """The team's assistant coaches plus the part-time ones hired as inducements."""
    return match.team(side).assistant_coaches + inducement_count(match, side, "part_time_assistant_coach")


@carries_out("inducement", key="cheerleaders")
@carries_out("hireling", row="famous_staff.kari_coldsteel")
def cheerleaders(match, side):
    """The team's cheerleaders plus those its inducements and hirelings count as for the game (data:
    `cheerleaders`, per one bought: a Temp Agency Cheerleader, a swarm of Cavorting Nurglings, Kari
    Coldsteel)."""
    return match.team(side).cheerleaders + hired_count(match, side, "cheerleaders")


# What each coach adds to their D6 in a kick-off event where both roll (its row's `add`): counted by
# Dugout from the teams and what they hired, or typed by the coach where Dugout cannot know it (the MA
# of a random player of theirs on the pitch).
ROLL_OFF_ADDS = {"assistant_coaches": assistant_coaches, "cheerleaders": cheerleaders}
TYPED_ADDS = ("ma",)


def inducement_count(match, side, inducement_id):
    return sum(item["count"] for item in match.side_value("inducements", side) if item["id"] == inducement_id)
