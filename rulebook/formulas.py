"""The formulas of league play, as pure functions over rulebook data.

Every number comes from the edition's data files; nothing here touches a database.
"""

from dataclasses import dataclass, field

from rulebook.coverage import carries_out
from rulebook.data import SkillRef
from rulebook.edition import Edition

# --- team value ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerValue:
    """What team value needs to know about one player."""

    base_cost: int
    advancements: tuple[str, ...] = ()  # value_increases row ids: "random_primary", "ma", ...
    position_is_lineman: bool = False
    miss_next_game: bool = False
    temporarily_retired: bool = False
    journeyman: bool = False


def value_increase(advancement, *, edition):
    return edition.table("value_increases").row(advancement)["value"]


def player_value(base_cost, advancements=(), *, edition):
    """A player's current value: the position's cost plus the value of every advancement."""
    return base_cost + sum(value_increase(kind, edition=edition) for kind in advancements)


def staff_value(*, assistant_coaches=0, cheerleaders=0, apothecary=False, edition: Edition):
    staff = edition.settings.staff
    return (
        assistant_coaches * staff.assistant_coach.cost
        + cheerleaders * staff.cheerleader.cost
        + (staff.apothecary.cost if apothecary else 0)
    )


def team_value(players, *, rerolls, reroll_cost, edition, **staff):
    """TV: every hired player's current value (injured ones too) + re-rolls at roster price + staff.

    Journeymen are not hired players and do not count.
    """
    hired = [player for player in players if not player.journeyman]
    return (
        sum(player_value(p.base_cost, p.advancements, edition=edition) for p in hired)
        + rerolls * reroll_cost
        + staff_value(edition=edition, **staff)
    )


def current_team_value(players, *, rerolls, reroll_cost, low_cost_linemen=False, edition, **staff):
    """CTV: like TV, but only players available for the next game, journeymen included.

    Players missing the next game or temporarily retired add nothing; a team with Low Cost Linemen
    counts nothing for its permanent linemen, but its journeymen add their roster cost like any other
    team's (league sheets, step 8: "leurs Linemen (les permanents)").
    """
    available = [p for p in players if not (p.miss_next_game or p.temporarily_retired)]
    if low_cost_linemen:
        available = [p for p in available if p.journeyman or not p.position_is_lineman]
    return (
        sum(player_value(p.base_cost, p.advancements, edition=edition) for p in available)
        + rerolls * reroll_cost
        + staff_value(edition=edition, **staff)
    )


# --- before the game ------------------------------------------------------------------------------


def fan_factor(dedicated_fans, d3):
    """Fan Factor: Dedicated Fans plus a D3."""
    return dedicated_fans + d3


def prayers_count(ctv_a, ctv_b, *, edition: Edition):
    """How many Prayers to Nuffle the underdog rolls: one per FULL step of CTV difference (none in an
    edition where prayers are an inducement bought for gold)."""
    step = edition.settings.prayers.per_ctv_difference
    return abs(ctv_a - ctv_b) // step if step else 0


@dataclass(frozen=True)
class PettyCash:
    """What each side may spend on inducements under a procedure."""

    favourite_treasury: int  # how much of its treasury the favourite may spend
    underdog_petty_cash: int  # free gold for the underdog
    underdog_treasury: int  # how much of its treasury the underdog may add


def petty_cash(
    *,
    underdog_ctv,
    favourite_ctv,
    underdog_treasury,
    favourite_treasury,
    favourite_spent=0,
    procedure,
    edition: Edition,
):
    """Petty cash by the league's procedure ("2020" as first printed, or "2025" errata).

    `favourite_spent` is what the favourite spent from its treasury (2025: the underdog gets as much).
    """
    rules = next(p for p in edition.settings.petty_cash_procedure if p.id == procedure)
    difference = max(0, favourite_ctv - underdog_ctv)
    if difference == 0 and not rules.treasury_when_equal_ctv:
        return PettyCash(0, 0, 0)
    cash = difference + (favourite_spent if rules.favourite_spend_added_to_petty_cash else 0)
    limit = rules.underdog_treasury_max
    if not rules.underdog_may_add_treasury:
        underdog_budget = 0
    else:
        underdog_budget = underdog_treasury if limit < 0 else min(limit, underdog_treasury)
    return PettyCash(
        favourite_treasury=favourite_treasury if rules.favourite_may_spend_treasury else 0,
        underdog_petty_cash=cash,
        underdog_treasury=underdog_budget,
    )


# --- after the game ---------------------------------------------------------------------------------


