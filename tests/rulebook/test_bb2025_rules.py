"""BB2025 (Third Season): the tables and formulas that differ from BB2020, against the numbers of the
BB2025 rules (BBBase transcription, docs/bb2025/core_rules/: league_play.md, the_game_of_blood_bowl.md,
drafting_a_blood_bowl_team.md, inducements.md). Sources and decisions: rulebook/editions/bb2025/SOURCES.md."""

import pytest

from rulebook import formulas
from rulebook.edition import get_edition

BB2025 = get_edition("bb2025")
BB2020 = get_edition("bb2020")


def test_casualty_d16_bands_moved_badly_hurt_covers_one_to_eight():
    bands = {row["id"]: tuple(row["roll"]) for row in BB2025.table("casualty").rows}
    assert bands == {
        "badly_hurt": (1, 8),
        "seriously_hurt": (9, 10),
        "serious_injury": (11, 12),
        "lasting_injury": (13, 14),
        "dead": (15, 16),
    }
    assert formulas.casualty_outcome(8, edition=BB2025).casualty == "badly_hurt"
    assert formulas.casualty_outcome(7, edition=BB2020).casualty != "badly_hurt"


def test_a_lasting_injury_that_cannot_apply_becomes_a_missed_game():
    table = BB2025.table("lasting_injury")
    assert table.extra["if_cannot_apply"] == "miss_next_game"
    assert table.extra["reroll_if_at_minimum"] is False


@pytest.mark.parametrize(
    ("roll", "choices"),
    [
        (1, {"av"}),
        (2, {"av", "pa"}),
        (3, {"av", "ma", "pa"}),
        (4, {"av", "ma", "pa"}),
        (5, {"ma", "pa"}),
        (6, {"ag", "ma"}),
        (7, {"ag", "st"}),
        (8, {"ma", "st", "ag", "pa", "av"}),
    ],
)
def test_characteristic_improvement_is_a_d8(roll, choices):
    table = BB2025.table("characteristic_improvement")
    assert table.dice == "D8"
    assert set(table.row_for(roll)["choices"]) == choices
    lineman = formulas.Characteristics(ma=6, st=3, ag=3, pa=4, av=9)
    assert set(formulas.characteristic_choices(roll, lineman, edition=BB2025)) == choices


@pytest.mark.parametrize(
    ("level", "random_primary", "chosen_primary", "chosen_secondary", "characteristic"),
    [(0, 3, 6, 10, 14), (1, 4, 8, 12, 16), (2, 6, 12, 16, 20), (3, 8, 16, 20, 24), (4, 10, 20, 24, 28)]
    + [(5, 15, 30, 34, 38)],
)
def test_advancement_costs(level, random_primary, chosen_primary, chosen_secondary, characteristic):
    def cost(kind):
        return formulas.advancement_cost(kind, level, edition=BB2025)

    assert (cost("random_primary"), cost("chosen_primary")) == (random_primary, chosen_primary)
    assert (cost("chosen_secondary"), cost("characteristic")) == (chosen_secondary, characteristic)


def test_no_random_secondary_skill_in_bb2025():
    assert "random_secondary" not in formulas.advancement_kinds(edition=BB2025)
    assert "random_secondary" in formulas.advancement_kinds(edition=BB2020)
    with pytest.raises(ValueError, match="no random_secondary"):
        formulas.advancement_cost("random_secondary", 0, edition=BB2025)
    assert formulas.advancement_cost("random_secondary", 0, edition=BB2020) == 6


def test_value_increases_one_price_per_primary_and_elite_surcharge():
    value = {
        kind: formulas.value_increase(kind, edition=BB2025) for kind in ("random_primary", "chosen_primary")
    }
    assert value == {"random_primary": 20000, "chosen_primary": 20000}
    expected = {"chosen_secondary": 40000, "av": 10000, "ma": 20000, "pa": 20000, "ag": 30000, "st": 60000}
    for kind, amount in expected.items():
        assert formulas.value_increase(kind, edition=BB2025) == amount, kind
    assert BB2025.table("value_increases").extra["elite_skill_surcharge"] == 10000
    elite = sorted(skill.id for skill in BB2025.skills.values() if skill.elite)
    assert elite == ["block", "dodge", "guard", "mighty_blow"]


def test_winnings_add_one_when_no_player_stalled():
    """The rules' example: Fan Factors 4 and 3, two touchdowns, no stalling: 65,000."""
    assert formulas.winnings(fan_factors=(4, 3), touchdowns=2, edition=BB2025) == 65000
    assert formulas.winnings(fan_factors=(4, 3), touchdowns=2, stalled=True, edition=BB2025) == 55000
    assert formulas.winnings(fan_factors=(4, 3), touchdowns=2, edition=BB2020) == 55000


