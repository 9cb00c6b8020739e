"""Every advancement path, with dice rolled by Dugout (seeded) and with dice entered by the coach."""

import random

import pytest
from django.core.exceptions import ValidationError

from rosters import advancement
from rosters.models import Player
from rosters.permissions import Editor
from rulebook import formulas
from rulebook.dice import Dice
from rulebook.edition import get_edition
from tests.rosters.helpers import get_player, give_spp, ready_human_team

pytestmark = pytest.mark.django_db


@pytest.fixture
def team(coach):
    return ready_human_team(coach)


@pytest.fixture
def editor(coach):
    return Editor(coach, as_commissioner=False)


def _fresh(player):
    return Player.objects.select_related("team").get(pk=player.pk)


def _first_seed_where(predicate):
    """The first seed whose dice do what `predicate` wants (the dice of a seed never change)."""
    return next(seed for seed in range(10_000) if predicate(random.Random(seed)))


def test_advancement_options_list_costs_and_what_the_player_can_afford(team):
    lineman = give_spp(team, get_player(team, "lineman"), 7)
    options = {o["kind"]: o for o in advancement.advancement_options(lineman)}
    assert {kind: o["cost"] for kind, o in options.items()} == {
        "random_primary": 3,
        "chosen_primary": 6,
        "random_secondary": 6,
        "chosen_secondary": 12,
        "characteristic": 18,
    }
    assert {kind for kind, o in options.items() if o["affordable"]} == {
        "random_primary",
        "chosen_primary",
        "random_secondary",
    }
    assert options["random_secondary"]["categories"] == "AS"


def test_random_primary_skill_rolled_by_seeded_dice(team, editor):
    lineman = give_spp(team, get_player(team, "lineman"), 3)
    expected_dice = Dice(random.Random(7)).roll("2D6", purpose="random_skill")
    expected = formulas.random_skill("G", *expected_dice.faces, edition=get_edition("bb2020"))

    skill = advancement.take_random_skill(
        team=team,
        editor=editor,
        player=lineman,
        kind="random_primary",
        category="G",
        dice=Dice(random.Random(7)),
    )

    assert skill == expected
    lineman = _fresh(lineman)
    assert lineman.advancements == [{"kind": "random_primary", "skill": str(expected), "spp": 3}]
    assert (lineman.spp, lineman.value) == (0, 60_000)
    entry = team.ledger.first()
    assert entry.details["rolls"] == [{**expected_dice.as_dict(), "source": "rolled"}]
    assert entry.gold_change == 0


def test_random_skill_rolls_again_on_a_skill_the_player_has(team, editor):
    """A Blitzer has Block: G table, first die 1-3, second die 1. Find a seed that rolls it first."""
    blitzer = give_spp(team, get_player(team, "blitzer"), 3)
    seed = _first_seed_where(lambda rng: rng.randint(1, 6) <= 3 and rng.randint(1, 6) == 1)

    skill = advancement.take_random_skill(
        team=team,
        editor=editor,
        player=blitzer,
        kind="random_primary",
        category="G",
        dice=Dice(random.Random(seed)),
    )

    assert skill.id != "block"
    rolls = team.ledger.first().details["rolls"]
    assert len(rolls) >= 2
    assert formulas.random_skill("G", *rolls[0]["faces"], edition=get_edition("bb2020")).id == "block"


def test_random_secondary_skill_with_entered_dice(team, editor):
    """Entered 4 and 6 on the Strength table: its high half, sixth row."""
    lineman = give_spp(team, get_player(team, "lineman"), 6)
    skill = advancement.take_random_skill(
        team=team, editor=editor, player=lineman, kind="random_secondary", category="S", faces=[4, 6]
    )
    assert skill == formulas.random_skill("S", 4, 6, edition=get_edition("bb2020"))
    lineman = _fresh(lineman)
    assert lineman.advancements[0]["kind"] == "random_secondary"
    assert (lineman.spp, lineman.value) == (0, 70_000)
    assert team.ledger.first().details["rolls"][0]["source"] == "entered"


def test_entered_dice_on_a_skill_the_player_has_ask_for_another_roll(team, editor):
    blitzer = give_spp(team, get_player(team, "blitzer"), 3)
    with pytest.raises(ValidationError, match="already has this skill: roll the dice again"):
        advancement.take_random_skill(
            team=team, editor=editor, player=blitzer, kind="random_primary", category="G", faces=[1, 1]
        )
    assert _fresh(blitzer).advancements == []


@pytest.mark.parametrize("faces", [[7, 1], [3], [0, 2]])
def test_entered_dice_must_be_two_d6(team, editor, faces):
    lineman = give_spp(team, get_player(team, "lineman"), 3)
    with pytest.raises(ValidationError, match="Enter two dice from 1 to 6."):
        advancement.take_random_skill(
            team=team, editor=editor, player=lineman, kind="random_primary", category="G", faces=faces
        )


