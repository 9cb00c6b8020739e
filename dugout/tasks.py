"""Sending tasks only once the surrounding transaction commits, so a worker never reads stale rows."""

from functools import partial

from django.db import transaction


def send_on_commit(task, **kwargs):
    """Queue `task` with keyword arguments after the current transaction commits (at once outside one)."""
    transaction.on_commit(partial(task.apply_async, kwargs=kwargs))
