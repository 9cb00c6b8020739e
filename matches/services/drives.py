"""Drives and events: kick-offs with their events, touchdowns, casualties, KO recovery, concession, undo.

Every roll goes through `record_roll` (rolled by Dugout or entered by a coach) and is kept on the event;
a roll about one player (the victim's injury rolls, KO recovery, arguing a sending-off) names that
player in the dice log.
"""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from matches.models import SIDES, Drive, Event, Match, other
from matches.services import effects, prematch
from matches.services.common import record_roll, record_side_roll, require_status
from rulebook import formulas
from rulebook.edition import get_edition

STEP = "drive"
# Kick-off events whose own rolls are made by each coach (the tie rule applies to them).
_BOTH = "both"


def _edition(match):
    return get_edition(match.home_team.edition)


def _open_drive(match):
    drive = match.current_drive()
    return drive if drive is not None and drive.is_open else None


def next_drive(match):
    """(half, kicking side) of the drive to start now."""
    last = match.drives.order_by("-number").first()
    if last is None:
        return 1, match.kicking
    if last.ended_by == Drive.EndedBy.END_OF_HALF:
        return last.half + 1, other(match.kicking)
    return last.half, last.scoring or other(last.kicking)


@transaction.atomic
def start_drive(match, *, dice, user, faces=None):
    """Start the next drive with its kick-off event (2D6) and the event's own rolls.

    `faces`: {"kickoff": [a, b], "event": {"home": [[...], ...], "away": ...} or [[...], ...]}.
    Changing Weather re-rolls the weather; Get the Ref (a bribe per team, for the game) and Brilliant
    Coaching (a team re-roll for the drive to the higher D6 + assistant coaches, both on a tie) are
    kept on the kick-off event as rolls["effects"] (effects.kickoff_result); Time-out moves the turn
    marker. Side effects: creates the Drive and a kick_off Event, logs the rolls, updates the match's
    half, turn and weather.
    """
    require_status(match, Match.Status.IN_PROGRESS)
    if _open_drive(match):
        raise ValidationError(_("The current drive has not ended."))
    faces = faces or {}
    half, kicking = next_drive(match)
    if half > _edition(match).settings["halves"]:
        raise ValidationError(_("The game is over."))
    kicking_team = match.team(kicking)
    roll = record_roll(
        match,
        dice=dice,
        notation="2D6",
        purpose="kick_off",
        step=STEP,
        user=user,
        faces=faces.get("kickoff"),
        team=kicking_team,
    )
    row = _edition(match).table("kickoff").row_for(roll.total)
    event_rolls = _kickoff_event_rolls(match, row, kicking, dice=dice, user=user, faces=faces.get("event"))
    before = {"weather_before": match.weather, "half_before": match.half, "turn_before": match.turn}
    if row["id"] == "changing_weather":
        weather_roll = event_rolls[0]["roll"]
        match.weather = _edition(match).table("weather").row_for(weather_roll["total"])["id"]
    if half != match.half:
        match.turn = 1
    match.half = half
    if "back_on_kicking_turns" in row:
        match.turn = _time_out_turn(match, row)
    drive = Drive.objects.create(
        match=match,
        half=half,
        number=match.drives.count() + 1,
        kicking=kicking,
        kickoff_roll=roll.as_dict(),
        kickoff_event=row["id"],
        kickoff_rolls=event_rolls,
    )
    Event.objects.create(
        drive=drive,
        turn=match.turn,
        side=kicking,
        kind=Event.Kind.KICK_OFF,
        rolls={
            "kickoff": roll.as_dict(),
            "event": event_rolls,
            **before,
            "effects": effects.kickoff_result(match, drive),
        },
        outcome=row["id"],
        created_by=user,
    )
    match.save()
    return drive


def _time_out_turn(match, row):
    """Time-out: the turn markers go back one space when the kicking team's shows one of the row's
    turns (late in the half), else forward one; one counter stands for both markers here."""
    if match.turn in row["back_on_kicking_turns"]:
        return max(1, match.turn - 1)
    return min(_edition(match).settings["turns_per_half"], match.turn + 1)


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


