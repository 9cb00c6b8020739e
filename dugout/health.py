"""/healthz: is the database answering, the broker reachable, and a worker alive?

Every check is cheap and bounded, so that polling /healthz never ties up a web worker: the database
answers `SELECT 1`, the broker accepts a connection within BROKER_CONNECT_TIMEOUT, and a worker is alive
when its heartbeat in the shared cache is recent (dugout.heartbeat); nobody waits on a worker's reply.

A process runs the checks at most once every HEALTH_CHECK_TTL seconds and answers from their latest
results in between, and HealthCheckMiddleware answers /healthz before the other middleware (sessions,
authentication, CSRF, locale): a load balancer or a loop of curl polling it costs the site next to nothing.
"""

import time

from django.conf import settings
from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache

from dugout.celery import app as celery_app
from dugout.heartbeat import heartbeat_age

BROKER_CONNECT_TIMEOUT = 0.5


def check_database():
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


def check_broker():
    with celery_app.connection_for_write(connect_timeout=BROKER_CONNECT_TIMEOUT) as conn:
        conn.ensure_connection(max_retries=0, timeout=BROKER_CONNECT_TIMEOUT)


def check_worker():
    age = heartbeat_age()
    if age is None:
        raise RuntimeError("no worker has reported a heartbeat")
    if age > settings.WORKER_HEARTBEAT_MAX_AGE:
        raise RuntimeError(f"the latest worker heartbeat is {age:.0f} s old")


CHECKS = {"database": check_database, "broker": check_broker, "worker": check_worker}


_latest = {"at": None, "results": None}


def latest_results():
    """The checks' results, run again once they are older than HEALTH_CHECK_TTL seconds."""
    now = time.monotonic()
    at = _latest["at"]
    if at is None or now - at >= settings.HEALTH_CHECK_TTL:
        _latest.update(at=now, results=run_checks())
    return _latest["results"]


def run_checks():
    """Run every check; a failing check reports its error rather than raising."""
    results = {}
    for name, check in CHECKS.items():
        try:
            check()
        except Exception as error:  # noqa: BLE001 - a health check reports any failure
            results[name] = {"ok": False, "error": str(error) or error.__class__.__name__}
        else:
            results[name] = {"ok": True}
    return results


@never_cache
def healthz(request):
    results = latest_results()
    healthy = all(result["ok"] for result in results.values())
    return JsonResponse({"status": "ok" if healthy else "error", **results}, status=200 if healthy else 503)


class HealthCheckMiddleware:
    """First in MIDDLEWARE: /healthz skips the middleware below it (and HTTPS redirects: probes come from
    inside the network)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path == "/healthz":
            return healthz(request)
        return self.get_response(request)
