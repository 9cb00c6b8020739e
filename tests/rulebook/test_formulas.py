"""League formulas with worked examples, numbers from the league reference sheets (seed 002)."""

import random

import pytest

from rulebook import formulas
from rulebook.data import SkillRef
from rulebook.dice import ROLLED, Dice
from rulebook.edition import get_edition
from rulebook.formulas import Characteristics, PettyCash, PlayerValue

BB2020 = get_edition("bb2020")

# --- before the game ------------------------------------------------------------------------------


def test_fan_factor_is_dedicated_fans_plus_a_d3():
    assert formulas.fan_factor(3, 2) == 5
    assert formulas.fan_factor(1, 1) == 2


@pytest.mark.parametrize(
    ("ctv_a", "ctv_b", "prayers"),
    [
        (1000000, 1000000, 0),
        (1000000, 1045000, 0),
        (1000000, 1050000, 1),
        (1120000, 1000000, 2),
        (1000000, 1150000, 3),
    ],
)
def test_prayers_count_is_one_per_full_50000_of_ctv_difference(ctv_a, ctv_b, prayers):
    assert formulas.prayers_count(ctv_a, ctv_b, edition=BB2020) == prayers


def test_petty_cash_2020_underdog_gets_the_difference_and_may_add_its_treasury():
    cash = formulas.petty_cash(
        underdog_ctv=1000000,
        favourite_ctv=1120000,
        underdog_treasury=30000,
        favourite_treasury=80000,
        procedure="2020",
        edition=BB2020,
    )
    assert cash == PettyCash(favourite_treasury=80000, underdog_petty_cash=120000, underdog_treasury=30000)


def test_petty_cash_2020_with_equal_ctv_both_may_still_spend_their_treasury():
    cash = formulas.petty_cash(
        underdog_ctv=1000000,
        favourite_ctv=1000000,
        underdog_treasury=30000,
        favourite_treasury=80000,
        procedure="2020",
        edition=BB2020,
    )
    assert cash == PettyCash(favourite_treasury=80000, underdog_petty_cash=0, underdog_treasury=30000)


def test_petty_cash_2025_underdog_also_gets_what_the_favourite_spent():
    cash = formulas.petty_cash(
        underdog_ctv=1000000,
        favourite_ctv=1120000,
        underdog_treasury=30000,
        favourite_treasury=80000,
        favourite_spent=50000,
        procedure="2025",
        edition=BB2020,
    )
    assert cash == PettyCash(favourite_treasury=80000, underdog_petty_cash=170000, underdog_treasury=0)


def test_petty_cash_2025_with_equal_ctv_nobody_buys_inducements():
    cash = formulas.petty_cash(
        underdog_ctv=1000000,
        favourite_ctv=1000000,
        underdog_treasury=30000,
        favourite_treasury=80000,
        procedure="2025",
        edition=BB2020,
    )
    assert cash == PettyCash(0, 0, 0)


# --- winnings and fans ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fan_factors", "touchdowns", "expected"),
    [
        ((3, 4), 2, 55000),  # (7 / 2 + 2) x 10,000
        ((3, 4), 0, 35000),
        ((5, 5), 1, 60000),
        ((2, 3), 3, 55000),
        ((1, 1), 0, 10000),
    ],
)
def test_winnings_half_the_fan_factors_plus_own_touchdowns(fan_factors, touchdowns, expected):
    assert formulas.winnings(fan_factors=fan_factors, touchdowns=touchdowns, edition=BB2020) == expected


def test_winnings_after_a_concession():
    assert formulas.winnings(fan_factors=(3, 4), touchdowns=1, conceded=True, edition=BB2020) == 0
    # the winner is paid the whole attendance, not half of it
    assert (
        formulas.winnings(fan_factors=(3, 4), touchdowns=2, opponent_conceded=True, edition=BB2020) == 90000
    )


@pytest.mark.parametrize(
    ("fans", "result", "d6", "after"),
    [
        (3, "win", 3, 4),  # D6 >= Dedicated Fans: +1
        (3, "win", 2, 3),
        (6, "win", 6, 7),
        (7, "win", 6, 7),  # never above 7
        (3, "loss", 2, 2),  # D6 < Dedicated Fans: -1
        (3, "loss", 3, 3),
        (1, "loss", 1, 1),  # never below 1
        (4, "draw", None, 4),  # no roll on a draw
    ],
)
def test_dedicated_fans_after_the_game(fans, result, d6, after):
    assert formulas.dedicated_fans_after(fans, result=result, d6=d6, edition=BB2020) == after


def test_dedicated_fans_after_a_win_needs_its_d6():
    with pytest.raises(ValueError, match="D6"):
        formulas.dedicated_fans_after(3, result="win", edition=BB2020)


