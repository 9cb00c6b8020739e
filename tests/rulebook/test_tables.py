"""The rules tables against the source material: the French league reference sheets (seed 002) and the
Korean game structure (seed 000, kick-off events). The numbers are copied here from the sheets."""

import pytest

from rulebook.dice import DiceSpec
from rulebook.edition import get_edition


@pytest.fixture(scope="module")
def edition():
    return get_edition("bb2020")


def ranges(table):
    """{row id: (low, high)} in table order."""
    return {row["id"]: tuple(row["roll"]) for row in table.rows}


def dice_range(notation):
    spec = DiceSpec.parse(notation)
    return spec.count + spec.modifier, spec.count * spec.sides + spec.modifier


def every_rolled_table(edition):
    tables = [*edition.tables.values(), *edition.optional_tables.values()]
    return [table for table in tables if table.dice and any("roll" in row for row in table.rows)]


# --- coverage: every table covers its whole roll range once ---------------------------------------


def test_rolled_tables_cover_their_dice_without_gaps_or_overlaps(edition):
    checked = []
    for table in every_rolled_table(edition):
        if "dice2" in table.extra:
            continue  # read with two dice: see the random events test
        spans = sorted(tuple(row["roll"]) for row in table.rows)
        for (_, high), (next_low, _) in zip(spans, spans[1:], strict=False):
            assert next_low == high + 1, f"{table.id}: gap or overlap after {high}"
        low, high = dice_range(table.dice)
        if "modifiers" in table.extra:
            # modified rolls reach beyond the dice: the table must still cover every natural roll
            assert spans[0][0] <= low, table.id
            assert spans[-1][1] >= high, table.id
        else:
            assert (spans[0][0], spans[-1][1]) == (low, high), table.id
        checked.append(table.id)
    assert {"weather", "kickoff", "injury", "casualty", "stadium", "match_balls", "stadium_residency"} <= set(
        checked
    )


def test_random_events_cover_every_d8_and_d6_pair_exactly_once(edition):
    table = edition.table("random_events")
    assert (table.dice, table.extra["dice2"]) == ("D8", "D6")
    for d8 in range(1, 9):
        for d6 in range(1, 7):
            matches = [
                row["id"]
                for row in table.rows
                if row["roll"][0] <= d8 <= row["roll"][1] and row["roll2"][0] <= d6 <= row["roll2"][1]
            ]
            assert len(matches) == 1, (d8, d6, matches)


# --- pre-match (seed 002, steps 1-10) -------------------------------------------------------------


def test_weather_table_matches_the_league_sheet(edition):
    table = edition.table("weather")
    assert table.dice == "2D6"
    assert ranges(table) == {
        "sweltering_heat": (2, 2),
        "very_sunny": (3, 3),
        "perfect_conditions": (4, 10),
        "pouring_rain": (11, 11),
        "blizzard": (12, 12),
    }
    assert table.row("sweltering_heat")["rolls"] == ["D3"]
    assert table.row("blizzard")["passes"] == ["quick", "short"]


PRAYERS = [
    "treacherous_trapdoor",
    "friends_with_the_ref",
    "stiletto",
    "iron_man",
    "knuckle_dusters",
    "bad_habits",
    "greasy_cleats",
    "blessed_statue_of_nuffle",
    "moles_under_the_pitch",
    "perfect_passing",
    "fan_interaction",
    "necessary_violence",
    "fouling_frenzy",
    "throw_a_rock",
    "under_scrutiny",
    "intensive_training",
]


def test_prayers_to_nuffle_has_sixteen_results_one_per_d16_face(edition):
    table = edition.table("prayers_to_nuffle")
    assert table.dice == "D16"
    assert ranges(table) == {prayer: (face, face) for face, prayer in enumerate(PRAYERS, start=1)}
    names = {edition.text(f"table.prayers_to_nuffle.{prayer}.name") for prayer in PRAYERS}
    assert len(names) == 16
    assert table.row("iron_man")["av_max"] == 11
    assert table.row("knuckle_dusters")["skills"] == ["mighty_blow:1"]
    assert table.row("bad_habits")["skills"] == ["loner:2"]


