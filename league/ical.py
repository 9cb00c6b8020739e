"""iCalendar (RFC 5545) feeds of fixtures, written by hand: a few properties need no library.

Lines end in CRLF and are folded at 75 octets; text values are escaped. Fixtures with a date and time
become timed events (UTC, two hours); fixtures with only a round date become all-day events;
undated fixtures are left out.
"""

from datetime import UTC, datetime, timedelta

GAME_LENGTH = timedelta(hours=2)


def escape(text):
    return (
        str(text)
        .replace("\\", "\\\\")
        .replace(";", "\\;")
        .replace(",", "\\,")
        .replace("\r\n", "\\n")
        .replace("\n", "\\n")
    )


def fold(line):
    """Split a content line into 75-octet pieces, continuation lines starting with a space."""
    encoded = line.encode()
    if len(encoded) <= 75:
        return [line]
    pieces, current, limit = [], b"", 75
    for char in line:
        size = len(char.encode())
        if len(current) + size > limit:
            pieces.append(current.decode())
            current, limit = b"", 74
        current += char.encode()
    pieces.append(current.decode())
    return [pieces[0], *(" " + piece for piece in pieces[1:])]


def _stamp(moment):
    return moment.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


def fixture_event(fixture, *, host, now):
    """The VEVENT lines of a fixture, or [] when it has no date."""
    result = fixture.confirmed_result
    summary = f"{fixture.home.display_name} – {fixture.away.display_name}"
    if result:
        summary = (
            f"{fixture.home.display_name} {result.home_score}–{result.away_score} {fixture.away.display_name}"
        )
    lines = ["BEGIN:VEVENT", f"UID:fixture-{fixture.pk}@{host}", f"DTSTAMP:{_stamp(now)}"]
    if fixture.scheduled_at:
        lines += [
            f"DTSTART:{_stamp(fixture.scheduled_at)}",
            f"DTEND:{_stamp(fixture.scheduled_at + GAME_LENGTH)}",
        ]
    elif fixture.round_id and fixture.round.date:
        day = fixture.round.date
        lines += [
            f"DTSTART;VALUE=DATE:{day.strftime('%Y%m%d')}",
            f"DTEND;VALUE=DATE:{(day + timedelta(days=1)).strftime('%Y%m%d')}",
        ]
    else:
        return []
    lines.append(f"SUMMARY:{escape(summary)}")
    description = fixture.season.league.name + " · " + fixture.season.name
    if fixture.round_id:
        description += f" · {fixture.round}"
    lines += [f"DESCRIPTION:{escape(description)}", "END:VEVENT"]
    return lines


def calendar(fixtures, *, name, host, now=None):
    """A VCALENDAR document (str with CRLF line ends) of the dated fixtures."""
    now = now or datetime.now(UTC)
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Dugout//League fixtures//EN",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        f"X-WR-CALNAME:{escape(name)}",
    ]
    for fixture in fixtures:
        lines += fixture_event(fixture, host=host, now=now)
    lines.append("END:VCALENDAR")
    return "".join(piece + "\r\n" for line in lines for piece in fold(line))
