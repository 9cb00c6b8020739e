"""Two simultaneous acceptances of one correction, and two corrections of one match accepted at the same
moment, on PostgreSQL: the rosters change once."""

import pytest
from django.core.exceptions import ValidationError
from django.db import connection

from matches.models import Correction
from matches.services import corrections
from rosters.models import LedgerEntry
from tests.concurrency import at_once
from tests.matches.corrections_league import fixtures_in_order, make_league, play, seeded_dice

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def _played_match():
    _league, season, _teams, commissioner = make_league(3)
    match = play(fixtures_in_order(season)[0], seeded_dice(3), touchdowns=[("home", 5)])
    return match, commissioner


def _propose(match, by, score):
    return corrections.propose_correction(
        match=match, by=by, edits=[{"type": "score", "side": "away", "new": score}], reason="Miscounted"
    )


def test_one_correction_accepted_twice_at_once_applies_once():
    assert connection.vendor == "postgresql"
    match, commissioner = _played_match()
    correction = _propose(match, commissioner, 1)
    outcomes = at_once(*[lambda: corrections.apply_correction(correction=correction, by=commissioner)] * 2)
    assert sum(isinstance(outcome, ValidationError) for outcome in outcomes) == 1
    assert LedgerEntry.objects.filter(kind=LedgerEntry.Kind.CORRECTION).count() == 2  # one per team
    assert Correction.objects.get(pk=correction.pk).status == Correction.Status.APPLIED


def test_two_corrections_of_one_match_at_once_apply_one():
    match, commissioner = _played_match()
    first, second = _propose(match, commissioner, 1), _propose(match, commissioner, 2)
    outcomes = at_once(
        lambda: corrections.apply_correction(correction=first, by=commissioner),
        lambda: corrections.apply_correction(correction=second, by=commissioner),
    )
    refused = [outcome for outcome in outcomes if isinstance(outcome, ValidationError)]
    assert len(refused) == 1
    assert "changed since this correction was proposed" in str(refused[0])
    assert LedgerEntry.objects.filter(kind=LedgerEntry.Kind.CORRECTION).count() == 2