def test_kickoff_table_matches_the_game_structure_sheet(edition):
    table = edition.table("kickoff")
    assert table.dice == "2D6"
    assert ranges(table) == {
        "get_the_ref": (2, 2),
        "time_out": (3, 3),
        "solid_defence": (4, 4),
        "high_kick": (5, 5),
        "cheering_fans": (6, 6),
        "brilliant_coaching": (7, 7),
        "changing_weather": (8, 8),
        "quick_snap": (9, 9),
        "charge": (10, 10),
        "dodgy_snack": (11, 11),
        "pitch_invasion": (12, 12),
    }
    for event in ("solid_defence", "quick_snap", "charge"):
        assert table.row(event)["rolls"] == ["D3+3"]
    assert table.row("time_out")["back_on_kicking_turns"] == [6, 7, 8]
    assert table.row("pitch_invasion")["add"] == "fan_factor"


def test_stadium_table_and_its_d6_sub_tables_match_the_league_sheet(edition):
    stadium = edition.table("stadium")
    assert stadium.dice == "2D6"
    # The sheet prints "10-12" for Local Crowd, overlapping Luxury Stadium's 9-10: 11-12 is meant.
    assert ranges(stadium) == {
        "unusual_playing_surface": (2, 3),
        "rough_and_ready_stadium": (4, 5),
        "nothing_special": (6, 8),
        "luxurious_stadium": (9, 10),
        "local_crowd": (11, 12),
    }
    assert (stadium.extra["home_fan_factor_bonus"], stadium.extra["away_petty_cash"]) == (1, 50000)
    assert stadium.extra["home_crowd_safe_on"] == 5
    sub_tables = {
        "unusual_playing_surface": [
            "ankle_deep_water",
            "sloping_pitch",
            "ice",
            "astrogranite",
            "uneven_footing",
            "solid_stone",
        ],
        "rough_and_ready_stadium": [
            "apathetic_officials",
            "appalling_stands",
            "uncovered_trapdoors",
            "unclear_markings",
            "desperate_for_exposure",
            "poorly_built_dungeons",
        ],
        "luxurious_stadium": [
            "merchandise_stalls",
            "reputation_for_spectacle",
            "broadcast_studio",
            "on_site_apothecaries",
            "enclosed_pitch",
            "deluxe_seating",
        ],
        "local_crowd": [
            "ale_fuelled_maniacs",
            "boisterous_rabble",
            "know_it_all_hecklers",
            "bunch_of_pacifists",
            "fickle_fans",
            "solemn_and_silent",
        ],
    }
    for table_id, results in sub_tables.items():
        table = edition.table(table_id)
        assert table.dice == "D6"
        assert table.extra["part_of"] == "stadium"
        assert ranges(table) == {result: (face, face) for face, result in enumerate(results, start=1)}
        assert stadium.row(table_id)["table"] == table_id
    assert edition.table("rough_and_ready_stadium").row("desperate_for_exposure")["winnings"] == {
        "dice": "D6",
        "unit": 10000,
    }
    assert edition.table("luxurious_stadium").row("merchandise_stalls")["winnings"] == {
        "dice": "D3",
        "unit": 10000,
    }
    assert edition.table("luxurious_stadium").row("broadcast_studio")["cost_min"] == 10000
    assert edition.table("unusual_playing_surface").row("uneven_footing")["ma_min"] == 3


def test_ale_fuelled_maniacs_replace_the_kickoff_with_a_d6(edition):
    table = edition.table("maniacs_kick_off")
    assert ranges(table) == {
        "get_the_ref": (1, 1),
        "time_out": (2, 3),
        "officious_ref": (4, 5),
        "pitch_invasion": (6, 6),
    }
    maniacs = edition.table("local_crowd").row("ale_fuelled_maniacs")
    assert (maniacs["trigger_first_half"], maniacs["trigger_second_half"]) == ([1, 1], [1, 2])


