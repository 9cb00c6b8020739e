import pytest

from tests.factories import UserFactory


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    # Hashing a password the production way takes seconds on a busy machine; these tests log users in
    # with force_login and never need a strong hash.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def coach(db):
    return UserFactory(username="coach", display_name="Coach Kim")
