"""The league archive carries its teams (version 5): the demo league moves with its rosters and ledgers."""

import copy

import pytest
from django.core.exceptions import ValidationError

from accounts.demo import create_demo_users
from accounts.models import User
from league.archive import export_league, import_league
from league.demo import DEMO_SLUG, create_demo_league
from league.models import League
from rosters.demo import create_demo_teams
from rosters.ledger import PLAYER_FIELDS, TEAM_FIELDS
from rosters.models import LedgerEntry, Player, Team

pytestmark = pytest.mark.django_db


def _demo_league():
    users = create_demo_users()
    create_demo_teams(users)
    create_demo_league(users)
    return League.objects.get(slug=DEMO_SLUG)


def _normalised(document):
    """The archive without ids and timestamps: team and player keys become their places in the lists."""
    document = copy.deepcopy(document)
    team_places = {team["key"]: index for index, team in enumerate(document["teams"])}
    for team in document["teams"]:
        player_places = {str(player.pop("key")): str(index) for index, player in enumerate(team["players"])}
        del team["key"]
        for entry in team["ledger"]:
            del entry["at"]
            for side in ("before", "after"):
                players = entry[side].get("players", {})
                entry[side]["players"] = {player_places.get(k, "gone"): v for k, v in players.items()}
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
        for item in season["adjustments"] + season["prizes"]:
            item["entry"] = entry_places[item["entry"]]
    return document


def _rosters(league):
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
                    e.details,
                    e.gold_change,
                    e.created_at,
                )
                for e in team.ledger.order_by("created_at", "id")
            ],
        }
    return snapshot


def _forget(league):
    """Delete the league, its teams and every coach, as if importing into another site."""
    teams = list(Team.objects.filter(season_entries__season__league=league).distinct())
    league.delete()
    for team in teams:
        team.delete()
    Team.objects.all().delete()
    User.objects.all().delete()


def test_the_demo_league_moves_with_its_teams_players_and_ledgers():
    league = _demo_league()
    exported = export_league(league)
    rosters = _rosters(league)
    assert exported["version"] == 5
    assert exported["teams"]
    assert all(team["players"] and team["ledger"] for team in exported["teams"])
    _forget(league)
    assert not Player.objects.exists()
    assert not LedgerEntry.objects.exists()

    imported = import_league(exported)

    assert _rosters(imported) == rosters
    assert _normalised(export_league(imported)) == _normalised(exported)
    assert all(
        entry.team_id
        for entry in imported.seasons.get(name=exported["seasons"][0]["name"]).entries.all()
        if entry.coach_id
    )


def test_a_player_of_an_unknown_position_imports_nothing_and_names_the_place():
    league = _demo_league()
    exported = export_league(league)
    _forget(league)
    team = exported["teams"][1]
    team["players"][2]["position"] = "goblin_astronaut"

    with pytest.raises(ValidationError) as error:
        import_league(exported)

    message = " ".join(error.value.messages)
    assert f"teams[1] ({team['name']}): players[2] (#{team['players'][2]['number']}" in message
    assert "goblin_astronaut" in message
    assert not League.objects.exists()
    assert not Team.objects.exists()
    assert not User.objects.exists()


def test_an_entry_naming_a_team_not_in_the_archive_imports_nothing():
    league = _demo_league()
    exported = export_league(league)
    _forget(league)
    exported["seasons"][0]["entries"][0]["team"] = 999_999

    with pytest.raises(ValidationError, match=r"seasons\[0\]\.entries\[0\]"):
        import_league(exported)

    assert not League.objects.exists()
    assert not Team.objects.exists()


def test_a_newer_version_is_refused_with_the_versions_this_site_reads():
    league = _demo_league()
    exported = export_league(league)
    exported["version"] = 6

    with pytest.raises(ValidationError, match="versions 1 to 5"):
        import_league(exported)


def test_a_version_4_document_links_its_entries_to_the_coaches_teams_of_this_site():
    league = _demo_league()
    exported = export_league(league)
    names = {team["key"]: team["name"] for team in exported["teams"]}
    old = {key: value for key, value in exported.items() if key != "teams"} | {"version": 4}
    for season in old["seasons"]:
        for entry in season["entries"]:
            entry["team"] = names.get(entry["team"])
    teams_before = Team.objects.count()
    league.delete()

    imported = import_league(old)

    assert Team.objects.count() == teams_before
    linked = {
        entry.team.name
        for season in imported.seasons.all()
        for entry in season.entries.select_related("team")
        if entry.team_id
    }
    assert linked == set(names.values())


def test_a_document_missing_a_part_is_refused_as_a_validation_error():
    league = _demo_league()
    exported = export_league(league)
    _forget(league)
    del exported["seasons"][0]["fixtures"]

    with pytest.raises(ValidationError, match="not a well-formed league archive"):
        import_league(exported)

    assert not League.objects.exists()
    assert not Team.objects.exists()
