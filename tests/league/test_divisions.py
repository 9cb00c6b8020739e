"""A season's divisions: creating, renaming, ordering and deleting them, placing teams by hand, balancing
them (snake draft by team value or last season's table), and the refusals that change nothing."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from league.divisions import promotion_and_relegation, snake_draft
from league.models import Division, Season, SeasonEntry, StandingsRow
from league.services import divisions as services
from tests.factories import UserFactory
from tests.league.factories import make_entry, make_fixture, make_season, play

pytestmark = pytest.mark.django_db

Status = Season.Status


@pytest.fixture
def open_season(league):
    season, _entries = make_season(league, status=Status.REGISTRATION, name="Season 2")
    return season


def _divisions(season, by, *names):
    return [services.create_division(season=season, by=by, name=name) for name in names]


def _placed(season):
    """{division name: sorted entry names}."""
    placed: dict[str, list] = {}
    for entry in season.entries.accepted().select_related("division", "team"):
        placed.setdefault(entry.division.name if entry.division else None, []).append(entry.display_name)
    return {name: sorted(names) for name, names in placed.items()}


# The pure parts.


def test_snake_draft_deals_the_best_to_each_division_then_back():
    assert snake_draft(list(range(1, 9)), 3) == [[1, 6, 7], [2, 5, 8], [3, 4]]


def test_snake_draft_sizes_differ_by_one_at_most():
    sizes = sorted(len(group) for group in snake_draft(list(range(47)), 4))
    assert sizes == [11, 12, 12, 12]


def test_promotion_and_relegation_moves_the_top_up_and_the_bottom_down():
    tables = [["a1", "a2", "a3", "a4"], ["b1", "b2", "b3", "b4"], ["c1", "c2", "c3", "c4"]]

    target = promotion_and_relegation(tables, up=1, down=2)

    assert [team for team, index in target.items() if index == 0] == ["a1", "a2", "b1"]
    assert sorted(team for team, index in target.items() if index == 1) == ["a3", "a4", "b2", "c1"]
    assert sorted(team for team, index in target.items() if index == 2) == ["b3", "b4", "c2", "c3", "c4"]


def test_promotion_and_relegation_refuses_a_division_too_small_to_send_teams_both_ways():
    with pytest.raises(ValueError, match="both promoted and relegated"):
        promotion_and_relegation([["a1", "a2"], ["b1", "b2"], ["c1", "c2"]], up=1, down=1 + 1)


# Creating, renaming, ordering, deleting.


def test_divisions_are_created_in_order_and_renamed(open_season, commissioner):
    north, south = _divisions(open_season, commissioner, "North", "South")

    services.rename_division(division=south, by=commissioner, name="Deep South", conference="AFC")

    assert [(d.name, d.order, d.conference) for d in Division.objects.for_season(open_season)] == [
        ("North", 1, ""),
        ("Deep South", 2, "AFC"),
    ]


def test_a_division_name_is_refused_twice_in_a_season_whatever_its_case(open_season, commissioner):
    _divisions(open_season, commissioner, "North")

    with pytest.raises(ValidationError, match="already has a division named"):
        services.create_division(season=open_season, by=commissioner, name="  north ")
    with pytest.raises(ValidationError, match="Give the division a name"):
        services.create_division(season=open_season, by=commissioner, name="  ")
    assert Division.objects.for_season(open_season).count() == 1


def test_moving_a_division_up_changes_the_order_of_promotion(open_season, commissioner):
    north, south, east = _divisions(open_season, commissioner, "North", "South", "East")

    services.move_division(division=east, by=commissioner, step=-1)

    assert list(Division.objects.for_season(open_season).values_list("name", flat=True)) == [
        "North",
        "East",
        "South",
    ]
    with pytest.raises(ValidationError, match="cannot move further"):
        services.move_division(division=north, by=commissioner, step=-1)


def test_reordering_refuses_a_list_that_is_not_every_division(open_season, commissioner):
    north, south = _divisions(open_season, commissioner, "North", "South")

    with pytest.raises(ValidationError):
        services.reorder_divisions(season=open_season, by=commissioner, order=[south.pk])
    assert [d.order for d in Division.objects.for_season(open_season)] == [1, 2]


def test_deleting_a_division_leaves_its_teams_to_place_again(open_season, commissioner):
    north, south = _divisions(open_season, commissioner, "North", "South")
    entry = make_entry(open_season, name="Reavers")
    services.place_team(entry=entry, division=south, by=commissioner)

    services.delete_division(division=south, by=commissioner)

    entry.refresh_from_db()
    assert entry.division is None
    assert list(Division.objects.for_season(open_season)) == [north]


def test_only_a_commissioner_changes_divisions(open_season, commissioner):
    outsider = UserFactory()
    (north,) = _divisions(open_season, commissioner, "North")
    entry = make_entry(open_season)

    with pytest.raises(PermissionDenied):
        services.create_division(season=open_season, by=outsider, name="South")
    with pytest.raises(PermissionDenied):
        services.place_team(entry=entry, division=north, by=outsider)
    with pytest.raises(PermissionDenied):
        services.balance_divisions(season=open_season, by=outsider)
    assert SeasonEntry.objects.get(pk=entry.pk).division is None


# Placing teams.


def test_placing_a_team_stores_its_place_in_its_division_table(open_season, commissioner):
    north, south = _divisions(open_season, commissioner, "North", "South")
    entry = make_entry(open_season, name="Reavers")

    services.place_team(entry=entry, division=south, by=commissioner)

    row = StandingsRow.objects.get(entry=entry)
    assert (row.division, row.division_position) == (south, 1)


def test_moving_a_team_is_refused_once_the_season_has_started(league, commissioner):
    season, (entry, other) = make_season(league, teams=2, status=Status.REGISTRATION)
    north, south = _divisions(season, commissioner, "North", "South")
    services.place_team(entry=entry, division=north, by=commissioner)
    Season.objects.filter(pk=season.pk).update(status=Status.RUNNING)
    season.refresh_from_db()
    entry.refresh_from_db()

    with pytest.raises(ValidationError, match="The season has started"):
        services.place_team(entry=entry, division=south, by=commissioner)
    with pytest.raises(ValidationError, match="The season has started"):
        services.delete_division(division=north, by=commissioner)
    assert SeasonEntry.objects.get(pk=entry.pk).division == north


def test_moving_a_team_is_refused_once_the_fixtures_are_drawn(league, commissioner):
    season, (entry, other) = make_season(league, teams=2, status=Status.SCHEDULED)
    north, south = _divisions(season, commissioner, "North", "South")
    services.place_team(entry=entry, division=north, by=commissioner)
    make_fixture(season, entry, other)

    with pytest.raises(ValidationError, match="remove them before"):
        services.place_team(entry=entry, division=south, by=commissioner)
    assert SeasonEntry.objects.get(pk=entry.pk).division == north


def test_a_team_is_not_placed_in_a_division_of_another_season(league, open_season, commissioner):
    other_season, _entries = make_season(league, status=Status.REGISTRATION, name="Other")
    (elsewhere,) = _divisions(other_season, commissioner, "Elsewhere")
    entry = make_entry(open_season)

    with pytest.raises(ValidationError, match="Choose a division of this season"):
        services.place_team(entry=entry, division=elsewhere, by=commissioner)
    assert SeasonEntry.objects.get(pk=entry.pk).division is None


# Balancing.


def test_balancing_by_team_value_snakes_the_strongest_teams_across_divisions(open_season, commissioner):
    _divisions(open_season, commissioner, "North", "South")
    values = {"A": 1_500_000, "B": 1_400_000, "C": 1_300_000, "D": 1_200_000, "E": 1_100_000, "F": 1_000_000}
    for name, value in values.items():
        entry = make_entry(open_season, name=name)
        entry.team.team_value = value
        entry.team.save()

    services.balance_divisions(season=open_season, by=commissioner, way="team_value")

    assert _placed(open_season) == {"North": ["A", "D", "E"], "South": ["B", "C", "F"]}


def test_balancing_by_last_season_follows_its_table(league, commissioner):
    last, _none = make_season(league, status=Status.FINISHED, name="Season 1")
    old = {name: make_entry(last, name=name) for name in ("Gold", "Silver", "Bronze", "Fourth")}
    order = ["Gold", "Silver", "Bronze", "Fourth"]
    for position, name in enumerate(order, start=1):
        StandingsRow.objects.filter(entry=old[name]).update(position=position + 10)
    for position, name in enumerate(order, start=1):
        StandingsRow.objects.filter(entry=old[name]).update(position=position)
    season, _none = make_season(league, status=Status.REGISTRATION, name="Season 2")
    _divisions(season, commissioner, "North", "South")
    for name in reversed(order):
        SeasonEntry.objects.create(
            season=season, team=old[name].team, name=name, coach=old[name].coach, status="accepted"
        )
    make_entry(season, name="Newcomers")

    services.balance_divisions(season=season, by=commissioner, way="last_season")

    assert _placed(season) == {"North": ["Fourth", "Gold", "Newcomers"], "South": ["Bronze", "Silver"]}


def test_balancing_is_refused_without_divisions_or_a_last_season(open_season, commissioner):
    entry = make_entry(open_season)
    with pytest.raises(ValidationError, match="Create the divisions first"):
        services.balance_divisions(season=open_season, by=commissioner)
    _divisions(open_season, commissioner, "North")
    with pytest.raises(ValidationError, match="no finished season before"):
        services.balance_divisions(season=open_season, by=commissioner, way="last_season")
    assert SeasonEntry.objects.get(pk=entry.pk).division is None


# Promotion and relegation into the next season.


def _finished_in_divisions(league, commissioner):
    """Season 1, finished, in two divisions whose tables read Premier: P1, P2, P3; Second: S1, S2, S3."""
    last, _none = make_season(league, status=Status.REGISTRATION, name="Season 1")
    entries = {}
    for name, prefix in (("Premier", "P"), ("Second", "S")):
        division = services.create_division(season=last, by=commissioner, name=name, conference="Old World")
        for number in (1, 2, 3):
            entries[f"{prefix}{number}"] = make_entry(last, name=f"{prefix}{number}")
            services.place_team(entry=entries[f"{prefix}{number}"], division=division, by=commissioner)
    for prefix in "PS":
        play(last, entries[f"{prefix}1"], entries[f"{prefix}2"], 2, 0, round_number=1)
        play(last, entries[f"{prefix}2"], entries[f"{prefix}3"], 1, 0, round_number=2)
        play(last, entries[f"{prefix}1"], entries[f"{prefix}3"], 3, 0, round_number=3)
    Season.objects.filter(pk=last.pk).update(status=Status.FINISHED)
    return last, entries


def _next_season(league, entries, *names):
    season, _none = make_season(league, status=Status.REGISTRATION, name="Season 2")
    for name in names:
        old = entries[name]
        SeasonEntry.objects.create(
            season=season, team=old.team, name=name, coach=old.coach, status="accepted"
        )
    return season


def test_the_proposal_sends_the_top_of_the_second_division_up_and_the_bottom_of_the_first_down(
    league, commissioner
):
    last, entries = _finished_in_divisions(league, commissioner)
    season = _next_season(league, entries, "P1", "P2", "P3", "S1", "S2", "S3")
    make_entry(season, name="Newcomers")

    moves = {
        move.entry.display_name: move for move in services.promotion_proposal(season=season, up=1, down=1)
    }

    assert {name: (move.division.name if move.division else None) for name, move in moves.items()} == {
        "P1": "Premier",
        "P2": "Premier",
        "P3": "Second",
        "S1": "Premier",
        "S2": "Second",
        "S3": "Second",
        "Newcomers": None,
    }
    assert (moves["S1"].change, moves["P3"].change, moves["P1"].change, moves["Newcomers"].change) == (
        "up",
        "down",
        "same",
        "new",
    )
    assert (moves["P3"].last_division, moves["P3"].last_position) == ("Premier", 3)
    assert not season.divisions.exists(), "a proposal changes nothing"


def test_applying_the_proposal_creates_last_seasons_divisions_and_places_the_teams(league, commissioner):
    last, entries = _finished_in_divisions(league, commissioner)
    season = _next_season(league, entries, "P1", "P2", "P3", "S1", "S2", "S3")
    newcomers = make_entry(season, name="Newcomers")
    p2 = season.entries.get(name="P2")

    services.place_from_last_season(season=season, by=commissioner, up=1, down=1, changes={p2.pk: "Second"})

    assert [(d.name, d.order, d.conference) for d in Division.objects.for_season(season)] == [
        ("Premier", 1, "Old World"),
        ("Second", 2, "Old World"),
    ]
    assert _placed(season) == {
        "Premier": ["P1", "S1"],
        "Second": ["P2", "P3", "S2", "S3"],
        None: ["Newcomers"],
    }
    assert SeasonEntry.objects.get(pk=newcomers.pk).division is None


def test_a_proposal_is_refused_when_the_last_season_had_no_divisions(league, commissioner):
    make_season(league, teams=2, status=Status.FINISHED, name="Season 1")
    season, _entries = make_season(league, teams=2, status=Status.REGISTRATION, name="Season 2")

    with pytest.raises(ValidationError, match="had no divisions"):
        services.place_from_last_season(season=season, by=commissioner)
    assert not season.divisions.exists()


def test_applying_an_edit_to_an_unknown_division_changes_nothing(league, commissioner):
    last, entries = _finished_in_divisions(league, commissioner)
    season = _next_season(league, entries, "P1", "S1")
    p1 = season.entries.get(name="P1")

    with pytest.raises(ValidationError, match="Choose a division of this season"):
        services.place_from_last_season(season=season, by=commissioner, changes={p1.pk: "Nowhere"})
    assert not season.divisions.exists()
    assert SeasonEntry.objects.get(pk=p1.pk).division is None
