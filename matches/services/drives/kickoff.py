"""Starting a drive: which half and which kicking team, the kick-off event and its rolls."""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from matches.models import SIDES, Drive, Event, Match, other
from matches.services import effects
from matches.services.common import match_table, match_table_text, record_roll, require_status
from matches.services.drives.shared import STEP, match_edition, open_drive
from matches.services.drives.swarming import roll_swarming
from matches.services.prematch.inducements import rerolls_bought
from rulebook.coverage import carries_out
from rulebook.dice import DiceSpec

# Kick-off events whose own rolls are made by each coach (the tie rule applies to them).
_BOTH = "both"


def next_drive(match):
    """(half, kicking side) of the drive to start now."""
    last = match.drives.order_by("-number").first()
    if last is None:
        return 1, match.kicking
    if last.ended_by == Drive.EndedBy.END_OF_HALF:
        return last.half + 1, other(match.kicking)
    return last.half, last.scoring or other(last.kicking)


def why_kicking(match):
    """Why the team of next_drive kicks the drive to start now: "toss" (the first drive: the toss winner
    chose), "touchdown" (the team that scored kicks off to the other) or "half" (a new half: the team
    that received the game's first kick-off kicks)."""
    last = match.drives.order_by("-number").first()
    if last is None:
        return "toss"
    return "half" if last.ended_by == Drive.EndedBy.END_OF_HALF else "touchdown"


@transaction.atomic
def start_drive(match, *, dice, user, faces=None, added=None):
    """Start the next drive with its kick-off event (the dice of the edition's kick-off table) and the
    event's own rolls.

    `faces`: {"kickoff": [a, b], "event": {"home": [[...], ...], "away": ...}, or [[...], ...] or [a, b,
    ...] (the rolls, or the dice, in the order made: the home team's first where both coaches roll),
    "swarming": {side: [...]}, "half": {side: [...]}}. `added`: {side: n}, what each coach adds to the
    event's roll where Dugout cannot know it (effects.TYPED_ADDS: the MA of a random player of theirs
    on the pitch). Where the match's table has such an event and Dugout rolls the kick-off, each side's
    number is needed before any die is rolled (a refusal after the roll would let a coach roll again);
    with the kick-off's dice entered, only when the event comes up.
    At the start of a half, what a team hired rolls first for the half's re-rolls (roll_half_rerolls,
    the Halfling Master Chef), kept on the kick-off event as rolls["half_rerolls"]. A Swarming team's
    extra players are rolled next (after set-up, before the kick-off) and kept on the kick-off event as
    rolls["swarming"] (swarming.roll_swarming).
    The table is the one the match rolls on (common.match_table: a regional one where an optional
    rule replaces it). What the result changes comes from its handlers (effects.kickoff_outcome):
    the weather (Changing Weather) and the turn (Time-out) are set on the match; bribes (Get the Ref,
    for the game), re-rolls (Brilliant Coaching, for the drive) and the winners of an event both
    coaches roll for (Cheering Fans) are kept on the kick-off event as rolls["effects"]
    (effects.kickoff_result). Side effects: creates the Drive and a kick_off Event, logs the rolls,
    updates the match's half, turn and weather.
    """
    require_status(match, Match.Status.IN_PROGRESS)
    if open_drive(match):
        raise ValidationError(_("The current drive has not ended."))
    faces = faces or {}
    half, kicking = next_drive(match)
    if half > match_edition(match).settings.halves:
        raise ValidationError(_("The game is over."))
    kicking_team = match.team(kicking)
    table = match_table(match, "kickoff")
    if not faces.get("kickoff"):
        for row in table.rows:
            _require_typed_adds(match, row, SIDES, added or {})
    half_rerolls = {}
    if not match.drives.filter(half=half).exists():
        half_rerolls = roll_half_rerolls(match, dice=dice, user=user, faces=faces.get("half"))
    swarmed = roll_swarming(match, dice=dice, user=user, faces=faces.get("swarming"))
    roll = record_roll(
        match,
        dice=dice,
        notation=table.dice,
        purpose="kick_off",
        step=STEP,
        user=user,
        faces=faces.get("kickoff"),
        team=kicking_team,
    )
    row = table.row_for(roll.total)
    event_rolls = _kickoff_event_rolls(
        match, row, kicking, dice=dice, user=user, faces=faces.get("event"), added=added or {}
    )
    before = {"weather_before": match.weather, "half_before": match.half, "turn_before": match.turn}
    if half != match.half:
        match.turn = 1
    match.half = half
    drive = Drive.objects.create(
        match=match,
        half=half,
        number=match.drives.count() + 1,
        kicking=kicking,
        kickoff_roll=roll.as_dict(),
        kickoff_event=row["id"],
        kickoff_rolls=event_rolls,
    )
    outcome = effects.kickoff_outcome(match, drive)
    match.weather = outcome.get("weather", match.weather)
    match.turn = outcome.get("turn", match.turn)
    Event.objects.create(
        drive=drive,
        turn=match.turn,
        side=kicking,
        kind=Event.Kind.KICK_OFF,
        rolls={
            "kickoff": roll.as_dict(),
            "event": event_rolls,
            **before,
            "effects": effects.kickoff_result(match, drive, outcome),
            **({"swarming": swarmed} if swarmed else {}),
            **({"half_rerolls": half_rerolls} if half_rerolls else {}),
        },
        outcome=row["id"],
        created_by=user,
    )
    match.save()
    return drive


