"""The pre-match steps settled by one roll or choice: stadium, fan factors, weather, kicking team (a
toss, then its winner's choice) and match ball."""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from matches.models import SIDES, other
from matches.services.common import match_table, record_roll
from matches.services.prematch.journeymen import skip_journeymen_if_none_needed
from matches.services.prematch.sequence import require_step, start_if_ready
from matches.services.prematch.shared import STEP
from rulebook import formulas
from rulebook.coverage import carries_out


def _faces(faces, side=None):
    if faces is None:
        return None
    return faces.get(side) if side else faces


@transaction.atomic
def roll_stadium(match, *, dice, user, faces=None):
    """Optional rule: the stadium (2D6). Side effects: sets match.stadium, logs the roll (and takes no
    journeymen if they come next and nobody needs any: skip_journeymen_if_none_needed)."""
    require_step(match, "stadium")
    table = match.edition.table("stadium")
    roll = record_roll(
        match, dice=dice, notation=table.dice, purpose="stadium", step=STEP, user=user, faces=faces
    )
    match.stadium = table.row_for(roll.total)["id"]
    match.save()
    skip_journeymen_if_none_needed(match, user=user)
    return roll


@transaction.atomic
def roll_fans(match, *, dice, user, faces=None):
    """Fan Factor of each team: Dedicated Fans + D3. `faces`: {"home": [n], "away": [n]}.

    Side effects: sets both fan factors, logs two rolls (and skip_journeymen_if_none_needed).
    """
    require_step(match, "fans")
    rolls = {}
    for side in SIDES:
        team = match.team(side)
        roll = record_roll(
            match,
            dice=dice,
            notation=match.edition.settings.fan_factor.dice,
            purpose="fan_factor",
            step=STEP,
            user=user,
            faces=_faces(faces, side),
            team=team,
        )
        match.set_side_value("fan_factor", side, formulas.fan_factor(team.dedicated_fans, roll.total))
        rolls[side] = roll
    match.save()
    skip_journeymen_if_none_needed(match, user=user)
    return rolls


@transaction.atomic
def roll_weather(match, *, dice, user, faces=None):
    """The weather (2D6), on the table the match rolls on (a regional one where an optional rule
    replaces it: common.match_table). Side effects: sets match.weather, logs the roll; the journeymen
    step that follows is done at once where nobody needs any (skip_journeymen_if_none_needed)."""
    require_step(match, "weather")
    table = match_table(match, "weather")
    roll = record_roll(
        match, dice=dice, notation=table.dice, purpose="weather", step=STEP, user=user, faces=faces
    )
    match.weather = table.row_for(roll.total)["id"]
    match.save()
    skip_journeymen_if_none_needed(match, user=user)
    return roll


TOSS_DIE = "D6"


def toss_winner_of(total):
    """The side a toss die of `total` names: 1-3 home, 4-6 away."""
    return "home" if total <= 3 else "away"


KICK, RECEIVE = "kick", "receive"  # what the toss winner chooses


@transaction.atomic
def toss(match, *, user, winner=None, dice=None, faces=None):
    """Who wins the toss (or the roll-off), and so chooses to kick or to receive (kick_or_receive):
    `winner` where the coaches settled it at the table, else a D6 rolled by Dugout or typed in
    (`faces`): 1-3 the home team wins, 4-6 the away team.

    Side effects: sets match.toss_winner (and logs the die).
    """
    require_step(match, "kicking")
    if match.toss_winner:
        raise ValidationError(_("The toss is already won: its winner chooses to kick or to receive."))
    if winner not in (None, "", *SIDES):
        raise ValidationError(_("Choose a side."))
    if not winner:
        roll = record_roll(
            match, dice=dice, notation=TOSS_DIE, purpose="coin_toss", step=STEP, user=user, faces=faces
        )
        winner = toss_winner_of(roll.total)
    match.toss_winner = winner
    match.save()
    return winner


@transaction.atomic
def kick_or_receive(match, *, user, choice):
    """The toss winner's choice, KICK or RECEIVE: the other team receives, or kicks.

    Side effects: sets match.kicking; without further steps the match starts.
    """
    require_step(match, "kicking")
    if not match.toss_winner:
        raise ValidationError(_("Toss first: its winner chooses to kick or to receive."))
    if choice not in (KICK, RECEIVE):
        raise ValidationError(_("Choose to kick or to receive."))
    match.kicking = match.toss_winner if choice == KICK else other(match.toss_winner)
    start_if_ready(match)
    match.save()
    return match.kicking


@transaction.atomic
def choose_kicking(match, *, user, side):
    """The kicking team set at once, where the coaches already know it (the pre-match page tosses, then
    asks the winner: toss and kick_or_receive).

    Side effects: sets match.kicking; without further steps the match starts.
    """
    require_step(match, "kicking")
    if side not in SIDES:
        raise ValidationError(_("Choose a side."))
    match.kicking = side
    start_if_ready(match)
    match.save()
    return side


@carries_out("optional_rule", row="match_balls")
@transaction.atomic
def roll_match_ball(match, *, dice, user, faces=None):
    """Optional rule: the match ball (D16). Side effects: sets match.match_ball, logs the roll."""
    require_step(match, "match_ball")
    table = match.edition.table("match_balls")
    roll = record_roll(
        match, dice=dice, notation=table.dice, purpose="match_ball", step=STEP, user=user, faces=faces
    )
    match.match_ball = table.row_for(roll.total)["id"]
    start_if_ready(match)
    match.save()
    return roll
