from datetime import date, timedelta

import pytest
from django.core import mail
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from league.models import Fixture, Invitation, League, Result, Season, SeasonEntry
from league.services import entries as entry_services
from league.services import leagues as league_services
from league.services import results as result_services
from league.services import scheduling
from league.standings.read import season_standings
from rosters.models import Team
from tests.factories import UserFactory
from tests.league.factories import make_entry, make_fixture, make_league, make_season, make_team

pytestmark = pytest.mark.django_db

BB2020 = {"game": "blood_bowl", "edition": "bb2020"}


def test_create_league_uses_rulebook_settings_and_makes_the_creator_commissioner(commissioner):
    league = league_services.create_league(**BB2020, name="Old World League", created_by=commissioner)
    assert league.slug == "old-world-league"
    assert league.is_commissioner(commissioner)
    assert (league.points_win, league.points_draw, league.points_loss) == (3, 1, 0)
    assert league.tiebreakers == ["touchdowns_scored", "casualties_inflicted", "coin_flip"]
    assert league.petty_cash_procedure == "2025"
    assert league_services.create_league(**BB2020, name="Old World League", created_by=commissioner).slug == (
        "old-world-league-2"
    )


def test_create_league_avoids_slugs_that_are_url_words(commissioner):
    assert league_services.create_league(**BB2020, name="New", created_by=commissioner).slug == "new-league"


def test_update_league_settings_refuses_unknown_tiebreakers_and_non_commissioners(
    league, commissioner, outsider
):
    with pytest.raises(ValidationError):
        league_services.update_league_settings(league=league, by=commissioner, tiebreakers=["dice_luck"])
    with pytest.raises(PermissionDenied):
        league_services.update_league_settings(league=league, by=outsider, points_win=2)
    league_services.update_league_settings(
        league=league, by=commissioner, tiebreakers=["head_to_head_points"], optional_rules=["sponsorship"]
    )
    league.refresh_from_db()
    assert (league.tiebreakers, league.optional_rules) == (["head_to_head_points"], ["sponsorship"])


def test_invitation_lets_a_coach_join_once_and_counts_uses(league, commissioner, coach):
    invitation = league_services.create_invitation(league=league, created_by=commissioner, max_uses=1)
    assert league_services.join_league(code=invitation.code, user=coach) == league
    assert league_services.join_league(code=invitation.code, user=coach) == league  # already a member
    invitation.refresh_from_db()
    assert invitation.uses == 1
    assert league.members.filter(pk=coach.pk).exists()
    with pytest.raises(ValidationError):
        league_services.join_league(code=invitation.code, user=UserFactory())


def test_expired_invitation_is_refused(league, commissioner, coach):
    invitation = Invitation.objects.create(
        league=league, created_by=commissioner, expires=timezone.now() - timedelta(minutes=1)
    )
    with pytest.raises(ValidationError):
        league_services.join_league(code=invitation.code, user=coach)


def test_register_team_needs_a_ready_team_of_the_coach_and_membership_in_a_private_league(
    commissioner, coach
):
    league = make_league(commissioner=commissioner, public=False)
    season = Season.objects.create(league=league, name="S1")
    team = make_team(coach=coach)
    with pytest.raises(PermissionDenied):
        entry_services.register_team(season=season, team=team, user=coach)
    league.members.add(coach)
    draft = make_team(coach=coach, status=Team.Status.DRAFT)
    with pytest.raises(ValidationError):
        entry_services.register_team(season=season, team=draft, user=coach)
    with pytest.raises(PermissionDenied):
        entry_services.register_team(season=season, team=team, user=commissioner)
    entry = entry_services.register_team(season=season, team=team, user=coach)
    assert (entry.status, entry.coach, entry.display_name) == ("pending", coach, team.name)
    with pytest.raises(ValidationError):
        entry_services.register_team(season=season, team=team, user=coach)
    entry_services.accept_entry(entry=entry, by=commissioner)
    entry.refresh_from_db()
    assert entry.status == "accepted"
    assert team.season_entries.get() == entry