def _check_player(match, side, player, journeyman):
    if player is not None and player.team_id != match.team(side).pk:
        raise ValidationError(_("This player does not play for this team."))
    if journeyman and journeyman not in match.match_only_players(side):
        raise ValidationError(_("Unknown journeyman."))


def dice_subject(player, journeyman):
    """What a dice log row is about (DiceLog.subject): a roster player's name, kept should the player
    go, or the key of a player of this match only, named in the reader's language when shown."""
    return str(player) if player is not None else journeyman


def _apothecary_may_treat(match, side, journeyman):
    """False for the players the edition keeps the apothecary from (journeymen, star players,
    mercenaries: edition.toml [apothecary] not_for)."""
    if not journeyman:
        return True
    if journeyman in {star["key"] for star in match.star_players(side)}:
        kind = "star_player"
    else:
        entry = next((j for j in match.journeymen(side) if j["key"] == journeyman), {})
        kind = "mercenary" if entry.get("mercenary") else "journeyman"
    return kind not in _edition(match).settings["apothecary"]["not_for"]


def has_apothecary(match, side):
    return match.team(side).apothecary or effects.inducement_count(match, side, "wandering_apothecary") > 0


@transaction.atomic
def add_event(
    match,
    *,
    user,
    kind,
    side,
    turn=None,
    player=None,
    journeyman="",
    victim=None,
    victim_journeyman="",
    cause="",
    dice=None,
    faces=None,
    apothecary=False,
    niggling_injuries=None,
    argue=False,
):
    """Record one event of the open drive. A touchdown scores and ends the drive; a casualty rolls (or
    takes) the casualty D16, the lasting injury D6 if any, and the apothecary's second D16 (the better
    result is kept); a sent-off player's coach may `argue` the call (D6 on the Argue the Call table);
    `faces`: {"injury": [a, b], "casualty": [n], "apothecary": [n], "lasting": [n], "argue": [n]}.

    Side effects: creates the Event, logs its rolls (the victim's, or the sent-off player's, named in
    the dice log), updates score/turn, ends the drive on a touchdown.
    """
    require_status(match, Match.Status.IN_PROGRESS)
    drive = _open_drive(match)
    if drive is None:
        raise ValidationError(_("Start a drive first."))
    if kind not in Event.Kind.values or kind in {Event.Kind.KICK_OFF, Event.Kind.END_OF_DRIVE_KO_RECOVERY}:
        raise ValidationError(_("Unknown event."))
    if side not in SIDES:
        raise ValidationError(_("Choose a side."))
    _check_player(match, side, player, journeyman)
    _check_player(match, other(side), victim, victim_journeyman)
    turn = turn or match.turn
    faces = faces or {}
    rolls, outcome = {}, ""
    victim_about = {"player": victim, "subject": dice_subject(victim, victim_journeyman)}
    if kind in {Event.Kind.CASUALTY, Event.Kind.KNOCKED_OUT} and faces.get("injury"):
        rolls["injury"] = _roll(
            match, dice, user, "2D6", "injury", faces.get("injury"), other(side), **victim_about
        )
    if kind == Event.Kind.CASUALTY:
        if apothecary and not _apothecary_may_treat(match, other(side), victim_journeyman):
            raise ValidationError(_("The apothecary cannot treat this player."))
        rolls, outcome = _casualty(
            match,
            rolls,
            dice=dice,
            user=user,
            victim_side=other(side),
            faces=faces,
            apothecary=apothecary,
            niggling=victim.niggling_injuries
            if victim is not None and niggling_injuries is None
            else (niggling_injuries or 0),
            about=victim_about,
        )
    if kind == Event.Kind.SENT_OFF and argue:
        about = {"player": player, "subject": dice_subject(player, journeyman)}
        rolls["argue"], outcome = _argue_the_call(
            match, drive, side, dice=dice, user=user, faces=faces.get("argue"), about=about
        )
    event = Event.objects.create(
        drive=drive,
        turn=turn,
        side=side,
        kind=kind,
        player=player,
        journeyman=journeyman,
        victim=victim,
        victim_journeyman=victim_journeyman,
        cause=cause,
        rolls=rolls,
        outcome=outcome,
        created_by=user,
    )
    match.turn = turn
    if kind == Event.Kind.TOUCHDOWN:
        match.set_side_value("score", side, match.score(side) + 1)
        drive.ended_by, drive.scoring = Drive.EndedBy.TOUCHDOWN, side
        drive.save()
    match.save()
    return event


