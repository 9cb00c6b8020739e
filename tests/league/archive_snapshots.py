"""What the league archive's round-trip tests compare: the archive without ids and timestamps, and every
roster of the league as plain values; and how they send a league away (as if importing elsewhere)."""

import copy
import re

from accounts.models import User
from league.models import League
from matches.models import Match
from rosters.ledger import PLAYER_FIELDS, TEAM_FIELDS
from rosters.models import Team

_PLAYER_KEY = re.compile(r"p(\d+)")


def normalised(document):
    """The archive without ids: team, player, entry and ledger keys become their places in the lists
    (a player's place is "team.player"), in the teams, entries, fixtures and the recorded matches
    (their events, dice rolls and the values that name players: "p<key>", a KO recovery's "player")."""
    document = copy.deepcopy(document)
    team_places = {team["key"]: index for index, team in enumerate(document["teams"])}
    players = {}
    for team_place, team in enumerate(document["teams"]):
        places = {
            str(player.pop("key")): f"{team_place}.{index}" for index, player in enumerate(team["players"])
        }
        players.update(places)
        del team["key"]
        for entry in team["ledger"]:
            del entry["at"]
            entry["details"].pop("match", None)
            for side in ("before", "after"):
                snapshot = entry[side].get("players", {})
                entry[side]["players"] = {places.get(k, "gone"): v for k, v in snapshot.items()}
    for season in document["seasons"]:
        entry_places = {entry["key"]: index for index, entry in enumerate(season["entries"])}
        for entry in season["entries"]:
            entry["key"] = entry_places[entry["key"]]
            entry["team"] = team_places.get(entry["team"])
        for fixture in season["fixtures"]:
            fixture["home"], fixture["away"] = entry_places[fixture["home"]], entry_places[fixture["away"]]
            if fixture["result"]:
                fixture["result"]["conceded_by"] = entry_places.get(fixture["result"]["conceded_by"])
                fixture["result"].pop("submitted_at")
                fixture["result"].pop("confirmed_at")
            if fixture.get("match"):
                fixture["match"] = _match(fixture["match"], team_places, players)
        for item in season["adjustments"] + season["prizes"]:
            item["entry"] = entry_places[item["entry"]]
    return document


def _match(match, teams, players):
    match = _players_named(match, players)
    for side in ("home_team", "away_team"):
        match[side] = teams[match[side]]
    match["ledger_entries"] = {
        side: [teams[key], place] for side, (key, place) in match["ledger_entries"].items()
    }
    for drive in match["drives"]:
        for event in drive["events"]:
            for name in ("player", "victim", "catcher"):
                event[name] = players.get(str(event[name]), event[name])
    for roll in match["dice_log"]:
        roll["team"] = teams.get(roll["team"])
        roll["player"] = players.get(str(roll["player"]), roll["player"])
    return match


def _players_named(value, players):
    if isinstance(value, str):
        found = _PLAYER_KEY.fullmatch(value)
        return f"P{players[found.group(1)]}" if found and found.group(1) in players else value
    if isinstance(value, list):
        return [_players_named(item, players) for item in value]
    if isinstance(value, dict):
        return {
            _players_named(key, players): (
                players.get(str(item), item)
                if key == "player" and isinstance(item, int)
                else _players_named(item, players)
            )
            for key, item in value.items()
        }
    return value


def rosters(league):
    """Every team of the league with its players and ledger, as plain values (no ids)."""
    teams = Team.objects.filter(season_entries__season__league=league).distinct().order_by("name")
    snapshot = {}
    for team in teams:
        players = team.players.order_by("number", "name", "status")
        snapshot[(team.coach.username, team.name)] = {
            "team": [getattr(team, field) for field in (*TEAM_FIELDS, "edition", "roster", "chosen_league")],
            "players": [[getattr(player, field) for field in PLAYER_FIELDS] for player in players],
            "ledger": [
                (
                    e.kind,
                    e.actor.username if e.actor else None,
                    e.reason,
                    {**e.details, "match": _match_label(e.details["match"])}
                    if "match" in e.details
                    else e.details,
                    e.gold_change,
                    e.created_at,
                )
                for e in team.ledger.order_by("created_at", "id")
            ],
        }
    return snapshot


def _match_label(pk):
    """A match by its teams and its fixture's round (ids differ from one site to the other)."""
    match = Match.objects.select_related("fixture__round").filter(pk=pk).first()
    if match is None:
        return None
    round_number = match.fixture.round.number if match.fixture and match.fixture.round else None
    return f"{match.home_team.name} v {match.away_team.name}, round {round_number}"


def forget(league):
    """Delete the league with everything else of the site (leagues, matches, teams, users), as if
    importing into another site."""
    Match.objects.all().delete()
    League.objects.all().delete()
    Team.objects.all().delete()
    User.objects.all().delete()
