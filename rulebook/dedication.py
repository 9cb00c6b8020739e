"""A league variant's terms of entry and the dedication its teams choose (optional.toml).

Some optional league rules change who may take part and how a team is drafted: a budget of their own
(`budget`), teams of some Leagues only (a row's `entry_for`), and a table that each team chooses one row
of for the whole league (`chosen_by = "team"`: Spike! Journal 21's Elven gods). The chosen row's numbers
change team building: position maxima, skill categories, re-roll prices, value increases, staff,
firing and winnings. These pure functions read them; rosters.dedication and the services apply them.

Every function takes the chosen row (a dict, or None for a team dedicated to nothing) and answers as
the core rules do when the row is None or lacks the key: the flows call them for every team.
"""

from dataclasses import dataclass, replace

from rulebook.data import Position, Profile, SkillRef
from rulebook.edition import CATEGORY_ORDER, get_edition


def _rules_in_play(edition, optional_rules):
    """The optional rules of `edition` a league plays, in the edition's order."""
    return [rule for rule in edition.optional_rules if rule in optional_rules]


def draft_budget(edition, optional_rules):
    """The draft budget of a league playing `optional_rules` (the first such rule's `budget`), or None
    when none of them sets one: the edition's starting treasury then."""
    for rule in _rules_in_play(edition, optional_rules):
        budget = edition.optional_settings.get(rule, {}).get("budget")
        if budget is not None:
            return budget
    return None


def entry_leagues(edition, optional_rules):
    """The Leagues (team rule ids) a team must play for to take part (empty: any team may)."""
    leagues = []
    for rule in _rules_in_play(edition, optional_rules):
        for row in edition.optional_settings.get(rule, {}).get("rows", []):
            leagues += row.get("entry_for", [])
    return tuple(dict.fromkeys(leagues))


def may_enter(edition, optional_rules, rules_in_force):
    """Whether a team with `rules_in_force` (its team rules and League) may take part."""
    leagues = entry_leagues(edition, optional_rules)
    return not leagues or any(league in rules_in_force for league in leagues)


def _choice_tables(edition):
    return [table for table in edition.optional_tables.values() if table.extra.get("chosen_by") == "team"]


def choice_table(edition, optional_rules):
    """The table each team of a league playing `optional_rules` chooses a row of, or None."""
    for table in _choice_tables(edition):
        if table.extra.get("part_of") in optional_rules:
            return table
    return None


def chosen_row(edition, row_id):
    """The row `row_id` of any table teams choose from in `edition`, or None (no dedication, or an id
    the edition no longer has)."""
    if not row_id:
        return None
    for table in _choice_tables(edition):
        for row in table.rows:
            if row["id"] == row_id:
                return row
    return None


def text_key(edition, row_id):
    """ "optional.<table>.<row id>", the text key of the chosen row (None for no row)."""
    for table in _choice_tables(edition):
        if any(row["id"] == row_id for row in table.rows):
            return f"optional.{table.id}.{row_id}"
    return None


def _get(row, key, default=None):
    return default if row is None else row.get(key, default)


# --- team building ---------------------------------------------------------------------------------


def team_rules(row):
    """Team special rules the dedication brings (Khaine: Brawlin' Brutes)."""
    return tuple(_get(row, "team_rules", ()))


def extra_positions(row, team_rules_list):
    """The positions of the team list `team_rules_list` (a rulebook Team) that the dedication may let
    take more players: one of the row's `keywords`, or named in its `positions` ("<team>.<position>")."""
    if not _get(row, "extra_position_max"):
        return ()
    keywords = set(_get(row, "keywords", ()))
    named = set(_get(row, "positions", ()))
    return tuple(
        position
        for position in team_rules_list.positions
        if keywords & set(position.keywords) or f"{team_rules_list.id}.{position.id}" in named
    )


def position_max(row, team_list, position, chosen_position):
    """How many players of `position` (of the rulebook Team `team_list`) the team may have: one more
    (the row's `extra_position_max`) for the single player type the coach chose, when the dedication
    allows it that type."""
    if position.id == chosen_position and position in extra_positions(row, team_list):
        return position.max + _get(row, "extra_position_max", 0)
    return position.max


def _in_order(letters):
    return "".join(letter for letter in CATEGORY_ORDER if letter in set(letters))


def primary_categories(row, position, chosen_position):
    """The Primary categories of a player of `position`: the position's, plus the row's `primary_added`
    (every player), plus its `chosen_position_primary` (the player type chosen for the dedication)."""
    letters = position.primary + _get(row, "primary_added", "")
    if position.id == chosen_position:
        letters += _get(row, "chosen_position_primary", "")
    return _in_order(letters)


