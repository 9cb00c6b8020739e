"""The home page's checklist: for each persona the steps not taken yet, each with its link, and where
the coach's fixtures stand; a fixed number of queries however many leagues and fixtures."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.models import Invitation, Result, Season, SeasonEntry
from tests.factories import UserFactory
from tests.league.factories import make_entry, make_fixture, make_league, make_season, make_team, play

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _home(client, user=None):
    if user:
        client.force_login(user)
    return client.get(reverse("home")).content.decode()


def _steps(content):
    """The kinds of the checklist's steps, in order."""
    return [part.split('"', 1)[0] for part in content.split('data-step="')[1:]]


def test_home_when_anonymous_shows_no_checklist(client):
    content = _home(client)
    assert "What to do next" not in content
    assert "Your fixtures" not in content


def test_home_when_a_new_coach_asks_to_draft_a_team_then_join_or_create_a_league(client):
    content = _home(client, UserFactory())
    assert _steps(content) == ["draft", "join", "create_league"]
    assert f'href="{reverse("rosters:new")}"' in content
    assert f'href="{reverse("league:join")}"' in content
    assert "Join a league with an invitation code" in content


def test_home_when_the_coach_has_a_team_and_joined_a_league_asks_to_enter_it(client):
    coach = UserFactory()
    make_team(coach=coach)
    league = make_league(commissioner=UserFactory(), name="Old World League")
    league.members.add(coach)
    season, _entries = make_season(league, status=Season.Status.REGISTRATION, name="Spring")
    content = _home(client, coach)
    assert _steps(content) == ["enter"]
    assert "Enter a team in Spring" in content
    assert f'href="{reverse("league:register", args=[season.pk])}"' in content
    make_entry(season, coach=coach, status=SeasonEntry.Status.PENDING)
    assert _steps(_home(client)) == []


def test_home_when_a_commissioner_asks_only_for_the_steps_not_taken(client):
    carla = UserFactory()
    make_team(coach=carla)
    league = make_league(commissioner=carla, name="Old World League")
    assert _steps(_home(client, carla)) == ["invite", "create_season"]

    Invitation.objects.create(league=league, created_by=carla)
    season, _entries = make_season(league, status=Season.Status.REGISTRATION, name="Spring")
    make_entry(season, status=SeasonEntry.Status.PENDING)
    make_entry(season, status=SeasonEntry.Status.PENDING)
    content = _home(client)
    assert _steps(content) == ["enter", "accept"]
    assert "Accept the 2 entries waiting in Spring" in content
    assert f'href="{reverse("league:entries", args=[season.pk])}"' in content

    season.entries.update(status=SeasonEntry.Status.ACCEPTED)
    content = _home(client)
    assert _steps(content) == ["enter", "schedule"]
    assert f'href="{reverse("league:schedule", args=[season.pk])}"' in content

    first, second = season.entries.all()
    make_fixture(season, first, second)
    Season.objects.filter(pk=season.pk).update(status=Season.Status.SCHEDULED)
    content = _home(client)
    assert _steps(content) == ["start"]
    assert "Start Spring" in content

    Season.objects.filter(pk=season.pk).update(status=Season.Status.RUNNING)
    assert "What to do next" not in _home(client)

    fixture = season.fixtures.get()
    Result.objects.create(fixture=fixture, home_score=1, away_score=0, status=Result.Status.DISPUTED)
    content = _home(client)
    assert _steps(content) == ["decide"]
    assert f'href="{reverse("league:decisions", args=[season.pk])}"' in content


def test_home_when_the_coach_has_a_fixture_to_play_offers_to_record_it(client, coach_with_fixtures):
    coach, fixtures = coach_with_fixtures(1)
    content = _home(client, coach)
    assert "Your fixtures" in content
    assert f"Record {fixtures[0]} with Dugout" in content
    assert f'action="{reverse("matches:from_fixture", args=[fixtures[0].pk])}"' in content


def test_home_when_the_coach_submitted_says_who_confirms(client, coach_with_fixtures):
    coach, fixtures = coach_with_fixtures(1)
    opponent = fixtures[0].away.coach
    Result.objects.create(fixture=fixtures[0], home_score=1, away_score=0, submitted_by=coach)
    content = _home(client, coach)
    assert f"Waiting for {opponent} ({fixtures[0].away.display_name}) to confirm the result." in content
    assert "Confirm " not in content.split("Your fixtures")[1]
    content = _home(client, opponent)
    assert f"Confirm {fixtures[0]}: 1–0" in content


@pytest.fixture
def coach_with_fixtures():
    def make(count):
        coach = UserFactory(display_name="Home Coach")
        league = make_league(commissioner=UserFactory())
        season, _entries = make_season(league)
        mine = make_entry(season, coach=coach)
        fixtures = []
        for number in range(count):
            away = make_entry(season, coach=UserFactory(display_name=f"Away {number}"))
            fixtures.append(make_fixture(season, mine, away, round_number=number + 1))
        return coach, fixtures

    return make


def _queries(client, user):
    client.force_login(user)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(reverse("home")).status_code == 200
    return len(queries)


def test_home_query_count_does_not_grow_with_leagues_and_fixtures(client, coach_with_fixtures):
    few_coach, _fixtures = coach_with_fixtures(1)
    many_coach, fixtures = coach_with_fixtures(8)
    for fixture in fixtures[:3]:
        Result.objects.create(fixture=fixture, home_score=1, away_score=0, submitted_by=fixture.away.coach)
    for user, count in ((few_coach, 1), (many_coach, 8)):
        for _number in range(count):
            league = make_league(commissioner=user)
            season, _entries = make_season(league, status=Season.Status.REGISTRATION, teams=2)
            make_entry(season, status=SeasonEntry.Status.PENDING)
    play(fixtures[0].season, fixtures[3].home, fixtures[3].away, 2, 2, round_number=20)
    assert _queries(client, many_coach) == _queries(client, few_coach)
