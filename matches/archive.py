"""A fixture's recorded match in the league archive (league.archive_seasons, docs/league-archive.md):
the match with its pre-match, play and post-match values, its drives with their events, and its dice
log, so that a league moves with what happened at its tables and an imported match reads, undoes and
re-applies as it did on the site that wrote it.

The league app asks for these through league.hooks (it may not import the matches app). Every value
of the models' own columns is written, read from the models' fields, so that a column added later is
archived without a change here; each is checked on import with its field's own rules and a bad one is
named by its place in the file. Teams, players and ledger entries are named by their keys in the
archive ("p<key>" where the match's values name a player, as they do on the site); users by username.
"""

import re

from django.core.exceptions import ValidationError
from django.db.models import Prefetch
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from matches.models import DiceLog, Drive, Event, Match
from matches.services.outcome import record_player_stats
from rosters.models import LedgerEntry

# Columns kept as they are (the relations and timestamps are written by name below).
_SKIPPED = {"id", "created_at", "updated_at", "applied_at", "ledger_entries"}


def _columns(model):
    return [
        field for field in model._meta.concrete_fields if not field.is_relation and field.name not in _SKIPPED
    ]


MATCH_COLUMNS = _columns(Match)
DRIVE_COLUMNS = _columns(Drive)
EVENT_COLUMNS = _columns(Event)
DICE_COLUMNS = _columns(DiceLog)
EVENT_PLAYERS = ("player", "victim", "catcher")
# What a match holds besides its columns.
MATCH_RELATIONS = frozenset(
    {
        "home_team",
        "away_team",
        "created_by",
        "applied_by",
        "created_at",
        "applied_at",
        "ledger_entries",
        "drives",
        "dice_log",
    }
)
# A player as the match's values name one: "p" and the player's id (Event.actor_key, the outcome's SPP).
_PLAYER_KEY = re.compile(r"p(\d+)")


def _username(user):
    return user.username if user else None


def _at(moment):
    return moment.isoformat() if moment else None


def export_matches(fixtures):
    """{fixture id: the fixture's match as plain data} for the fixtures played with Dugout (a constant
    number of queries)."""
    matches = list(
        Match.objects.filter(fixture__in=fixtures)
        .select_related("created_by", "applied_by")
        .prefetch_related(
            Prefetch("drives", queryset=Drive.objects.prefetch_related(_events())),
            Prefetch("dice_log", queryset=DiceLog.objects.select_related("created_by")),
        )
    )
    places = _ledger_places(matches)
    return {match.fixture_id: _export_match(match, places) for match in matches}


def _events():
    return Prefetch("events", queryset=Event.objects.select_related("created_by").order_by("id"))


def _ledger_places(matches):
    """{ledger entry id: [team key, place in the team's ledger]}, the ledger as the archive lists it."""
    teams = {team_id for match in matches for team_id in (match.home_team_id, match.away_team_id)}
    places, counts = {}, {}
    rows = (
        LedgerEntry.objects.filter(team_id__in=teams)
        .order_by("created_at", "id")
        .values_list("pk", "team_id")
    )
    for pk, team_id in rows:
        places[pk] = [team_id, counts.get(team_id, 0)]
        counts[team_id] = counts.get(team_id, 0) + 1
    return places


def _values(instance, columns):
    return {field.name: field.value_from_object(instance) for field in columns}


def _export_match(match, places):
    return {
        **_values(match, MATCH_COLUMNS),
        "home_team": match.home_team_id,
        "away_team": match.away_team_id,
        "created_by": _username(match.created_by),
        "applied_by": _username(match.applied_by),
        "created_at": _at(match.created_at),
        "applied_at": _at(match.applied_at),
        "ledger_entries": {side: places.get(entry) for side, entry in match.ledger_entries.items()},
        "drives": [
            {
                **_values(drive, DRIVE_COLUMNS),
                "events": [_export_event(event) for event in drive.events.all()],
            }
            for drive in match.drives.all()
        ],
        "dice_log": [
            {
                **_values(entry, DICE_COLUMNS),
                "team": entry.team_id,
                "player": entry.player_id,
                "by": _username(entry.created_by),
                "at": _at(entry.created_at),
            }
            for entry in match.dice_log.all()
        ],
    }