def test_named_entries_for_games_without_rosters(commissioner, coach):
    league = make_league(commissioner=commissioner, game="rugby", edition="")
    season = Season.objects.create(league=league, name="S1")
    mine = entry_services.register_named_entry(season=season, name="Mud Larks", user=coach)
    added = entry_services.register_named_entry(season=season, name="Hookers", user=commissioner)
    assert (mine.status, mine.team, mine.display_name) == ("pending", None, "Mud Larks")
    assert added.status == "accepted"
    with pytest.raises(ValidationError):
        entry_services.register_named_entry(season=season, name="mud larks", user=coach)


def test_accept_entry_is_for_commissioners_only(season, coach):
    entry = make_entry(season, coach=coach, status=SeasonEntry.Status.PENDING)
    with pytest.raises(PermissionDenied):
        entry_services.accept_entry(entry=entry, by=coach)


def test_withdraw_entry_removes_its_unplayed_fixtures(season, home, away, coach):
    make_fixture(season, home, away)
    entry_services.withdraw_entry(entry=home, by=coach)
    assert home.status == "withdrawn"
    assert not Fixture.objects.filter(season=season).exists()


def test_schedule_round_robin_creates_dated_rounds_and_the_season_waits_to_be_started(league, commissioner):
    season, entries = make_season(league, teams=5, status=Season.Status.REGISTRATION)
    scheduling.schedule_round_robin(
        season=season, by=commissioner, start_date=date(2026, 1, 5), days_between=7
    )
    season.refresh_from_db()
    assert season.status == Season.Status.SCHEDULED
    assert season.rounds.count() == 5
    assert season.fixtures.count() == 10
    assert list(season.rounds.values_list("date", flat=True))[:2] == [date(2026, 1, 5), date(2026, 1, 12)]
    with pytest.raises(ValidationError):
        scheduling.schedule_round_robin(season=season, by=commissioner)


def test_schedule_round_robin_is_refused_to_a_coach(season, home, away, coach):
    with pytest.raises(PermissionDenied):
        scheduling.schedule_round_robin(season=season, by=coach)


def _confirm_all(season, commissioner, score=(1, 0)):
    for fixture in season.fixtures.filter(result__isnull=True):
        result_services.record_result_as_commissioner(
            fixture=fixture, by=commissioner, home_score=score[0], away_score=score[1]
        )


def test_swiss_rounds_avoid_rematches(league, commissioner):
    season, entries = make_season(league, teams=6, format=Season.Format.SWISS)
    for _round in range(5):
        scheduling.schedule_swiss_round(season=season, by=commissioner)
        _confirm_all(season, commissioner)
    pairs = [frozenset((f.home_id, f.away_id)) for f in season.fixtures.all()]
    assert len(pairs) == 15
    assert len(set(pairs)) == 15


def test_swiss_round_waits_for_confirmed_results(league, commissioner):
    season, entries = make_season(league, teams=4, format=Season.Format.SWISS)
    scheduling.schedule_swiss_round(season=season, by=commissioner)
    with pytest.raises(ValidationError):
        scheduling.schedule_swiss_round(season=season, by=commissioner)


def test_playoffs_seed_the_top_teams_and_advance_the_winners(league, commissioner):
    season, entries = make_season(league, teams=5)
    scheduling.schedule_round_robin(season=season, by=commissioner)
    _confirm_all(season, commissioner, score=(2, 1))
    table = season_standings(season)
    scheduling.schedule_playoffs(season=season, by=commissioner, size=4)
    semis = list(season.fixtures.playoff().order_by("bracket_slot"))
    assert [(f.home_id, f.away_id) for f in semis] == [
        (table[0].entry, table[3].entry),
        (table[1].entry, table[2].entry),
    ]
    _confirm_all(season, commissioner, score=(0, 3))
    final_round = scheduling.advance_playoffs(season=season, by=commissioner)
    final = final_round.fixtures.get()
    assert (final.home_id, final.away_id) == (table[3].entry, table[2].entry)
    _confirm_all(season, commissioner)
    assert scheduling.advance_playoffs(season=season, by=commissioner) is None


def test_playoff_result_needs_a_winner(league, commissioner, home, away, coach):
    fixture = make_fixture(home.season, home, away, stage=Fixture.Stage.PLAYOFF)
    with pytest.raises(ValidationError):
        result_services.submit_result(fixture=fixture, submitted_by=coach, home_score=1, away_score=1)