def test_winnings_after_the_opponent_concedes_are_the_whole_attendance_without_the_bonus():
    assert (
        formulas.winnings(fan_factors=(4, 3), touchdowns=2, opponent_conceded=True, edition=BB2025) == 90000
    )
    assert formulas.winnings(fan_factors=(4, 3), touchdowns=0, conceded=True, edition=BB2025) == 0


def test_petty_cash_the_underdog_gets_the_gap_plus_what_the_favourite_spent_and_adds_at_most_50000():
    """The rules' example: 1,240,000 against 1,160,000, the favourite spends 50,000 of its treasury."""
    cash = formulas.petty_cash(
        underdog_ctv=1160000,
        favourite_ctv=1240000,
        underdog_treasury=120000,
        favourite_treasury=200000,
        favourite_spent=50000,
        procedure=BB2025.settings.inducements.petty_cash_default,
        edition=BB2025,
    )
    assert cash == formulas.PettyCash(
        favourite_treasury=200000, underdog_petty_cash=130000, underdog_treasury=50000
    )


def test_petty_cash_with_equal_ctv_nobody_spends():
    cash = formulas.petty_cash(
        underdog_ctv=1000000,
        favourite_ctv=1000000,
        underdog_treasury=100000,
        favourite_treasury=100000,
        procedure="bb2025",
        edition=BB2025,
    )
    assert cash == formulas.PettyCash(0, 0, 0)


def test_prayers_to_nuffle_are_an_inducement_not_a_ctv_gap():
    assert formulas.prayers_count(1400000, 1000000, edition=BB2025) == 0
    assert formulas.prayers_count(1400000, 1000000, edition=BB2020) == 8
    prayers = BB2025.inducements["prayers_to_nuffle"]
    assert (prayers.max, prayers.cost) == (3, 10000)
    assert len(BB2025.table("prayers_to_nuffle").rows) == 16


def test_brawlin_brutes_swap_casualty_and_touchdown_spp():
    orc = BB2025.teams["orc"]
    assert orc.has_rule("brawlin_brutes")
    rules = orc.rules_in_force()
    assert formulas.spp_for("casualty", team_rules=rules, edition=BB2025) == 3
    assert formulas.spp_for("touchdown", team_rules=rules, edition=BB2025) == 2
    assert formulas.spp_for("casualty", edition=BB2025) == 2
    assert formulas.spp_for("touchdown", edition=BB2025) == 3


def test_draft_dedicated_fans_cheerleaders_and_tiers():
    fans, staff = BB2025.settings.dedicated_fans, BB2025.settings.staff
    assert (fans.start, fans.max_draft, fans.cost, fans.min, fans.max) == (1, 3, 5000, 1, 7)
    assert (staff.cheerleader.max, staff.cheerleader.cost) == (6, 10000)
    assert {team.tier for team in BB2025.teams.values()} == {1, 2, 3, 4}


def test_bribes_for_bribery_and_corruption_and_riotous_rookies_for_low_cost_linemen():
    bribe, rookies = BB2025.inducements["bribe"], BB2025.inducements["riotous_rookies"]
    goblin, human, ogre = BB2025.teams["goblin"], BB2025.teams["human"], BB2025.teams["ogre"]
    assert (bribe.price_for(goblin), bribe.price_for(human)) == (50000, 100000)
    assert rookies.available_to(ogre)
    assert not rookies.available_to(human)
    assert rookies.price_for(ogre) == 150000


def test_a_team_picks_one_league_and_a_league_can_bring_a_rule():
    norse = BB2025.teams["norse"]
    assert norse.leagues == ("old_world_classic", "chaos_clash")
    assert norse.league() is None
    assert norse.has_rule("chaos_clash", "chaos_clash")
    assert not norse.has_rule("chaos_clash", "old_world_classic")
    assert norse.has_rule("favoured_of_khorne", "chaos_clash")
    assert not norse.has_rule("favoured_of_khorne", "old_world_classic")
    griff = BB2025.star_players["griff_oberwald"]
    assert griff.plays_for_team(norse, "old_world_classic")
    assert not griff.plays_for_team(norse, "chaos_clash")
    assert griff.may_play_for_team(norse)


def test_a_deflection_earns_spp_in_bb2020_but_not_in_bb2025():
    assert formulas.spp_for("deflection", edition=BB2020) == 1
    assert formulas.spp_for("deflection", edition=BB2025) == 0