def _kickoff_event_rolls(match, row, kicking, *, dice, user, faces, added):
    """[{"side": ..., "roll": Roll dict}] for the kick-off event's own dice (none for most events), each
    with "added": n where the coach types what the row adds (effects.TYPED_ADDS). `faces`: {side:
    [[...], ...]}, or a list taken die by die in the order made."""
    notations = row.get("rolls", [])
    if not notations:
        return []
    sides = (
        list(SIDES)
        if row.get("tie") == _BOTH
        else [kicking if row.get("team") != "receiving" else other(kicking)]
    )
    typed = _require_typed_adds(match, row, sides, added)
    in_order = _faces_in_order(faces, len(sides) * notations) if isinstance(faces, list) else None
    made = []
    for side in sides:
        side_faces = faces.get(side) if isinstance(faces, dict) else None
        for index, notation in enumerate(notations):
            if in_order is not None:
                given = in_order.pop(0) if in_order else None
            else:
                given = side_faces[index] if side_faces and index < len(side_faces) else None
            roll = record_roll(
                match,
                dice=dice,
                notation=notation,
                purpose=f"kick_off_{row['id']}",
                step=STEP,
                user=user,
                faces=given,
                team=match.team(side),
            )
            made.append({"side": side, "roll": roll.as_dict(), **({"added": added[side]} if typed else {})})
    return made


def _require_typed_adds(match, row, sides, added):
    """Whether `row`'s roll adds a number each coach types (effects.TYPED_ADDS); refused when a side's
    is missing."""
    typed = row.get("add") in effects.TYPED_ADDS
    if typed and any(not isinstance(added.get(side), int) for side in sides):
        event = match_table_text(match, "kickoff", row["id"], "name", get_language())
        raise ValidationError(
            _("%(event)s: type the number each coach adds to their roll, then kick off again.")
            % {"event": event}
        )
    return typed


def _faces_in_order(faces, notations):
    """The entered faces of each roll of `notations` in turn: `faces` holds one list per roll, or the
    dice one by one as typed (each roll takes as many as it has dice; once none are left, Dugout rolls;
    a roll left short is refused as any wrong count)."""
    if all(isinstance(face, list) for face in faces):
        return list(faces)
    remaining, split = list(faces), []
    for notation in notations:
        count = DiceSpec.parse(notation).count
        split.append(remaining[:count] or None)
        remaining = remaining[count:]
    return split


# The purpose of a dice log row rolled for what a team hired (an inducement's id follows the dot).
INDUCEMENT_ROLL = "inducement."


def half_roll_inducements(match, side):
    """The inducements `side` bought that roll at the start of each half (data: `steals_rerolls`)."""
    edition = match.edition
    found = (edition.inducements.get(item["id"]) for item in match.side_value("inducements", side))
    return [inducement for inducement in found if inducement and "steals_rerolls" in inducement.extra]


@carries_out("inducement", key="steals_rerolls")
@carries_out("inducement", key="steals_rerolls_on")
def roll_half_rerolls(match, *, dice, user, faces=None):
    """At the start of each half, each team that hired an inducement with `steals_rerolls` (the
    Halfling Master Chef) rolls those dice, or takes the entered `faces` ({side: [faces]}): each die
    showing `steals_rerolls_on` or more gives it a team re-roll for the half and takes one from the
    other team, as long as that team has one (its own and those it bought).

    Returns {side: {"roll": Roll dict, "gained": n, "taken": m}}, kept on the kick-off event of the
    half's first drive (effects.half_rerolls). Side effects: one dice log row per roll.
    """
    faces = faces or {}
    rolled = {}
    for side in SIDES:
        for inducement in half_roll_inducements(match, side):
            roll = record_roll(
                match,
                dice=dice,
                notation=inducement.extra["steals_rerolls"],
                purpose=f"{INDUCEMENT_ROLL}{inducement.id}",
                step=STEP,
                user=user,
                faces=faces.get(side),
                team=match.team(side),
            )
            gained = sum(face >= inducement.extra["steals_rerolls_on"] for face in roll.faces)
            rolled[side] = {"roll": roll.as_dict(), "gained": gained, "taken": 0}
    for side, entry in rolled.items():
        opponent = other(side)
        entry["taken"] = min(entry["gained"], match.team(opponent).rerolls + rerolls_bought(match, opponent))
    return rolled