MATCH_BALLS = [
    "explodin_ball",
    "daemonic_ball",
    "stacked_lunch_ball",
    "draconic_egg",
    "spiteful_sprite_ball",
    "master_hewn_ball",
    "extra_spiky_ball",
    "greedy_nurgling_ball",
    "ball_of_dark_majesty",
    "shady_special_ball",
    "soulstone_ball",
    "frozen_ball",
    "sacred_egg_ball",
    "snotling_ball_suit",
    "limpin_squig_ball",
    "warpstone_brazier_ball",
]


def test_match_balls_has_sixteen_balls_one_per_d16_face(edition):
    table = edition.table("match_balls")
    assert table.dice == "D16"
    assert ranges(table) == {ball: (face, face) for face, ball in enumerate(MATCH_BALLS, start=1)}
    assert table.extra["per_match"] == 1


RANDOM_EVENTS = {
    (1, 2): ["pop", "enthusiastic_apothecary", "dodgy_trapdoor", "moment_of_glory", "feud", "weather_magic"],
    (3, 4): [
        "wish_daemon",
        "distracted_ref",
        "magical_interference",
        "streaker",
        "dreadful_stench",
        "tumbling_timber",
    ],
    (5, 6): [
        "tizcan_wave",
        "abusive_fans",
        "amnesty",
        "enchanted_ball",
        "burning_barrel",
        "commercial_endorsement",
    ],
    (7, 8): [
        "sprinkler_malfunction",
        "whiteout",
        "appeal_for_silence",
        "camra_crash",
        "pelted_with_projectiles",
        "total_darkness",
    ],
}


def test_random_events_table_has_24_events_by_d8_band_and_d6(edition):
    table = edition.table("random_events")
    assert len(table.rows) == 24
    found = {(tuple(row["roll"]), tuple(row["roll2"])): row["id"] for row in table.rows}
    expected = {
        (band, (d6, d6)): event
        for band, events in RANDOM_EVENTS.items()
        for d6, event in enumerate(events, start=1)
    }
    assert found == expected
    assert (table.extra["trigger_dice"], table.extra["trigger_on"], table.extra["per_half"]) == ("D6", 1, 1)
    assert table.row("feud")["st"] == 2
    assert table.row("appeal_for_silence")["fouls_per_turn"] == 3


# --- injuries -------------------------------------------------------------------------------------


def test_injury_table_ranges(edition):
    assert edition.table("injury").dice == "2D6"
    assert ranges(edition.table("injury")) == {"stunned": (2, 7), "ko": (8, 9), "casualty": (10, 12)}


def test_stunty_injury_table_ranges(edition):
    assert ranges(edition.table("stunty_injury")) == {
        "stunned": (2, 6),
        "ko": (7, 8),
        "badly_hurt": (9, 9),
        "casualty": (10, 12),
    }


def test_casualty_table_d16_ranges_and_consequences(edition):
    table = edition.table("casualty")
    assert table.dice == "D16"
    assert ranges(table) == {
        "badly_hurt": (1, 6),
        "seriously_hurt": (7, 9),
        "serious_injury": (10, 12),
        "lasting_injury": (13, 14),
        "dead": (15, 16),
    }
    miss_next_game = {row["id"] for row in table.rows if row.get("miss_next_game")}
    assert miss_next_game == {"seriously_hurt", "serious_injury", "lasting_injury"}
    assert table.row("serious_injury")["niggling"] is True
    assert table.row("lasting_injury")["lasting"] is True
    assert table.row("dead")["dead"] is True


def test_lasting_injury_table_d6_and_characteristic(edition):
    table = edition.table("lasting_injury")
    assert table.dice == "D6"
    found = {
        row["id"]: (tuple(row["roll"]), row["characteristic"], row[row["characteristic"]])
        for row in table.rows
    }
    assert found == {
        "head_injury": ((1, 2), "av", -1),
        "smashed_knee": ((3, 3), "ma", -1),
        "broken_arm": ((4, 4), "pa", -1),
        "neck_injury": ((5, 5), "ag", -1),
        "dislocated_shoulder": ((6, 6), "st", -1),
    }


# --- post-match -----------------------------------------------------------------------------------