# --- expensive mistakes ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("treasury", "bracket"),
    [
        (95000, None),
        (100000, 0),
        (195000, 0),
        (200000, 1),
        (395000, 2),
        (400000, 3),
        (595000, 4),
        (600000, 5),
        (2000000, 5),
    ],
)
def test_expensive_mistakes_treasury_brackets(treasury, bracket):
    assert formulas.expensive_mistakes_bracket(treasury, edition=BB2020) == bracket


@pytest.mark.parametrize(
    ("treasury", "d6", "outcome", "extra_roll", "left"),
    [
        (95000, 1, None, None, 95000),  # below 100,000: no roll
        (150000, 1, "minor_incident", 2, 130000),  # - D3 x 10,000
        (150000, 2, "crisis_averted", None, 150000),
        (100000, 1, "minor_incident", 3, 70000),
        (250000, 2, "minor_incident", 1, 240000),
        (315000, 1, "major_incident", None, 160000),  # loses half (157,500) rounded down to 155,000
        (420000, 2, "major_incident", None, 210000),
        (550000, 1, "catastrophe", 7, 70000),  # keeps 2D6 x 10,000
        (650000, 2, "catastrophe", 12, 120000),
        (650000, 6, "minor_incident", 2, 630000),
        (650000, 4, "major_incident", None, 325000),
    ],
)
def test_expensive_mistake_outcomes_and_treasury_after(treasury, d6, outcome, extra_roll, left):
    assert formulas.expensive_mistake(treasury, d6, edition=BB2020) == outcome
    if outcome is not None:
        assert formulas.treasury_after_mistake(treasury, outcome, extra_roll, edition=BB2020) == left


def test_dice_rolled_for_each_expensive_mistake():
    assert formulas.dice_for_expensive_mistake("minor_incident", edition=BB2020) == "D3"
    assert formulas.dice_for_expensive_mistake("catastrophe", edition=BB2020) == "2D6"
    assert formulas.dice_for_expensive_mistake("major_incident", edition=BB2020) is None
    assert formulas.dice_for_expensive_mistake("crisis_averted", edition=BB2020) is None


def test_a_minor_incident_never_takes_the_treasury_below_zero():
    assert formulas.treasury_after_mistake(5000, "minor_incident", 3, edition=BB2020) == 0


# --- advancement and value ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "taken", "spp"),
    [
        ("random_primary", 0, 3),
        ("chosen_primary", 0, 6),
        ("random_secondary", 2, 12),
        ("chosen_secondary", 1, 14),
        ("characteristic", 3, 28),
        ("random_primary", 4, 10),
        ("chosen_secondary", 5, 40),
        ("characteristic", 5, 50),
    ],
)
def test_advancement_cost_by_kind_and_advancements_taken(kind, taken, spp):
    assert formulas.advancement_cost(kind, taken, edition=BB2020) == spp


def test_no_seventh_advancement():
    with pytest.raises(ValueError, match="6"):
        formulas.advancement_cost("random_primary", 6, edition=BB2020)


def test_player_value_adds_each_advancement():
    assert formulas.player_value(50000, edition=BB2020) == 50000
    assert formulas.player_value(50000, ("chosen_primary", "av"), edition=BB2020) == 80000
    assert (
        formulas.player_value(85000, ("random_primary", "random_secondary", "st"), edition=BB2020) == 195000
    )
    assert formulas.player_value(80000, ("chosen_secondary", "ag", "ma", "pa"), edition=BB2020) == 200000


def test_staff_value():
    assert (
        formulas.staff_value(assistant_coaches=2, cheerleaders=3, apothecary=True, edition=BB2020) == 100000
    )
    assert formulas.staff_value(edition=BB2020) == 0


def human_team():
    """A Human team: six linemen, an advanced blitzer and thrower, a catcher who misses the next game, an
    ogre, and a journeyman lineman taken on for the game."""
    return [
        *[PlayerValue(50000, position_is_lineman=True) for _ in range(6)],
        PlayerValue(85000, ("chosen_primary",)),  # 105,000
        PlayerValue(65000, miss_next_game=True),
        PlayerValue(80000, ("random_primary", "ma")),  # 110,000
        PlayerValue(140000),
        PlayerValue(50000, position_is_lineman=True, journeyman=True),
    ]


HUMAN_STAFF = {
    "rerolls": 3,
    "reroll_cost": 50000,
    "assistant_coaches": 2,
    "cheerleaders": 3,
    "apothecary": True,
}


def test_team_value_counts_every_hired_player_but_no_journeyman():
    # players 720,000 + re-rolls 150,000 + staff 100,000
    assert formulas.team_value(human_team(), edition=BB2020, **HUMAN_STAFF) == 970000


