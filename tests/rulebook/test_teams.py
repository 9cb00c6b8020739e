"""Team rosters and star players: the checks every roster and star of every edition must pass."""

import pytest

from rulebook.edition import CATEGORY_ORDER, available_editions, get_edition

EDITION = get_edition("bb2020")
EDITIONS = [get_edition(edition_id) for edition_id in available_editions()]
TEAMS = [
    pytest.param(edition, team_id, id=f"{edition.id}-{team_id}")
    for edition in EDITIONS
    for team_id in sorted(edition.teams)
]
STARS = [
    pytest.param(edition, star_id, id=f"{edition.id}-{star_id}")
    for edition in EDITIONS
    for star_id in sorted(edition.star_players)
]


def all_team_rules(edition):
    rules = set(edition.leagues)
    for team in edition.teams.values():
        rules |= set(team.rules_in_force()) | set(team.special_rule_options)
        rules |= {rule for league_rules in team.league_rules.values() for rule in league_rules}
    return rules


@pytest.mark.parametrize(("edition_id", "count"), [("bb2020", 29), ("bb2025", 30)])
def test_each_edition_has_its_teams(edition_id, count):
    team_ids = set(get_edition(edition_id).teams)
    assert len(team_ids) == count
    assert {"amazon", "human", "ogre", "snotling", "vampire", "wood_elf"} <= team_ids


def test_get_edition_is_loaded_once_whatever_the_spelling():
    assert get_edition("bb2020") is get_edition("bb2020")


def test_get_edition_refuses_unknown_or_unsafe_ids():
    for edition_id in ("bb1987", "../bb2020", "bb2020/text"):
        with pytest.raises(LookupError):
            get_edition(edition_id)


@pytest.mark.parametrize(("edition", "team_id"), TEAMS)
def test_team_has_exactly_one_lineman_position(edition, team_id):
    linemen = [position.id for position in edition.teams[team_id].positions if position.lineman]
    assert len(linemen) == 1, linemen


@pytest.mark.parametrize(("edition", "team_id"), TEAMS)
def test_team_costs_are_multiples_of_5000(edition, team_id):
    team = edition.teams[team_id]
    assert team.reroll_cost % 5000 == 0
    for position in team.positions:
        assert position.cost > 0, position.id
        assert position.cost % 5000 == 0, position.id


@pytest.mark.parametrize(("edition", "team_id"), TEAMS)
def test_team_positions_hold_existing_skills_with_their_parameters(edition, team_id):
    for position in edition.teams[team_id].positions:
        for ref in position.skills:
            assert ref.id in edition.skills, f"{position.id}: {ref}"
            skill = edition.skills[ref.id]
            assert bool(ref.param) == bool(skill.param), f"{position.id}: {ref}"


@pytest.mark.parametrize(("edition", "team_id"), TEAMS)
def test_team_can_field_eleven_players_within_the_starting_treasury(edition, team_id):
    """Buying the cheapest positions first (within their maxima and the roster's Big Guy limit), a legal
    team of 11 players fits in 1,000,000."""
    team = edition.teams[team_id]
    budget = edition.settings.starting_treasury
    assert budget == 1000000
    players = big_guys = 0
    for position in sorted(team.positions, key=lambda position: position.cost):
        allowed = position.max
        if position.big_guy and team.max_big_guys is not None:
            allowed = min(allowed, team.max_big_guys - big_guys)
        bought = min(allowed, edition.settings.min_players - players, budget // position.cost)
        players += bought
        big_guys += bought if position.big_guy else 0
        budget -= bought * position.cost
    assert players == 11
    assert budget >= 0


@pytest.mark.parametrize(("edition", "team_id"), TEAMS)
def test_team_position_maxima_are_at_most_16(edition, team_id):
    team = edition.teams[team_id]
    for position in team.positions:
        assert 1 <= position.max <= 16, position.id
    assert team.lineman.max >= 11


@pytest.mark.parametrize(("edition", "team_id"), TEAMS)
def test_team_skill_categories_are_valid_letters_in_order(edition, team_id):
    """A few positions have no primary category at all (Norse Beer Boar, Gnome Woodland Fox)."""
    for position in edition.teams[team_id].positions:
        for letters in (position.primary, position.secondary):
            assert set(letters) <= set(CATEGORY_ORDER) - {"T"}, position.id
            assert list(letters) == sorted(letters, key=CATEGORY_ORDER.index), position.id
        assert not set(position.primary) & set(position.secondary), position.id


@pytest.mark.parametrize(("edition", "team_id"), TEAMS)
def test_team_tier_and_big_guys(edition, team_id):
    team = edition.teams[team_id]
    tiers = edition.settings.tiers
    assert 1 <= team.tier <= (tiers.count if tiers else 3)
    big_guys = [position for position in team.positions if position.big_guy]
    if team.max_big_guys is not None:
        assert big_guys, "max_big_guys without any big guy"


@pytest.mark.parametrize(("edition", "star_id"), STARS)
def test_star_player_skills_exist(edition, star_id):
    star = edition.star_players[star_id]
    for ref in star.skills:
        assert ref.id in edition.skills, str(ref)
        assert bool(ref.param) == bool(edition.skills[ref.id].param), str(ref)
    assert any(ref.id == "loner" for ref in star.skills) or not star.cost


@pytest.mark.parametrize(("edition", "star_id"), STARS)
def test_star_player_plays_for_real_team_rules_or_any(edition, star_id):
    star = edition.star_players[star_id]
    rules = all_team_rules(edition)
    assert star.plays_for
    for rule_id in star.plays_for:
        assert rule_id == "any" or rule_id in rules, rule_id
    for team_id in star.excluded_teams:
        assert team_id in edition.teams, team_id
    if star.pair:
        assert edition.star_players[star.pair].pair == star.id
        assert star.cost == 0 or edition.star_players[star.pair].cost == 0
    else:
        assert star.cost > 0
        assert star.cost % 5000 == 0


def test_star_players_play_for_teams_of_their_leagues():
    griff = EDITION.star_players["griff_oberwald"]
    assert griff.plays_for_team(EDITION.teams["human"])
    assert not griff.plays_for_team(EDITION.teams["orc"])
    akhorne = EDITION.star_players["akhorne_the_squirrel"]
    assert all(akhorne.plays_for_team(team) for team in EDITION.teams.values())