def test_spp_awards(edition):
    awards = {row["id"]: row["spp"] for row in edition.table("spp").rows}
    assert awards == {
        "completion": 1,
        "deflection": 1,
        "interception": 2,
        "casualty": 2,
        "touchdown": 3,
        "mvp": 4,
    }
    assert edition.settings.mvp.spp == 4


def test_advancement_costs_six_levels_by_four_kinds(edition):
    table = edition.table("advancement_costs")
    kinds = table.extra["kinds"]
    assert kinds == [
        "random_primary",
        "chosen_primary_or_random_secondary",
        "chosen_secondary",
        "characteristic",
    ]
    grid = [[row[kind] for kind in kinds] for row in table.rows]
    assert grid == [
        [3, 6, 12, 18],
        [4, 8, 14, 20],
        [6, 12, 18, 24],
        [8, 16, 22, 28],
        [10, 20, 26, 32],
        [15, 30, 40, 50],
    ]
    assert [row["id"] for row in table.rows] == [
        "experienced",
        "veteran",
        "emerging_star",
        "star",
        "super_star",
        "legend",
    ]
    assert edition.settings.advancement.max_advancements == 6


def test_value_increases(edition):
    values = {row["id"]: row["value"] for row in edition.table("value_increases").rows}
    assert values == {
        "random_primary": 10000,
        "chosen_primary": 20000,
        "random_secondary": 20000,
        "chosen_secondary": 40000,
        "av": 10000,
        "ma": 20000,
        "pa": 20000,
        "ag": 40000,
        "st": 80000,
    }


def test_characteristic_improvement_d16_ranges_and_choices(edition):
    table = edition.table("characteristic_improvement")
    assert table.dice == "D16"
    found = {tuple(row["roll"]): row["choices"] for row in table.rows}
    assert found == {
        (1, 7): ["ma", "av"],
        (8, 13): ["ma", "pa", "av"],
        (14, 14): ["ag", "pa"],
        (15, 15): ["st", "ag"],
        (16, 16): ["ma", "st", "ag", "pa", "av"],
    }
    assert table.extra["max_improvements"] == 2


RANDOM_SKILLS = {
    "A": (
        ["catch", "diving_catch", "diving_tackle", "dodge", "defensive", "jump_up"],
        ["leap", "safe_pair_of_hands", "sidestep", "sneaky_git", "sprint", "sure_feet"],
    ),
    "G": (
        ["block", "dauntless", "dirty_player:1", "fend", "frenzy", "kick"],
        ["pro", "shadowing", "strip_ball", "sure_hands", "tackle", "wrestle"],
    ),
    "M": (
        ["big_hand", "claws", "disturbing_presence", "extra_arms", "foul_appearance", "horns"],
        ["iron_hard_skin", "monstrous_mouth", "prehensile_tail", "tentacles", "two_heads", "very_long_legs"],
    ),
    "P": (
        ["accurate", "cannoneer", "cloud_burster", "dump_off", "fumblerooskie", "hail_mary_pass"],
        ["leader", "nerves_of_steel", "on_the_ball", "pass", "running_pass", "safe_pass"],
    ),
    "S": (
        ["arm_bar", "brawler", "break_tackle", "grab", "guard", "juggernaut"],
        ["mighty_blow:1", "multiple_block", "pile_driver", "stand_firm", "strong_arm", "thick_skull"],
    ),
}


def test_random_skill_table_d6_d6_per_category(edition):
    assert set(edition.random_skills) == set(RANDOM_SKILLS)
    for category, (low, high) in RANDOM_SKILLS.items():
        assert edition.random_skills[category]["low"] == low, category
        assert edition.random_skills[category]["high"] == high, category


def test_random_skill_table_lists_existing_skills_of_its_category(edition):
    for category, column in edition.random_skills.items():
        skills = [text.partition(":")[0] for text in column["low"] + column["high"]]
        assert len(set(skills)) == 12, category
        for skill_id in skills:
            assert skill_id in edition.skills, skill_id
            assert edition.skills[skill_id].category == category, skill_id


