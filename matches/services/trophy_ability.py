"""A league trophy that gives its holder an ability in each of its matches (optional.toml: a rule's row
with `trophy = true` and `per`: BB2025's Flaming Goblet of the Spectacle of the Flame Eternal, once per
drive a ball carrier with PA 2+, Pass and Accurate until the end of the turn).

The holder is the team of the match that holds the League Trophy of the fixture's league (its latest
champion, league.services.prizes). The ability itself is used at the table: Dugout names the holder and
what it may do, where the match shows what is in force.
"""

from league.services.prizes import trophy_holder
from matches.models import SIDES


def ability_row(match):
    """(rule id, row) of the trophy ability of an optional rule the match plays, or None."""
    edition = match.edition
    for rule in edition.optional_rules:
        if rule not in match.optional_rules:
            continue
        for row in edition.optional_settings.get(rule, {}).get("rows", []):
            if row.get("trophy") and row.get("per"):
                return rule, row
    return None


def holder_side(match):
    """The side of the match whose team holds the trophy of the fixture's league, or None (a friendly,
    no trophy awarded yet, or neither team holds it)."""
    if match.fixture_id is None:
        return None
    prize = trophy_holder(match.fixture.season.league)
    holder = prize.entry.team_id if prize is not None else None
    return next((side for side in SIDES if holder and match.team(side).pk == holder), None)


def ability_in_force(match):
    """{"side", "rule", "row"} of the trophy ability the match's holder has, or None."""
    found = ability_row(match)
    if found is None:
        return None
    side = holder_side(match)
    if side is None:
        return None
    rule, row = found
    return {"side": side, "rule": rule, "row": row}