def winnings(
    *, fan_factors, touchdowns, conceded=False, opponent_conceded=False, stalled=False, edition: Edition
):
    """((sum of both Fan Factors) / 2 + own touchdowns [+ a bonus if no player Stalled]) x 10,000.

    A team that concedes gets nothing; its opponent is paid the whole attendance, not half of it. The
    no-stalling bonus exists only in editions that have one (BB2025), and not after a concession there.
    """
    rules = edition.settings.winnings
    if conceded:
        return rules.conceding_team_winnings
    multiplier = rules.multiplier
    attendance = sum(fan_factors) * multiplier
    if not (opponent_conceded and rules.conceded_winner_gets_full_attendance):
        attendance //= rules.fan_attendance_divisor
    bonus = 0 if stalled else (rules.no_stalling_bonus or 0)
    if opponent_conceded and rules.conceded_winner_no_stalling_bonus is False:
        bonus = 0
    return attendance + (touchdowns * rules.per_touchdown + bonus) * multiplier


def dedicated_fans_after(dedicated_fans, *, result, d6=None, edition):
    """Dedicated Fans after the game: the winner gains one on a D6 >= DF, the loser loses one on a D6 < DF.

    `result` is "win", "loss" or "draw" (no roll on a draw).
    """
    table = edition.table("dedicated_fans_roll")
    low, high = table.extra["min"], table.extra["max"]
    row = table.row(result)
    if row["compare"] == "none":
        return dedicated_fans
    if d6 is None:
        raise ValueError("a D6 is needed for the dedicated fans roll")
    passed = d6 >= dedicated_fans if row["compare"] == "gte" else d6 < dedicated_fans
    if not passed:
        return dedicated_fans
    return min(high, max(low, dedicated_fans + row["change"]))


def expensive_mistakes_bracket(treasury, *, edition):
    """The index of the treasury bracket, or None below the minimum (no roll)."""
    table = edition.table("expensive_mistakes")
    if treasury < table.extra["min_treasury"]:
        return None
    brackets = table.extra["brackets"]
    return max(i for i, bracket in enumerate(brackets) if bracket["min"] <= treasury)


def expensive_mistake(treasury, d6, *, edition):
    """The outcome id for this treasury and D6 ("crisis_averted", ...), or None when no roll is made."""
    bracket = expensive_mistakes_bracket(treasury, edition=edition)
    if bracket is None:
        return None
    table = edition.table("expensive_mistakes")
    return table.row_for(d6)["results"][bracket]


def dice_for_expensive_mistake(outcome, *, edition):
    """The extra dice the outcome needs ("D3" for a minor incident, "2D6" for a catastrophe), or None."""
    rules = _expensive_mistake_rules(outcome, edition)
    return rules.get("lose_dice") or rules.get("keep_dice")


def _expensive_mistake_rules(outcome, edition):
    table = edition.table("expensive_mistakes")
    return next(item for item in table.extra["outcomes"] if item["id"] == outcome)


def treasury_after_mistake(treasury, outcome, dice_total=None, *, edition):
    """The treasury left after an expensive mistake; `dice_total` is the outcome's own roll."""
    rules = _expensive_mistake_rules(outcome, edition)
    if "lose_dice" in rules:
        return max(0, treasury - dice_total * rules["lose_multiplier"])
    if "lose_fraction" in rules:
        step = rules["round_down_to"]
        loss = int(treasury * rules["lose_fraction"]) // step * step
        return treasury - loss
    if "keep_dice" in rules:
        return min(treasury, dice_total * rules["keep_multiplier"])
    return treasury


# --- advancement ------------------------------------------------------------------------------------

ADVANCEMENT_KINDS = (
    "random_primary",
    "chosen_primary",
    "random_secondary",
    "chosen_secondary",
    "characteristic",
)


def advancement_kinds(*, edition):
    """The kinds of advancement the edition offers: a cost column "a_or_b" offers both a and b."""
    columns = edition.table("advancement_costs").extra["kinds"]
    return tuple(
        kind for kind in ADVANCEMENT_KINDS if any(kind in column.split("_or_") for column in columns)
    )


def advancement_cost(kind, advancements_taken, *, edition: Edition):
    """SPP needed for the next advancement of `kind` by a player who already has `advancements_taken`."""
    limit = edition.settings.advancement.max_advancements
    if advancements_taken >= limit:
        raise ValueError(f"a player may take at most {limit} advancements")
    table = edition.table("advancement_costs")
    column = next((column for column in table.extra["kinds"] if kind in column.split("_or_")), None)
    if column is None:
        raise ValueError(f"the edition {edition.id} has no {kind} advancement")
    return table.rows[advancements_taken][column]


