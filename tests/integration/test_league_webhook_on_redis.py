"""A result's notification travels through Redis to a real Celery worker, which posts the league's
webhook to a small HTTP server of the test.

The settings form accepts only https:// webhook addresses (web.league.forms.LeagueSettingsForm); the
service update_league_settings stores what it is given, so the test sets a plain-HTTP address on
127.0.0.1 through it.
"""

import json
import queue
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.conf import settings
from django.urls import reverse

from league.models import Result
from league.services.leagues import update_league_settings
from league.services.results import confirm_result, submit_result
from tests.factories import UserFactory
from tests.league.factories import make_entry, make_fixture, make_league, make_season

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def webhook_server():
    """An HTTP server on 127.0.0.1 (a free port) that keeps each POST as (path, headers, body)."""
    received = queue.Queue()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers["Content-Length"]))
            received.put((self.path, dict(self.headers), body))
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    server.received = received
    server.url = f"http://127.0.0.1:{server.server_port}/hooks/results"
    yield server
    server.shutdown()
    server.server_close()
    thread.join(timeout=10)


def _posts_until(received, content, timeout=30):
    """The POSTs received until one says `content` (which is the last), or an error after `timeout`."""
    posts, deadline = [], time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            path, headers, body = received.get(timeout=0.2)
        except queue.Empty:
            continue
        posts.append((path, headers, json.loads(body)))
        if posts[-1][2].get("content") == content:
            return posts
    raise AssertionError(f"no webhook said {content!r} within {timeout} s; received {posts}")


def test_confirmed_result_is_posted_to_the_league_webhook_by_a_worker_on_redis(
    celery_worker_process, webhook_server
):
    assert settings.CELERY_BROKER_URL.startswith("redis://")
    commissioner = UserFactory(username="carla")
    home_coach = UserFactory(username="homecoach")
    away_coach = UserFactory(username="awaycoach")
    league = make_league(commissioner=commissioner, name="Old World League")
    update_league_settings(league=league, by=commissioner, webhook_url=webhook_server.url)
    season, _entries = make_season(league)
    home = make_entry(season, coach=home_coach, name="Reikland Reavers")
    away = make_entry(season, coach=away_coach, name="Gouged Eye")
    fixture = make_fixture(season, home, away)
    link = reverse("league:fixture", args=[fixture.pk])

    submit_result(fixture=fixture, submitted_by=home_coach, home_score=2, away_score=1)
    confirm_result(result=Result.objects.get(fixture=fixture), by=away_coach)

    confirmed = f"Old World League: result confirmed, Reikland Reavers 2–1 Gouged Eye. {link}"
    posts = _posts_until(webhook_server.received, confirmed)
    assert [body for _path, _headers, body in posts] == [
        {"content": f"Old World League: result submitted, Reikland Reavers 2–1 Gouged Eye. {link}"},
        {"content": confirmed},
    ]
    path, headers, _body = posts[-1]
    assert path == "/hooks/results"
    assert headers["Content-Type"] == "application/json"
    assert headers["User-Agent"] == "Dugout"
