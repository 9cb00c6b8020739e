"""The pre-match steps settled by one roll or choice: stadium, fan factors, weather, kicking team and
match ball."""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from matches.models import SIDES
from matches.services.common import record_roll
from matches.services.prematch.sequence import require_step, start_if_ready
from matches.services.prematch.shared import STEP
from rulebook import formulas


def _faces(faces, side=None):
    if faces is None:
        return None
    return faces.get(side) if side else faces


@transaction.atomic
def roll_stadium(match, *, dice, user, faces=None):
    """Optional rule: the stadium (2D6). Side effects: sets match.stadium, logs the roll."""
    require_step(match, "stadium")
    table = match.edition.table("stadium")
    roll = record_roll(
        match, dice=dice, notation=table.dice, purpose="stadium", step=STEP, user=user, faces=faces
    )
    match.stadium = table.row_for(roll.total)["id"]
    match.save()
    return roll


@transaction.atomic
def roll_fans(match, *, dice, user, faces=None):
    """Fan Factor of each team: Dedicated Fans + D3. `faces`: {"home": [n], "away": [n]}.

    Side effects: sets both fan factors, logs two rolls.
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
    return rolls


@transaction.atomic
def roll_weather(match, *, dice, user, faces=None):
    """The weather (2D6). Side effects: sets match.weather, logs the roll."""
    require_step(match, "weather")
    table = match.edition.table("weather")
    roll = record_roll(
        match, dice=dice, notation=table.dice, purpose="weather", step=STEP, user=user, faces=faces
    )
    match.weather = table.row_for(roll.total)["id"]
    match.save()
    return roll


@transaction.atomic
def choose_kicking(match, *, user, side=None, dice=None, faces=None):
    """The kicking team: chosen by the coaches, or a D6 toss (1-3: home kicks, 4-6: away kicks).

    Side effects: sets match.kicking (and logs the toss); without further steps the match starts.
    """
    require_step(match, "kicking")
    if side not in (None, "", "home", "away"):
        raise ValidationError(_("Choose a side."))
    if not side:
        roll = record_roll(
            match, dice=dice, notation="D6", purpose="coin_toss", step=STEP, user=user, faces=faces
        )
        side = "home" if roll.total <= 3 else "away"
    match.kicking = side
    start_if_ready(match)
    match.save()
    return side


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
