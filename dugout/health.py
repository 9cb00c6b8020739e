"""/healthz: is the database answering, the broker reachable, and a worker alive?

Every check is cheap and bounded, so that polling /healthz never ties up a web worker: the database
answers `SELECT 1`, the broker accepts a connection within BROKER_CONNECT_TIMEOUT, and a worker is alive
when its heartbeat in the shared cache is recent (dugout.heartbeat); nobody waits on a worker's reply.
"""

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
    results = run_checks()
    healthy = all(result["ok"] for result in results.values())
    return JsonResponse({"status": "ok" if healthy else "error", **results}, status=200 if healthy else 503)
