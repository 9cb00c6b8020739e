"""The Weather Mage: once a game per mage bought, a team rolls the weather again during a drive, with a
modifier its coach chooses, and the match takes the new weather at once."""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from matches.models import Event, Match
from matches.services.common import match_table, require_status
from matches.services.drives.events import hired
from matches.services.drives.shared import open_drive, side_roll
from rulebook.coverage import carries_out

INDUCEMENT = "weather_mage"


def modifiers(match):
    """The modifiers the coach may choose (inducements.toml `weather_modifier = [low, high]`)."""
    low, high = match.edition.inducements[INDUCEMENT].extra["weather_modifier"]
    return range(low, high + 1)


def weather_mages_left(match, side):
    """How many Weather Mages `side` bought and has not used yet this game."""
    bought = sum(count for entry, count in hired(match, side) if entry.get("id") == INDUCEMENT)
    used = Event.objects.filter(drive__match=match, side=side, kind=Event.Kind.WEATHER_MAGE).count()
    return max(0, bought - used)


@carries_out("inducement", row=INDUCEMENT)
@transaction.atomic
def cast_weather_mage(match, *, side, modifier, user, dice=None, faces=None):
    """`side`'s Weather Mage rolls on the weather table the match uses (common.match_table), with the
    coach's `modifier`; a total beyond the table reads its first or last row. `faces`: the real dice
    typed in (None: `dice` rolls).

    Side effects: logs the roll, records a weather_mage Event (the weather before it, for undo) in the
    open drive and sets match.weather. Refused without an open drive, a mage left or a modifier the
    rules allow.
    """
    require_status(match, Match.Status.IN_PROGRESS)
    drive = open_drive(match)
    if drive is None:
        raise ValidationError(_("Start a drive first."))
    if weather_mages_left(match, side) <= 0:
        raise ValidationError(_("This team has no Weather Mage left to use."))
    allowed = modifiers(match)
    if modifier not in allowed:
        raise ValidationError(
            _("The Weather Mage's modifier goes from %(low)+d to %(high)+d.")
            % {"low": allowed[0], "high": allowed[-1]}
        )
    table = match_table(match, "weather")
    notation = f"{table.dice}{modifier:+d}" if modifier else table.dice
    roll = side_roll(match, dice, user, notation, "weather", faces, side)
    lowest = min(row["roll"][0] for row in table.rows)
    highest = max(row["roll"][1] for row in table.rows)
    weather = table.row_for(min(max(roll["total"], lowest), highest))["id"]
    Event.objects.create(
        drive=drive,
        turn=match.turn,
        side=side,
        kind=Event.Kind.WEATHER_MAGE,
        rolls={"weather": roll, "modifier": modifier, "weather_before": match.weather},
        outcome=weather,
        created_by=user,
    )
    match.weather = weather
    match.save()
    return weather
