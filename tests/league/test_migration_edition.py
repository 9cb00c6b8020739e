"""Migration 0006 (the league's edition) changes choices and defaults only: a league saved before it
keeps its game ("bb2020", the id of that edition) and its petty cash procedure."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("league", "0005_player_stats_from_matches")]
AFTER = [("league", "0006_league_edition")]


@pytest.mark.django_db(transaction=True)
def test_existing_leagues_stay_bb2020_with_their_procedure():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old_league = executor.loader.project_state(BEFORE).apps.get_model("league", "League")
    old_league.objects.create(name="Old", slug="old", game="bb2020", petty_cash_procedure="2020")
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(AFTER)
    new_league = executor.loader.project_state(AFTER).apps.get_model("league", "League")
    row = new_league.objects.values("game", "petty_cash_procedure").get(slug="old")
    assert row == {"game": "bb2020", "petty_cash_procedure": "2020"}
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