def test_current_team_value_skips_players_missing_the_game_and_adds_journeymen():
    # 720,000 - 65,000 (MNG catcher) + 50,000 (journeyman) + 250,000
    assert formulas.current_team_value(human_team(), edition=BB2020, **HUMAN_STAFF) == 955000


def test_current_team_value_of_a_low_cost_linemen_team_skips_its_permanent_linemen_only():
    """Ogres: six gnoblars, four ogre blockers (one misses the game), a runt punter, a journeyman gnoblar."""
    players = [
        *[PlayerValue(15000, position_is_lineman=True) for _ in range(6)],
        *[PlayerValue(140000) for _ in range(3)],
        PlayerValue(140000, miss_next_game=True),
        PlayerValue(145000),
        PlayerValue(15000, position_is_lineman=True, journeyman=True),
    ]
    staff = {"rerolls": 2, "reroll_cost": 70000, "apothecary": True}
    # TV: 90,000 + 560,000 + 145,000 + 140,000 + 50,000
    assert formulas.team_value(players, edition=BB2020, **staff) == 985000
    # CTV: 420,000 + 145,000 + 15,000 (the journeyman still counts) + 190,000
    assert formulas.current_team_value(players, low_cost_linemen=True, edition=BB2020, **staff) == 770000
    assert formulas.current_team_value(players, low_cost_linemen=False, edition=BB2020, **staff) == 860000


def test_temporarily_retired_players_count_in_tv_but_not_in_ctv():
    players = [PlayerValue(50000), PlayerValue(90000, temporarily_retired=True)]
    assert formulas.team_value(players, rerolls=0, reroll_cost=50000, edition=BB2020) == 140000
    assert formulas.current_team_value(players, rerolls=0, reroll_cost=50000, edition=BB2020) == 50000


def test_spp_for_each_action():
    found = {
        action: formulas.spp_for(action, edition=BB2020)
        for action in ("completion", "deflection", "interception")
    }
    assert found == {"completion": 1, "deflection": 1, "interception": 2}
    assert [formulas.spp_for(action, edition=BB2020) for action in ("casualty", "touchdown", "mvp")] == [
        2,
        3,
        4,
    ]


# --- injuries -------------------------------------------------------------------------------------


def test_casualty_badly_hurt_misses_nothing():
    outcome = formulas.casualty_outcome(6, edition=BB2020)
    assert (outcome.casualty, outcome.miss_next_game, outcome.dead, outcome.niggling) == (
        "badly_hurt",
        False,
        False,
        False,
    )


def test_casualty_seriously_hurt_and_serious_injury():
    assert formulas.casualty_outcome(8, edition=BB2020).casualty == "seriously_hurt"
    assert formulas.casualty_outcome(8, edition=BB2020).miss_next_game
    serious = formulas.casualty_outcome(10, edition=BB2020)
    assert (serious.casualty, serious.miss_next_game, serious.niggling) == ("serious_injury", True, True)


def test_casualty_lasting_injury_rolls_a_d6_for_the_characteristic():
    outcome = formulas.casualty_outcome(13, lasting_d6=4, edition=BB2020)
    assert (outcome.casualty, outcome.lasting_injury, outcome.characteristic) == (
        "lasting_injury",
        "broken_arm",
        "pa",
    )
    assert outcome.miss_next_game
    assert formulas.casualty_outcome(14, lasting_d6=1, edition=BB2020).characteristic == "av"
    assert formulas.casualty_outcome(14, lasting_d6=6, edition=BB2020).lasting_injury == "dislocated_shoulder"
    with pytest.raises(ValueError, match="D6"):
        formulas.casualty_outcome(13, edition=BB2020)


def test_casualty_niggling_injuries_add_one_each_to_the_roll():
    assert (
        formulas.casualty_outcome(12, niggling_injuries=1, lasting_d6=2, edition=BB2020).casualty
        == "lasting_injury"
    )
    assert formulas.casualty_outcome(14, niggling_injuries=1, edition=BB2020).dead
    assert (
        formulas.casualty_outcome(16, niggling_injuries=3, edition=BB2020).casualty == "dead"
    )  # stays within the D16
    assert formulas.casualty_outcome(15, edition=BB2020).dead


def test_reduction_of_a_characteristic_after_a_lasting_injury():
    assert formulas.reduce(9, "av", edition=BB2020) == 8
    assert formulas.reduce(6, "ma", edition=BB2020) == 5
    assert formulas.reduce(3, "ag", edition=BB2020) == 4  # AG 3+ becomes 4+
    assert formulas.reduce(4, "pa", edition=BB2020) == 5
    assert formulas.reduce(6, "ag", edition=BB2020) == 6  # already at the worst
    assert formulas.reduce(None, "pa", edition=BB2020) is None


# --- characteristics ------------------------------------------------------------------------------


