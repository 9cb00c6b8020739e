"""The iCal feeds are valid RFC 5545: CRLF lines of at most 75 octets, balanced components, the
required properties of every VEVENT, escaped text."""

from datetime import UTC, date, datetime

import icalendar
import pytest
from django.urls import reverse

from league.models import Fixture, Round
from tests.league.factories import make_entry, make_fixture

pytestmark = pytest.mark.django_db


def parse(body):
    """Unfold and split a calendar into (name, params, value) lines, checking the framing on the way."""
    assert body.endswith("\r\n")
    raw = body.split("\r\n")[:-1]
    assert all(len(line.encode()) <= 75 for line in raw)
    assert "\n" not in body.replace("\r\n", "")
    unfolded = []
    for line in raw:
        if line.startswith(" "):
            unfolded[-1] += line[1:]
        else:
            unfolded.append(line)
    parsed = []
    for line in unfolded:
        head, value = line.split(":", 1)
        name, *params = head.split(";")
        parsed.append((name, params, value))
    return parsed


def events(parsed):
    stack, found, current = [], [], None
    for name, params, value in parsed:
        if name == "BEGIN":
            stack.append(value)
            if value == "VEVENT":
                current = {}
        elif name == "END":
            assert stack.pop() == value
            if value == "VEVENT":
                found.append(current)
                current = None
        elif current is not None:
            current[name] = (params, value)
    assert stack == []
    return found


def test_season_calendar_has_a_valid_event_per_dated_fixture(client, season, home, away):
    timed = make_fixture(season, home, away, round_number=1)
    Fixture.objects.filter(pk=timed.pk).update(scheduled_at=datetime(2026, 3, 1, 18, 0, tzinfo=UTC))
    dated = make_fixture(season, away, home, round_number=2)
    Round.objects.filter(pk=dated.round_id).update(date=date(2026, 3, 8))
    make_fixture(season, home, away, round_number=3)  # no date: not in the calendar
    response = client.get(reverse("league:season_calendar", args=[season.pk]))
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    parsed = parse(response.content.decode())
    assert parsed[0] == ("BEGIN", [], "VCALENDAR")
    assert ("VERSION", [], "2.0") in parsed
    assert any(name == "PRODID" for name, _params, _value in parsed)
    found = events(parsed)
    assert len(found) == 2
    for event in found:
        assert {"UID", "DTSTAMP", "DTSTART", "SUMMARY"} <= set(event)
    assert found[0]["DTSTART"] == ([], "20260301T180000Z")
    assert found[1]["DTSTART"] == (["VALUE=DATE"], "20260308")
    assert found[0]["SUMMARY"][1] == "Reikland Reavers – Gouged Eye"
    assert len({event["UID"][1] for event in found}) == 2


def test_team_calendar_lists_only_that_teams_fixtures(client, season, home, away):
    other = make_entry(season, name="Third Team")
    third = make_entry(season, name="Fourth Team")
    for fixture in (make_fixture(season, home, away), make_fixture(season, other, third)):
        Fixture.objects.filter(pk=fixture.pk).update(scheduled_at=datetime(2026, 3, 1, 18, 0, tzinfo=UTC))
    found = events(parse(client.get(reverse("league:entry_calendar", args=[home.pk])).content.decode()))
    assert [event["SUMMARY"][1] for event in found] == ["Reikland Reavers – Gouged Eye"]


def test_long_and_special_names_are_folded_escaped_and_read_back(client, season, home, away):
    """A name with commas, semicolons, backslashes and non-ASCII letters survives the round trip."""
    away.name = "Ünïcødé, team; with\\ a very long name " * 3
    away.save(update_fields=["name"])
    fixture = make_fixture(season, home, away)
    Fixture.objects.filter(pk=fixture.pk).update(scheduled_at=datetime(2026, 3, 1, 18, 0, tzinfo=UTC))
    body = client.get(reverse("league:season_calendar", args=[season.pk])).content.decode()
    parse(body)  # CRLF, 75-octet lines
    event = icalendar.Calendar.from_ical(body).walk("VEVENT")[0]
    assert str(event["SUMMARY"]) == f"Reikland Reavers – {away.display_name}"


def test_the_feed_validates_with_the_icalendar_parser(client, season, home, away):
    fixture = make_fixture(season, home, away)
    Round.objects.filter(pk=fixture.round_id).update(date=date(2026, 3, 8))
    feed = icalendar.Calendar.from_ical(
        client.get(reverse("league:season_calendar", args=[season.pk])).content
    )
    assert feed.errors == []
    (event,) = feed.walk("VEVENT")
    assert event.errors == []
    assert event.decoded("DTSTART") == date(2026, 3, 8)
    assert event.decoded("DTEND") == date(2026, 3, 9)
