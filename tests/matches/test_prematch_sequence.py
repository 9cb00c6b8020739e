"""The pre-match sequence as a newcomer meets it (issue #26): a journeymen step with nothing to choose is
done by the step before it, and the kicking team is chosen by the winner of the toss, not by the die.

The teams are those of tests/matches/conftest.py: the Reavers (home, 13 players) and the Bashers (away,
11 players), BB2020."""

import pytest
from django.core.exceptions import ValidationError

from matches.models import Match
from matches.services import prematch
from rosters.models import Player
from tests.matches.conftest import NoDice, to_inducements
from tests.matches.prayers import name_prayer_targets
from tests.matches.test_lasting_effects import NEUTRAL_PRAYERS

pytestmark = pytest.mark.django_db


def _to_weather(match, user):
    prematch.roll_fans(match, dice=NoDice(), user=user, faces={"home": [2], "away": [3]})


def _miss_next_game(team, count):
    linemen = list(team.players.filter(position="lineman").values_list("pk", flat=True)[:count])
    Player.objects.filter(pk__in=linemen).update(miss_next_game=True)


# --- journeymen ----------------------------------------------------------------------------------------


def test_weather_when_neither_team_needs_journeymen_also_does_the_journeymen_step(
    match, home_coach, home_team, away_team
):
    _to_weather(match, home_coach)
    prematch.roll_weather(match, dice=NoDice(), user=home_coach, faces=[3, 4])

    match.refresh_from_db()
    assert match.journeymen_done
    assert prematch.next_step(match) == "inducements"
    assert (match.home_journeymen, match.away_journeymen) == ([], [])
    assert (match.home_ctv, match.away_ctv) == (home_team.current_team_value, away_team.current_team_value)


def test_weather_when_a_team_needs_journeymen_leaves_the_step_to_the_coach(match, home_coach, away_team):
    _miss_next_game(away_team, 2)
    _to_weather(match, home_coach)
    prematch.roll_weather(match, dice=NoDice(), user=home_coach, faces=[3, 4])

    match.refresh_from_db()
    assert not match.journeymen_done
    assert prematch.next_step(match) == "journeymen"
    prematch.take_journeymen(match, user=home_coach)
    assert len(match.plain_journeymen("away")) == 2


def test_take_journeymen_when_the_step_was_done_at_once_changes_nothing(match, home_coach):
    to_inducements(match, home_coach)  # weather, then take_journeymen as callers did before
    match.refresh_from_db()

    prematch.take_journeymen(match, user=home_coach)

    match.refresh_from_db()
    assert prematch.next_step(match) == "inducements"
    assert (match.home_journeymen, match.away_journeymen) == ([], [])


def test_take_journeymen_when_some_were_taken_is_still_refused_a_second_time(match, home_coach, away_team):
    _miss_next_game(away_team, 1)
    to_inducements(match, home_coach)
    match.refresh_from_db()

    with pytest.raises(ValidationError, match="not the current one"):
        prematch.take_journeymen(match, user=home_coach)
    assert len(match.plain_journeymen("away")) == 1


# --- the toss and the kicking team ---------------------------------------------------------------------


@pytest.fixture
def at_kicking(match, home_coach):
    to_inducements(match, home_coach)
    for side in ("home", "away"):
        prematch.buy_inducements(match, side=side, counts={}, user=home_coach)
    count = prematch.prayers_side(match)[1]
    prematch.roll_prayers(match, dice=NoDice(), user=home_coach, faces=NEUTRAL_PRAYERS[:count] or None)
    name_prayer_targets(match, home_coach)
    match.refresh_from_db()
    assert prematch.next_step(match) == "kicking"
    return match


def test_toss_when_the_die_is_typed_names_the_winner_and_leaves_the_choice_to_them(at_kicking, home_coach):
    winner = prematch.toss(at_kicking, user=home_coach, dice=NoDice(), faces=[5])

    at_kicking.refresh_from_db()
    assert (winner, at_kicking.toss_winner, at_kicking.kicking) == ("away", "away", "")
    assert at_kicking.status == Match.Status.PRE_MATCH
    assert at_kicking.dice_log.get(purpose="coin_toss").roll["faces"] == [5]


@pytest.mark.parametrize(("choice", "kicking"), [("kick", "away"), ("receive", "home")])
def test_kick_or_receive_when_the_winner_chooses_sets_the_kicking_team(
    at_kicking, home_coach, choice, kicking
):
    prematch.toss(at_kicking, user=home_coach, winner="away")
    prematch.kick_or_receive(at_kicking, user=home_coach, choice=choice)

    at_kicking.refresh_from_db()
    assert at_kicking.kicking == kicking
    assert at_kicking.status == Match.Status.IN_PROGRESS
    assert not at_kicking.dice_log.filter(purpose="coin_toss").exists()  # won at the table: no die


def test_kick_or_receive_before_the_toss_is_refused(at_kicking, home_coach):
    with pytest.raises(ValidationError, match="Toss first"):
        prematch.kick_or_receive(at_kicking, user=home_coach, choice="kick")
    at_kicking.refresh_from_db()
    assert at_kicking.kicking == ""


def test_toss_when_already_won_is_refused(at_kicking, home_coach):
    prematch.toss(at_kicking, user=home_coach, winner="home")
    with pytest.raises(ValidationError, match="already won"):
        prematch.toss(at_kicking, user=home_coach, dice=NoDice(), faces=[6])
    at_kicking.refresh_from_db()
    assert at_kicking.toss_winner == "home"
