"""Sending tasks only once the surrounding transaction commits, so a worker never reads stale rows."""

from functools import partial

from django.db import transaction
from kombu.exceptions import OperationalError


class BrokerUnavailable(Exception):
    """The broker refused a task (it is down or unreachable): the task was not sent."""


def _send(task, kwargs):
    try:
        task.apply_async(kwargs=kwargs)
    except OperationalError as error:
        raise BrokerUnavailable(f"{task.name} was not sent: {error}") from error


def send_on_commit(task, **kwargs):
    """Queue `task` with keyword arguments after the current transaction commits (at once outside one).

    When the broker cannot be reached, BrokerUnavailable is raised where the callbacks run: from
    `on_commit` itself outside a transaction, else from the exit of the outermost `atomic` block (after
    the commit; the callbacks registered after this one are then dropped), so the caller can undo what
    it committed and tell the user.
    """
    transaction.on_commit(partial(_send, task, kwargs))
