"""The integration tests run on PostgreSQL and Redis, never on the embedded default.

`pytest -m integration` without DATABASE_URL and CELERY_BROKER_URL would run them on SQLite and the
filesystem transport, where they prove nothing: each test then fails with the reason. When PostgreSQL
cannot be reached, creating the test database errors; a test never skips.
"""

import pytest
from django.conf import settings


@pytest.fixture(autouse=True)
def postgresql_and_redis():
    engine = settings.DATABASES["default"]["ENGINE"]
    assert engine.endswith("postgresql"), f"integration tests need DATABASE_URL=postgres://..., not {engine}"
    broker = settings.CELERY_BROKER_URL
    assert broker.startswith("redis://"), (
        f"integration tests need CELERY_BROKER_URL=redis://..., not {broker}"
    )
