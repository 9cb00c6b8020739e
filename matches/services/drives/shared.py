"""What the drive modules share: the step name of their dice, the edition, the open drive, a roll."""

from matches.services.common import record_side_roll
from rulebook.edition import Edition, get_edition

STEP = "drive"


def match_edition(match) -> Edition:
    return get_edition(match.home_team.edition)


def open_drive(match):
    drive = match.current_drive()
    return drive if drive is not None and drive.is_open else None


def side_roll(match, dice, user, notation, purpose, faces, side, *, player=None, subject=""):
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
