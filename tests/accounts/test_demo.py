import pytest

from accounts.demo import DEMO_PASSWORD, DEMO_USERS, create_demo_users

pytestmark = pytest.mark.django_db


def test_demo_users_log_in_with_the_demo_password_again_after_changing_it():
    users = create_demo_users()
    assert sorted(users) == sorted(spec["username"] for spec in DEMO_USERS)
    assert all(user.check_password(DEMO_PASSWORD) for user in users.values())
    changed = users["coach_orc"]
    changed.set_password("something else")
    changed.save()

    again = create_demo_users()
    assert again["coach_orc"].pk == changed.pk
    assert again["coach_orc"].check_password(DEMO_PASSWORD)
    assert [user.is_superuser for user in again.values()] == [name == "admin" for name in again]
