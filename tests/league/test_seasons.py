"""A season's life cycle (league.services.seasons): Registration → Scheduled → Running → Finished, each
step with its conditions; a refused step says why and changes nothing."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from league.models import Season, SeasonEntry
from league.services import scheduling
from league.services.seasons import (
    finish_season,
    move_season,
    reopen_season,
    season_progress,
    set_season_status,
    start_season,
)
from rosters.models import Team
from tests.factories import UserFactory
from tests.league.factories import make_entry, make_fixture, make_league, make_season, play

pytestmark = pytest.mark.django_db

Status = Season.Status


def _status(season):
    return Season.objects.values_list("status", "finish_reason").get(pk=season.pk)


@pytest.fixture
def registering(league):
    season, _entries = make_season(league, teams=4, status=Status.REGISTRATION)
    return season


@pytest.fixture
def scheduled(registering, commissioner):
    scheduling.schedule_round_robin(season=registering, by=commissioner)
    return registering


@pytest.fixture
def running(scheduled, commissioner):
    return start_season(season=scheduled, by=commissioner)


def _refused(message, action, season):
    before = _status(season)
    with pytest.raises(ValidationError) as error:
        action()
    assert error.value.messages == [message]
    assert _status(season) == before


# Scheduling.


def test_scheduling_makes_the_season_scheduled_not_running(scheduled):
    assert _status(scheduled) == (Status.SCHEDULED, "")
    assert scheduled.fixtures.count() == 6


def test_scheduling_needs_two_accepted_teams(league, commissioner):
    season, _entries = make_season(league, teams=1, status=Status.REGISTRATION)
    make_entry(season, status=SeasonEntry.Status.PENDING)

    _refused(
        "Accept at least two teams first.",
        lambda: scheduling.schedule_round_robin(season=season, by=commissioner),
        season,
    )
    assert not season.fixtures.exists()


def test_scheduling_a_swiss_round_or_a_fixture_by_hand_also_makes_the_season_scheduled(league, commissioner):
    swiss, _entries = make_season(league, teams=4, status=Status.REGISTRATION, format=Season.Format.SWISS)
    manual, (home, away) = make_season(
        league, teams=2, status=Status.REGISTRATION, format=Season.Format.MANUAL
    )

    scheduling.schedule_swiss_round(season=swiss, by=commissioner)
    scheduling.add_fixture(season=manual, home=home, away=away, by=commissioner)

    assert [_status(swiss)[0], _status(manual)[0]] == [Status.SCHEDULED, Status.SCHEDULED]


def test_a_season_is_scheduled_only_in_its_own_format(league, commissioner):
    round_robin, (home, away, *_rest) = make_season(league, teams=4, status=Status.REGISTRATION)
    swiss, _entries = make_season(league, teams=4, status=Status.REGISTRATION, format=Season.Format.SWISS)
    refusal = "This is a season of format “{}”: schedule it that way."

    _refused(
        refusal.format("Round robin"),
        lambda: scheduling.schedule_swiss_round(season=round_robin, by=commissioner),
        round_robin,
    )
    _refused(
        refusal.format("Round robin"),
        lambda: scheduling.add_fixture(season=round_robin, home=home, away=away, by=commissioner),
        round_robin,
    )
    _refused(
        refusal.format("Swiss"),
        lambda: scheduling.schedule_round_robin(season=swiss, by=commissioner),
        swiss,
    )
    assert not round_robin.fixtures.exists()
    assert not swiss.fixtures.exists()


def test_a_double_round_robin_season_meets_every_team_twice(league, commissioner):
    season, _entries = make_season(
        league, teams=4, status=Status.REGISTRATION, format=Season.Format.DOUBLE_ROUND_ROBIN
    )

    scheduling.schedule_round_robin(season=season, by=commissioner)

    assert season.fixtures.count() == 12


# Starting.


def test_starting_a_scheduled_season_makes_it_running(scheduled, commissioner):
    start_season(season=scheduled, by=commissioner)

    assert _status(scheduled) == (Status.RUNNING, "")
    assert scheduled.status == Status.RUNNING


def test_starting_is_refused_before_scheduling_and_once_started(league, running, commissioner):
    registering, _entries = make_season(league, teams=2, name="Next", status=Status.REGISTRATION)
    message = "Schedule the fixtures before starting the season."
    _refused(message, lambda: start_season(season=registering, by=commissioner), registering)
    _refused(
        "The season has already started.", lambda: start_season(season=running, by=commissioner), running
    )


def test_starting_is_refused_when_every_fixture_was_removed(scheduled, commissioner):
    scheduled.fixtures.all().delete()

    _refused(
        "Schedule the fixtures before starting the season.",
        lambda: start_season(season=scheduled, by=commissioner),
        scheduled,
    )


def test_only_a_commissioner_of_the_league_changes_the_season(scheduled, coach):
    other_commissioner = UserFactory()
    make_league(commissioner=other_commissioner)
    for user in (coach, other_commissioner):
        with pytest.raises(PermissionDenied):
            start_season(season=scheduled, by=user)
    assert _status(scheduled) == (Status.SCHEDULED, "")


# Finishing.


def test_finishing_with_every_fixture_played_pays_the_prizes(season, home, away, commissioner):
    play(season, home, away, 2, 0)

    finish_season(season=season, by=commissioner)

    assert _status(season) == (Status.FINISHED, "")
    assert Team.objects.get(pk=home.team_id).treasury == 100000
    assert season.prizes.count() == 2


def test_finishing_is_refused_while_fixtures_are_unplayed(season, home, away, commissioner):
    play(season, home, away, 2, 0)
    make_fixture(season, away, home, round_number=2)
    make_fixture(season, home, away, round_number=3)

    _refused(
        "2 fixtures have no confirmed result: wait for them, or finish anyway with a reason.",
        lambda: finish_season(season=season, by=commissioner),
        season,
    )
    assert not season.prizes.exists()


def test_finishing_early_needs_a_reason(season, home, away, commissioner):
    make_fixture(season, home, away)

    _refused(
        "Give the reason for finishing the season with fixtures unplayed.",
        lambda: finish_season(season=season, by=commissioner, force=True, reason="   "),
        season,
    )


def test_finishing_early_with_a_reason_records_it(season, home, away, commissioner):
    play(season, home, away, 1, 0)
    make_fixture(season, away, home, round_number=2)

    finish_season(season=season, by=commissioner, force=True, reason=" The Gouged Eye folded. ")

    assert _status(season) == (Status.FINISHED, "The Gouged Eye folded.")
    assert season.prizes.count() == 2


def test_a_reason_is_not_kept_when_nothing_was_unplayed(season, home, away, commissioner):
    play(season, home, away, 1, 0)

    finish_season(season=season, by=commissioner, force=True, reason="Just in case")

    assert _status(season) == (Status.FINISHED, "")


def test_finishing_is_refused_before_the_season_starts_and_once_finished(scheduled, season, commissioner):
    _refused(
        "Start the season before finishing it.",
        lambda: finish_season(season=scheduled, by=commissioner, force=True, reason="x"),
        scheduled,
    )
    finish_season(season=season, by=commissioner)
    _refused(
        "This season is already finished.", lambda: finish_season(season=season, by=commissioner), season
    )


# Reopening, and the other ways in.


def test_reopening_takes_the_prizes_back_and_forgets_the_reason(season, home, away, commissioner):
    play(season, home, away, 1, 0)
    make_fixture(season, away, home, round_number=2)
    finish_season(season=season, by=commissioner, force=True, reason="Out of time")

    reopen_season(season=season, by=commissioner)

    assert _status(season) == (Status.RUNNING, "")
    assert not season.prizes.exists()
    assert Team.objects.get(pk=home.team_id).treasury == 0


def test_reopening_is_refused_to_a_season_not_finished(scheduled, commissioner):
    _refused(
        "Only a finished season can be reopened.",
        lambda: reopen_season(season=scheduled, by=commissioner),
        scheduled,
    )


def test_starting_does_not_reopen_a_finished_season(season, commissioner):
    finish_season(season=season, by=commissioner)

    _refused(
        "This season is finished: reopen it instead.",
        lambda: start_season(season=season, by=commissioner),
        season,
    )


def test_moves_outside_the_life_cycle_are_refused(league, running, commissioner):
    registering, _entries = make_season(league, teams=2, name="Next", status=Status.REGISTRATION)
    _refused(
        "A season cannot go from “Running” to “Registration”.",
        lambda: move_season(season=running, status=Status.REGISTRATION, by=commissioner),
        running,
    )
    _refused(
        "A season cannot go from “Registration” to “Scheduled”.",
        lambda: move_season(season=registering, status=Status.SCHEDULED, by=commissioner),
        registering,
    )
    _refused(
        "Unknown season status.",
        lambda: move_season(season=running, status="paused", by=commissioner),
        running,
    )


def test_set_season_status_leaves_a_season_already_there_as_it_is(season, home, away, commissioner):
    play(season, home, away, 1, 0)
    set_season_status(season=season, status=Status.FINISHED, by=commissioner)
    set_season_status(season=season, status=Status.FINISHED, by=commissioner)

    assert season.prizes.count() == 2
    with pytest.raises(ValidationError):
        set_season_status(season=season, status=Status.SCHEDULED, by=commissioner)


# What the pages read.


def test_progress_counts_what_each_next_step_needs(registering, commissioner, django_assert_num_queries):
    make_entry(registering, status=SeasonEntry.Status.PENDING)

    with django_assert_num_queries(3):
        progress = season_progress(registering)

    assert (progress.accepted, progress.pending, progress.fixtures, progress.unplayed) == (4, 1, 0, 0)
    assert (progress.can_schedule, progress.can_start, progress.can_finish) == (True, False, False)
    assert [(step["status"], step["done"], step["current"]) for step in progress.steps] == [
        (Status.REGISTRATION, False, True),
        (Status.SCHEDULED, False, False),
        (Status.RUNNING, False, False),
        (Status.FINISHED, False, False),
    ]


def test_progress_of_a_running_season_counts_the_unplayed_fixtures(running, commissioner):
    home, away = running.fixtures.first().home, running.fixtures.first().away
    play(running, home, away, 1, 0, round_number=9)

    progress = season_progress(running)

    assert (progress.fixtures, progress.unplayed) == (7, 6)
    assert (progress.can_start, progress.can_finish) == (False, True)
    assert [step["done"] for step in progress.steps] == [True, True, False, False]


def test_progress_says_how_many_teams_are_missing(league):
    season, _entries = make_season(league, teams=1, status=Status.REGISTRATION)

    progress = season_progress(season)

    assert (progress.needs_teams, progress.can_schedule) == (1, False)