def lineman(**changes):
    values = {"ma": 6, "st": 3, "ag": 3, "pa": 4, "av": 9, "improvements": {}}
    return Characteristics(**{**values, **changes})


@pytest.mark.parametrize(
    ("d16", "choices"),
    [
        (1, ["ma", "av"]),
        (7, ["ma", "av"]),
        (8, ["ma", "pa", "av"]),
        (13, ["ma", "pa", "av"]),
        (14, ["ag", "pa"]),
        (15, ["st", "ag"]),
        (16, ["ma", "st", "ag", "pa", "av"]),
    ],
)
def test_characteristic_choices_by_d16(d16, choices):
    assert formulas.characteristic_choices(d16, lineman(), edition=BB2020) == choices


def test_characteristic_choices_respect_maxima_and_two_improvements():
    assert formulas.characteristic_choices(3, lineman(ma=9), edition=BB2020) == ["av"]  # MA 9 is the highest
    assert formulas.characteristic_choices(3, lineman(improvements={"av": 2}), edition=BB2020) == ["ma"]
    assert formulas.characteristic_choices(14, lineman(ag=1), edition=BB2020) == ["pa"]  # AG 1+ is the best
    assert formulas.characteristic_choices(15, lineman(st=8), edition=BB2020) == ["ag"]
    assert formulas.characteristic_choices(14, lineman(pa=None), edition=BB2020) == [
        "ag",
        "pa",
    ]  # no PA may become 6+
    # nothing allowed: the coach takes a skill instead
    assert formulas.characteristic_choices(5, lineman(ma=9, av=11), edition=BB2020) == []


def test_improving_a_characteristic():
    assert formulas.improve(3, "ag", edition=BB2020) == 2
    assert formulas.improve(4, "pa", edition=BB2020) == 3
    assert formulas.improve(None, "pa", edition=BB2020) == 6
    assert formulas.improve(9, "av", edition=BB2020) == 10
    assert formulas.improve(6, "ma", edition=BB2020) == 7
    assert formulas.can_improve(lineman(av=10), "av", edition=BB2020)
    assert not formulas.can_improve(lineman(av=11), "av", edition=BB2020)
    assert formulas.can_improve(lineman(), "ma", edition=BB2020)
    assert not formulas.can_improve(lineman(improvements={"ma": 2}), "ma", edition=BB2020)


# --- random skills --------------------------------------------------------------------------------


def test_random_skill_reads_half_and_row():
    assert formulas.random_skill("G", 1, 1, edition=BB2020) == SkillRef("block")
    assert formulas.random_skill("G", 3, 3, edition=BB2020) == SkillRef("dirty_player", "1")
    assert formulas.random_skill("G", 4, 1, edition=BB2020) == SkillRef("pro")
    assert formulas.random_skill("S", 6, 1, edition=BB2020) == SkillRef("mighty_blow", "1")
    assert formulas.random_skill("A", 6, 6, edition=BB2020) == SkillRef("sure_feet")
    assert formulas.random_skill("P", 2, 6, edition=BB2020) == SkillRef("hail_mary_pass")


def test_pick_random_skill_skips_skills_the_player_holds():
    every_general_skill = [
        formulas.random_skill("G", first, second, edition=BB2020)
        for first in (1, 4)
        for second in range(1, 7)
    ]
    held = [ref for ref in every_general_skill if ref.id != "wrestle"]
    skill, rolls = formulas.pick_random_skill("G", held, Dice(random.Random(2020)), edition=BB2020)
    assert skill == SkillRef("wrestle")
    assert all(roll.source == ROLLED and roll.dice == "2D6" for roll in rolls)
    *misses, hit = rolls
    assert hit.faces[0] >= 4
    assert hit.faces[1] == 6
    for miss in misses:
        assert formulas.random_skill("G", *miss.faces, edition=BB2020) in held


def test_pick_random_skill_is_reproducible_with_the_same_seed():
    held = [SkillRef("block"), SkillRef("dodge")]
    first = formulas.pick_random_skill("A", held, Dice(random.Random(7)), edition=BB2020)
    second = formulas.pick_random_skill("A", held, Dice(random.Random(7)), edition=BB2020)
    assert first == second
    assert first[0].id not in {"block", "dodge"}


def test_pick_random_skill_gives_up_when_every_skill_is_held():
    every_skill = [
        formulas.random_skill("M", first, second, edition=BB2020)
        for first in (1, 4)
        for second in range(1, 7)
    ]
    with pytest.raises(ValueError, match="every skill"):
        formulas.pick_random_skill("M", every_skill, Dice(random.Random(1)), max_tries=20, edition=BB2020)


def test_skills_of_category():
    agility = formulas.skills_of_category("A", edition=BB2020)
    assert {skill.id for skill in agility} >= {"catch", "dodge", "sure_feet"}
    assert all(skill.category == "A" for skill in agility)
