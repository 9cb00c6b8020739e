"""The league archive carries its teams (version 5): the demo league moves with its rosters and ledgers."""

import pytest
from django.core.exceptions import ValidationError

from accounts.demo import create_demo_users
from accounts.models import User
from league.archive import VERSION, export_league, import_league
from league.demo import DEMO_SLUG, create_demo_league
from league.models import League
from rosters.demo import create_demo_teams
from rosters.models import LedgerEntry, Player, Team
from tests.league.archive_snapshots import forget, normalised, rosters

pytestmark = pytest.mark.django_db


def _demo_league():
    users = create_demo_users()
    create_demo_teams(users)
    create_demo_league(users)
    return League.objects.get(slug=DEMO_SLUG)


def test_the_demo_league_moves_with_its_teams_players_and_ledgers():
    league = _demo_league()
    exported = export_league(league)
    before = rosters(league)
    assert exported["version"] == 6
    assert exported["teams"]
    assert all(team["players"] and team["ledger"] for team in exported["teams"])
    forget(league)
    assert not Player.objects.exists()
    assert not LedgerEntry.objects.exists()

    imported = import_league(exported)

    assert rosters(imported) == before
    assert normalised(export_league(imported)) == normalised(exported)
    assert all(
        entry.team_id
        for entry in imported.seasons.get(name=exported["seasons"][0]["name"]).entries.all()
        if entry.coach_id
    )


def test_a_player_of_an_unknown_position_imports_nothing_and_names_the_place():
    league = _demo_league()
    exported = export_league(league)
    forget(league)
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
    forget(league)
    exported["seasons"][0]["entries"][0]["team"] = 999_999

    with pytest.raises(ValidationError, match=r"seasons\[0\]\.entries\[0\]"):
        import_league(exported)

    assert not League.objects.exists()
    assert not Team.objects.exists()


def test_a_newer_version_is_refused_with_the_versions_this_site_reads():
    league = _demo_league()
    exported = export_league(league)
    exported["version"] = VERSION + 1

    with pytest.raises(ValidationError, match=f"versions 1 to {VERSION}"):
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
    forget(league)
    del exported["seasons"][0]["fixtures"]

    with pytest.raises(ValidationError, match="not a well-formed league archive"):
        import_league(exported)

    assert not League.objects.exists()
    assert not Team.objects.exists()
