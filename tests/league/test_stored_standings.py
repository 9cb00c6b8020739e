"""The stored tables (StandingsRow, CoachRecord): written by the services that change what counts, equal
to the table computed from the results, rebuilt by a command and filled by the migration."""

import importlib
from io import StringIO

import pytest
from django.apps import apps
from django.core.management import CommandError, call_command

from league.leaderboards import coach_leaders
from league.models import CoachRecord, Fixture, Result, SeasonEntry, StandingsRow
from league.services import entries as entry_services
from league.services import leagues as league_services
from league.services import results as result_services
from league.services import scheduling
from league.standings.read import season_standings
from tests.league.factories import make_entry, make_league, make_season

pytestmark = pytest.mark.django_db


def _stored(season):
    return [
        (
            row.position,
            row.entry_id,
            row.played,
            row.won,
            row.drawn,
            row.lost,
            row.td_for,
            row.td_against,
            row.cas_for,
            row.cas_against,
            row.bonus,
            row.points,
            row.tied_count,
            row.tied_names,
            row.tiebreaker or None,
            row.tiebreaker_value,
            row.still_tied,
        )
        for row in StandingsRow.objects.filter(season=season).order_by("position")
    ]


def _computed(season):
    return [
        (
            row.position,
            row.entry,
            row.played,
            row.won,
            row.drawn,
            row.lost,
            row.td_for,
            row.td_against,
            row.cas_for,
            row.cas_against,
            row.bonus,
            row.points,
            len(row.tied_with),
            row.tied_with if len(row.tied_with) <= 3 else [],
            row.tiebreaker,
            row.tiebreaker_value,
            row.still_tied,
        )
        for row in season_standings(season)
    ]


def _assert_stored_is_computed(season):
    season.refresh_from_db()
    assert _stored(season) == _computed(season)


def test_stored_table_follows_every_service_that_changes_what_counts(commissioner):
    league = make_league(commissioner=commissioner, tiebreakers=["head_to_head_points", "td_difference"])
    season, _entries = make_season(league)
    coaches = [make_entry(season, status=SeasonEntry.Status.PENDING) for _ in range(5)]
    for entry in coaches:
        entry_services.accept_entry(entry=entry, by=commissioner)
        _assert_stored_is_computed(season)
    assert StandingsRow.objects.filter(season=season).count() == 5
    scheduling.schedule_round_robin(season=season, by=commissioner)
    fixtures = list(season.fixtures.with_related())
    first = fixtures[0]
    result = result_services.submit_result(
        fixture=first, submitted_by=first.home.coach, home_score=3, away_score=1, home_cas=2
    )
    assert _stored(season)[0][2] == 0  # a submitted result does not count
    result_services.confirm_result(result=result, by=first.away.coach)
    _assert_stored_is_computed(season)
    assert StandingsRow.objects.get(entry=first.home).points == 3
    for number, fixture in enumerate(fixtures[1:6]):
        result_services.record_result_as_commissioner(
            fixture=fixture, by=commissioner, home_score=number % 3, away_score=1
        )
        _assert_stored_is_computed(season)
    result_services.reopen_result(result=result, by=commissioner, reason="Wrong score")
    _assert_stored_is_computed(season)
    assert StandingsRow.objects.get(entry=first.home).played == sum(
        1 for fixture in fixtures[1:6] if first.home_id in (fixture.home_id, fixture.away_id)
    )
    result_services.decide_result(result=result, by=commissioner, home_score=0, away_score=2)
    _assert_stored_is_computed(season)
    league_services.update_league_settings(league=league, by=commissioner, points_win=2, bonus_points=True)
    _assert_stored_is_computed(season)
    league_services.update_league_settings(league=league, by=commissioner, tiebreakers=["coin_flip"])
    _assert_stored_is_computed(season)
    entry_services.withdraw_entry(entry=coaches[0], by=commissioner)
    _assert_stored_is_computed(season)
    assert not StandingsRow.objects.filter(entry=coaches[0]).exists()
    named = entry_services.register_named_entry(season=season, name="Late Comers", user=commissioner)
    assert StandingsRow.objects.get(entry=named).played == 0
    _assert_stored_is_computed(season)


