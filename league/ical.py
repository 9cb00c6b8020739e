"""iCalendar (RFC 5545) feeds of fixtures, made with the `icalendar` library (folding, escaping and
line ends are its business, not ours), and which fixtures a season's or a division's feed lists.

Fixtures with a date and time become timed events (UTC, two hours); fixtures with only a round date
become all-day events; undated fixtures are left out.
"""

from datetime import UTC, datetime, timedelta

import icalendar
from django.db.models import Q

from league.models import Fixture

GAME_LENGTH = timedelta(hours=2)


def fixture_event(fixture, *, host, now):
    """The VEVENT of a fixture, or None when it has no date."""
    if fixture.scheduled_at:
        start = fixture.scheduled_at.astimezone(UTC)
        end = start + GAME_LENGTH
    elif fixture.round_id and fixture.round.date:
        start = fixture.round.date
        end = start + timedelta(days=1)
    else:
        return None
    event = icalendar.Event()
    event.add("uid", f"fixture-{fixture.pk}@{host}")
    event.add("dtstamp", now)
    event.add("dtstart", start)
    event.add("dtend", end)
    event.add("summary", _summary(fixture))
    description = fixture.season.league.name + " · " + fixture.season.name
    if fixture.round_id:
        description += f" · {fixture.round}"
    event.add("description", description)
    return event


def season_fixtures(season, *, division=None):
    """The fixtures of a season's calendar, with what their events show: all of them, or those of the
    teams of `division` (a game between two divisions is in both divisions' calendars). One query."""
    fixtures = Fixture.objects.for_season(season)
    if division is not None:
        fixtures = fixtures.filter(Q(home__division=division) | Q(away__division=division))
    return fixtures.with_related()


def _summary(fixture):
    home, away = fixture.home.display_name, fixture.away.display_name
    result = fixture.confirmed_result
    if result:
        return f"{home} {result.home_score}–{result.away_score} {away}"
    return f"{home} – {away}"


def calendar(fixtures, *, name, host, now=None):
    """A VCALENDAR document (str with CRLF line ends) of the dated fixtures."""
    now = now or datetime.now(UTC)
    feed = icalendar.Calendar()
    feed.add("version", "2.0")
    feed.add("prodid", "-//Dugout//League fixtures//EN")
    feed.add("calscale", "GREGORIAN")
    feed.add("method", "PUBLISH")
    feed.add("x-wr-calname", name)
    for fixture in fixtures:
        event = fixture_event(fixture, host=host, now=now)
        if event is not None:
            feed.add_component(event)
    return feed.to_ical().decode()
