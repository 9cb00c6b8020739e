"""What a team is dedicated to for a whole league, and the terms of entry of a league variant
(rulebook.dedication reads the numbers from optional.toml).

Spike! Journal 21's Spectacle of the Flame Eternal: only Elven Kingdoms League teams take part, each
drafts with 1,100,000 gp and is dedicated by its coach to one Elven god, which changes how it is built
and paid. The coach chooses when the team is created for such a league, or later on the team's page,
and may change it only until the team's first match.
"""

from django.core.exceptions import ValidationError
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from rosters import ledger
from rosters.models import LedgerEntry
from rulebook import dedication
from rulebook.coverage import carries_out


def choices(edition, optional_rules):
    """(row id, name) of every row a team of a league playing `optional_rules` may be dedicated to."""
    table = dedication.choice_table(edition, optional_rules)
    if table is None:
        return []
    language = get_language()
    return [
        (row["id"], edition.text(f"optional.{table.id}.{row['id']}.name", language)) for row in table.rows
    ]


def all_choices(edition):
    """Every row of the edition a team may be dedicated to, by the rules that offer one."""
    return choices(edition, edition.optional_rules)


def position_choices(edition, team_list, row_id):
    """(position id, name) of the player types the dedication `row_id` may favour in `team_list`."""
    language = get_language()
    row = dedication.chosen_row(edition, row_id)
    return [(p.id, edition.name(p, language)) for p in dedication.extra_positions(row, team_list)]


def entry_problems(edition, optional_rules, team_list, rules_in_force):
    """Why a team of `team_list` with `rules_in_force` may not take part in a league playing
    `optional_rules` (empty when it may)."""
    if dedication.may_enter(edition, optional_rules, rules_in_force):
        return []
    language = get_language()
    names = ", ".join(
        edition.rule_name(rule, language) for rule in dedication.entry_leagues(edition, optional_rules)
    )
    return [
        _("%(team)s teams may not take part: this league is open only to teams of %(leagues)s.")
        % {"team": edition.name(team_list, language), "leagues": names}
    ]


def may_take_part(edition, optional_rules, team_list):
    """Whether a team of `team_list` may take part in a league playing `optional_rules`, with one of its
    draft choices (a Wood Elf team playing for the Elven Kingdoms League)."""
    return any(
        dedication.may_enter(edition, optional_rules, team_list.rules_in_force(chosen))
        for chosen in team_list.choice_sets()
    )


def dedication_problems(edition, team_list, row_id, position_id, *, optional_rules=None):
    """Why `row_id` (and its favoured player type `position_id`) is no dedication of a team of
    `team_list` (in a league playing `optional_rules`, when given): empty when it is."""
    offered = all_choices(edition) if optional_rules is None else choices(edition, optional_rules)
    if optional_rules is not None and offered and not row_id:
        return [_("Choose what the team is dedicated to for the league.")]
    if row_id and row_id not in dict(offered):
        return [_("Unknown dedication.")]
    if position_id and position_id not in dict(position_choices(edition, team_list, row_id)):
        return [_("This player type cannot be favoured by this dedication.")]
    return []


def may_be_dedicated(team):
    """Whether some league variant of the team's edition that dedicates its teams would take this team
    (an Elven Kingdoms League team for the Flame Eternal): its page then offers the choice."""
    edition = team.edition_rules
    rules = [rule for rule in edition.optional_rules if dedication.choice_table(edition, (rule,))]
    return any(dedication.may_enter(edition, (rule,), team.rules_in_force) for rule in rules)


def has_played(team):
    """Whether the team played a match (its ledger holds one)."""
    return team.ledger.filter(kind=LedgerEntry.Kind.MATCH).exists()


# The rule's parts, each where Dugout keeps it: the budget and the terms of entry (create_team, and
# league.services.entries), the god's numbers (rulebook.dedication, read by rosters.services, values and
# advancement, and by the post-match: winnings, matches.services.outcome's doubled SPP, postmatch.hunt),
# the Enthralled Elven Soul (postmatch.soul) and the Flaming Goblet (matches.services.trophy_ability).
@carries_out("optional_rule", row="flame_eternal")
def dedicate_team(*, team, actor, row_id, position_id="", as_commissioner=False):
    """Dedicate `team` to `row_id` (a row of a `chosen_by = "team"` table of its edition, "" for none),
    favouring `position_id`; only until its first match. The row's numbers then apply wherever the
    team is built and paid (rulebook.dedication): the Spectacle of the Flame Eternal's budget and terms
    of entry are applied where a team is created for its league and entered in it.

    Side effects: saves Team.dedication and dedication_position (and, while drafting, gives back or
    takes the price of an apothecary that becomes free or stops being so), writes a ledger entry.
    """
    edition = team.edition_rules
    if has_played(team):
        raise ValidationError(_("A team keeps its dedication once it has played a match."))
    problems = dedication_problems(edition, team.rules, row_id, position_id)
    row = dedication.chosen_row(edition, row_id)
    if team.rerolls and not dedication.may_buy_rerolls(row):
        problems.append(_("A team of this dedication may not have team re-rolls: remove them first."))
    if problems:
        raise ValidationError(problems)
    with ledger.change(team, actor=actor, kind=LedgerEntry.Kind.EDIT, as_commissioner=as_commissioner) as c:
        if team.is_draft and team.apothecary:
            team.treasury += _apothecary_price(edition, team.dedication_row) - _apothecary_price(edition, row)
        team.dedication, team.dedication_position = row_id, position_id if row_id else ""
        c.details = {"dedication": team.dedication, "dedication_position": team.dedication_position}
    return team


def _apothecary_price(edition, row):
    """What a drafted apothecary costs a team of the dedication `row`."""
    return 0 if dedication.free_apothecary(row) else edition.settings.staff["apothecary"].cost


def name(edition, row_id, language):
    """The name of the dedication `row_id` in `language` ("" for none)."""
    key = dedication.text_key(edition, row_id)
    return edition.text(f"{key}.name", language) if key else ""


def effect(edition, row_id, language):
    """What the dedication `row_id` does, in `language` ("" for none)."""
    key = dedication.text_key(edition, row_id)
    return edition.text(f"{key}.effect", language) if key else ""
