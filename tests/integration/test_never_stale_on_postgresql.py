"""Kept pages on PostgreSQL and Redis (issue #20): the broker is down while a result is confirmed, and
another request draws the standings in the middle of the transaction; no page is left stale.

Run by `make test`'s integration pass, with the verification mode on: every kept page and 304 served is
compared with a fresh render.
"""

import threading

import pytest
from django.db import connections, transaction
from django.test import Client
from django.urls import reverse
from kombu.exceptions import OperationalError

from dugout.tasks import BrokerUnavailable, send_on_commit
from league.models import Result
from league.services import results
from league.tasks import notify_result
from tests.freshness import cached_page, page_html
from tests.league.factories import make_entry, make_fixture, make_league, make_season

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def broker_down(monkeypatch):
    def refuse(self, *args, **kwargs):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr("celery.app.task.Task.apply_async", refuse)


def _draw_in_another_request(url, drawn):
    """A page drawn by another request (its own connection: it reads what is committed)."""

    def load():
        drawn.append(Client().get(url).content.decode())
        connections.close_all()

    thread = threading.Thread(target=load)
    thread.start()
    thread.join()


def _standings(client, url):
    return {row["name"]: row["won"] for row in client.get(url).json()["standings"]}


def test_a_result_confirmed_while_the_broker_is_down_leaves_no_stale_page(monkeypatch, broker_down):
    league = make_league(name="Broker Down League", slug="broker-down")
    season, _entries = make_season(league)
    home, away = make_entry(season, name="Reavers"), make_entry(season, name="Bashers")
    result = Result.objects.create(
        fixture=make_fixture(season, home, away),
        home_score=3,
        away_score=1,
        submitted_by=home.coach,
        status=Result.Status.SUBMITTED,
    )
    page = reverse("league:standings", args=[season.pk])
    api = reverse("league:api_standings", args=[season.pk])
    visitor = Client()
    cached_page(visitor, page)
    assert _standings(visitor, api) == {"Reavers": 0, "Bashers": 0}

    drawn_meanwhile = []
    real_counts = results._counts

    def counts_then_another_request(result, *, confirmed):
        real_counts(result, confirmed=confirmed)
        _draw_in_another_request(api, drawn_meanwhile)

    monkeypatch.setattr(results, "_counts", counts_then_another_request)

    # A notification queued first in the same transaction: when it fails on commit, Django drops the
    # callbacks registered after it, the confirmation's own commit-time versions among them.
    def confirm_after_a_queued_notification():
        with transaction.atomic():
            send_on_commit(notify_result, result_id=result.pk, event="submitted")
            results.confirm_result(result=result, by=away.coach)

    with pytest.raises(BrokerUnavailable):
        confirm_after_a_queued_notification()

    assert Result.objects.get(pk=result.pk).status == Result.Status.CONFIRMED  # committed
    assert '"won": 1' not in drawn_meanwhile[0]  # drawn from what was committed at the time
    for client in (visitor, Client()):
        assert _standings(client, api) == {"Reavers": 1, "Bashers": 0}
        assert _standings(client, api) == {"Reavers": 1, "Bashers": 0}  # kept, or drawn again: fresh
        page_html(client, page)
