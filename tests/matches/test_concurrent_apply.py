"""Two simultaneous applies of the same match on PostgreSQL: exactly one wins; and two simultaneous
confirmations of a league match's result (which apply it) change the rosters once."""

import random
import threading

import pytest
from django.core.exceptions import ValidationError
from django.db import connection

from league.models import Result, SeasonEntry
from league.services import results
from matches.models import Match
from matches.services import drives, postmatch, prematch
from matches.services import league as league_link
from rosters.models import LedgerEntry
from rulebook.dice import Dice
from tests.concurrency import at_once
from tests.factories import UserFactory
from tests.league.factories import make_fixture, make_league, make_season
from tests.matches.prayers import name_prayer_targets
from tests.matches.test_league_match import _play_to_post_match

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_apply_when_two_requests_arrive_together_applies_once(match, home_coach, home_team):
    assert connection.vendor == "postgresql"
    dice = Dice(random.Random(11))
    prematch.roll_fans(match, dice=dice, user=home_coach)
    prematch.roll_weather(match, dice=dice, user=home_coach)
    prematch.take_journeymen(match, user=home_coach)
    prematch.buy_inducements(match, side="home", counts={}, user=home_coach)
    prematch.buy_inducements(match, side="away", counts={}, user=home_coach)
    prematch.roll_prayers(match, dice=dice, user=home_coach)
    name_prayer_targets(match, home_coach)
    prematch.choose_kicking(match, user=home_coach, side="home")
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    drives.concede(match, side="away", user=home_coach)
    postmatch.roll_postmatch(match, dice=dice, user=home_coach)
    treasury_before = home_team.treasury
    barrier = threading.Barrier(2)
    outcomes = []

    def submit():
        try:
            barrier.wait()
            postmatch.apply_postmatch(match, user=home_coach)
            outcomes.append("applied")
        except ValidationError:
            outcomes.append("refused")
        finally:
            connection.close()

    threads = [threading.Thread(target=submit) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["applied", "refused"]
    assert LedgerEntry.objects.filter(team=home_team, kind="match").count() == 1
    home_team.refresh_from_db()
    match.refresh_from_db()
    assert home_team.treasury == match.outcome["home"]["treasury"] != treasury_before


@pytest.fixture
def submitted(home_team, away_team, home_coach, away_coach):
    """A league match played to its post-match rolls and submitted by the home coach."""

    league = make_league(commissioner=UserFactory(username="commish"))
    season, _entries = make_season(league)
    home = SeasonEntry.objects.create(season=season, team=home_team, coach=home_coach, status="accepted")
    away = SeasonEntry.objects.create(season=season, team=away_team, coach=away_coach, status="accepted")
    fixture = make_fixture(season, home, away)
    match = _play_to_post_match(
        league_link.create_league_match(fixture=fixture, created_by=home_coach), home_coach
    )
    league_link.submit_to_league(match, user=home_coach)
    return match


@pytest.mark.parametrize("second", ["opponent", "commissioner"])
def test_confirm_result_when_two_confirmations_arrive_together_changes_the_rosters_once(
    submitted, away_coach, home_team, away_team, second
):
    """The opponent confirms twice at once (a double tap on two devices), or while a commissioner
    decides: the result counts once and the match changes both rosters once."""
    assert connection.vendor == "postgresql"
    commissioner = submitted.fixture.season.league.commissioners.get()
    treasuries = (home_team.treasury, away_team.treasury)

    def confirm():
        return results.confirm_result(result=Result.objects.get(fixture=submitted.fixture), by=away_coach)

    def decide():
        return results.decide_result(result=Result.objects.get(fixture=submitted.fixture), by=commissioner)

    outcomes = at_once(confirm, confirm if second == "opponent" else decide)

    # Two opponents: the second waits for the row and is told it is confirmed. The opponent and a
    # commissioner: whichever comes second either is told so (the opponent) or confirms anew (the
    # commissioner, who may); either way the match is applied by the first only.
    errors = [outcome for outcome in outcomes if isinstance(outcome, Exception)]
    assert [error.messages for error in errors] in ([["This result is already confirmed."]], []), outcomes
    assert len(errors) == 1 or second == "commissioner", outcomes
    submitted.refresh_from_db()
    assert submitted.status == Match.Status.APPLIED
    assert Result.objects.get(fixture=submitted.fixture).status == Result.Status.CONFIRMED
    for team, side in ((home_team, "home"), (away_team, "away")):
        assert LedgerEntry.objects.filter(team=team, kind="match").count() == 1
        team.refresh_from_db()
        assert team.treasury == submitted.outcome[side]["treasury"]
    assert (home_team.treasury, away_team.treasury) != treasuries
