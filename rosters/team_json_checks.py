"""Checks of a team file that follow the edition's draft choices and advancement rules (the League,
the Team Captain, an advancement waiting on the player); rosters.team_json runs them."""

from django.utils.translation import gettext as _

from rosters.advancement import offered_kinds
from rosters.captain import CAPTAIN_RULE
from rosters.models import Player

_ON_ROSTER = {Player.Status.ACTIVE, Player.Status.TEMPORARILY_RETIRED}


def check_league(check, edition, rules, team):
    """The League a team plays for: one of its list's where it may play for several, else none."""
    league = team["chosen_league"]
    if len(rules.leagues) > 1 and league not in rules.leagues:
        names = ", ".join(rules.leagues)
        check.fail(
            "", _("This team list needs one of its Leagues in “chosen_league”: %(names)s.") % {"names": names}
        )
    elif len(rules.leagues) <= 1 and league:
        if league not in rules.leagues:
            check.fail("", _("This team list cannot play for the League “%(league)s”.") % {"league": league})
        team["chosen_league"] = ""


def check_captain(check, rules, team, players):
    """At most one Team Captain on the roster, of a position allowed, and only with the rule."""
    captains = [p for p in players if p["is_captain"] and p["status"] in _ON_ROSTER]
    if not captains:
        return
    if not rules.has_rule(CAPTAIN_RULE, (team["chosen_league"], team["chosen_rule"])):
        check.fail("", _("This team has no Team Captain."))
    elif len(captains) > 1:
        check.fail("", _("A team has at most one Team Captain."))
    elif captains[0]["position"] not in rules.extra.get("team_captain_positions", ()):
        check.fail("", _("This player cannot be the Team Captain (no Big Guy, no journeyman)."))


def validate_pending(check, edition, pending, where):
    if pending is None:
        return None
    if isinstance(pending, dict) and pending.get("kind") == "random_skill":
        return _validate_random_draw(check, edition, pending, where)
    die = edition.table("characteristic_improvement").dice
    sides = int(die[1:])
    total = pending.get("roll", {}).get("total") if isinstance(pending, dict) else None
    roll = pending.get("roll") if isinstance(pending, dict) else None
    if pending.get("kind") != "characteristic" or not isinstance(total, int) or not 1 <= total <= sides:
        check.fail(
            where, _("“pending_advancement” must be a characteristic roll of a %(die)s.") % {"die": die}
        )
        return None
    return {"kind": "characteristic", "roll": roll}


def _validate_random_draw(check, edition, pending, where):
    """Skills drawn at random, one of which the coach has yet to keep (BB2025)."""
    options = pending.get("options")
    kind = pending.get("advancement")
    if kind not in offered_kinds(edition) or not kind.startswith("random") or not isinstance(options, list):
        check.fail(where, _("“pending_advancement” must list the skills drawn at random in “options”."))
        return None
    skills = [check.skill(edition, option, where) for option in options]
    if None in skills:
        return None
    return {"kind": "random_skill", "advancement": kind, "options": skills, "rolls": pending.get("rolls", [])}
