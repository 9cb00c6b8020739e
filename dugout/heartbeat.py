"""Worker liveness without asking the workers: each worker writes a heartbeat into the shared cache.

/healthz reads one cache key instead of broadcasting a ping and waiting for the replies, so a health
check costs about a millisecond whatever the state of the workers.
"""

import time

from celery import bootsteps
from django.conf import settings
from django.core.cache import cache

HEARTBEAT_KEY = "worker-heartbeat"


def write_heartbeat(*, now=None):
    """Record that a worker is alive now (the key outlives a few missed beats, then expires)."""
    cache.set(HEARTBEAT_KEY, now or time.time(), timeout=settings.WORKER_HEARTBEAT_MAX_AGE * 2)


def heartbeat_age(*, now=None):
    """Seconds since the latest heartbeat of any worker, or None when no worker ever wrote one."""
    latest = cache.get(HEARTBEAT_KEY)
    if latest is None:
        return None
    return max(0.0, (now or time.time()) - latest)


class Heartbeat(bootsteps.StartStopStep):
    """A worker step: beat at start, then every WORKER_HEARTBEAT_INTERVAL seconds on the worker's timer."""

    requires = {"celery.worker.components:Timer"}

    def __init__(self, worker, **kwargs):
        super().__init__(worker, **kwargs)
        self.timer_entry = None

    def start(self, worker):
        write_heartbeat()
        self.timer_entry = worker.timer.call_repeatedly(settings.WORKER_HEARTBEAT_INTERVAL, write_heartbeat)

    def stop(self, worker):
        if self.timer_entry is not None:
            self.timer_entry.cancel()
