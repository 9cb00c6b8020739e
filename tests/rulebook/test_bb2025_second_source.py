"""BB2025 against a second, independent source: the NAFLM-2025 game data, extracted into
tests/rulebook/data/ (numbers and names only). Every difference Dugout keeps on purpose is listed in
those files and explained in rulebook/editions/bb2025/SOURCES*.md; any other difference fails."""

import json
from pathlib import Path

import pytest

from rulebook.data import SkillRef, hireling_available, hireling_price
from rulebook.edition import get_edition

DATA = Path(__file__).parent / "data"
EDITION = get_edition("bb2025")


def load(name):
    return json.loads((DATA / name).read_text())


NAFLM_TEAMS = load("naflm_bb2025_teams.json")
NAFLM_STARS = load("naflm_bb2025_stars.json")
NAFLM_SKILLS = load("naflm_bb2025_skills.json")
NAFLM_TABLES = load("naflm_bb2025_tables.json")
TEAM_INDUCEMENTS = load("bb2025_team_inducements.json")["teams"]
SKILL_BY_NAFLM_NAME = {entry["name"]: entry for entry in NAFLM_SKILLS["skills"]}
KNOWN_TEAM_DIFFERENCES = {
    (item["team"], item["position"], item["field"]) for item in NAFLM_TEAMS["known_differences"]
}


def naflm_skill_ref(name):
    entry = SKILL_BY_NAFLM_NAME[name]
    return str(SkillRef(entry["id"], str(entry["param"]) if entry["param"] else None))


def differs(team_id, position_id, field, ours, theirs):
    return ours != theirs and (team_id, position_id, field) not in KNOWN_TEAM_DIFFERENCES


@pytest.mark.parametrize("team_id", sorted(NAFLM_TEAMS["teams"]))
def test_team_matches_naflm_but_for_the_recorded_differences(team_id):
    theirs = NAFLM_TEAMS["teams"][team_id]
    team = EDITION.teams[team_id]
    problems = [
        (field, getattr(team, field), theirs[field])
        for field in ("tier", "reroll_cost", "apothecary")
        if differs(team_id, "", field, getattr(team, field), theirs[field])
    ]
    for position in theirs["positions"]:
        if position["id"] is None:
            continue
        ours = team.position(position["id"])
        mine = {**ours.profile.as_dict(), "max": ours.max, "cost": ours.cost}
        mine |= {"primary": "".join(sorted(ours.primary)), "secondary": "".join(sorted(ours.secondary))}
        for field, value in mine.items():
            their_value = (
                "".join(sorted(position[field])) if field in ("primary", "secondary") else position[field]
            )
            if differs(team_id, position["id"], field, value, their_value):
                problems.append((position["id"], field, value, their_value))
        their_skills = {naflm_skill_ref(name) for name in position["skills"] if name in SKILL_BY_NAFLM_NAME}
        if differs(team_id, position["id"], "skills", {str(ref) for ref in ours.skills}, their_skills):
            problems.append((position["id"], "skills", sorted(map(str, ours.skills)), sorted(their_skills)))
    assert not problems


def test_star_players_match_naflm_but_for_the_recorded_differences():
    recorded = {(item["id"], item["field"]) for item in NAFLM_STARS["differences"]}
    problems = []
    for star_id, theirs in NAFLM_STARS["stars"].items():
        star = EDITION.star_players[star_id]
        mine = {**star.profile.as_dict(), "cost": star.cost, "skills": sorted(map(str, star.skills))}
        wanted = {**{key: theirs[key] for key in ("ma", "st", "ag", "pa", "av", "cost")}}
        wanted["skills"] = sorted(theirs["skill_refs"])
        problems += [
            (star_id, field, mine[field], wanted[field])
            for field in mine
            if mine[field] != wanted[field] and (star_id, field) not in recorded
        ]
    assert not problems
    assert len(NAFLM_STARS["stars"]) >= 60


def test_skills_categories_elite_skills_and_random_tables_match_naflm():
    naflm = {entry["id"]: entry["category"] for entry in NAFLM_SKILLS["skills"]}
    ours = {skill_id: skill.category for skill_id, skill in EDITION.skills.items()}
    assert ours == naflm
    assert sorted(skill.id for skill in EDITION.skills.values() if skill.elite) == NAFLM_SKILLS["elite"]
    for category, column in NAFLM_SKILLS["random_skills"].items():
        assert EDITION.random_skills[category] == column, category


