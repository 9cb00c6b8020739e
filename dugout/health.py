"""/healthz: is the database answering, the broker reachable, and a worker alive?"""

from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache

from dugout.celery import app as celery_app

WORKER_PING_TIMEOUT = 1.0


def check_database():
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


def check_broker():
    with celery_app.connection_for_write() as conn:
        conn.ensure_connection(max_retries=1, timeout=2)


def check_worker():
    replies = celery_app.control.ping(timeout=WORKER_PING_TIMEOUT)
    if not replies:
        raise RuntimeError("no worker answered the ping")


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
