"""Start and stop a real Celery worker process for integration tests."""

import os
import subprocess
import sys
import time

from django.conf import settings
from django.db import connection

from dugout.celery import app


def _test_database_url():
    db = connection.settings_dict
    if db["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{db['NAME']}"
    host = db.get("HOST") or "127.0.0.1"
    port = db.get("PORT") or 5432
    return f"postgres://{db.get('USER') or ''}@{host}:{port}/{db['NAME']}"


class CeleryWorkerProcess:
    """A `celery -A dugout worker` subprocess sharing this process's broker, backend and test database."""

    def __init__(self, startup_timeout=60, *, extra_env=None, wait=True):
        self.startup_timeout = startup_timeout
        self.extra_env = extra_env or {}
        self.wait = wait
        self.process = None

    def __enter__(self):
        env = {
            **os.environ,
            "DATABASE_URL": _test_database_url(),
            "CELERY_BROKER_URL": settings.CELERY_BROKER_URL,
            "CELERY_RESULT_BACKEND": settings.CELERY_RESULT_BACKEND,
            "DEBUG": "1",
            **self.extra_env,
        }
        app.control.purge()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "dugout", "worker", "--pool=solo", "-l", "WARNING"],
            cwd=settings.BASE_DIR,
            env=env,
        )
        if self.wait:
            self._wait_until_it_answers()
        return self

    def _wait_until_it_answers(self):
        deadline = time.monotonic() + self.startup_timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the Celery worker exited with code {self.process.returncode}")
            if app.control.ping(timeout=0.5):
                return
        self.__exit__(None, None, None)
        raise RuntimeError(f"no Celery worker answered within {self.startup_timeout} s")

    def __exit__(self, *exc_info):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
