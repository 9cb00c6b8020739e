"""The Celery app. Workers run `celery -A dugout worker`; tasks live in each app's tasks.py."""

import os
from pathlib import Path

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dugout.settings")

app = Celery("dugout")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
app.steps["worker"].add("dugout.heartbeat.Heartbeat")

# Periodic tasks, sent by one `celery -A dugout beat` process (scripts/run.sh starts it next to the
# worker; in production run exactly one): named by string, so this module imports no app.
app.conf.beat_schedule = {
    # Work that nobody runs (a worker died, a message or a send was lost) is sent again, then failed.
    "sheets-recover-lost-work": {"task": "sheets.recover_lost_work", "schedule": 30.0},
    # Expired packs and the generated files no row points to are deleted.
    "sheets-delete-old-files": {"task": "sheets.delete_old_files", "schedule": 3600.0},
}


@app.on_after_configure.connect
def ensure_transport_folders(**kwargs):
    """The filesystem transport needs its folders to exist before anyone sends or polls."""
    options = app.conf.broker_transport_options or {}
    for key in ("data_folder_in", "data_folder_out", "control_folder"):
        if key in options:
            Path(options[key]).mkdir(parents=True, exist_ok=True)
    backend = app.conf.result_backend or ""
    if backend.startswith("file://"):
        Path(backend.removeprefix("file://")).mkdir(parents=True, exist_ok=True)


@app.task(name="dugout.echo")
def echo(*, message):
    """A no-op round trip, used by health checks and tests to prove a worker answers."""
    return message
