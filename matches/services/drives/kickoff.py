"""Starting a drive: which half and which kicking team, the kick-off event and its rolls."""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from matches.models import SIDES, Drive, Event, Match, other
from matches.services import effects
from matches.services.common import match_table, record_roll, require_status
from matches.services.drives.shared import STEP, match_edition, open_drive
from matches.services.drives.swarming import roll_swarming

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
def start_drive(match, *, dice, user, faces=None):
    """Start the next drive with its kick-off event (the dice of the edition's kick-off table) and the
    event's own rolls.

    `faces`: {"kickoff": [a, b], "event": {"home": [[...], ...], "away": ...} or [[...], ...],
    "swarming": {side: [...]}}. A Swarming team's extra players are rolled first (after set-up, before
    the kick-off) and kept on the kick-off event as rolls["swarming"] (swarming.roll_swarming).
    The table is the one the match rolls on (common.match_table: a regional one where an optional
    rule replaces it). What the result changes comes from its handlers (effects.kickoff_outcome):
    the weather (Changing Weather) and the turn (Time-out) are set on the match; bribes (Get the Ref,
    for the game) and re-rolls (Brilliant Coaching, for the drive) are kept on the kick-off event as
    rolls["effects"] (effects.kickoff_result). Side effects: creates the Drive and a kick_off Event,
    logs the rolls, updates the match's half, turn and weather.
    """
    require_status(match, Match.Status.IN_PROGRESS)
    if open_drive(match):
        raise ValidationError(_("The current drive has not ended."))
    faces = faces or {}
    half, kicking = next_drive(match)
    if half > match_edition(match).settings.halves:
        raise ValidationError(_("The game is over."))
    kicking_team = match.team(kicking)
    swarmed = roll_swarming(match, dice=dice, user=user, faces=faces.get("swarming"))
    table = match_table(match, "kickoff")
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
    event_rolls = _kickoff_event_rolls(match, row, kicking, dice=dice, user=user, faces=faces.get("event"))
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
        },
        outcome=row["id"],
        created_by=user,
    )
    match.save()
    return drive


def _kickoff_event_rolls(match, row, kicking, *, dice, user, faces):
    """[{"side": ..., "roll": Roll dict}] for the kick-off event's own dice (none for most events)."""
    notations = row.get("rolls", [])
    if not notations:
        return []
    sides = (
        list(SIDES)
        if row.get("tie") == _BOTH
        else [kicking if row.get("team") != "receiving" else other(kicking)]
    )
    made = []
    for side in sides:
        side_faces = faces.get(side) if isinstance(faces, dict) else faces
        for index, notation in enumerate(notations):
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
            made.append({"side": side, "roll": roll.as_dict()})
    return made