def _export_event(event):
    return {
        **_values(event, EVENT_COLUMNS),
        **{name: getattr(event, f"{name}_id") for name in EVENT_PLAYERS},
        "by": _username(event.created_by),
        "at": _at(event.created_at),
    }


def import_match(*, fixture, data, moved, where):
    """Recreate the archive's match `data` for `fixture` (league.hooks.import_match): `moved`
    (league.archive_teams.Moved) maps the file's teams, players, ledger entries and users to this
    site's. Runs inside the league import's transaction: a bad value raises a ValidationError naming
    its place, and nothing of the league is kept.

    Side effects: the Match, its Drives, Events and DiceLog rows, the match's id in its two ledger
    entries' details, and for an applied match its players' PlayerMatchStats.
    """
    reader = _Reader(moved, where)
    match = Match(
        fixture=fixture,
        home_team=reader.team(data, "home_team", fixture.home.team_id),
        away_team=reader.team(data, "away_team", fixture.away.team_id),
        created_by=reader.user(data, "created_by", required=True),
        applied_by=reader.user(data, "applied_by"),
        applied_at=reader.moment(data, "applied_at"),
        **reader.columns(data, MATCH_COLUMNS, Match, skip=MATCH_RELATIONS),
    )
    entries = reader.ledger_entries(data)
    match.ledger_entries = {side: entry.pk for side, entry in entries.items()}
    match.save()
    created_at = reader.moment(data, "created_at") or match.created_at
    Match.objects.filter(pk=match.pk).update(created_at=created_at, updated_at=created_at)
    for entry in entries.values():
        LedgerEntry.objects.filter(pk=entry.pk).update(details={**entry.details, "match": match.pk})
    _import_drives(match, data.get("drives", []), reader)
    _import_dice_log(match, data.get("dice_log", []), reader)
    if match.status == Match.Status.APPLIED:
        record_player_stats(match)
    return match


def _import_drives(match, items, reader):
    if not isinstance(items, list):
        raise reader.problem("drives", _("must be a list."))
    drives, events = [], []
    for index, item in enumerate(items):
        place = f"drives[{index}]"
        drive_reader = reader.at(place)
        drive = Drive(match=match, **drive_reader.columns(item, DRIVE_COLUMNS, Drive, skip={"events"}))
        drives.append(drive)
        for number, event in enumerate(item.get("events", [])):
            events.append((drive, reader.at(f"{place}.events[{number}]").event(event)))
    Drive.objects.bulk_create(drives)
    for drive, event in events:
        event.drive = drive
    _create_with_times(Event, [event for _drive, event in events])


def _import_dice_log(match, items, reader):
    if not isinstance(items, list):
        raise reader.problem("dice_log", _("must be a list."))
    rows = []
    for index, item in enumerate(items):
        row_reader = reader.at(f"dice_log[{index}]")
        row = DiceLog(
            match=match,
            team=row_reader.team(item, "team", None),
            player=row_reader.player(item, "player"),
            created_by=row_reader.user(item, "by"),
            **row_reader.columns(item, DICE_COLUMNS, DiceLog, skip={"team", "player", "by", "at"}),
        )
        row.created_at = row_reader.moment(item, "at")
        rows.append(row)
    _create_with_times(DiceLog, rows)


def _create_with_times(model, rows):
    """bulk_create, then put back each row's original created_at (auto_now_add sets it on creation)."""
    times = [row.created_at for row in rows]
    model.objects.bulk_create(rows)
    for row, moment in zip(rows, times, strict=True):
        row.created_at = moment or row.created_at
    model.objects.bulk_update(rows, ["created_at"], batch_size=500)


