"""The Celery app. Workers run `celery -A dugout worker`; tasks live in each app's tasks.py."""

import os
from pathlib import Path

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dugout.settings")

app = Celery("dugout")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
app.steps["worker"].add("dugout.heartbeat.Heartbeat")


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
