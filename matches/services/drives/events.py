"""The events of a drive: touchdowns, casualties (with the apothecary), arguing the call, and undoing
the last event."""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from matches.models import SIDES, Drive, Event, Match, other
from matches.services import effects, prematch
from matches.services.common import require_status
from matches.services.drives.shared import match_edition, open_drive, side_roll
from rulebook import formulas


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
        entry: dict = next((j for j in match.journeymen(side) if j["key"] == journeyman), {})
        kind = "mercenary" if entry.get("mercenary") else "journeyman"
    return kind not in match_edition(match).settings.apothecary.not_for


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
    drive = open_drive(match)
    if drive is None:
        raise ValidationError(_("Start a drive first."))
    if kind not in Event.Kind.values or kind in {
        Event.Kind.KICK_OFF,
        Event.Kind.END_OF_DRIVE_KO_RECOVERY,
        Event.Kind.END_OF_HALF,
    }:
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
        rolls["injury"] = side_roll(
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


def _argue_the_call(match, drive, side, *, dice, user, faces, about):
    """(roll, argue_the_call row id): the D6 of a coach arguing a sending-off. Friends with the Ref
    (a prayer in force) widens the ranges; a coach already thrown out may not argue again."""
    table = match_edition(match).table("argue_the_call")
    ejecting = {row["id"] for row in table.rows if row.get("coach_ejected")}
    if Event.objects.filter(
        drive__match=match, kind=Event.Kind.SENT_OFF, side=side, outcome__in=ejecting
    ).exists():
        raise ValidationError(_("This coach was thrown out: no more arguing the call this game."))
    roll = side_roll(match, dice, user, table.dice, "argue_the_call", faces, side, **about)
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
    edition = match_edition(match)
    first = side_roll(match, dice, user, "D16", "casualty", faces.get("casualty"), victim_side, **about)
    rolls["casualty"] = [first]
    kept = first
    if apothecary:
        if not has_apothecary(match, victim_side):
            raise ValidationError(_("This team has no apothecary."))
        second = side_roll(
            match, dice, user, "D16", "apothecary", faces.get("apothecary"), victim_side, **about
        )
        rolls["casualty"].append(second)
        rolls["apothecary"] = True
        kept = min(first, second, key=lambda roll: roll["total"])  # the coach keeps the lighter one
    rolls["kept"] = kept["total"]
    lasting_d6 = None
    row = edition.table("casualty").row_for(min(16, kept["total"] + niggling))
    if row.get("lasting"):
        lasting = side_roll(
            match, dice, user, "D6", "lasting_injury", faces.get("lasting"), victim_side, **about
        )
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
    if event.kind in (Event.Kind.END_OF_DRIVE_KO_RECOVERY, Event.Kind.END_OF_HALF):
        drive.ended_by = ""
        drive.save()
        match.status = Match.Status.IN_PROGRESS
    event.delete()
    match.save()
    return event
