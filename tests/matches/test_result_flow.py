"""A league match's result finishes itself: once the opponent (or a commissioner) confirms it, the
post-match sequence is applied to both rosters, exactly once, in the confirming transaction; reopening
the result undoes it; a score entered without a recorded match only counts. And who may do what."""

from datetime import timedelta

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from league.models import Result
from league.services import results
from matches.models import Match
from matches.services import league as league_link
from matches.services import postmatch
from rosters.models import LedgerEntry
from tests.factories import UserFactory
from tests.matches.test_league_match import _play_to_post_match, fixture  # noqa: F401 (a pytest fixture)

pytestmark = pytest.mark.django_db


@pytest.fixture
def submitted(fixture, home_coach):  # noqa: F811
    """The fixture's match, played to its post-match rolls and submitted to the league by home."""
    match = league_link.create_league_match(fixture=fixture, created_by=home_coach)
    match = _play_to_post_match(match, home_coach)
    league_link.submit_to_league(match, user=home_coach)
    match.refresh_from_db()
    return match


@pytest.fixture
def commissioner(fixture):  # noqa: F811
    return fixture.season.league.commissioners.get()


def _result(match):
    return Result.objects.get(fixture_id=match.fixture_id)


def _ledger(match):
    """The "match" ledger entries of both teams."""
    return LedgerEntry.objects.filter(
        team__in=[match.home_team_id, match.away_team_id], kind=LedgerEntry.Kind.MATCH
    ).count()


def _treasuries(match):
    match.home_team.refresh_from_db()
    match.away_team.refresh_from_db()
    return match.home_team.treasury, match.away_team.treasury


# The services.


def test_confirm_result_when_its_match_was_submitted_applies_it_to_both_rosters(submitted, away_coach):
    before = _treasuries(submitted)
    results.confirm_result(result=_result(submitted), by=away_coach)
    submitted.refresh_from_db()
    assert submitted.status == Match.Status.APPLIED
    assert _ledger(submitted) == 2
    assert (
        _treasuries(submitted)
        == (
            submitted.outcome["home"]["treasury"],
            submitted.outcome["away"]["treasury"],
        )
        != before
    )


def test_confirm_result_twice_applies_once(submitted, away_coach):
    results.confirm_result(result=_result(submitted), by=away_coach)
    after = _treasuries(submitted)
    with pytest.raises(ValidationError, match="already confirmed"):
        results.confirm_result(result=_result(submitted), by=away_coach)
    assert _ledger(submitted) == 2
    assert _treasuries(submitted) == after


def test_decide_result_when_submitted_applies_the_match_and_again_applies_nothing_more(
    submitted, commissioner
):
    results.decide_result(result=_result(submitted), by=commissioner)
    submitted.refresh_from_db()
    assert (submitted.status, submitted.applied_by) == (Match.Status.APPLIED, commissioner)
    after = _treasuries(submitted)
    # A commissioner sets another score on the confirmed result: it counts anew, the rosters stay.
    results.record_result_as_commissioner(
        fixture=submitted.fixture, by=commissioner, home_score=1, away_score=0
    )
    assert _ledger(submitted) == 2
    assert _treasuries(submitted) == after


def test_reopen_result_when_applied_restores_both_rosters_until_confirmed_again(
    submitted, away_coach, commissioner
):
    before = _treasuries(submitted)
    results.confirm_result(result=_result(submitted), by=away_coach)
    applied = _treasuries(submitted)

    results.reopen_result(result=_result(submitted), by=commissioner, reason="Wrong casualties")
    submitted.refresh_from_db()
    assert (submitted.status, _result(submitted).status) == (Match.Status.SUBMITTED, Result.Status.SUBMITTED)
    assert (_ledger(submitted), _treasuries(submitted)) == (0, before)

    results.confirm_result(result=_result(submitted), by=away_coach)
    submitted.refresh_from_db()
    assert (submitted.status, _ledger(submitted), _treasuries(submitted)) == (
        Match.Status.APPLIED,
        2,
        applied,
    )


