"""What every match step shares: rolling (or taking entered) dice and logging them, and the rules
tables the match rolls on."""

from dataclasses import replace

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from matches.models import DiceLog
from rulebook.coverage import carries_out
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


def hired_count(match, side, key):
    """How much of `key` (a number in the data: `cheerleaders`) what `side` hired for the match gives:
    each inducement's `key` times the count bought, or for one hired from a list (`choices`) the
    hireling's own `key`."""
    edition = match.edition
    total = 0
    for item in match.side_value("inducements", side):
        inducement = edition.inducements.get(item["id"])
        if inducement is None:
            continue
        entry = inducement.extra
        if inducement.choices and item.get("choice"):
            entry = edition.hirelings.get(inducement.choices, {}).get(item["choice"], {})
        total += entry.get(key, 0) * item["count"]
    return total


def require_status(match, *statuses):
    if match.status not in statuses:
        raise ValidationError(_("This cannot be done at this point of the match."))


# The Khemri Classic Cup's match parts are its regional tables (here) and its Canopic Jar (sold through
# the inducement's league_variant); its pitch sides and balls are played on the pitch (optional.toml).
@carries_out("optional_rule", row="khemri_classic_cup")
def match_table(match, table_id):
    """The rules table `table_id` ("weather", "kickoff") as this match rolls on it: the table of an
    optional rule the match plays with that `replaces` the core one (a Spike! Journal league's regional
    kick-off table), else the core table. A regional row that shares its id with a core row (High Kick)
    works as that one: it takes the core row's keys, its own keys first."""
    edition = match.edition
    core = edition.table(table_id)
    for table in edition.optional_tables.values():
        if table.extra.get("replaces") == table_id and table.extra.get("part_of") in match.optional_rules:
            core_rows = {row["id"]: row for row in core.rows}
            rows = tuple({**core_rows.get(row["id"], {}), **row} for row in table.rows)
            return replace(table, rows=rows)
    return core


def table_text_key(edition, table):
    """The text key of a table's rows: "table.kickoff" for a core table, "optional.<id>" for the table
    of an optional rule (append ".<row id>.name")."""
    return table.key if table.id in edition.tables else f"optional.{table.id}"


def match_table_text(match, table_id, row_id, field, language):
    """The text `field` ("name", "effect") of the row `row_id` of the table `table_id` as this match
    rolls on it (match_table), in `language`."""
    edition = match.edition
    return edition.text(f"{table_text_key(edition, match_table(match, table_id))}.{row_id}.{field}", language)