def test_expensive_mistakes_grid_and_treasury_brackets(edition):
    table = edition.table("expensive_mistakes")
    assert table.extra["min_treasury"] == 100000
    brackets = [(bracket["min"], bracket.get("max")) for bracket in table.extra["brackets"]]
    assert brackets == [
        (100000, 195000),
        (200000, 295000),
        (300000, 395000),
        (400000, 495000),
        (500000, 595000),
        (600000, None),
    ]
    c, mi, ma, ca = "crisis_averted", "minor_incident", "major_incident", "catastrophe"
    assert [row["results"] for row in table.rows] == [
        [mi, mi, ma, ma, ca, ca],
        [c, mi, mi, ma, ma, ca],
        [c, c, mi, mi, ma, ma],
        [c, c, c, mi, mi, ma],
        [c, c, c, c, mi, mi],
        [c, c, c, c, c, mi],
    ]
    assert ranges_of_rows(table) == [(face, face) for face in range(1, 7)]


def ranges_of_rows(table):
    return [tuple(row["roll"]) for row in table.rows]


def test_dedicated_fans_roll_rules(edition):
    table = edition.table("dedicated_fans_roll")
    assert {row["id"]: (row["compare"], row["change"]) for row in table.rows} == {
        "win": ("gte", 1),
        "loss": ("lt", -1),
        "draw": ("none", 0),
    }
    assert (table.extra["min"], table.extra["max"]) == (1, 7)


def test_stadium_residency_and_sale(edition):
    residency = edition.table("stadium_residency")
    assert residency.dice == "D6"
    assert ranges(residency) == {"rejected": (0, 5), "costly_deal": (6, 8), "deal_agreed": (9, 10)}
    assert {modifier["id"]: modifier["value"] for modifier in residency.extra["modifiers"]} == {
        "won": 1,
        "lost": -1,
        "extended_sponsorship": 1,
        "major_sponsorship": 2,
        "dedicated_fans_over_3": 1,
    }
    assert residency.extra["change_residency_cost"] == 50000
    assert residency.extra["purchase_cost"] == 250000
    assert (residency.extra["installment_cost"], residency.extra["installment_fund"]) == (70000, 50000)
    assert residency.extra["loss_check_discount_step"] == 30000
    sale = edition.table("stadium_sale")
    assert ranges(sale) == {"swindled": (1, 1), "sold_at_a_loss": (2, 5), "break_even": (6, 6)}
    assert [row["base"] for row in sale.rows] == [0, 100000, 250000]


def test_sponsorship_roll(edition):
    table = edition.table("sponsorship")
    assert (table.dice, table.extra["threshold"]) == ("D16", 20)
    assert {modifier["id"]: modifier["value"] for modifier in table.extra["modifiers"]} == {
        "dedicated_fans": 1,
        "won": 3,
        "touchdown": 1,
        "casualty_inflicted": 1,
        "playoff": 2,
    }
    assert [row["id"] for row in table.rows] == ["one_off", "extended", "major"]


# --- inducements and staff (seed 002, pre-match step 5 and post-match step 6) ---------------------

# id: (max, cost); None max = unlimited, None cost = depends on what is hired
INDUCEMENTS = {
    "temp_agency_cheerleader": (4, 20000),
    "part_time_assistant_coach": (3, 20000),
    "weather_mage": (1, 30000),
    "bloodweiser_keg": (2, 50000),
    "special_play": (5, 100000),
    "extra_team_training": (8, 100000),
    "bribe": (3, 100000),
    "wandering_apothecary": (2, 100000),
    "mortuary_assistant": (1, 100000),
    "plague_doctor": (1, 100000),
    "riotous_rookies": (1, 100000),
    "halfling_master_chef": (1, 300000),
    "mercenary_player": (None, None),
    "star_player": (2, None),
    "famous_coaching_staff": (2, None),
    "wizard": (1, None),
    "waaagh_drummer": (1, 50000),
    "cavorting_nurglings": (3, 30000),
    "dwarfen_runesmith": (1, 50000),
    "halfling_hot_pot": (1, 80000),
    "master_of_ballistics": (1, 40000),
    "bottle_of_heady_brew": (3, 40000),
    "team_mascot": (1, 30000),
    "medicinal_unguent": (1, 60000),
    "side_bet": (1, None),
    "specialist_mercenary": (3, None),
    "giant": (1, 350000),
}