def test_reopen_result_when_a_later_match_depends_on_it_keeps_it_applied_once(
    submitted, away_coach, commissioner, home_coach
):
    results.confirm_result(result=_result(submitted), by=away_coach)
    submitted.refresh_from_db()
    Match.objects.create(
        home_team=submitted.home_team,
        away_team=submitted.away_team,
        created_by=home_coach,
        status=Match.Status.APPLIED,
        applied_at=submitted.applied_at + timedelta(days=7),
    )
    applied = _treasuries(submitted)

    results.reopen_result(result=_result(submitted), by=commissioner)
    submitted.refresh_from_db()
    assert (submitted.status, _result(submitted).status) == (Match.Status.APPLIED, Result.Status.SUBMITTED)
    results.confirm_result(result=_result(submitted), by=away_coach)
    assert (_ledger(submitted), _treasuries(submitted)) == (2, applied)


def test_confirm_result_when_no_match_was_recorded_changes_no_roster(fixture, home_coach, away_coach):  # noqa: F811
    treasuries = (fixture.home.team.treasury, fixture.away.team.treasury)
    result = results.submit_result(fixture=fixture, submitted_by=home_coach, home_score=1, away_score=1)
    results.confirm_result(result=result, by=away_coach)
    assert Result.objects.get(fixture=fixture).status == Result.Status.CONFIRMED
    assert not LedgerEntry.objects.filter(kind=LedgerEntry.Kind.MATCH).exists()
    fixture.home.team.refresh_from_db()
    fixture.away.team.refresh_from_db()
    assert (fixture.home.team.treasury, fixture.away.team.treasury) == treasuries


def test_confirm_result_when_its_match_is_still_at_the_table_leaves_the_match(
    fixture,  # noqa: F811
    home_coach,
    away_coach,
):
    match = league_link.create_league_match(fixture=fixture, created_by=home_coach)
    result = results.submit_result(fixture=fixture, submitted_by=home_coach, home_score=1, away_score=0)
    results.confirm_result(result=result, by=away_coach)
    match.refresh_from_db()
    assert match.status == Match.Status.PRE_MATCH
    assert _ledger(match) == 0


@pytest.mark.parametrize("who", ["submitter", "outsider", "commissioner"])
def test_confirm_result_when_not_the_opponent_is_refused_and_applies_nothing(
    submitted, home_coach, commissioner, who
):
    user = {"submitter": home_coach, "outsider": UserFactory(), "commissioner": commissioner}[who]
    with pytest.raises(PermissionDenied):
        results.confirm_result(result=_result(submitted), by=user)
    submitted.refresh_from_db()
    assert (submitted.status, _ledger(submitted)) == (Match.Status.SUBMITTED, 0)


def test_decide_and_reopen_when_not_a_commissioner_are_refused(submitted, away_coach):
    with pytest.raises(PermissionDenied):
        results.decide_result(result=_result(submitted), by=away_coach)
    results.confirm_result(result=_result(submitted), by=away_coach)
    with pytest.raises(PermissionDenied):
        results.reopen_result(result=_result(submitted), by=away_coach)
    assert _ledger(submitted) == 2


# The views.


@pytest.mark.parametrize(
    ("who", "status", "applied"),
    [
        ("anonymous", 302, False),
        ("outsider", 403, False),
        ("submitter", 403, False),
        ("commissioner", 403, False),  # a commissioner decides (below), the opponent confirms
        ("opponent", 302, True),
    ],
)
def test_result_confirm_view_applies_only_for_the_opponent(
    client, submitted, home_coach, away_coach, commissioner, who, status, applied
):
    users = {"outsider": UserFactory(), "submitter": home_coach, "commissioner": commissioner}
    users["opponent"] = away_coach
    if who != "anonymous":
        client.force_login(users[who])
    response = client.post(reverse("league:result_confirm", args=[submitted.fixture_id]))
    assert response.status_code == status
    if who == "anonymous":
        assert response.url.startswith(reverse("accounts:login"))
    submitted.refresh_from_db()
    assert (submitted.status == Match.Status.APPLIED) is applied
    assert _ledger(submitted) == (2 if applied else 0)


