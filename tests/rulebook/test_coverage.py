"""Every row of every edition's data has its effect in Dugout, or is marked as played on the pitch only
(rulebook.coverage, issue #22): a row added to the data without either fails here, by name."""

import copy
from dataclasses import replace
from importlib import import_module

import pytest
from django.conf import settings

from rulebook.coverage import CATEGORIES, Registry, closed_gaps, edition_rows, open_gaps, unhandled
from rulebook.edition import available_editions, get_edition


@pytest.fixture(scope="module", autouse=True)
def every_flow_loaded():
    """The handlers register when their modules load: load what the running site loads, every page and
    the services behind them."""
    import_module(settings.ROOT_URLCONF)
    import_module("dugout.celery")


@pytest.mark.parametrize("edition_id", available_editions())
def test_every_row_of_the_edition_is_carried_out_or_played_on_the_pitch(edition_id):
    missing = unhandled(get_edition(edition_id))
    assert not missing, (
        f"{edition_id}: rows with no handler (rulebook.coverage.carries_out) and no `pitch_only` or "
        f"`not_carried_out` mark in the data: {', '.join(str(row) for row in missing)}"
    )


@pytest.mark.parametrize("edition_id", available_editions())
def test_a_row_marked_as_not_carried_out_yet_loses_its_mark_once_it_is(edition_id):
    closed = closed_gaps(get_edition(edition_id))
    assert not closed, f"{edition_id}: remove `not_carried_out` from {', '.join(str(row) for row in closed)}"


@pytest.mark.parametrize("edition_id", available_editions())
def test_every_open_gap_says_what_is_missing(edition_id):
    for row in open_gaps(get_edition(edition_id)):
        assert len(row.gap) > 20, row


def test_a_gap_is_told_apart_from_a_row_that_is_carried_out():
    registry = Registry()
    marked = {
        "roll": [13, 13],
        "id": "ogre_stampede",
        "ma": 1,
        "not_carried_out": "the stampede is not moved",
    }
    edition = _with_kickoff_row(get_edition(available_editions()[0]), marked)
    assert "kickoff ogre_stampede" not in [str(row) for row in unhandled(edition, registry)]
    assert "kickoff ogre_stampede" in [str(row) for row in open_gaps(edition, registry)]
    registry.carries_out("kickoff", key="ma")(lambda: None)
    assert [str(row) for row in closed_gaps(edition, registry)] == ["kickoff ogre_stampede"]


@pytest.mark.parametrize("edition_id", available_editions())
def test_the_walk_reaches_every_category(edition_id):
    """The coverage test above walks something in each category: an empty walk would pass it."""
    found = {row.category for row in edition_rows(get_edition(edition_id))}
    assert found == set(CATEGORIES)


def _with_kickoff_row(edition, row):
    changed = copy.copy(edition)
    kickoff = edition.tables["kickoff"]
    changed.tables = {**edition.tables, "kickoff": replace(kickoff, rows=(*kickoff.rows, row))}
    return changed


@pytest.mark.parametrize("edition_id", available_editions())
def test_a_new_row_without_a_handler_fails_and_is_named(edition_id):
    edition = _with_kickoff_row(get_edition(edition_id), {"roll": [13, 13], "id": "ogre_stampede", "ma": 1})
    assert [str(row) for row in unhandled(edition)] == ["kickoff ogre_stampede"]


@pytest.mark.parametrize("edition_id", available_editions())
def test_a_new_row_marked_as_played_on_the_pitch_passes(edition_id):
    row = {"roll": [13, 13], "id": "ogre_stampede", "ma": 1, "pitch_only": True}
    assert unhandled(_with_kickoff_row(get_edition(edition_id), row)) == []


def test_a_row_is_carried_out_by_its_own_handler_or_in_every_key_that_does_something():
    registry = Registry()
    registry.carries_out("kickoff", key="bribes")(lambda: None)
    registry.carries_out("prayer", row="iron_man")(lambda: None)

    assert registry.covers("kickoff", "get_the_ref", ("roll", "id", "bribes"))
    assert not registry.covers("kickoff", "get_the_ref", ("roll", "id", "bribes", "rerolls"))
    assert not registry.covers("kickoff", "blank", ("roll", "id"))
    assert registry.covers("prayer", "iron_man", ("av",))


def test_keys_marked_as_played_on_the_pitch_are_left_to_the_players():
    registry = Registry()
    registry.carries_out("kickoff", key="rolls")(lambda: None)
    row = {"roll": [6, 6], "id": "cheering_crowd", "rolls": ["D6"], "offensive_assists": 1}
    edition = _with_kickoff_row(get_edition(available_editions()[0]), row)
    assert "kickoff cheering_crowd" in [str(found) for found in unhandled(edition, registry)]

    marked = {**row, "pitch_only": ["offensive_assists"]}
    edition = _with_kickoff_row(get_edition(available_editions()[0]), marked)
    assert "kickoff cheering_crowd" not in [str(found) for found in unhandled(edition, registry)]


def test_a_handler_registered_twice_for_one_row_is_refused():
    registry = Registry()
    registry.carries_out("spp", row="mvp")(lambda: None)
    with pytest.raises(ValueError, match="two handlers"):
        registry.carries_out("spp", row="mvp")(lambda: None)


def test_the_flows_find_a_rows_handlers_in_the_registry():
    registry = Registry()
    own = registry.carries_out("kickoff", row="changing_weather")(lambda: "own")
    by_key = registry.carries_out("kickoff", key="rolls")(lambda: "rolls")
    row = {"roll": [8, 8], "id": "changing_weather", "rolls": ["2D6"]}
    assert registry.handlers_for("kickoff", row) == [own, by_key]
