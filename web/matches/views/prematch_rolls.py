"""What the pre-match rolls gave, read back from the match's dice log: shown on the next step (and,
once, as the message of the step just done) so that no roll moves on without its result."""

from django.utils.translation import gettext as _

from matches.models import SIDES
from matches.services.prematch import STEP
from rulebook.dice import ENTERED

# The dice log's purpose of each one-roll step: (the step, the edition table that turns its total into
# a result, where the texts of that table's results are).
PURPOSES = {
    "stadium": ("stadium", "stadium", "optional.stadium"),
    "fan_factor": ("fans", None, None),
    "weather": ("weather", "weather", "table.weather"),
    "match_ball": ("match_ball", "match_balls", "optional.match_balls"),
    "coin_toss": ("kicking", None, None),
}


def roll_text(roll):
    """ "2D6: 3 + 4 = 7" (a single die: "D3: 2"), and who rolled it."""
    faces = " + ".join(str(face) for face in roll["faces"])
    text = f"{roll['dice']}: {faces}" + (f" = {roll['total']}" if len(roll["faces"]) > 1 else "")
    how = _("entered") if roll["source"] == ENTERED else _("rolled by Dugout")
    return f"{text} ({how})"


def prematch_results(match, edition, language, *, step=None):
    """[{"step", "team", "roll", "outcome"}] of the pre-match rolls made so far, in order (one query);
    `step`: only those of that step ("fans", "weather", ...)."""
    rows = match.dice_log.filter(step=STEP, purpose__in=PURPOSES).select_related("team")
    results = []
    for row in rows:
        step_of, table, texts = PURPOSES[row.purpose]
        if step is not None and step_of != step:
            continue
        results.append(
            {
                "step": step_of,
                "team": row.team,
                "roll": roll_text(row.roll),
                "outcome": _outcome(match, edition, language, row, (table, texts)),
            }
        )
    if match.kicking and step in (None, "kicking") and not any(r["step"] == "kicking" for r in results):
        results.append({"step": "kicking", "team": None, "roll": "", "outcome": _kicks(match)})
    return results


def _outcome(match, edition, language, row, where):
    table, texts = where
    if table:
        result = edition.table(table).row_for(row.roll["total"])["id"]
        return edition.text(f"{texts}.{result}.name", language)
    if row.purpose == "fan_factor":
        side = next(side for side in SIDES if match.team(side).pk == row.team_id)
        return _("Fan Factor %(value)d") % {"value": match.side_value("fan_factor", side)}
    return _kicks(match)


def _kicks(match):
    return _("%(team)s kick off") % {"team": match.team(match.kicking)} if match.kicking else ""


def step_message(match, edition, language, step):
    """The message that says what the step just done rolled: "Reavers: D3: 2 (entered) → Fan Factor 5"."""
    parts = []
    for result in prematch_results(match, edition, language, step=step):
        roll = f"{result['roll']} → {result['outcome']}" if result["roll"] else result["outcome"]
        parts.append(f"{result['team']}: {roll}" if result["team"] else roll)
    return "; ".join(parts)
