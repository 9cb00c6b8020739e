"""Names for new players: every team list of every edition has a people's list, names are stable and
never repeated within a team, and the coach may always rename a player."""

import pytest
from django.utils import translation

from rosters import names, services
from rosters.models import name_with_team as names_with_team
from rulebook.edition import available_editions, get_edition
from tests.rosters.helpers import make_team

EVERY_POSITION = [
    (edition, team.id, position.id)
    for edition in available_editions()
    for team in get_edition(edition).teams.values()
    for position in team.positions
]


@pytest.mark.parametrize(("edition", "roster", "position"), EVERY_POSITION)
def test_every_position_of_every_edition_has_a_family_with_names(edition, roster, position):
    family = names.names().family(roster, position)
    assert family is not None, f"{edition}: {roster}/{position} has no name family"
    assert len(family.first) >= 15
    assert len(family.last) >= 15
    assert names.new_name(roster=roster, position=position, team_key=1, number=1)


def test_every_family_and_position_named_in_the_file_exists():
    lists = names.names()
    assert set(lists.rosters.values()) | set(lists.positions.values()) <= set(lists.families)
    positions = {position for *_, position in EVERY_POSITION}
    assert set(lists.positions) <= positions, set(lists.positions) - positions
    rosters = {roster for _, roster, _ in EVERY_POSITION}
    assert set(lists.rosters) == rosters


def test_no_family_repeats_a_name():
    for family in names.names().families.values():
        assert len(set(family.first)) == len(family.first), family.id
        assert len(set(family.last)) == len(family.last), family.id


def test_a_players_people_can_differ_from_the_team_lists():
    lists = names.names()
    assert lists.family("orc", "goblin").id == "goblin"
    assert lists.family("orc", "blitzer").id == "orc"
    assert lists.family("human", "ogre").id == "ogre"
    assert lists.family("underworld_denizens", "skaven_blitzer").id == "skaven"
    assert lists.family("space_marines", "lineman") is None


def test_the_same_team_and_number_give_the_same_name():
    first = names.new_name(roster="dwarf", position="blitzer", team_key=7, number=3)
    again = names.new_name(roster="dwarf", position="blitzer", team_key=7, number=3)
    other_team = [
        names.new_name(roster="dwarf", position="blitzer", team_key=k, number=3) for k in range(8, 20)
    ]
    assert first == again
    assert any(name != first for name in other_team)


def test_a_taken_name_is_never_given_again():
    family = names.names().families["snotling"]
    every = {f"{a} {b}" for a in family.first for b in family.last}
    taken = set(every)
    last_free = names.new_name(roster="snotling", position="snotling_lineman", team_key=1, number=1)
    taken.discard(last_free)
    assert (
        names.new_name(roster="snotling", position="snotling_lineman", team_key=1, number=1, taken=taken)
        == last_free
    )
    assert (
        names.new_name(roster="snotling", position="snotling_lineman", team_key=1, number=1, taken=every)
        == ""
    )


def test_the_order_of_the_two_names_is_the_translators():
    with translation.override("en"):
        assert names.full_name("Grukk", "Skullsplitta") == "Grukk Skullsplitta"


@pytest.mark.django_db
def test_a_drafted_team_has_sixteen_different_names(coach):
    team = make_team(coach, roster="skaven", positions=["clanrat_lineman"] * 14 + ["blitzer"] * 2)
    drafted = list(team.players.values_list("name", flat=True))
    assert len(set(drafted)) == 16
    assert not any(name.startswith("Player") for name in drafted)


@pytest.mark.django_db
def test_a_rehired_number_gets_a_name_the_team_never_had(coach):
    team = make_team(coach, positions=["lineman"])
    first = team.players.get()
    services.fire_player(team=team, actor=coach, player=first)
    # Fired at the draft, the player is gone: give the name to a player still on the team instead.
    services.hire_player(team=team, actor=coach, position="lineman", name=first.name, number=5)
    again = services.hire_player(team=team, actor=coach, position="lineman", name="", number=1)
    assert again.name != first.name


@pytest.mark.django_db
def test_a_name_typed_at_hiring_is_kept(coach):
    team = make_team(coach)
    player = services.hire_player(team=team, actor=coach, position="lineman", name="  Hans Dunkel ")
    assert player.name == "Hans Dunkel"


@pytest.mark.django_db
def test_a_player_named_outside_the_team_page_carries_the_team(coach, django_assert_num_queries):
    team = make_team(coach, name="Gouged Eye", positions=["lineman"])
    player = services.hire_player(team=team, actor=coach, position="blitzer", name="Grukk", number=8)
    assert player.with_team == "#8 Grukk (Gouged Eye)"
    players = list(team.players.all())
    with django_assert_num_queries(0):  # read through its team: the team is not fetched again
        labels = [p.with_team for p in players]
    assert labels[1] == "#8 Grukk (Gouged Eye)"
    with translation.override("fr"):
        assert names_with_team("#2 Hans", "Reavers").endswith("(Reavers)")


@pytest.mark.django_db
def test_the_coach_renames_a_drafted_player_from_the_draft_panel(client, coach):
    team = make_team(coach, positions=["lineman"])
    player = team.players.get()
    client.force_login(coach)
    page = f"/teams/{team.pk}/players/{player.pk}/"
    assert f'<a href="{page}">{player.name}</a>' in client.get(f"/teams/{team.pk}/manage/").content.decode()
    assert 'name="name"' in client.get(page).content.decode()
    response = client.post(page, {"name": "Hans Dunkel", "number": "7"}, follow=True)
    player.refresh_from_db()
    assert (player.name, player.number) == ("Hans Dunkel", 7)
    assert "#7 Hans Dunkel" in response.content.decode()


def test_a_new_name_prefers_given_and_family_names_the_team_does_not_use_yet():
    drafted = []
    for number in range(1, 17):
        drafted.append(
            names.new_name(
                roster="chaos_chosen", position="chosen_blocker", team_key=3, number=number, taken=drafted
            )
        )
    given = [name.split(" ", 1)[0] for name in drafted]
    family = [name.split(" ", 1)[1] for name in drafted]
    assert len(set(given)) == len(set(family)) == 16
