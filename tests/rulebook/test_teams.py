"""Team rosters and star players: the checks every roster and star must pass."""

import pytest

from rulebook.edition import get_edition

EDITION = get_edition()
TEAM_IDS = sorted(EDITION.teams)
STAR_IDS = sorted(EDITION.star_players)
CATEGORY_ORDER = "AGMPS"


def all_team_rules():
    rules = set()
    for team in EDITION.teams.values():
        rules |= set(team.special_rules) | set(team.special_rule_options)
    return rules


def test_the_edition_has_its_29_teams():
    assert len(TEAM_IDS) == 29
    assert {"amazon", "human", "ogre", "snotling", "vampire", "wood_elf"} <= set(TEAM_IDS)


def test_get_edition_is_loaded_once_whatever_the_spelling():
    assert get_edition() is get_edition("bb2020")


def test_get_edition_refuses_unknown_or_unsafe_ids():
    for edition_id in ("bb1987", "../bb2020", "bb2020/text"):
        with pytest.raises(LookupError):
            get_edition(edition_id)


@pytest.mark.parametrize("team_id", TEAM_IDS)
def test_team_has_exactly_one_lineman_position(team_id):
    linemen = [position.id for position in EDITION.teams[team_id].positions if position.lineman]
    assert len(linemen) == 1, linemen


@pytest.mark.parametrize("team_id", TEAM_IDS)
def test_team_costs_are_multiples_of_5000(team_id):
    team = EDITION.teams[team_id]
    assert team.reroll_cost % 5000 == 0
    for position in team.positions:
        assert position.cost > 0, position.id
        assert position.cost % 5000 == 0, position.id


@pytest.mark.parametrize("team_id", TEAM_IDS)
def test_team_positions_hold_existing_skills_with_their_parameters(team_id):
    for position in EDITION.teams[team_id].positions:
        for ref in position.skills:
            assert ref.id in EDITION.skills, f"{position.id}: {ref}"
            skill = EDITION.skills[ref.id]
            assert bool(ref.param) == bool(skill.param), f"{position.id}: {ref}"


@pytest.mark.parametrize("team_id", TEAM_IDS)
def test_team_can_field_eleven_players_within_the_starting_treasury(team_id):
    """Buying the cheapest positions first (within their maxima), 11 players fit in 1,000,000."""
    budget = EDITION.settings["starting_treasury"]
    assert budget == 1000000
    players = 0
    for position in sorted(EDITION.teams[team_id].positions, key=lambda position: position.cost):
        bought = min(position.max, EDITION.settings["min_players"] - players, budget // position.cost)
        players += bought
        budget -= bought * position.cost
    assert players == 11


@pytest.mark.parametrize("team_id", TEAM_IDS)
def test_team_position_maxima_are_at_most_16(team_id):
    team = EDITION.teams[team_id]
    for position in team.positions:
        assert 1 <= position.max <= 16, position.id
    assert team.lineman.max >= 11


@pytest.mark.parametrize("team_id", TEAM_IDS)
def test_team_skill_categories_are_valid_letters_in_order(team_id):
    """A few positions have no primary category at all (Norse Beer Boar, Gnome Woodland Fox)."""
    for position in EDITION.teams[team_id].positions:
        for letters in (position.primary, position.secondary):
            assert set(letters) <= set(CATEGORY_ORDER), position.id
            assert list(letters) == sorted(letters, key=CATEGORY_ORDER.index), position.id
        assert not set(position.primary) & set(position.secondary), position.id


@pytest.mark.parametrize("team_id", TEAM_IDS)
def test_team_tier_and_big_guys(team_id):
    team = EDITION.teams[team_id]
    assert team.tier in {1, 2, 3}
    big_guys = [position for position in team.positions if position.big_guy]
    if team.max_big_guys is not None:
        assert big_guys, "max_big_guys without any big guy"


@pytest.mark.parametrize("star_id", STAR_IDS)
def test_star_player_skills_exist(star_id):
    star = EDITION.star_players[star_id]
    for ref in star.skills:
        assert ref.id in EDITION.skills, str(ref)
        assert bool(ref.param) == bool(EDITION.skills[ref.id].param), str(ref)
    assert any(ref.id == "loner" for ref in star.skills)


@pytest.mark.parametrize("star_id", STAR_IDS)
def test_star_player_plays_for_real_team_rules_or_any(star_id):
    star = EDITION.star_players[star_id]
    rules = all_team_rules()
    assert star.plays_for
    for rule_id in star.plays_for:
        assert rule_id == "any" or rule_id in rules, rule_id
    for team_id in star.excluded_teams:
        assert team_id in EDITION.teams, team_id
    if star.pair:
        assert EDITION.star_players[star.pair].pair == star.id
        assert star.cost == 0 or EDITION.star_players[star.pair].cost == 0
    else:
        assert star.cost > 0
        assert star.cost % 5000 == 0


def test_star_players_play_for_teams_of_their_leagues():
    griff = EDITION.star_players["griff_oberwald"]
    assert griff.plays_for_team(EDITION.teams["human"])
    assert not griff.plays_for_team(EDITION.teams["orc"])
    akhorne = EDITION.star_players["akhorne_the_squirrel"]
    assert all(akhorne.plays_for_team(team) for team in EDITION.teams.values())
