import pytest

from dugout.celery import app as celery_app
from tests.factories import UserFactory
from tests.league.factories import make_entry, make_league, make_season


@pytest.fixture(autouse=True)
def eager_tasks():
    """League tasks run in the test process (notifications are sent on commit)."""
    previous = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = previous


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    """Test users need no slow password hashing (PBKDF2 costs about a second each on a busy machine)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def commissioner(db):
    return UserFactory(username="carla", display_name="Carla")


@pytest.fixture
def coach(db):
    return UserFactory(username="homecoach", display_name="Home Coach")


@pytest.fixture
def opponent(db):
    return UserFactory(username="awaycoach", display_name="Away Coach")


@pytest.fixture
def league(commissioner):
    return make_league(commissioner=commissioner, name="Old World League", slug="old-world")


@pytest.fixture
def season(league):
    season, _entries = make_season(league)
    return season


@pytest.fixture
def home(season, coach):
    return make_entry(season, coach=coach, name="Reikland Reavers")


@pytest.fixture
def away(season, opponent):
    return make_entry(season, coach=opponent, name="Gouged Eye")
