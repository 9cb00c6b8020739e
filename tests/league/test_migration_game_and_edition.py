"""Migrations league 0008-0010 and rosters 0004 (issue 21: no edition defaults): the league's game and
edition become two fields and a team's edition loses its default. Rows written in the old shape keep
what they play, forward and back."""

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("league", "0007_season_life_cycle"), ("rosters", "0003_player_is_captain")]
AFTER = [("league", "0010_league_game_and_edition_constraint"), ("rosters", "0004_team_edition_required")]
# The old shape: a Blood Bowl league's game was its edition's id.
OLD_GAMES = {"old": "bb2020", "new": "bb2025", "rugby": "rugby", "hex": "hexfootball"}
NEW_GAMES = {
    "old": ("blood_bowl", "bb2020"),
    "new": ("blood_bowl", "bb2025"),
    "rugby": ("rugby", ""),
    "hex": ("hexfootball", ""),
}
TEAM_EDITIONS = {"Old Reavers": "bb2020", "New Reavers": "bb2025"}


def _migrate(targets):
    """Migrate to `targets` and return the models as they are there."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture
def migrator():
    """Leaves the test database fully migrated whatever the test did."""
    yield _migrate
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


def _leagues(apps, *fields):
    League = apps.get_model("league", "League")
    return {
        row["slug"]: row for row in League.objects.values("slug", "game", "petty_cash_procedure", *fields)
    }


@pytest.mark.django_db(transaction=True)
def test_every_league_and_team_keeps_what_it_plays_forward_and_back(migrator):
    apps = migrator(BEFORE)
    coach = apps.get_model("accounts", "User").objects.create(username="coach")
    for slug, game in OLD_GAMES.items():
        apps.get_model("league", "League").objects.create(
            name=slug, slug=slug, game=game, petty_cash_procedure="2020" if slug == "old" else ""
        )
    for name, edition in TEAM_EDITIONS.items():
        apps.get_model("rosters", "Team").objects.create(
            coach=coach, name=name, roster="human", edition=edition
        )

    apps = migrator(AFTER)
    leagues = _leagues(apps, "edition")
    assert {slug: (row["game"], row["edition"]) for slug, row in leagues.items()} == NEW_GAMES
    assert leagues["old"]["petty_cash_procedure"] == "2020"
    Team = apps.get_model("rosters", "Team")
    assert dict(Team.objects.values_list("name", "edition")) == TEAM_EDITIONS
    with pytest.raises(IntegrityError), transaction.atomic():
        apps.get_model("league", "League").objects.create(name="x", slug="x", game="blood_bowl", edition="")
    with pytest.raises(IntegrityError), transaction.atomic():
        Team.objects.create(coach_id=Team.objects.first().coach_id, name="x", roster="human", edition="")

    apps = migrator(BEFORE)
    assert {slug: row["game"] for slug, row in _leagues(apps).items()} == OLD_GAMES
    assert dict(apps.get_model("rosters", "Team").objects.values_list("name", "edition")) == TEAM_EDITIONS