def test_fixture_confirmed_mark_follows_its_result(season, home, away, coach, opponent, commissioner):
    fixture = Fixture.objects.create(season=season, home=home, away=away)
    result = result_services.submit_result(fixture=fixture, submitted_by=coach, home_score=1, away_score=0)
    fixture.refresh_from_db()
    assert not fixture.confirmed
    result_services.confirm_result(result=result, by=opponent)
    fixture.refresh_from_db()
    assert fixture.confirmed
    result_services.reopen_result(result=result, by=commissioner)
    fixture.refresh_from_db()
    assert not fixture.confirmed


def test_playoff_results_leave_the_table_alone(league, commissioner):
    season, entries = make_season(league, teams=4)
    fixture = Fixture.objects.create(season=season, home=entries[0], away=entries[1], stage="playoff")
    result_services.record_result_as_commissioner(
        fixture=fixture, by=commissioner, home_score=2, away_score=0
    )
    assert sum(row.played for row in StandingsRow.objects.filter(season=season)) == 0
    fixture.refresh_from_db()
    assert fixture.confirmed


def _results_behind_the_services(season, entries, commissioner):
    """Results written directly (as an import or a fix by hand would): the stored table does not know."""
    for number, (home, away) in enumerate(zip(entries, entries[1:], strict=False)):
        fixture = Fixture.objects.create(season=season, home=home, away=away)
        Result.objects.create(
            fixture=fixture,
            home_score=number % 3,
            away_score=1,
            submitted_by=commissioner,
            status=Result.Status.CONFIRMED,
        )


def test_rebuild_standings_command_rebuilds_tables_marks_and_coach_records(league, commissioner):
    season, entries = make_season(league, teams=4)
    other_league = make_league(commissioner=commissioner, name="Other", slug="other")
    other, other_entries = make_season(other_league, teams=3)
    _results_behind_the_services(season, entries, commissioner)
    _results_behind_the_services(other, other_entries, commissioner)
    assert sum(row.played for row in StandingsRow.objects.filter(season=season)) == 0

    call_command("rebuild_standings", "--league", league.slug, stdout=StringIO())
    _assert_stored_is_computed(season)
    assert sum(row.played for row in StandingsRow.objects.filter(season=other)) == 0
    assert Fixture.objects.filter(season=season, confirmed=True).count() == 3
    assert sum(record.played for record in CoachRecord.objects.filter(league=league)) == 6

    call_command("rebuild_standings", "--season", str(other.pk), stdout=StringIO())
    _assert_stored_is_computed(other)
    with pytest.raises(CommandError):
        call_command("rebuild_standings", "--league", "no-such-league")


def test_migration_stores_the_tables_of_existing_seasons(league, commissioner):
    season, entries = make_season(league, teams=5)
    _results_behind_the_services(season, entries, commissioner)
    StandingsRow.objects.all().delete()
    CoachRecord.objects.all().delete()
    migration = importlib.import_module("league.migrations.0002_standings_rows")
    migration.fill_standings(apps, None)
    _assert_stored_is_computed(season)
    assert Fixture.objects.filter(season=season, confirmed=True).count() == 4
    assert sorted((record.coach_id, record.points) for record in coach_leaders(league)) == sorted(
        (row.entry.coach_id, row.points) for row in StandingsRow.objects.filter(season=season, played__gt=0)
    )


def test_coach_records_add_up_seasons_and_rank_ties_by_name(commissioner):
    from tests.factories import UserFactory

    league = make_league(commissioner=commissioner)
    anna, bert, cleo = (
        UserFactory(username=name, display_name=name.title()) for name in ("anna", "bert", "cleo")
    )
    first, _entries = make_season(league, name="Season 1")
    second, _entries = make_season(league, name="Season 2")
    for season in (first, second):
        entries = {coach: make_entry(season, coach=coach) for coach in (bert, anna, cleo)}
        fixture = Fixture.objects.create(season=season, home=entries[bert], away=entries[cleo])
        result_services.record_result_as_commissioner(
            fixture=fixture, by=commissioner, home_score=1, away_score=1
        )
        fixture = Fixture.objects.create(season=season, home=entries[anna], away=entries[cleo])
        result_services.record_result_as_commissioner(
            fixture=fixture, by=commissioner, home_score=0, away_score=0
        )
    ranked = coach_leaders(league)
    assert [(row.name, row.seasons, row.played, row.drawn, row.points) for row in ranked] == [
        ("Cleo", 2, 4, 4, 4),
        ("Anna", 2, 2, 2, 2),
        ("Bert", 2, 2, 2, 2),
    ]
    assert [row.name for row in coach_leaders(league, top=2)] == ["Cleo", "Anna"]
