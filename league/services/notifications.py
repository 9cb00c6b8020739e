"""Telling coaches and commissioners about results: email, and the league's webhook if it has one."""

import json
import logging
import urllib.request

from django.conf import settings
from django.core.mail import send_mail
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from league.models import Result

logger = logging.getLogger(__name__)

EVENTS = ("submitted", "disputed", "confirmed")


def recipients(result, event):
    """The users told about `event`: the opponent of the submitter, the commissioners, or both coaches."""
    fixture = result.fixture
    coaches = [entry.coach for entry in (fixture.home, fixture.away) if entry.coach_id]
    if event == "submitted":
        return [coach for coach in coaches if coach.pk != result.submitted_by_id]
    if event == "disputed":
        return [*fixture.season.league.commissioners.all(), *coaches]
    return coaches


def message(result, event):
    fixture = result.fixture
    values = {
        "home": fixture.home.display_name,
        "away": fixture.away.display_name,
        "home_score": result.home_score,
        "away_score": result.away_score,
        "league": fixture.season.league.name,
    }
    if event == "submitted":
        return _("%(league)s: result submitted, %(home)s %(home_score)s–%(away_score)s %(away)s.") % values
    if event == "disputed":
        return _("%(league)s: result disputed, %(home)s %(home_score)s–%(away_score)s %(away)s.") % values
    return _("%(league)s: result confirmed, %(home)s %(home_score)s–%(away_score)s %(away)s.") % values


def notify_result(*, result, event, base_url=""):
    """Email each recipient (in their language) and post to the league's webhook.

    Side effects: sends email; makes one HTTP POST to League.webhook_url when set (failures are
    logged, not raised).
    """
    if event not in EVENTS:
        raise ValueError(f"unknown event {event!r}")
    link = (base_url or getattr(settings, "SITE_URL", "")) + reverse(
        "league:fixture", args=[result.fixture_id]
    )
    seen = set()
    for user in recipients(result, event):
        if not user.email or user.pk in seen:
            continue
        seen.add(user.pk)
        with translation.override(user.preferred_language or settings.LANGUAGE_CODE):
            text = message(result, event)
            send_mail(text, f"{text}\n\n{link}", None, [user.email])
    webhook = result.fixture.season.league.webhook_url
    if webhook:
        with translation.override(settings.LANGUAGE_CODE):
            post_webhook(webhook, f"{message(result, event)} {link}")


def post_webhook(url, content):
    """POST {"content": ...} as JSON (what Discord and compatible chat webhooks accept)."""
    request = urllib.request.Request(
        url,
        data=json.dumps({"content": content}).encode(),
        headers={"Content-Type": "application/json", "User-Agent": "Dugout"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:  # noqa: S310 (https only, see forms)
            return response.status
    except OSError:
        logger.warning("league webhook failed: %s", url, exc_info=True)
        return None


def load_result(result_id):
    return (
        Result.objects.select_related(
            "fixture__season__league",
            "fixture__home__coach",
            "fixture__away__coach",
            "fixture__home__team",
            "fixture__away__team",
        )
        .filter(pk=result_id)
        .first()
    )
