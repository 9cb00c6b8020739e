"""What the pre-match steps gave, read back from the match and its dice log (the rolls, the journeymen
taken on, the toss and who kicks): shown on the next step (and, once, as the message of the step just
done) so that no roll moves on without its result."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from matches.models import SIDES
from matches.services import jolly_jouster, prematch
from matches.services.common import match_table, match_table_text
from matches.services.prematch import STEP
from rulebook.dice import ENTERED
from web.matches.views.jouster import chalice_outcome

# The dice log's purpose of each one-roll step: (the step, the table that turns its total into a result,
# as the match rolls on it: common.match_table).
PURPOSES = {
    "stadium": ("stadium", "stadium"),
    "fan_factor": ("fans", None),
    "weather": ("weather", "weather"),
    "match_ball": ("match_ball", "match_balls"),
    "coin_toss": ("kicking", None),
    jolly_jouster.DUKEDOMS: ("dukedom", jolly_jouster.DUKEDOMS),
    jolly_jouster.CHALICE: ("chalice", None),
}


def roll_text(roll):
    """ "2D6: 3 + 4 = 7" (a single die: "D3: 2"), and who rolled it."""
    faces = " + ".join(str(face) for face in roll["faces"])
    text = f"{roll['dice']}: {faces}" + (f" = {roll['total']}" if len(roll["faces"]) > 1 else "")
    how = _("entered") if roll["source"] == ENTERED else _("rolled by Dugout")
    return f"{text} ({how})"


# The steps whose results the page lists, in the order of the sequence (the dice log keeps the rolls'
# order; what no roll shows, a journeymen step or a toss won at the table, is put in its place).
RESULT_ORDER = ("dukedom", "chalice", "stadium", "fans", "weather", "journeymen", "kicking", "match_ball")


def prematch_results(match, edition, language, *, step=None):
    """[{"step", "team", "roll", "outcome"}] of the pre-match steps done so far, in order (one query for
    the rolls): the rolls and what they gave, the journeymen taken on, the toss and who kicks; `step`:
    only those of that step ("fans", "weather", ...), or of those steps (a tuple)."""
    steps = (step,) if isinstance(step, str) else step
    rows = match.dice_log.filter(step=STEP, purpose__in=PURPOSES).select_related("team")
    results = []
    for row in rows:
        step_of, table = PURPOSES[row.purpose]
        results.append(
            {
                "step": step_of,
                "team": row.team,
                "roll": roll_text(row.roll),
                "outcome": _outcome(match, language, row, table),
            }
        )
    if match.journeymen_done:
        results += _journeymen_results(match)
    if match.toss_winner and not any(r["step"] == "kicking" for r in results):
        results.append({"step": "kicking", "team": None, "roll": "", "outcome": _toss_won(match)})
    if match.kicking:
        results.append({"step": "kicking", "team": None, "roll": "", "outcome": _kicks(match)})
    results.sort(key=lambda result: RESULT_ORDER.index(result["step"]))
    return [result for result in results if steps is None or result["step"] in steps]


def no_journeymen_text(match):
    """What the journeymen step says when neither team needs any."""
    count = match.edition.settings.journeymen.fill_to
    return ngettext(
        "Neither team needs journeymen: both teams have at least %(count)d player available.",
        "Neither team needs journeymen: both teams have at least %(count)d players available.",
        count,
    ) % {"count": count}


def _journeymen_results(match):
    # The journeymen step's own are keyed "home-1", "away-2" (those an inducement brings carry a letter).
    taken = {
        side: sum(entry["key"].split("-", 1)[1].isdigit() for entry in match.plain_journeymen(side))
        for side in SIDES
    }
    if not any(taken.values()):
        return [{"step": "journeymen", "team": None, "roll": "", "outcome": no_journeymen_text(match)}]
    return [
        {
            "step": "journeymen",
            "team": match.team(side),
            "roll": "",
            "outcome": ngettext("%(count)d journeyman", "%(count)d journeymen", count) % {"count": count}
            if count
            else _("no journeymen needed"),
        }
        for side, count in taken.items()
    ]


def _outcome(match, language, row, table):
    if table:
        result = match_table(match, table).row_for(row.roll["total"])["id"]
        return match_table_text(match, table, result, "name", language)
    if row.purpose == jolly_jouster.CHALICE:
        return chalice_outcome(match, match.edition, language)
    if row.purpose == "fan_factor":
        side = next(side for side in SIDES if match.team(side).pk == row.team_id)
        return _("Fan Factor %(value)d") % {"value": match.side_value("fan_factor", side)}
    return _toss_won(match)


def _toss_won(match):
    return _("%(team)s won the toss") % {"team": match.team(match.toss_winner)} if match.toss_winner else ""


def _kicks(match):
    return _("%(team)s kick off") % {"team": match.team(match.kicking)} if match.kicking else ""


def step_message(match, edition, language, step):
    """The message that says what the step just done rolled: "Reavers: D3: 2 (entered) → Fan Factor 5";
    with it, the journeymen step it did at once where nobody needed any (the step before it)."""
    steps = (step, "journeymen") if _skipped_journeymen(match, step) else (step,)
    parts = []
    for result in prematch_results(match, edition, language, step=steps):
        roll = f"{result['roll']} → {result['outcome']}" if result["roll"] else result["outcome"]
        parts.append(f"{result['team']}: {roll}" if result["team"] else roll)
    return "; ".join(parts)


def _skipped_journeymen(match, step):
    """Whether doing `step` also did the journeymen step that follows it (nobody needed any)."""
    names = prematch.steps(match)
    follows = step in names and names.index(step) + 1 < len(names) and names[names.index(step) + 1]
    return follows == "journeymen" and match.journeymen_done and prematch.nobody_needs_journeymen(match)