@pytest.mark.parametrize("category", ["S", "", "GA"])
def test_random_skill_only_from_the_player_categories(team, editor, category):
    lineman = give_spp(team, get_player(team, "lineman"), 3)
    with pytest.raises(ValidationError, match="no access to that skill category"):
        advancement.take_random_skill(
            team=team, editor=editor, player=lineman, kind="random_primary", category=category, faces=[1, 2]
        )


def test_chosen_primary_skill(team, editor):
    lineman = give_spp(team, get_player(team, "lineman"), 6)
    advancement.take_chosen_skill(
        team=team, editor=editor, player=lineman, kind="chosen_primary", skill_id="block"
    )
    lineman = _fresh(lineman)
    assert lineman.advancements == [{"kind": "chosen_primary", "skill": "block", "spp": 6}]
    assert (lineman.spp, lineman.value) == (0, 70_000)


def test_chosen_secondary_skill_with_a_parameter_is_taken_at_plus_one(team, editor):
    lineman = give_spp(team, get_player(team, "lineman"), 12)
    advancement.take_chosen_skill(
        team=team, editor=editor, player=lineman, kind="chosen_secondary", skill_id="mighty_blow"
    )
    lineman = _fresh(lineman)
    assert lineman.advancements[0]["skill"] == "mighty_blow:1"
    assert lineman.value == 90_000


@pytest.mark.parametrize(
    ("kind", "skill", "message"),
    [
        ("chosen_primary", "block", "The player already has this skill."),
        ("chosen_primary", "dodge", "no access to that skill category"),
        ("chosen_primary", "loner", "Unknown skill."),
        ("chosen_primary", "nonsense", "Unknown skill."),
        ("random_primary", "tackle", "Unknown advancement."),
    ],
)
def test_chosen_skill_refusals(team, editor, kind, skill, message):
    blitzer = give_spp(team, get_player(team, "blitzer"), 20)
    with pytest.raises(ValidationError, match=message):
        advancement.take_chosen_skill(team=team, editor=editor, player=blitzer, kind=kind, skill_id=skill)


def test_an_advancement_needs_enough_spp(team, editor):
    lineman = give_spp(team, get_player(team, "lineman"), 5)
    with pytest.raises(ValidationError, match="This advancement costs 6 SPP; the player has 5."):
        advancement.take_chosen_skill(
            team=team, editor=editor, player=lineman, kind="chosen_primary", skill_id="block"
        )


def test_each_advancement_costs_more_than_the_last(team, editor):
    lineman = give_spp(team, get_player(team, "lineman"), 3 + 4)
    advancement.take_random_skill(
        team=team, editor=editor, player=lineman, kind="random_primary", category="G", faces=[1, 1]
    )
    assert advancement.next_cost(lineman, "random_primary") == 4
    advancement.take_random_skill(
        team=team, editor=editor, player=lineman, kind="random_primary", category="G", faces=[1, 2]
    )
    assert _fresh(lineman).spp == 0


def test_at_most_six_advancements(team, editor):
    lineman = give_spp(team, get_player(team, "lineman"), 3 + 4 + 6 + 8 + 10 + 15 + 15)
    for second in range(1, 7):
        advancement.take_random_skill(
            team=team, editor=editor, player=lineman, kind="random_primary", category="G", faces=[4, second]
        )
    assert advancement.next_cost(lineman, "random_primary") is None
    with pytest.raises(ValidationError, match="at most six advancements"):
        advancement.take_random_skill(
            team=team, editor=editor, player=lineman, kind="random_primary", category="G", faces=[1, 1]
        )


def test_characteristic_rolled_by_seeded_dice_then_chosen(team, editor):
    lineman = give_spp(team, get_player(team, "lineman"), 18)
    expected = Dice(random.Random(3)).roll("D16", purpose="characteristic_improvement")
    roll = advancement.roll_characteristic(
        team=team, editor=editor, player=lineman, dice=Dice(random.Random(3))
    )
    assert roll == expected
    lineman = _fresh(lineman)
    assert lineman.pending_advancement == {"kind": "characteristic", "roll": roll.as_dict()}
    assert lineman.spp == 18  # nothing is spent until the coach chooses
    choices = advancement.characteristic_choices(lineman)
    assert choices == formulas.characteristic_choices(
        roll.total, formulas.Characteristics(**lineman.profile()), edition=get_edition("bb2020")
    )
    advancement.choose_characteristic(team=team, editor=editor, player=lineman, characteristic=choices[0])
    lineman = _fresh(lineman)
    assert lineman.pending_advancement is None
    assert lineman.advancements[0]["kind"] == choices[0]
    assert lineman.spp == 0