def test_advancement_costs_match_naflm():
    table = EDITION.table("advancement_costs")
    for theirs in NAFLM_TABLES["advancement_costs"]:
        row = next(row for row in table.rows if row["level"] == theirs["level"])
        for kind in ("random_primary", "chosen_primary", "chosen_secondary", "characteristic"):
            assert row[kind] == theirs[kind], (theirs["level"], kind)


def test_value_increases_match_naflm():
    table = EDITION.table("value_increases")
    theirs = NAFLM_TABLES["value_increases"]
    for row_id in ("random_primary", "chosen_primary", "chosen_secondary", "ma", "st", "ag", "pa", "av"):
        assert table.row(row_id)["value"] == theirs[row_id], row_id
    assert table.extra["elite_skill_surcharge"] == theirs["elite_surcharge"]


def test_spp_awards_match_naflm():
    spp = {row["id"]: row["spp"] for row in EDITION.table("spp").rows}
    theirs = NAFLM_TABLES["spp"]
    assert (spp["touchdown"], spp["casualty"], spp["interception"], spp["mvp"]) == (
        theirs["touchdown"],
        theirs["casualty"],
        theirs["interception"],
        theirs["mvp"],
    )
    assert spp["completion"] == theirs["completion_and_misc"]


def test_staff_and_fans_match_naflm():
    staff = EDITION.settings.staff
    costs, settings = NAFLM_TABLES["costs"], NAFLM_TABLES["settings"]
    assert staff.apothecary.cost == costs["cost_apothecary"]
    assert staff.assistant_coach.cost == costs["cost_ass_coaches"]
    assert staff.cheerleader.cost == costs["cost_cheerleaders"]
    assert staff.assistant_coach.max == settings["max_ass_coaches"]
    assert staff.cheerleader.max == settings["max_cheerleaders"]
    fans = EDITION.settings.dedicated_fans
    assert fans.cost == costs["cost_fan_factor"]
    assert fans.max_draft == settings["initial_fan_factor"] + settings["max_ini_fan_factor"]
    assert fans.max == settings["max_fan_factor"]
    assert EDITION.settings.max_players == settings["max_team_players"]
    assert EDITION.settings.max_rerolls == settings["max_rerolls"]


def test_expensive_mistakes_match_naflm():
    table = EDITION.table("expensive_mistakes")
    theirs = NAFLM_TABLES["expensive_mistakes"]
    assert table.extra["min_treasury"] == theirs["min_treasury"]
    for row in theirs["rows"]:
        assert table.row_for(row["roll"])["results"] == row["results"], row["roll"]


# --- the inducements each team file prints --------------------------------------------------------------


def offered(team, chosen):
    """What a team may buy before a league game and at what price, as the team files print it: items
    hired from a list at the lowest price the team may pay, mercenaries at their surcharge."""
    prices = {}
    for inducement in EDITION.inducements.values():
        if inducement.choices == "star" or "league_variant" in inducement.extra:
            continue
        if not inducement.available_to(team, chosen):
            continue
        if inducement.choices:
            entries = EDITION.hirelings[inducement.choices].values()
            choices = [
                hireling_price(e, team, chosen) for e in entries if hireling_available(e, team, chosen)
            ]
            prices[inducement.id] = min(choices)
        elif "surcharge" in inducement.extra:
            prices[inducement.id] = inducement.extra["surcharge"]
        else:
            prices[inducement.id] = inducement.price_for(team, chosen)
    return prices


CASES = [
    pytest.param(team_id, case, id=f"{team_id}-{case['league']}-{case.get('favoured', '')}")
    for team_id, team in sorted(TEAM_INDUCEMENTS.items())
    for case in team["cases"]
]


@pytest.mark.parametrize(("team_id", "case"), CASES)
def test_team_may_buy_the_inducements_its_roster_prints_at_its_prices(team_id, case):
    team = EDITION.teams[team_id]
    chosen = tuple(choice for choice in (case["league"], case.get("favoured")) if choice)
    assert offered(team, chosen) == case["inducements"]


def test_every_team_has_its_inducement_list():
    assert set(TEAM_INDUCEMENTS) == set(EDITION.teams)