def _roll(match, dice, user, notation, purpose, faces, side, *, player=None, subject=""):
    return record_side_roll(
        match,
        dice=dice,
        user=user,
        notation=notation,
        purpose=purpose,
        faces=faces,
        side=side,
        step=STEP,
        player=player,
        subject=subject,
    )


def _argue_the_call(match, drive, side, *, dice, user, faces, about):
    """(roll, argue_the_call row id): the D6 of a coach arguing a sending-off. Friends with the Ref
    (a prayer in force) widens the ranges; a coach already thrown out may not argue again."""
    table = _edition(match).table("argue_the_call")
    ejecting = {row["id"] for row in table.rows if row.get("coach_ejected")}
    if Event.objects.filter(
        drive__match=match, kind=Event.Kind.SENT_OFF, side=side, outcome__in=ejecting
    ).exists():
        raise ValidationError(_("This coach was thrown out: no more arguing the call this game."))
    roll = _roll(match, dice, user, table.dice, "argue_the_call", faces, side, **about)
    row = table.row_for(roll["total"])
    for prayer in effects.prayers_in_force(match, side, drive):
        if "argue_success" in prayer:
            row = _argue_with_friends(table, prayer, roll["total"]) or row
    return roll, row["id"]


def _argue_with_friends(table, prayer, total):
    """The row a prayer's own argue ranges give for `total` (None outside them)."""
    low, high = prayer["argue_success"]
    if low <= total <= high:
        return next(row for row in table.rows if not row["sent_off"])
    low, high = prayer["argue_fail"]
    if low <= total <= high:
        return next(row for row in table.rows if row["sent_off"] and not row.get("coach_ejected"))
    return None


def _casualty(match, rolls, *, dice, user, victim_side, faces, apothecary, niggling, about):
    edition = _edition(match)
    first = _roll(match, dice, user, "D16", "casualty", faces.get("casualty"), victim_side, **about)
    rolls["casualty"] = [first]
    kept = first
    if apothecary:
        if not has_apothecary(match, victim_side):
            raise ValidationError(_("This team has no apothecary."))
        second = _roll(match, dice, user, "D16", "apothecary", faces.get("apothecary"), victim_side, **about)
        rolls["casualty"].append(second)
        rolls["apothecary"] = True
        kept = min(first, second, key=lambda roll: roll["total"])  # the coach keeps the lighter one
    rolls["kept"] = kept["total"]
    lasting_d6 = None
    row = edition.table("casualty").row_for(min(16, kept["total"] + niggling))
    if row.get("lasting"):
        lasting = _roll(match, dice, user, "D6", "lasting_injury", faces.get("lasting"), victim_side, **about)
        rolls["lasting"] = lasting
        lasting_d6 = lasting["total"]
    outcome = formulas.casualty_outcome(
        kept["total"], lasting_d6=lasting_d6, niggling_injuries=niggling, edition=edition
    )
    rolls["result"] = {
        "casualty": outcome.casualty,
        "miss_next_game": outcome.miss_next_game,
        "dead": outcome.dead,
        "niggling": outcome.niggling,
        "lasting_injury": outcome.lasting_injury,
        "characteristic": outcome.characteristic,
    }
    return rolls, outcome.casualty


@transaction.atomic
def next_turn(match, *, user):
    """Move the turn marker on. Side effects: match.turn."""
    require_status(match, Match.Status.IN_PROGRESS)
    if match.turn < _edition(match).settings["turns_per_half"]:
        match.turn += 1
        match.save()


