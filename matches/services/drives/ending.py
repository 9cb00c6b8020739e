"""Ending a turn, a drive (KO recovery) or the match, by a concession."""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from matches.models import SIDES, Drive, Event, Match
from matches.services.common import require_status
from matches.services.drives.events import dice_subject, hired
from matches.services.drives.shared import match_edition, open_drive, side_roll
from rulebook.coverage import carries_out


@transaction.atomic
def next_turn(match, *, user):
    """Move the turn marker on. Side effects: match.turn."""
    require_status(match, Match.Status.IN_PROGRESS)
    if match.turn < match_edition(match).settings.turns_per_half:
        match.turn += 1
        match.save()


@transaction.atomic
def end_drive(match, *, user, knocked_out=(), dice=None, faces=None):
    """End the open drive at the end of the half and roll KO recovery (D6, 4+) for each knocked-out
    player: `knocked_out` is a list of (side, player or None, journeyman key), `faces` one list of faces
    per player (a second face: the re-roll, if the team may re-roll the first). What the team hired
    may add to the roll or re-roll some faces (ko_recovery_help). After the last half the match goes
    to the post-match sequence.

    Side effects: ends the drive, creates an end_of_drive_ko_recovery Event (an end_of_half one when
    nobody was knocked out: no KO recovery happened), logs rolls, status.
    """
    require_status(match, Match.Status.IN_PROGRESS)
    drive = open_drive(match)
    if drive is None:
        raise ValidationError(_("There is no drive to end."))
    settings = match_edition(match).settings
    helps = {side: ko_recovery_help(match, side) for side in {side for side, _p, _j in knocked_out}}
    recoveries = []
    for index, (side, player, journeyman) in enumerate(knocked_out):
        given = list(faces[index] or []) if faces and index < len(faces) else []
        modifier, reroll_faces = helps[side]
        notation = f"{settings.ko_recovery_dice}{modifier:+d}" if modifier else settings.ko_recovery_dice
        about = {"player": player, "subject": dice_subject(player, journeyman)}
        roll = side_roll(match, dice, user, notation, "ko_recovery", given[:1], side, **about)
        if roll["faces"][0] in reroll_faces:
            roll = side_roll(match, dice, user, notation, "ko_recovery", given[1:2], side, **about)
        recoveries.append(
            {
                "side": side,
                "player": player.pk if player else None,
                "journeyman": journeyman,
                "roll": roll,
                "recovered": roll["total"] >= settings.ko_recovery_target,
            }
        )
    drive.ended_by = Drive.EndedBy.END_OF_HALF
    drive.save()
    Event.objects.create(
        drive=drive,
        turn=match.turn,
        side=drive.kicking,
        kind=Event.Kind.END_OF_DRIVE_KO_RECOVERY if recoveries else Event.Kind.END_OF_HALF,
        rolls={"recoveries": recoveries} if recoveries else {},
        created_by=user,
    )
    if drive.half >= settings.halves:
        match.status = Match.Status.POST_MATCH
    match.save()
    return recoveries


@carries_out("inducement", key="ko_recovery_modifier")
@carries_out("hireling", row="famous_staff.josef_bugman")
def ko_recovery_help(match, side):
    """(modifier, faces to re-roll) of `side`'s KO recovery rolls: what it hired adds its
    `ko_recovery_modifier` for each one bought (a keg, Josef Bugman's ale in BB2025) and lets it roll
    again the faces in `ko_recovery_reroll` (his ale in BB2020: 1s), once per roll."""
    modifier, reroll = 0, set()
    for entry, count in hired(match, side):
        modifier += entry.get("ko_recovery_modifier", 0) * count
        reroll.update(entry.get("ko_recovery_reroll", ()))
    return modifier, reroll


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
    drive = open_drive(match)
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
