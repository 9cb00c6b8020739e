"""The JSON export: its schema, the management command and /rules/<edition>.json."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from rulebook.edition import get_edition
from rulebook.export import export_edition, export_json
from rulebook.texts import LANGUAGES


@pytest.fixture(scope="module")
def exported():
    return export_edition(get_edition("bb2020"))


def by_id(items):
    return {item["id"]: item for item in items}


def test_export_top_level_schema(exported):
    assert exported["edition"] == "bb2020"
    assert exported["version"] == get_edition("bb2020").version
    assert {"teams", "skills", "star_players", "inducements", "tables", "team_rules", "settings"} <= set(
        exported
    )
    assert exported["languages"] == list(LANGUAGES)
    assert json.loads(json.dumps(exported)) == exported  # plain JSON types only


def test_export_teams_and_positions(exported):
    teams = by_id(exported["teams"])
    assert len(teams) == 29
    orc = teams["black_orc"]
    assert set(orc) >= {"id", "name", "tier", "reroll_cost", "apothecary", "special_rules", "positions"}
    assert (orc["tier"], orc["reroll_cost"], orc["apothecary"]) == (2, 60000, True)
    assert orc["special_rules"] == ["badlands_brawl", "bribery_and_corruption"]
    assert orc["name"]["en"] == "Black Orc"
    assert set(orc["name"]) == set(LANGUAGES)
    troll = by_id(orc["positions"])["trained_troll"]
    assert {
        key: troll[key] for key in ("max", "cost", "ma", "st", "ag", "pa", "av", "primary", "secondary")
    } == {
        "max": 1,
        "cost": 115000,
        "ma": 4,
        "st": 5,
        "ag": 5,
        "pa": 5,
        "av": 10,
        "primary": "S",
        "secondary": "AGP",
    }
    assert "Loner (3+)" in troll["skills"]
    assert "Mighty Blow (+1)" in troll["skills"]
    assert "loner:3" in troll["skill_refs"]


def test_export_gives_pa_null_where_a_position_has_none(exported):
    minotaur = by_id(by_id(exported["teams"])["chaos_chosen"]["positions"])["minotaur"]
    assert minotaur["pa"] is None
    assert minotaur["ag"] == 4
    assert minotaur["av"] == 9


def test_export_skills(exported):
    skills = by_id(exported["skills"])
    assert len(skills) == len(get_edition("bb2020").skills)
    assert skills["block"]["category"] == "G"
    assert skills["block"]["name"]["en"] == "Block"
    assert skills["block"]["name"]["fr"] == "Blocage"
    assert skills["loner"]["category"] == "T"


def test_export_star_players_inducements_and_tables(exported):
    stars = by_id(exported["star_players"])
    griff = stars["griff_oberwald"]
    assert griff["cost"] == 280000
    assert griff["plays_for"] == ["halfling_thimble_cup", "old_world_classic"]
    assert "human" in griff["teams"]
    assert griff["rule_name"]["en"]
    inducements = by_id(exported["inducements"])
    assert (inducements["bribe"]["max"], inducements["bribe"]["cost"]) == (3, 100000)
    assert inducements["bribe"]["prices"] == [{"cost": 50000, "for_rule": "bribery_and_corruption"}]
    assert inducements["mercenary_player"]["max"] is None
    assert inducements["mercenary_player"]["surcharge"] == 30000
    weather = exported["tables"]["weather"]
    assert weather["dice"] == "2D6"
    assert weather["optional"] is False
    assert weather["rows"][2] | {"name": None, "effect": None} == {
        "roll": [4, 10],
        "id": "perfect_conditions",
        "name": None,
        "effect": None,
    }
    assert weather["rows"][2]["name"]["en"] == "Perfect Conditions"
    assert exported["tables"]["random_events"]["optional"] is True
    assert len(exported["tables"]["match_balls"]["rows"]) == 16
    mistakes = exported["tables"]["expensive_mistakes"]
    assert [bracket["min"] for bracket in mistakes["brackets"]][:2] == [100000, 200000]
    assert mistakes["brackets"][0]["name"]["en"] == "100,000 to 195,000 gp"


def test_export_rulebook_command_prints_the_json():
    out = StringIO()
    call_command("export_rulebook", "bb2020", stdout=out)
    text = out.getvalue()
    assert text == export_json(get_edition("bb2020")) + "\n"
    assert '\n  "edition": "bb2020",' in text  # indent 2
    assert "Châtaigne" in text  # not escaped as \u00e2


def test_export_rulebook_command_refuses_an_unknown_edition():
    with pytest.raises(CommandError, match="Unknown edition 'bb1987'.*bb2020"):
        call_command("export_rulebook", "bb1987", stdout=StringIO())


def test_export_endpoint_serves_the_same_json(client):
    response = client.get("/rules/bb2020.json")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response.content.decode() == export_json(get_edition("bb2020"))
    assert response.json()["edition"] == "bb2020"
    assert response.headers["ETag"] == f'"{get_edition("bb2020").version}"'
    again = client.get("/rules/bb2020.json", headers={"if-none-match": response.headers["ETag"]})
    assert again.status_code == 304


def test_export_endpoint_of_an_unknown_edition_is_not_found(client):
    assert client.get("/rules/bb1987.json").status_code == 404


# --- BB2025 ------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def exported_2025():
    return export_edition(get_edition("bb2025"))


def test_bb2025_export_lists_every_team_position_skill_star_inducement_and_table(exported_2025):
    edition = get_edition("bb2025")
    assert exported_2025["edition"] == "bb2025"
    assert len(exported_2025["teams"]) == 30
    positions = sum(len(team["positions"]) for team in exported_2025["teams"])
    assert positions == sum(len(team.positions) for team in edition.teams.values())
    assert len(exported_2025["skills"]) == len(edition.skills) >= 100
    assert len(exported_2025["star_players"]) == len(edition.star_players) >= 60
    assert {item["id"] for item in exported_2025["inducements"]} == set(edition.inducements)
    assert set(exported_2025["tables"]) == {*edition.tables, *edition.optional_tables}
    assert [category["id"] for category in exported_2025["categories"]] == list("ADGMPST")
    assert json.loads(json.dumps(exported_2025)) == exported_2025


def test_bb2025_export_has_leagues_keywords_and_the_sources_numbers(exported_2025):
    leagues = by_id(exported_2025["leagues"])
    assert leagues["chaos_clash"]["name"]["en"] == "Chaos Clash"
    norse = by_id(exported_2025["teams"])["norse"]
    assert norse["leagues"] == ["old_world_classic", "chaos_clash"]
    assert norse["league_rules"] == {"chaos_clash": ["favoured_of_khorne"]}
    raider = by_id(norse["positions"])["norse_raider_lineman"]
    assert (raider["max"], raider["cost"], raider["ma"], raider["st"], raider["ag"], raider["pa"]) == (
        16,
        50000,
        6,
        3,
        3,
        4,
    )
    assert raider["keywords"] == ["lineman", "human"]
    assert raider["skill_refs"] == ["block", "drunkard", "thick_skull", "unsteady"]
    assert "big_guy" in by_id(exported_2025["keywords"])
    griff = by_id(exported_2025["star_players"])["griff_oberwald"]
    assert (griff["cost"], griff["plays_for"]) == (300000, ["old_world_classic"])
    assert "norse" in griff["teams"]
    assert by_id(exported_2025["skills"])["dirty_player"]["category"] == "D"
    assert exported_2025["hirelings"]["biased_referee"][0]["cost"] == 120000


def test_export_command_and_url_for_bb2025(client):
    out = StringIO()
    call_command("export_rulebook", "bb2025", stdout=out)
    response = client.get("/rules/bb2025.json")
    assert response.status_code == 200
    assert json.loads(out.getvalue()) == response.json()
    assert response.json()["edition"] == "bb2025"
