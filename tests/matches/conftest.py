import pytest

from matches.services import prematch
from rosters import services as rosters
from tests.factories import UserFactory


def make_team(coach, *, name, roster="human", linemen=11, extras=(), rerolls=0, apothecary=False):
    """A ready team of `linemen` linemen plus `extras` positions, built through the roster services."""
    team = rosters.create_team(coach=coach, roster=roster, name=name, edition="bb2020")
    for index in range(linemen):
        rosters.hire_player(team=team, actor=coach, position="lineman", name=f"{name} L{index + 1}")
    for position in extras:
        rosters.hire_player(team=team, actor=coach, position=position, name=f"{name} {position}")
    for _ in range(rerolls):
        rosters.buy_reroll(team=team, actor=coach)
    if apothecary:
        rosters.change_staff(team=team, actor=coach, staff="apothecary", delta=1)
    rosters.mark_ready(team=team, actor=coach)
    team.refresh_from_db()
    return team


@pytest.fixture
def home_coach(db):
    return UserFactory(username="home", display_name="Home Coach")


@pytest.fixture
def away_coach(db):
    return UserFactory(username="away", display_name="Away Coach")


@pytest.fixture
def home_team(home_coach):
    return make_team(home_coach, name="Reavers", extras=("thrower", "catcher"), rerolls=2, apothecary=True)


@pytest.fixture
def away_team(away_coach):
    return make_team(away_coach, name="Bashers", linemen=11)


@pytest.fixture
def match(home_team, away_team, home_coach):
    return prematch.create_match(home_team=home_team, away_team=away_team, created_by=home_coach)


class NoDice:
    """Dice for tests that enter every roll: Dugout must not roll."""

    def roll(self, notation, *, purpose):
        raise AssertionError(f"Dugout rolled {notation} for {purpose} although the dice were entered")


# The Dukedom a Jolly Jouster Cup match plays in unless a test says: Couronne (2), whose Rush modifier
# is played on the pitch, changes nothing Dugout keeps.
QUIET_DUKEDOM = 2


def roll_dukedom_if_played(match, user, *, face=QUIET_DUKEDOM):
    """The Jolly Jouster Cup's Dukedom, the first step of a match played with it, with an entered die."""
    if prematch.next_step(match) == "dukedom":
        prematch.roll_dukedom(match, dice=NoDice(), user=user, faces=[face])


def to_inducements(match, user):
    """The pre-match sequence with entered dice up to the inducements step (home is the favourite)."""
    dice = NoDice()
    roll_dukedom_if_played(match, user)
    prematch.roll_fans(match, dice=dice, user=user, faces={"home": [2], "away": [3]})
    prematch.roll_weather(match, dice=dice, user=user, faces=[3, 4])
    prematch.take_journeymen(match, user=user)
