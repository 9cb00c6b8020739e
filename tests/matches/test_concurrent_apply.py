"""Two simultaneous applies of the same match on PostgreSQL: exactly one wins."""

import random
import threading

import pytest
from django.core.exceptions import ValidationError
from django.db import connection

from matches.services import drives, postmatch, prematch
from rosters.models import LedgerEntry
from rulebook.dice import Dice
from tests.matches.prayers import name_prayer_targets

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