def secondary_categories(row, position):
    """The Secondary categories, less any the dedication made Primary."""
    primary = position.primary + _get(row, "primary_added", "")
    return "".join(letter for letter in position.secondary if letter not in primary)


def secondary_traits(row):
    """Traits a chosen Secondary advancement may take (valued as a Primary one): Loec, Ereth Khial."""
    return tuple(_get(row, "secondary_traits", ()))


def may_choose_skill(row, skill_id):
    """Whether a skill may be chosen (not drawn at random): Loec's Leader only at random."""
    return skill_id not in _get(row, "no_chosen_skills", ())


def free_second_skill(row, category):
    """{"category", "dice", "target"}: the roll that gives a free second skill when a skill of
    `category` is chosen (Loec: Devious, D6, 5+), or None."""
    rule = _get(row, "free_second_skill")
    return rule if rule and rule["category"] == category else None


def may_buy_rerolls(row):
    return not _get(row, "no_rerolls", False)


def reroll_price_after_draft(row, price):
    """A re-roll bought after the draft: the row's `reroll_cost_after_draft`, else `price`."""
    return _get(row, "reroll_cost_after_draft", price)


def free_apothecary(row):
    """Whether the team's draft Apothecary costs nothing (it still counts in Team Value)."""
    return bool(_get(row, "free_apothecary", False))


def value_increase(row, increase):
    """What an advancement adds to a player's value: `increase` less the row's
    `value_increase_reduction`, never below its `value_increase_min` (nor above `increase`)."""
    reduction = _get(row, "value_increase_reduction", 0)
    if not reduction:
        return increase
    return min(increase, max(increase - reduction, _get(row, "value_increase_min", 0)))


def may_fire(row, *, advanced, spp_earned, reductions):
    """Whether a player may be fired: with `no_fire_from_spp`, not one who advanced or earned that many
    SPP, unless injuries reduced `fire_after_reductions` of its characteristics."""
    threshold = _get(row, "no_fire_from_spp")
    if threshold is None or not (advanced or spp_earned >= threshold):
        return True
    return reductions >= _get(row, "fire_after_reductions", 0)


def bonus_spp(row):
    """The SPP a player earns for knocking out or injuring an opposing player the team marked (Kurnous's
    Wild Hunt), 0 without."""
    return _get(row, "bonus_spp", 0)


def doubles_first_spp(row):
    """Whether the first SPP a player of the team earns in each drive are doubled (Hoeth)."""
    return _get(row, "double_first_spp") == "drive"


def casualty_winnings(row, casualties):
    """Extra winnings for causing `casualties` in a game (Khaine: 15,000 for three or more)."""
    bonus = _get(row, "casualty_bonus")
    if not bonus or casualties < bonus["casualties"]:
        return 0
    return bonus["winnings"]


# --- a player the dedication brings: Ereth Khial's Enthralled Elven Soul ------------------------------


@dataclass(frozen=True)
class RaisedPosition(Position):
    """A position of an optional rule's table (`raises`), added to the team list of a team whose
    dedication brings it; never hired (max 0), only raised after a game. Named by its table's texts."""

    table: str = ""

    @property
    def key(self):
        return f"optional.{self.table}.{self.id}"


def raised_position(edition, row, team_id):
    """The position a team of team list `team_id` dedicated to `row` may raise (its `raises` table's
    row), or None."""
    table_id = _get(row, "raises")
    if not table_id:
        return None
    entry = edition.optional_tables[table_id].rows[0]
    return RaisedPosition(
        team_id=team_id,
        id=entry["id"],
        max=0,
        cost=entry["cost"],
        profile=Profile(ma=entry["ma"], st=entry["st"], ag=entry["ag"], pa=entry.get("pa"), av=entry["av"]),
        skills=tuple(SkillRef.parse(text) for text in entry.get("skills", ())),
        primary=entry["primary"],
        secondary=entry["secondary"],
        keywords=tuple(entry.get("keywords", ())),
        table=table_id,
    )


def raising(edition, row):
    """The `raises` table's row (its numbers: `per_game`, `raised_from`, `hire_free`), or None."""
    table_id = _get(row, "raises")
    return edition.optional_tables[table_id].rows[0] if table_id else None


def team_list(edition_id, roster, row_id):
    """The rulebook team list of a team of `roster` dedicated to `row_id`: the roster's, with the
    position the dedication may raise added (Ereth Khial: the Enthralled Elven Soul)."""
    edition = get_edition(edition_id)
    roster_list = edition.team(roster)
    position = raised_position(edition, chosen_row(edition, row_id), roster)
    if position is None:
        return roster_list
    return replace(roster_list, positions=(*roster_list.positions, position))