def test_inducement_maxima_and_costs(edition):
    found = {inducement.id: (inducement.max, inducement.cost) for inducement in edition.inducements.values()}
    assert found == INDUCEMENTS


def test_inducement_restrictions_and_special_prices(edition):
    teams = edition.teams
    drummer = edition.inducements["waaagh_drummer"]
    assert drummer.available_to(teams["black_orc"])
    assert not drummer.available_to(teams["human"])
    assert edition.inducements["cavorting_nurglings"].available_to(teams["nurgle"])
    assert not edition.inducements["cavorting_nurglings"].available_to(teams["human"])
    runesmith = edition.inducements["dwarfen_runesmith"]
    assert runesmith.price_for(teams["dwarf"]) == 50000
    assert runesmith.price_for(teams["chaos_dwarf"]) == 50000
    hot_pot = edition.inducements["halfling_hot_pot"]
    assert hot_pot.price_for(teams["human"]) == 80000
    assert hot_pot.price_for(teams["gnome"]) == 60000
    # Halflings play in both leagues: they pay the lower price
    assert hot_pot.price_for(teams["halfling"]) == 60000
    assert edition.inducements["master_of_ballistics"].price_for(teams["halfling"]) == 30000
    assert edition.inducements["master_of_ballistics"].price_for(teams["imperial_nobility"]) == 40000
    brew = edition.inducements["bottle_of_heady_brew"]
    assert brew.available_to(teams["goblin"])
    assert brew.price_for(teams["goblin"]) == 40000
    assert not brew.available_to(teams["human"])
    assert edition.inducements["bribe"].price_for(teams["goblin"]) == 50000
    assert edition.inducements["bribe"].price_for(teams["human"]) == 100000
    assert edition.inducements["halfling_master_chef"].price_for(teams["halfling"]) == 100000
    assert not edition.inducements["wandering_apothecary"].available_to(teams["nurgle"])
    assert edition.inducements["mortuary_assistant"].available_to(teams["necromantic_horror"])
    assert edition.inducements["riotous_rookies"].available_to(teams["snotling"])
    assert not edition.inducements["riotous_rookies"].available_to(teams["goblin"])


def test_staff_costs_and_maxima(edition):
    staff = edition.settings.staff
    assert (staff.cheerleader.cost, staff.cheerleader.max) == (10000, 12)
    assert (staff.assistant_coach.cost, staff.assistant_coach.max) == (10000, 6)
    assert (staff.apothecary.cost, staff.apothecary.max) == (50000, 1)
    assert edition.settings.hiring.reroll_price_multiplier == 2


# --- structure of a game (seed 000) ---------------------------------------------------------------------


def test_game_structure_numbers(edition):
    settings = edition.settings
    assert (settings.halves, settings.turns_per_half) == (2, 8)
    assert (settings.ko_recovery_dice, settings.ko_recovery_target) == ("D6", 4)
    set_up = settings.set_up
    assert (set_up.max_on_pitch, set_up.min_on_line_of_scrimmage, set_up.max_per_wide_zone) == (11, 3, 2)
    assert set_up.all_on_line_at_or_below == 3
    assert (settings.kick_off.deviate.direction, settings.kick_off.deviate.distance) == ("D8", "D6")
    assert settings.kick_off.event_dice == "2D6"
    assert settings.structure.start_of_drive == ("set_up", "kick_off", "kick_off_event")
    assert settings.structure.end_of_drive == (
        "secret_weapons",
        "end_of_drive_effects",
        "recover_knocked_out",
        "drive_ends",
    )
    assert edition.table("game_terms").row("scatter")["rolls"] == ["D8", "D8", "D8"]
    assert edition.table("game_terms").row("bounce")["rolls"] == ["D8"]