class _Reader:
    """Reads one part of an archived match, naming the place of anything wrong (`where`)."""

    def __init__(self, moved, where):
        self.moved, self.where = moved, where

    def at(self, place):
        return _Reader(self.moved, f"{self.where}.{place}")

    def problem(self, name, message):
        return ValidationError(f"{self.where}.{name}: {message}")

    def columns(self, data, columns, model, *, skip):
        """{column: value} of `data`, each checked by its model field; an unknown name is refused."""
        if not isinstance(data, dict):
            raise ValidationError(f"{self.where}: " + _("must be a JSON object."))
        known = {field.name for field in columns} | skip
        unknown = sorted(set(data) - known)
        if unknown:
            raise self.problem(
                unknown[0], _("not a field of the archive's %(model)s.") % {"model": model.__name__}
            )
        values = {}
        for field in columns:
            if field.name not in data:
                continue
            try:
                values[field.name] = field.clean(self._players_moved(data[field.name]), None)
            except ValidationError as error:
                raise self.problem(field.name, " ".join(error.messages)) from error
        return values

    def _players_moved(self, value):
        """`value` with the players it names ("p<key>", and the "player" of a KO recovery) renamed to
        this site's; a key of a player no longer on any team (a draft firing deleted it) stays as it was."""
        if isinstance(value, str):
            found = _PLAYER_KEY.fullmatch(value)
            player = self.moved.players.get(found.group(1)) if found else None
            return f"p{player.pk}" if player else value
        if isinstance(value, list):
            return [self._players_moved(item) for item in value]
        if isinstance(value, dict):
            return {self._players_moved(key): self._player_id(key, item) for key, item in value.items()}
        return value

    def _player_id(self, key, value):
        if key == "player" and isinstance(value, int) and not isinstance(value, bool):
            player = self.moved.players.get(str(value))
            return player.pk if player else value
        return self._players_moved(value)

    def event(self, data):
        event = Event(
            created_by=self.user(data, "by"),
            **{name: self.player(data, name) for name in EVENT_PLAYERS},
            **self.columns(data, EVENT_COLUMNS, Event, skip={*EVENT_PLAYERS, "by", "at"}),
        )
        event.created_at = self.moment(data, "at")
        return event

    def team(self, data, name, expected):
        key = data.get(name)
        if key is None and expected is None:
            return None
        team = self.moved.teams.get(key)
        if team is None or (expected is not None and team.pk != expected):
            raise self.problem(name, _("No team of the key %(key)s plays this fixture.") % {"key": key})
        return team

    def player(self, data, name):
        key = data.get(name)
        if key is None:
            return None
        player = self.moved.players.get(str(key))
        if player is None:
            raise self.problem(name, _("No player of the key %(key)s in “teams”.") % {"key": key})
        return player

    def user(self, data, name, *, required=False):
        username = data.get(name)
        if username is None and not required:
            return None
        if username not in self.moved.users:
            raise self.problem(name, _("The user must be one of the “users”."))
        return self.moved.users[username]

    def moment(self, data, name):
        value = data.get(name)
        if value is None:
            return None
        moment = parse_datetime(value) if isinstance(value, str) else None
        if moment is None:
            raise self.problem(name, _("“%(value)s” is not a date and time.") % {"value": value})
        return moment

    def ledger_entries(self, data):
        """{side: LedgerEntry} of the match's ledger entries ([team key, place] in the file)."""
        places = data.get("ledger_entries") or {}
        if not isinstance(places, dict):
            raise self.problem("ledger_entries", _("must be a JSON object."))
        entries = {}
        for side, place in places.items():
            ledger = self.moved.ledger.get(place[0]) if isinstance(place, list) and len(place) == 2 else None
            if (
                side not in ("home", "away")
                or not ledger
                or not isinstance(place[1], int)
                or not 0 <= place[1] < len(ledger)
            ):
                raise self.problem("ledger_entries", _("No ledger entry at %(place)s.") % {"place": place})
            entries[side] = ledger[place[1]]
        return entries
