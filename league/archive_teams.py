"""The teams of a league archive (version 5): each team once, with its players and its ledger.

A team is what rosters.team_json writes (without the format and version), plus its "key" (which the
season entries name), its coach's username, a "key" on each player, and its "ledger": every LedgerEntry,
oldest first, whose before/after snapshots name players by their key. Importing checks every team with
team_json's rules, then creates the teams, their players and their ledgers with new ids.
docs/league-archive.md describes the format.
"""

from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from rosters.models import LedgerEntry
from rosters.team_json import create_team, export_team, validate_content

_TEAM_FILE_ONLY = ("format", "version")


def export_teams(teams):
    """The teams as archive data, each once, in the order given."""
    return [_export_team(team) for team in teams]


def _export_team(team):
    players = list(team.players.order_by("id"))
    data = {key: value for key, value in export_team(team, players).items() if key not in _TEAM_FILE_ONLY}
    data["players"] = [
        {"key": player.pk, **item} for player, item in zip(players, data["players"], strict=True)
    ]
    ledger = team.ledger.select_related("actor").order_by("created_at", "id")
    return {
        "key": team.pk,
        "coach": team.coach.username if team.coach_id else None,
        **data,
        "ledger": [_export_ledger_entry(entry) for entry in ledger],
    }


def _export_ledger_entry(entry):
    return {
        "kind": entry.kind,
        "by": entry.actor.username if entry.actor_id else None,
        "as_commissioner": entry.as_commissioner,
        "reason": entry.reason,
        "details": entry.details,
        "before": entry.before,
        "after": entry.after,
        "gold_change": entry.gold_change,
        "at": entry.created_at.isoformat(),
    }


def validate_teams(items, edition, usernames):
    """The archive's teams checked (each as a team file, and its ledger), as {key: cleaned data}; or a
    ValidationError whose every message names the team ("teams[2] (Name)") and the place in it."""
    if not isinstance(items, list):
        raise ValidationError(_("“teams” must be a list."))
    problems, teams = [], {}
    for index, item in enumerate(items):
        where = f"teams[{index}]"
        if isinstance(item, dict) and isinstance(item.get("name"), str):
            where = f"{where} ({item['name']})"
        try:
            cleaned = validate_content(item)
        except ValidationError as error:
            problems += [f"{where}: {message}" for message in error.messages]
            continue
        problems += _team_problems(item, cleaned, edition, where)
        if item.get("coach") not in usernames:
            problems.append(f"{where}: " + _("The coach must be one of the “users”."))
        if item.get("key") in teams:
            problems.append(f"{where}: " + _("Another team has the key %(key)s.") % {"key": item.get("key")})
        teams[item.get("key")] = {**cleaned, "source": item}
    if problems:
        raise ValidationError(problems)
    return teams


def _team_problems(item, cleaned, edition, where):
    """What validate_content does not check: the key, the edition against the league's, the ledger."""
    problems = []
    if isinstance(item.get("key"), bool) or not isinstance(item.get("key"), int):
        problems.append(f"{where}: " + _("“key” must be a whole number."))
    if cleaned["team"]["edition"] != edition:
        problems.append(
            f"{where}: "
            + _("The team is of the edition “%(team)s”, the league of “%(league)s”.")
            % {"team": cleaned["team"]["edition"], "league": edition}
        )
    ledger = item.get("ledger", [])
    if not isinstance(ledger, list):
        return [*problems, f"{where}: " + _("“ledger” must be a list.")]
    for index, entry in enumerate(ledger):
        spot = f"{where}.ledger[{index}]"
        if not isinstance(entry, dict) or entry.get("kind") not in LedgerEntry.Kind.values:
            problems.append(f"{spot}: " + _("Unknown ledger entry kind."))
        elif not all(isinstance(entry.get(key), dict) for key in ("before", "after")):
            problems.append(f"{spot}: " + _("“before” and “after” must be JSON objects."))
        elif not parse_datetime(str(entry.get("at"))):
            problems.append(f"{spot}: " + _("“at” must be a date and time."))
    return problems


@dataclass
class Moved:
    """What an import made of the archive's keys on this site, for what refers to them (the matches)."""

    users: dict  # {username: User}
    teams: dict = field(default_factory=dict)  # {team key: Team}
    players: dict = field(default_factory=dict)  # {str(player key): Player}
    ledger: dict = field(default_factory=dict)  # {team key: [LedgerEntry, in the archive's order]}


def import_teams(teams, users):
    """Create the validated teams (from validate_teams), their players and ledgers; returns Moved."""
    moved = Moved(users=users)
    for key, data in teams.items():
        source = data["source"]
        team, players = create_team(coach=users.get(source.get("coach")), data=data)
        new_players = {
            str(item["key"]): player
            for item, player in zip(source["players"], players, strict=True)
            if "key" in item
        }
        player_ids = {old: str(player.pk) for old, player in new_players.items()}
        moved.ledger[key] = [
            _import_ledger_entry(team, entry, player_ids, users) for entry in source.get("ledger", [])
        ]
        moved.teams[key] = team
        moved.players.update(new_players)
    return moved


def _import_ledger_entry(team, data, player_ids, users):
    entry = LedgerEntry.objects.create(
        team=team,
        kind=data["kind"],
        actor=users.get(data.get("by")),
        as_commissioner=bool(data.get("as_commissioner")),
        reason=data.get("reason", ""),
        details=data.get("details", {}),
        before=_with_player_ids(data["before"], player_ids),
        after=_with_player_ids(data["after"], player_ids),
        gold_change=data.get("gold_change", 0),
    )
    # created_at is set on creation (auto_now_add): put back the original time, which orders the ledger.
    LedgerEntry.objects.filter(pk=entry.pk).update(created_at=parse_datetime(data["at"]))
    return entry


def _with_player_ids(snapshot, player_ids):
    """A snapshot whose players are named by the recreated players' ids. A player no longer on the team
    (deleted by a draft firing) keeps its old key, an id of the other site."""
    players = snapshot.get("players")
    if not isinstance(players, dict):
        return snapshot
    return {**snapshot, "players": {player_ids.get(key, key): state for key, state in players.items()}}
