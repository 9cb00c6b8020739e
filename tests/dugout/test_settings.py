"""The settings module as a whole: defaults, production values and `check --deploy`."""

import os
import subprocess
import sys

from django.conf import settings

PRODUCTION_ENV = {
    "DEBUG": "0",
    "SECRET_KEY": "a-long-production-secret-key-with-plenty-of-entropy-0123456789abcdef",
    "ALLOWED_HOSTS": "dugout.example.com",
    "DATABASE_URL": "postgres://dugout@127.0.0.1:5432/dugout",
    "CELERY_BROKER_URL": "redis://127.0.0.1:6379/0",
    "EMAIL_HOST": "smtp.example.com",
}


def _run_manage(*args, env):
    ignored = {*PRODUCTION_ENV, "DJANGO_ALLOW_ASYNC_UNSAFE"}
    clean = {key: value for key, value in os.environ.items() if key not in ignored}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=settings.BASE_DIR,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_reports_nothing_with_production_values():
    result = _run_manage("check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION_ENV)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_settings_refuse_to_start_without_a_secret_key_in_production():
    env = {key: value for key, value in PRODUCTION_ENV.items() if key != "SECRET_KEY"}
    result = _run_manage("check", env=env)
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_settings_refuse_a_malformed_debug_flag():
    result = _run_manage("check", env={**PRODUCTION_ENV, "DEBUG": "perhaps"})
    assert result.returncode != 0
    assert "DEBUG='perhaps' is not a boolean" in result.stderr


def test_the_embedded_default_is_sqlite_in_wal_mode_and_the_filesystem_broker():
    result = _run_manage(
        "shell",
        "--no-imports",
        "-c",
        "from django.conf import settings as s; from django.db import connection as c; "
        "c.cursor().execute('select 1'); "
        "print(s.DATABASES['default']['ENGINE'], s.CELERY_BROKER_URL, "
        "c.cursor().execute('pragma journal_mode').fetchone()[0])",
        env={"DEBUG": "1", "DATABASE_URL": "", "CELERY_BROKER_URL": ""},
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["django.db.backends.sqlite3", "filesystem://localhost//", "wal"]