def random_skill(category, first_d6, second_d6, *, edition):
    """The skill of the random skill table for this category and two D6."""
    column = edition.random_skills[category]
    half = column["low"] if first_d6 <= 3 else column["high"]
    return SkillRef.parse(half[second_d6 - 1])


def pick_random_skill(category, held, dice, *, purpose="random_skill", edition, max_tries=100):
    """Roll on the random skill table until a skill the player does not hold comes up.

    Returns the skill and the list of rolls made (for the audit log).
    """
    held_ids = {ref.id for ref in held}
    rolls = []
    for _ in range(max_tries):
        roll = dice.roll("2D6", purpose=purpose)
        rolls.append(roll)
        skill = random_skill(category, *roll.faces, edition=edition)
        if skill.id not in held_ids:
            return skill, rolls
    raise ValueError(f"the player already holds every skill of category {category}")


def skills_of_category(category, *, edition):
    return [skill for skill in edition.skills.values() if skill.category == category]


@dataclass(frozen=True)
class Characteristics:
    """A player's current characteristics and how often each was improved."""

    ma: int
    st: int
    ag: int
    pa: int | None
    av: int
    improvements: dict = field(default_factory=dict)


def improve(value, characteristic, *, edition: Edition):
    """The stored value after one improvement (AG 3+ becomes 2+; no PA becomes 6+)."""
    rules = edition.settings.characteristics
    if value is None:
        return rules.pa_improved_from_none
    return value + rules.step[characteristic]


def can_improve(player, characteristic, *, edition: Edition):
    rules = edition.settings.characteristics
    if player.improvements.get(characteristic, 0) >= rules.max_improvements:
        return False
    value = getattr(player, characteristic)
    if value is None:
        return characteristic == "pa"
    low, high = rules.bounds[characteristic]
    improved = improve(value, characteristic, edition=edition)
    return low <= improved <= high


def characteristic_choices(roll, player, *, edition):
    """The characteristics a player may raise after this roll on the characteristic improvement table
    (a D16 in BB2020, a D8 in BB2025).

    An empty list means none is allowed: the coach takes a skill instead (the table's fallback).
    """
    row = edition.table("characteristic_improvement").row_for(roll)
    return [c for c in row["choices"] if can_improve(player, c, edition=edition)]


# --- injuries ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CasualtyOutcome:
    casualty: str  # casualty table row id
    miss_next_game: bool
    dead: bool
    niggling: bool
    lasting_injury: str | None  # lasting injury row id
    characteristic: str | None  # the characteristic the lasting injury reduces


def casualty_outcome(d16, *, lasting_d6=None, niggling_injuries=0, edition):
    """The result of a casualty roll (D16, +1 per niggling injury) and, if lasting, the lasting injury D6."""
    table = edition.table("casualty")
    modifier = table.extra.get("niggling_modifier", 0) * niggling_injuries
    low, high = table.roll_range
    row = table.row_for(min(high, max(low, d16 + modifier)))
    lasting = characteristic = None
    if row.get("lasting"):
        if lasting_d6 is None:
            raise ValueError("a lasting injury needs its D6")
        lasting_row = edition.table("lasting_injury").row_for(lasting_d6)
        lasting, characteristic = lasting_row["id"], lasting_row["characteristic"]
    return CasualtyOutcome(
        casualty=row["id"],
        miss_next_game=row.get("miss_next_game", False),
        dead=row.get("dead", False),
        niggling=row.get("niggling", False),
        lasting_injury=lasting,
        characteristic=characteristic,
    )


def reduce(value, characteristic, *, edition: Edition):
    """The stored value after one reduction (AV 9+ becomes 8+, MA 6 becomes 5), within bounds."""
    rules = edition.settings.characteristics
    if value is None:
        return None
    low, high = rules.bounds[characteristic]
    return min(high, max(low, value - rules.step[characteristic]))


@carries_out("team_rule", row="brawlin_brutes")
def spp_for(action, *, team_rules=(), edition):
    """SPP earned for one completion, interception, casualty, touchdown, MVP ...; a team rule may change
    an award (BB2025 Brawlin' Brutes: 3 for a casualty, 2 for a touchdown)."""
    table = edition.table("spp")
    for rule in team_rules:
        override = table.extra.get("rule_overrides", {}).get(rule, {})
        if action in override:
            return override[action]
    awards = {row["id"]: row["spp"] for row in table.rows}
    return awards.get(action, 0)  # an action the edition does not reward (BB2025: a deflection) earns none
