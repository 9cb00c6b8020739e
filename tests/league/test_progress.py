"""Where a fixture's result stands for whoever looks at it (league.services.progress), stage by stage,
and what the fixture page shows and offers for each."""

import pytest
from django.urls import reverse

from league.hooks import RecordedMatch
from league.models import Fixture, Result
from league.services.progress import Stage, fixture_progress
from tests.factories import UserFactory
from tests.league.factories import make_fixture, play

pytestmark = pytest.mark.django_db

RECORDING = RecordedMatch(pk=7, recording=True, applied=False)
SENT = RecordedMatch(pk=7, recording=False, applied=False)
APPLIED = RecordedMatch(pk=7, recording=False, applied=True)


def _loaded(fixture):
    return Fixture.objects.with_related().get(pk=fixture.pk)


@pytest.fixture
def fixture(season, home, away):
    return make_fixture(season, home, away)


def _submitted(season, home, away, *, by, status=Result.Status.SUBMITTED):
    fixture = play(season, home, away, 2, 1, status=status)
    Result.objects.filter(fixture=fixture).update(submitted_by=by)
    return _loaded(fixture)


@pytest.mark.parametrize(
    ("match", "stage"), [(None, Stage.TO_PLAY), (RECORDING, Stage.RECORDING)], ids=["no match", "recording"]
)
def test_progress_when_no_result_is_to_play_or_recording(fixture, coach, match, stage):
    progress = fixture_progress(_loaded(fixture), user=coach, match=match)
    assert (progress.stage, progress.viewer_side, progress.viewer_confirms) == (stage, "home", False)
    assert not progress.done


def test_progress_when_submitted_waits_for_the_opponent_and_asks_them_only(
    season, home, away, coach, opponent, commissioner
):
    fixture = _submitted(season, home, away, by=coach)
    mine = fixture_progress(fixture, user=coach, match=SENT)
    theirs = fixture_progress(fixture, user=opponent, match=SENT)
    commissioners = fixture_progress(fixture, user=commissioner, match=SENT, commissions=True)
    assert mine.stage == theirs.stage == commissioners.stage == Stage.WAITING
    assert mine.waiting_names == ["Away Coach (Gouged Eye)"]
    assert (mine.viewer_submitted, mine.viewer_confirms) == (True, False)
    assert (theirs.viewer_submitted, theirs.viewer_confirms) == (False, True)
    assert (commissioners.viewer_confirms, commissioners.viewer_commissions) == (False, True)


def test_progress_when_submitted_by_a_commissioner_waits_for_either_coach(
    season, home, away, coach, opponent, commissioner
):
    fixture = _submitted(season, home, away, by=commissioner)
    progress = fixture_progress(fixture, user=opponent, match=None)
    assert progress.waiting_names == ["Home Coach (Reikland Reavers)", "Away Coach (Gouged Eye)"]
    assert progress.viewer_confirms
    assert fixture_progress(fixture, user=coach, match=None).viewer_confirms


def test_progress_when_disputed_waits_for_a_commissioner_but_the_opponent_may_still_confirm(
    season, home, away, coach, opponent
):
    fixture = _submitted(season, home, away, by=coach, status=Result.Status.DISPUTED)
    progress = fixture_progress(fixture, user=opponent, match=SENT)
    assert (progress.stage, progress.waiting_for, progress.viewer_confirms) == (Stage.DISPUTED, [], True)


@pytest.mark.parametrize(
    ("match", "stage", "done", "to_apply"),
    [
        (None, Stage.CONFIRMED, True, False),
        (SENT, Stage.CONFIRMED, False, True),
        (APPLIED, Stage.APPLIED, True, False),
    ],
    ids=["score only", "match undone", "match applied"],
)
def test_progress_when_confirmed_is_done_once_its_match_is_applied(
    season, home, away, coach, opponent, match, stage, done, to_apply
):
    fixture = _loaded(play(season, home, away, 1, 0))
    progress = fixture_progress(fixture, user=opponent, match=match)
    assert (progress.stage, progress.done, progress.to_apply, progress.viewer_confirms) == (
        stage,
        done,
        to_apply,
        False,
    )


# The fixture page.


def _page(client, user, fixture):
    if user:
        client.force_login(user)
    return client.get(reverse("league:fixture", args=[fixture.pk])).content.decode()


def test_fixture_page_when_waiting_names_who_confirms_and_gives_them_the_button(
    client, season, home, away, coach, opponent
):
    fixture = _submitted(season, home, away, by=coach)
    submitter = _page(client, coach, fixture)
    assert "Waiting for Away Coach (Gouged Eye) to confirm the result." in submitter
    assert "Confirm the result" not in submitter
    opponents = _page(client, opponent, fixture)
    assert "The result waits for you" in opponents
    assert opponents.count("Confirm the result") == 1
    assert "Dispute the result" in opponents
    visitor = _page(client, UserFactory(username="reader"), fixture)
    assert "Waiting for Away Coach (Gouged Eye) to confirm the result." in visitor
    assert "Confirm the result" not in visitor


def test_fixture_page_when_to_play_offers_its_coaches_to_play_it(client, fixture, coach):
    content = _page(client, coach, fixture)
    assert 'data-stage="to_play"' in content
    assert "Play this match with Dugout" in content


def test_fixture_page_when_confirmed_without_a_match_says_it_counts(client, season, home, away, coach):
    fixture = play(season, home, away, 1, 0)
    content = _page(client, coach, fixture)
    assert 'data-stage="confirmed"' in content
    assert "It counts in the standings." in content