def test_characteristic_entered_sixteen_allows_strength(team, editor):
    lineman = give_spp(team, get_player(team, "lineman"), 18)
    advancement.roll_characteristic(team=team, editor=editor, player=lineman, faces=[16])
    lineman = _fresh(lineman)
    assert advancement.characteristic_choices(lineman) == ["ma", "st", "ag", "pa", "av"]
    advancement.choose_characteristic(team=team, editor=editor, player=lineman, characteristic="st")
    lineman = _fresh(lineman)
    assert (lineman.st, lineman.value) == (4, 130_000)
    assert team.ledger.first().details["roll"]["source"] == "entered"


@pytest.mark.parametrize(
    ("characteristic", "field", "before", "after"), [("ag", "ag", 3, 2), ("pa", "pa", 4, 3)]
)
def test_target_number_improvements_lower_the_number(team, editor, characteristic, field, before, after):
    lineman = give_spp(team, get_player(team, "lineman"), 18)
    advancement.roll_characteristic(team=team, editor=editor, player=lineman, faces=[14])
    lineman = _fresh(lineman)
    assert getattr(lineman, field) == before
    advancement.choose_characteristic(team=team, editor=editor, player=lineman, characteristic=characteristic)
    assert getattr(_fresh(lineman), field) == after


def test_characteristic_refuses_what_the_roll_does_not_allow(team, editor):
    lineman = give_spp(team, get_player(team, "lineman"), 18)
    advancement.roll_characteristic(team=team, editor=editor, player=lineman, faces=[1])
    lineman = _fresh(lineman)
    with pytest.raises(ValidationError, match="This roll does not allow that characteristic."):
        advancement.choose_characteristic(team=team, editor=editor, player=lineman, characteristic="st")


def test_a_skill_instead_of_a_characteristic_costs_the_characteristic_spp(team, editor):
    lineman = give_spp(team, get_player(team, "lineman"), 18)
    advancement.roll_characteristic(team=team, editor=editor, player=lineman, faces=[5])
    lineman = _fresh(lineman)
    advancement.choose_characteristic(team=team, editor=editor, player=lineman, skill_id="guard")
    lineman = _fresh(lineman)
    assert lineman.pending_advancement is None
    assert lineman.advancements[0]["kind"] == "chosen_secondary"
    assert lineman.advancements[0]["via"] == "characteristic"
    assert (lineman.spp, lineman.value) == (0, 90_000)


def test_a_roll_that_allows_no_characteristic_leaves_only_a_skill(team, editor):
    """MA and AV at their bounds: a D16 of 1 (MA or AV) allows neither."""
    lineman = give_spp(team, get_player(team, "lineman"), 18)
    lineman.ma, lineman.av = 9, 11
    lineman.save()
    advancement.roll_characteristic(team=team, editor=editor, player=lineman, faces=[1])
    lineman = _fresh(lineman)
    assert advancement.characteristic_choices(lineman) == []
    with pytest.raises(ValidationError, match="This roll does not allow that characteristic."):
        advancement.choose_characteristic(team=team, editor=editor, player=lineman, characteristic="ma")
    advancement.choose_characteristic(team=team, editor=editor, player=lineman, skill_id="block")
    assert _fresh(lineman).advancements[0] == {
        "kind": "chosen_primary",
        "skill": "block",
        "spp": 18,
        "via": "characteristic",
        "roll": {
            "dice": "D16",
            "faces": [1],
            "total": 1,
            "purpose": "characteristic_improvement",
            "source": "entered",
        },
    }


def test_a_pending_roll_blocks_other_advancements(team, editor):
    lineman = give_spp(team, get_player(team, "lineman"), 30)
    advancement.roll_characteristic(team=team, editor=editor, player=lineman, faces=[1])
    lineman = _fresh(lineman)
    with pytest.raises(ValidationError, match="Finish the characteristic improvement"):
        advancement.take_chosen_skill(
            team=team, editor=editor, player=lineman, kind="chosen_primary", skill_id="block"
        )


def test_entered_d16_must_be_a_face_of_a_d16(team, editor):
    lineman = give_spp(team, get_player(team, "lineman"), 18)
    with pytest.raises(ValidationError, match="Enter one die from 1 to 16."):
        advancement.roll_characteristic(team=team, editor=editor, player=lineman, faces=[17])


def test_only_active_permanent_players_advance(team, editor):
    lineman = give_spp(team, get_player(team, "lineman"), 18)
    lineman.status = Player.Status.TEMPORARILY_RETIRED
    with pytest.raises(ValidationError, match="Only an active, permanently hired player can advance."):
        advancement.roll_characteristic(team=team, editor=editor, player=lineman, faces=[3])


def test_advancement_by_a_commissioner_is_recorded_as_such(team, coach):
    lineman = give_spp(team, get_player(team, "lineman"), 3)
    commissioner = Editor(coach, as_commissioner=True)
    advancement.take_random_skill(
        team=team, editor=commissioner, player=lineman, kind="random_primary", category="G", faces=[2, 2]
    )
    assert team.ledger.first().as_commissioner