@transaction.atomic
def end_drive(match, *, user, knocked_out=(), dice=None, faces=None):
    """End the open drive at the end of the half and roll KO recovery (D6, 4+) for each knocked-out
    player: `knocked_out` is a list of (side, player or None, journeyman key). After the last half the
    match goes to the post-match sequence.

    Side effects: ends the drive, creates an end_of_drive_ko_recovery Event, logs rolls, status.
    """
    require_status(match, Match.Status.IN_PROGRESS)
    drive = _open_drive(match)
    if drive is None:
        raise ValidationError(_("There is no drive to end."))
    settings = _edition(match).settings
    recoveries = []
    for index, (side, player, journeyman) in enumerate(knocked_out):
        given = (faces or [])[index] if faces and index < len(faces) else None
        roll = _roll(
            match,
            dice,
            user,
            settings["ko_recovery_dice"],
            "ko_recovery",
            given,
            side,
            player=player,
            subject=dice_subject(player, journeyman),
        )
        recoveries.append(
            {
                "side": side,
                "player": player.pk if player else None,
                "journeyman": journeyman,
                "roll": roll,
                "recovered": roll["total"] >= settings["ko_recovery_target"],
            }
        )
    drive.ended_by = Drive.EndedBy.END_OF_HALF
    drive.save()
    Event.objects.create(
        drive=drive,
        turn=match.turn,
        side=drive.kicking,
        kind=Event.Kind.END_OF_DRIVE_KO_RECOVERY,
        rolls={"recoveries": recoveries},
        created_by=user,
    )
    if drive.half >= settings["halves"]:
        match.status = Match.Status.POST_MATCH
    match.save()
    return recoveries


@transaction.atomic
def concede(match, *, side, user, without_penalty=False):
    """`side` concedes: the open drive ends and the post-match sequence starts.

    `without_penalty`: the conceding coach declares they can set up no more than the edition's
    [concession] free_at_or_below_players, which is only allowed before set-up (pre-match or between
    drives); the post-match sequence then spares the team the concession's penalties. Refused with a
    drive open. Side effects: match.conceded_by, conceded_without_penalty, status, the drive's end.
    """
    require_status(match, Match.Status.IN_PROGRESS, Match.Status.PRE_MATCH)
    if side not in SIDES:
        raise ValidationError(_("Choose a side."))
    drive = _open_drive(match)
    if without_penalty and drive is not None:
        raise ValidationError(
            _("Conceding without penalty is only possible before set-up: pre-match or between drives.")
        )
    if drive is not None:
        drive.ended_by = Drive.EndedBy.CONCESSION
        drive.save()
    match.conceded_by = side
    match.conceded_without_penalty = without_penalty
    match.status = Match.Status.POST_MATCH
    match.save()


@transaction.atomic
def undo_last_event(match, *, user):
    """Take back the latest event: a touchdown gives its point back and reopens its drive, a kick-off
    removes its drive, the end of a drive reopens it. Dice stay in the dice log.

    Going back from the post-match sequence forgets its rolls: they were made for a result that no
    longer stands (the dice log keeps them).

    Side effects: deletes the Event (and the Drive for a kick-off), updates score and status.
    """
    require_status(match, Match.Status.IN_PROGRESS, Match.Status.POST_MATCH)
    if match.status == Match.Status.POST_MATCH:
        match.postmatch = {}
    if match.status == Match.Status.POST_MATCH and match.conceded_by:
        match.conceded_by, match.conceded_without_penalty = "", False
        drive = match.current_drive()
        # A concession made during the pre-match sequence goes back to it.
        finished = drive is not None or prematch.next_step(match) is None
        match.status = Match.Status.IN_PROGRESS if finished else Match.Status.PRE_MATCH
        if drive is not None and drive.ended_by == Drive.EndedBy.CONCESSION:
            drive.ended_by = ""
            drive.save()
        match.save()
        return None
    event = Event.objects.filter(drive__match=match).order_by("-id").select_related("drive").first()
    if event is None:
        raise ValidationError(_("There is nothing to undo."))
    drive = event.drive
    if event.kind == Event.Kind.KICK_OFF:
        match.weather = event.rolls.get("weather_before") or match.weather
        match.half = event.rolls.get("half_before", match.half)
        match.turn = event.rolls.get("turn_before", match.turn)
        drive.delete()
        match.save()
        return event
    if event.kind == Event.Kind.TOUCHDOWN:
        match.set_side_value("score", event.side, max(0, match.score(event.side) - 1))
        drive.ended_by, drive.scoring = "", ""
        drive.save()
    if event.kind == Event.Kind.END_OF_DRIVE_KO_RECOVERY:
        drive.ended_by = ""
        drive.save()
        match.status = Match.Status.IN_PROGRESS
    event.delete()
    match.save()
    return event
