"""What every match step shares: rolling (or taking entered) dice and logging them."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from matches.models import DiceLog
from rulebook.dice import DiceError, DiceSpec, roll_or_enter


def record_roll(
    match, *, dice, notation, purpose, step, user, faces=None, team=None, player=None, subject=""
):
    """Roll `notation` with `dice`, or take the entered `faces`, and log it (with the player it is
    about, if any: `player` a roster row or None, `subject` the name or match key shown in the log).

    Side effects: creates a DiceLog row. Raises ValidationError for entered faces that do not fit.
    """
    roll = roll_dice(dice, notation, purpose=purpose, faces=faces)
    log_roll(match, roll, purpose=purpose, step=step, user=user, team=team, player=player, subject=subject)
    return roll


def roll_dice(dice, notation, *, purpose, faces=None):
    """The Roll of `notation` by `dice`, or of the entered `faces` (ValidationError if they do not fit);
    nothing logged: log_roll it once you know what it was about."""
    try:
        return roll_or_enter(dice, notation, faces, purpose=purpose)
    except DiceError as error:
        spec = DiceSpec.parse(notation)
        raise ValidationError(
            _("Enter %(count)d dice from 1 to %(sides)d for %(dice)s.")
            % {"count": spec.count, "sides": spec.sides, "dice": notation}
        ) from error


def log_roll(match, roll, *, purpose, step, user, team=None, player=None, subject=""):
    """Side effects: creates the DiceLog row of `roll`."""
    DiceLog.objects.create(
        match=match,
        roll=roll.as_dict(),
        purpose=purpose,
        step=step,
        team=team,
        player=player,
        subject=subject,
        created_by=user,
    )


def record_side_roll(match, *, dice, user, notation, purpose, faces, side, step, player=None, subject=""):
    """record_roll for a roll made by one team, returned as its audit record."""
    return record_roll(
        match,
        dice=dice,
        notation=notation,
        purpose=purpose,
        step=step,
        user=user,
        faces=faces,
        team=match.team(side),
        player=player,
        subject=subject,
    ).as_dict()


def require_status(match, *statuses):
    if match.status not in statuses:
        raise ValidationError(_("This cannot be done at this point of the match."))
