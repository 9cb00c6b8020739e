"""Dice: rolled from a seeded source in tests, or entered by a coach from real dice."""

import random

import pytest

from rulebook.dice import ENTERED, ROLLED, Dice, DiceError, DiceSpec, Roll, entered, roll_or_enter


def test_a_seeded_source_rolls_the_same_faces_again():
    first = [Dice(random.Random(42)).roll("2D6", purpose="kickoff") for _ in range(3)]
    again = [Dice(random.Random(42)).roll("2D6", purpose="kickoff") for _ in range(3)]
    assert first == again
    many = Dice(random.Random(42))
    faces = [many.roll("D6", purpose="test").faces[0] for _ in range(600)]
    assert set(faces) == {1, 2, 3, 4, 5, 6}


def test_a_roll_records_dice_faces_total_purpose_and_source():
    roll = Dice(random.Random(3)).roll("2D6", purpose="weather")
    assert (roll.dice, roll.purpose, roll.source) == ("2D6", "weather", ROLLED)
    assert len(roll.faces) == 2
    assert all(1 <= face <= 6 for face in roll.faces)
    assert roll.total == sum(roll.faces)


def test_a_modifier_is_added_to_the_total():
    dice = Dice(random.Random(5))
    for _ in range(50):
        roll = dice.roll("D3+3", purpose="solid_defence")
        assert roll.total == roll.faces[0] + 3
        assert 4 <= roll.total <= 6


@pytest.mark.parametrize(
    ("notation", "count", "kind", "modifier", "text"),
    [
        ("D6", 1, "D6", 0, "D6"),
        ("2D6", 2, "D6", 0, "2D6"),
        ("d16", 1, "D16", 0, "D16"),
        ("D3 + 3", 1, "D3", 3, "D3+3"),
        ("D8", 1, "D8", 0, "D8"),
        ("3BD", 3, "BD", 0, "3BD"),
        ("2D6-1", 2, "D6", -1, "2D6-1"),
    ],
)
def test_dice_notation_parsing(notation, count, kind, modifier, text):
    spec = DiceSpec.parse(notation)
    assert (spec.count, spec.kind, spec.modifier) == (count, kind, modifier)
    assert str(spec) == text


@pytest.mark.parametrize("notation", ["D7", "2D", "0D6", "D6+", "six", ""])
def test_unknown_dice_notation_is_refused(notation):
    with pytest.raises(DiceError):
        DiceSpec.parse(notation)


def test_entered_faces_are_validated_and_recorded_as_entered():
    roll = entered("2D6", ["3", 4], purpose="kickoff")
    assert roll == Roll("2D6", (3, 4), 7, "kickoff", ENTERED)
    with pytest.raises(DiceError, match="needs 2 dice"):
        entered("2D6", [3], purpose="kickoff")
    with pytest.raises(DiceError, match="not a face"):
        entered("2D6", [7, 1], purpose="kickoff")
    with pytest.raises(DiceError, match="not a face"):
        entered("D16", [0], purpose="casualty")
    assert entered("D16", [16], purpose="casualty").total == 16


def test_block_dice_have_faces_but_no_total():
    rolled = Dice(random.Random(9)).roll("3BD", purpose="block")
    assert rolled.total is None
    assert len(rolled.faces) == 3
    typed = entered("2BD", [1, 6], purpose="block")
    assert (typed.total, typed.faces, typed.source) == (None, (1, 6), ENTERED)


def test_roll_or_enter_prefers_the_coach_s_dice():
    dice = Dice(random.Random(1))
    assert roll_or_enter(dice, "D6", [5], purpose="ko").source == ENTERED
    assert roll_or_enter(dice, "D6", purpose="ko").source == ROLLED


def test_a_roll_survives_the_audit_log_round_trip():
    roll = Dice(random.Random(11)).roll("2D6", purpose="injury")
    record = roll.as_dict()
    assert record["faces"] == list(roll.faces)
    assert Roll.from_dict(record) == roll
