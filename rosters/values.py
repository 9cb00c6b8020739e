"""Player value, team value and current team value of stored teams, by the rules of the team's edition.

A player's value: the position's cost, plus the value increase of each advancement (tables.toml
value_increases), plus the Elite surcharge (value_increases `elite_skill_surcharge`, BB2025) for each
advancement that gained a skill with elite = true; a team's dedication may lower what each advancement
adds (rulebook.dedication.value_increase). A Team Captain's free Pro adds nothing.

Low Cost Linemen (edition.toml [team_value] ctv_free_linemen_*): the positions the rule names (the
roster's `low_cost_positions`, else its Lineman position) count nothing in CTV (BB2020: their whole
value, journeymen excepted) or only their value increases (BB2025: the hiring fee is zeroed, journeymen
included). Team value is never reduced.
"""

from rosters.models import Player
from rulebook import dedication, formulas
from rulebook.coverage import carries_out
from rulebook.data import SkillRef
from rulebook.edition import get_edition


def advancement_kinds(player):
    """The value_increases row ids of a player's advancements ("random_primary", "ma", ...): the kind an
    advancement is valued as (`value_as`: a trait taken as a Secondary skill that counts as a Primary
    one, rulebook.dedication) else its own."""
    return tuple(advancement.get("value_as", advancement["kind"]) for advancement in player.advancements)


def elite_surcharge(player, edition):
    """What Elite skills gained by advancement add to the player's value (0 in editions without it)."""
    return sum(_elite_surcharge(advancement, edition) for advancement in player.advancements)


def _elite_surcharge(advancement, edition):
    surcharge = edition.table("value_increases").extra.get("elite_skill_surcharge", 0)
    if not surcharge or "skill" not in advancement:
        return 0
    return surcharge if _is_elite(SkillRef.parse(advancement["skill"]).id, edition) else 0


def _is_elite(skill_id, edition):
    skill = edition.skills.get(skill_id)
    return bool(skill and skill.elite)


def player_value(player):
    """The position's cost plus what each advancement adds (its value increase and Elite surcharge, as
    the team's dedication may lower it: Hoeth)."""
    edition = get_edition(player.team.edition)
    row = player.team.dedication_row
    value = player.team.rules.position(player.position).cost
    for advancement, kind in zip(player.advancements, advancement_kinds(player), strict=True):
        increase = formulas.value_increase(kind, edition=edition) + _elite_surcharge(advancement, edition)
        value += dedication.value_increase(row, increase)
    return value


@carries_out("team_rule", row="low_cost_linemen")
def low_cost_positions(team):
    """Position ids whose hiring fee Low Cost Linemen zeroes in CTV (empty without the rule)."""
    rule = get_edition(team.edition).settings.team_value.ctv_free_linemen_rule
    if not rule or not team.has_rule(rule):
        return frozenset()
    named = team.rules.extra.get("low_cost_positions")
    if named:
        return frozenset(named)
    return frozenset(position.id for position in team.rules.positions if position.lineman)


def _ctv_value(player, team, free_positions, rules):
    """What one player available for the next game adds to CTV."""
    if player.position not in free_positions:
        return player.value
    if player.journeyman and not rules.ctv_free_linemen_journeymen:
        return player.value
    if rules.ctv_free_linemen_keeps_value_increases:
        return player.value - team.rules.position(player.position).cost
    return 0


def refresh_team_value(team, players=None):
    """Recompute and set (not save) each player's value and the team's TV and CTV.

    `players`: the team's players still on the roster (fetched when not given). Player values are
    saved only where they changed.
    """
    if players is None:
        players = list(team.players.on_roster())
    edition = get_edition(team.edition)
    for player in players:
        value = player_value(player)
        if player.value != value:
            player.value = value
            if player.pk:
                Player.objects.filter(pk=player.pk).update(value=value)
    common = team.rerolls * team.rules.reroll_cost + formulas.staff_value(
        assistant_coaches=team.assistant_coaches,
        cheerleaders=team.cheerleaders,
        apothecary=team.apothecary,
        edition=edition,
    )
    team.team_value = sum(p.value for p in players if not p.journeyman) + common
    rules = edition.settings.team_value
    free = low_cost_positions(team)
    available = [
        p for p in players if not (p.miss_next_game or p.status == Player.Status.TEMPORARILY_RETIRED)
    ]
    team.current_team_value = sum(_ctv_value(p, team, free, rules) for p in available) + common
    return team