def test_add_fixture_and_reschedule(season, home, away, commissioner, coach):
    Season.objects.filter(pk=season.pk).update(format=Season.Format.MANUAL)
    season.refresh_from_db()
    fixture = scheduling.add_fixture(season=season, home=home, away=away, by=commissioner, round_number=3)
    assert fixture.round.number == 3
    when = timezone.now() + timedelta(days=3)
    scheduling.reschedule_fixture(fixture=fixture, by=commissioner, scheduled_at=when)
    fixture.refresh_from_db()
    assert fixture.scheduled_at == when
    with pytest.raises(ValidationError):
        scheduling.add_fixture(season=season, home=home, away=home, by=commissioner)
    with pytest.raises(PermissionDenied):
        scheduling.reschedule_fixture(fixture=fixture, by=coach, scheduled_at=None)


# --- the approval flow ---------------------------------------------------------------------------------


@pytest.fixture
def fixture(season, home, away):
    return make_fixture(season, home, away)


def _table(season):
    return {row.name: row.points for row in season_standings(season)}


def test_submitted_result_does_not_count_until_the_opponent_confirms(
    fixture, coach, opponent, season, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        result = result_services.submit_result(
            fixture=fixture, submitted_by=coach, home_score=2, away_score=1, home_cas=3, away_cas=1
        )
    assert result.status == "submitted"
    assert _table(season) == {"Reikland Reavers": 0, "Gouged Eye": 0}
    assert [message.to for message in mail.outbox] == [[opponent.email]]
    result_services.confirm_result(result=result, by=opponent)
    result.refresh_from_db()
    assert result.status == "confirmed"
    assert result.home_team_value == 1000000
    assert _table(season) == {"Reikland Reavers": 3, "Gouged Eye": 0}


def test_only_a_coach_of_the_fixture_submits(fixture, outsider, commissioner):
    for user in (outsider, commissioner):
        with pytest.raises(PermissionDenied):
            result_services.submit_result(fixture=fixture, submitted_by=user, home_score=1, away_score=0)


def test_the_submitter_cannot_confirm_their_own_result(fixture, coach):
    result = result_services.submit_result(fixture=fixture, submitted_by=coach, home_score=1, away_score=0)
    with pytest.raises(PermissionDenied):
        result_services.confirm_result(result=result, by=coach)


def test_outsiders_and_commissioners_cannot_confirm_as_the_opponent(fixture, coach, outsider, commissioner):
    result = result_services.submit_result(fixture=fixture, submitted_by=coach, home_score=1, away_score=0)
    for user in (outsider, commissioner):
        with pytest.raises(PermissionDenied):
            result_services.confirm_result(result=result, by=user)
        with pytest.raises(PermissionDenied):
            result_services.dispute_result(result=result, by=user, comment="no")


def test_dispute_needs_a_comment_and_tells_the_commissioners(
    fixture, coach, opponent, commissioner, season, django_capture_on_commit_callbacks
):
    result = result_services.submit_result(fixture=fixture, submitted_by=coach, home_score=3, away_score=0)
    with pytest.raises(ValidationError):
        result_services.dispute_result(result=result, by=opponent, comment=" ")
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        result_services.dispute_result(result=result, by=opponent, comment="It was 1-0")
    assert result.status == "disputed"
    assert commissioner.email in {address for message in mail.outbox for address in message.to}
    with pytest.raises(ValidationError):
        result_services.dispute_result(result=result, by=opponent, comment="again")
    assert _table(season)["Reikland Reavers"] == 0


def test_commissioner_decides_a_disputed_result_with_a_new_score(
    fixture, coach, opponent, commissioner, season
):
    result = result_services.submit_result(fixture=fixture, submitted_by=coach, home_score=3, away_score=0)
    result_services.dispute_result(result=result, by=opponent, comment="It was 0-1")
    with pytest.raises(PermissionDenied):
        result_services.decide_result(result=result, by=coach)
    result_services.decide_result(result=result, by=commissioner, home_score=0, away_score=1)
    result.refresh_from_db()
    assert (result.status, result.home_score, result.away_score, result.decided_by) == (
        "confirmed",
        0,
        1,
        commissioner,
    )
    assert _table(season) == {"Gouged Eye": 3, "Reikland Reavers": 0}


def test_commissioner_confirms_a_disputed_result_as_submitted(fixture, coach, opponent, commissioner, season):
    result = result_services.submit_result(fixture=fixture, submitted_by=coach, home_score=1, away_score=0)
    result_services.dispute_result(result=result, by=opponent, comment="Not true")
    result_services.decide_result(result=result, by=commissioner)
    assert _table(season)["Reikland Reavers"] == 3


def test_the_opponent_may_resubmit_a_disputed_result_for_the_first_coach_to_confirm(fixture, coach, opponent):
    result = result_services.submit_result(fixture=fixture, submitted_by=coach, home_score=3, away_score=0)
    result_services.dispute_result(result=result, by=opponent, comment="It was 1-0")
    result = result_services.submit_result(fixture=fixture, submitted_by=opponent, home_score=1, away_score=0)
    assert result.status == "submitted"
    with pytest.raises(PermissionDenied):
        result_services.confirm_result(result=result, by=opponent)
    result_services.confirm_result(result=result, by=coach)
    assert (result.status, result.home_score) == ("confirmed", 1)


def test_confirmed_result_cannot_be_resubmitted_until_reopened(
    fixture, coach, opponent, commissioner, season
):
    result = result_services.submit_result(fixture=fixture, submitted_by=coach, home_score=1, away_score=0)
    result_services.confirm_result(result=result, by=opponent)
    with pytest.raises(ValidationError):
        result_services.submit_result(fixture=fixture, submitted_by=opponent, home_score=0, away_score=1)
    with pytest.raises(ValidationError):
        result_services.confirm_result(result=result, by=opponent)
    with pytest.raises(PermissionDenied):
        result_services.reopen_result(result=result, by=coach)


def test_reopening_a_result_updates_the_standings(fixture, coach, opponent, commissioner, season):
    result = result_services.submit_result(fixture=fixture, submitted_by=coach, home_score=1, away_score=0)
    result_services.confirm_result(result=result, by=opponent)
    assert _table(season)["Reikland Reavers"] == 3
    result_services.reopen_result(result=result, by=commissioner, reason="Wrong score")
    assert result.status == "submitted"
    assert _table(season)["Reikland Reavers"] == 0
    with pytest.raises(ValidationError):
        result_services.reopen_result(result=result, by=commissioner)
    result_services.submit_result(fixture=fixture, submitted_by=coach, home_score=0, away_score=2)
    result_services.confirm_result(result=Result.objects.get(fixture=fixture), by=opponent)
    assert _table(season) == {"Gouged Eye": 3, "Reikland Reavers": 0}


def test_conceded_game_is_a_loss_for_the_conceding_team(fixture, coach, opponent, season):
    result = result_services.submit_result(
        fixture=fixture, submitted_by=coach, home_score=0, away_score=1, conceded_by=fixture.away
    )
    result_services.confirm_result(result=result, by=opponent)
    assert _table(season)["Reikland Reavers"] == 3


def test_results_are_posted_to_the_league_webhook(
    fixture, coach, league, monkeypatch, django_capture_on_commit_callbacks
):
    posted = []
    monkeypatch.setattr(
        "league.services.notifications.post_webhook", lambda url, content: posted.append((url, content))
    )
    League.objects.filter(pk=league.pk).update(webhook_url="https://chat.example.com/hook")
    with django_capture_on_commit_callbacks(execute=True):
        result_services.submit_result(fixture=fixture, submitted_by=coach, home_score=2, away_score=1)
    assert posted[0][0] == "https://chat.example.com/hook"
    assert "Reikland Reavers 2–1 Gouged Eye" in posted[0][1]
    assert f"/leagues/fixtures/{fixture.pk}/" in posted[0][1]


def test_post_webhook_logs_and_survives_a_network_failure(monkeypatch):
    from league.services import notifications

    def refuse(*args, **kwargs):
        raise OSError("no network")

    monkeypatch.setattr("urllib.request.urlopen", refuse)
    assert notifications.post_webhook("https://chat.example.com/hook", "hello") is None