def test_result_decide_view_by_a_commissioner_applies_the_match(client, submitted, commissioner):
    client.force_login(commissioner)
    response = client.post(
        reverse("league:result_decide", args=[submitted.fixture_id]), {"action": "confirm"}, follow=True
    )
    submitted.refresh_from_db()
    assert (submitted.status, _ledger(submitted)) == (Match.Status.APPLIED, 2)
    assert 'data-stage="applied"' in response.content.decode()


def test_match_page_when_submitted_asks_the_opponent_to_confirm_right_there(
    client, submitted, home_coach, away_coach, commissioner
):
    page = reverse("matches:detail", args=[submitted.pk])
    client.force_login(home_coach)
    content = client.get(page).content.decode()
    assert "Waiting for Away Coach (Bashers) to confirm the result." in content
    assert "Confirm the result" not in content
    client.force_login(commissioner)
    content = client.get(page).content.decode()
    assert "As a commissioner, you may confirm it on the fixture page." in content
    client.force_login(away_coach)
    content = client.get(page).content.decode()
    assert "The result waits for you" in content
    assert f'<input type="hidden" name="next" value="{page}">' in content

    response = client.post(
        reverse("league:result_confirm", args=[submitted.fixture_id]), {"next": page}, follow=True
    )
    assert response.redirect_chain[-1][0] == page
    content = response.content.decode()
    assert "The result is confirmed and the match is applied to both teams." in content
    assert 'data-stage="applied"' in content


@pytest.mark.parametrize("target", ["https://evil.example/", "69002", "home", "javascript:alert(1)"])
def test_result_confirm_view_when_next_is_not_a_path_of_the_site_goes_back_to_the_fixture(
    client, submitted, away_coach, target
):
    client.force_login(away_coach)
    response = client.post(reverse("league:result_confirm", args=[submitted.fixture_id]), {"next": target})
    assert response.url == reverse("league:fixture", args=[submitted.fixture_id])


def test_match_page_when_undone_after_confirmation_offers_to_apply_it_again(
    client, submitted, away_coach, commissioner
):
    results.confirm_result(result=_result(submitted), by=away_coach)
    postmatch.undo_apply(submitted, user=commissioner)
    client.force_login(commissioner)
    content = client.get(reverse("matches:detail", args=[submitted.pk])).content.decode()
    assert 'data-stage="confirmed"' in content
    assert "Apply to both teams" in content
    client.post(reverse("matches:postmatch_apply", args=[submitted.pk]))
    submitted.refresh_from_db()
    assert (submitted.status, _ledger(submitted)) == (Match.Status.APPLIED, 2)


def test_match_page_when_submitted_shows_the_opponent_what_confirming_applies(client, submitted, away_coach):
    """The coach asked to check a result sees more than its score: the SPP, MVP and treasury change that
    confirming applies to both teams (issue #26)."""
    client.force_login(away_coach)
    content = client.get(reverse("matches:detail", args=[submitted.pk])).content.decode()
    assert "What the match does to both teams" in content
    for side in ("home", "away"):
        assert f'data-testid="mvp-{side}"' in content
        assert f'data-testid="spp-{side}"' in content
    assert "Apply to both teams" not in content


def test_home_page_when_waiting_for_the_viewer_offers_the_confirm_button(client, submitted, away_coach):
    client.force_login(away_coach)
    content = client.get(reverse("home")).content.decode()
    assert "Confirm Reavers – Bashers: 2–0" in content
    response = client.post(
        reverse("league:result_confirm", args=[submitted.fixture_id]), {"next": reverse("home")}
    )
    assert response.url == reverse("home")
    submitted.refresh_from_db()
    assert submitted.status == Match.Status.APPLIED
    assert 'data-stage="applied"' in client.get(reverse("home")).content.decode()
