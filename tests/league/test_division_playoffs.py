"""Playoffs that are not a full bracket (league.services.scheduling): the best seeds have a bye into
round two, at the right slot; a division's teams are kept apart; advancing reaches the final; the
season's final places (league.services.prizes) follow the final, then the whole season's table; the
division winners are an honour of the finished season."""

from itertools import combinations

import pytest
from django.contrib.messages import get_messages
from django.core.exceptions import ValidationError
from django.urls import reverse

from league.archive import export_league, import_league
from league.models import Season, SeasonEntry
from league.services import divisions as division_services
from league.services import prizes, scheduling
from league.services.leagues import set_season_status
from league.services.results import record_result_as_commissioner
from league.standings.read import season_standings
from tests.league.archive_snapshots import forget
from tests.league.factories import make_entry, make_season, play

pytestmark = pytest.mark.django_db

Status = Season.Status


def _divided(league, commissioner, sizes):
    """A running season with a division per size whose tables read in entry order (in each division the
    first team beat every other, the second every team after it ...); the division winners' margins
    order the whole season's table: the North's winner first, then the South's, then the East's.
    Returns the season and each division's entries, best first."""
    season, _none = make_season(league, status=Status.REGISTRATION)
    groups = []
    for name, size in zip(["North", "South", "East", "West"], sizes, strict=False):
        division = division_services.create_division(season=season, by=commissioner, name=name)
        group = [make_entry(season, name=f"{name} {number}") for number in range(size)]
        for entry in group:
            division_services.place_team(entry=entry, division=division, by=commissioner)
        groups.append(group)
    Season.objects.filter(pk=season.pk).update(status=Status.RUNNING)
    season.refresh_from_db()
    number = 0
    for rank, group in enumerate(groups):
        for better, worse in combinations(group, 2):
            number += 1
            margin = len(groups) - rank + len(group) - group.index(better)
            play(season, better, worse, margin, 0, round_number=number)
    return season, groups


def _fixtures(round_):
    return [(f.bracket_slot, f.home, f.away) for f in round_.fixtures.select_related("home", "away")]


def _win(round_, commissioner, *, away=False):
    """Every game of the round won by its home team (its away team with `away`)."""
    for fixture in round_.fixtures.all():
        score = (0, 1) if away else (1, 0)
        record_result_as_commissioner(
            fixture=fixture, by=commissioner, home_score=score[0], away_score=score[1]
        )


def _byes(season):
    return {entry: entry.playoff_bye_slot for entry in scheduling.playoff_byes(season)}


def test_three_division_winners_and_three_wild_cards_give_the_two_best_winners_a_bye(league, commissioner):
    season, (north, south, east) = _divided(league, commissioner, [3, 3, 3])

    first = scheduling.schedule_playoffs(season=season, by=commissioner, per_division=1, wild_cards=3)

    byes = _byes(season)
    assert set(byes) == {north[0], south[0]}
    assert (byes[north[0]] < 2) != (byes[south[0]] < 2), "the two best seeds meet in the final only"
    games = _fixtures(first)
    assert len(games) == 2
    assert {slot for slot, _home, _away in games} | set(byes.values()) == {0, 1, 2, 3}
    playing = {team for _slot, home, away in games for team in (home, away)}
    assert east[0] in playing
    assert all(home.division_id != away.division_id for _slot, home, away in games)


def test_the_byes_play_round_two_at_their_slot_and_the_bracket_reaches_its_final(league, commissioner):
    season, (north, south, _east) = _divided(league, commissioner, [3, 3, 3])
    first = scheduling.schedule_playoffs(season=season, by=commissioner, per_division=1, wild_cards=3)
    byes = _byes(season)
    games = {slot: (home, away) for slot, home, away in _fixtures(first)}
    assert scheduling.playoff_final(season) is None
    _win(first, commissioner, away=True)

    second = scheduling.advance_playoffs(season=season, by=commissioner)

    semis = {slot: (home, away) for slot, home, away in _fixtures(second)}
    for bye_team, bye_slot in byes.items():
        partner = bye_slot ^ 1  # the first-round slot whose winner meets the bye
        assert semis[bye_slot // 2] == (bye_team, games[partner][1])
    assert scheduling.playoff_final(season) is None
    _win(second, commissioner)

    final_round = scheduling.advance_playoffs(season=season, by=commissioner)

    ((_slot, home, away),) = _fixtures(final_round)
    assert {home, away} == {north[0], south[0]}
    assert scheduling.playoff_final(season) is None, "not played yet"
    _win(final_round, commissioner, away=True)
    assert scheduling.playoff_final(season) == (away, home)
    assert scheduling.advance_playoffs(season=season, by=commissioner) is None


def test_a_first_round_of_one_game_beside_a_bye_is_no_final(league, commissioner):
    season, (north, south, east) = _divided(league, commissioner, [2, 2, 2])
    first = scheduling.schedule_playoffs(season=season, by=commissioner, per_division=1)
    assert _byes(season) == {north[0]: 0}
    assert [(home, away) for _slot, home, away in _fixtures(first)] == [(south[0], east[0])]
    _win(first, commissioner)

    assert scheduling.playoff_final(season) is None
    final_round = scheduling.advance_playoffs(season=season, by=commissioner)

    assert [(slot, home, away) for slot, home, away in _fixtures(final_round)] == [(0, north[0], south[0])]


def test_playoffs_without_divisions_of_five_give_the_top_three_a_bye(league, commissioner):
    season, entries = make_season(league, teams=5)
    for number, (home, away) in enumerate(zip(entries, entries[1:], strict=False), start=1):
        play(season, home, away, 5 - number, 0, round_number=number)
    table = [row.entry for row in season_standings(season)]
    by_pk = {entry.pk: entry for entry in entries}

    first = scheduling.schedule_playoffs(season=season, by=commissioner, size=5)

    # The standard bracket of 8: 1 v (8), 4 v 5, 2 v (7), 3 v (6).
    assert _byes(season) == {by_pk[table[0]]: 0, by_pk[table[1]]: 2, by_pk[table[2]]: 3}
    assert [(slot, home.pk, away.pk) for slot, home, away in _fixtures(first)] == [(1, table[3], table[4])]


@pytest.mark.parametrize("size", [1, 33])
def test_playoffs_outside_two_to_thirty_two_teams_are_refused(league, commissioner, size):
    season, _groups = _divided(league, commissioner, [2, 2])

    with pytest.raises(ValidationError, match="Playoffs take 2 to 32 teams"):
        scheduling.schedule_playoffs(season=season, by=commissioner, size=size)
    assert not season.fixtures.playoff().exists()
    assert not season.entries.exclude(playoff_bye_slot=None).exists()


def test_final_places_of_a_divided_season_put_the_final_first_then_the_whole_table(league, commissioner):
    season, (north, south, east) = _divided(league, commissioner, [3, 3, 3])
    table = [row.entry for row in season_standings(season)]
    entries = {entry.pk: entry for entry in season.entries.all()}
    first = scheduling.schedule_playoffs(season=season, by=commissioner, per_division=1, wild_cards=3)
    _win(first, commissioner, away=True)
    second = scheduling.advance_playoffs(season=season, by=commissioner)
    _win(second, commissioner, away=True)  # the byes lose their semi-finals
    final_round = scheduling.advance_playoffs(season=season, by=commissioner)
    _win(final_round, commissioner)
    champion, runner_up = scheduling.playoff_final(season)
    assert {champion, runner_up}.isdisjoint({north[0], south[0]})

    places = prizes.final_places(season, 4)

    rest = [entries[pk] for pk in table if pk not in (champion.pk, runner_up.pk)]
    assert places == {1: champion, 2: runner_up, 3: rest[0], 4: rest[1]}
    assert rest[:2] == [north[0], south[0]], "then the whole season's table"


def test_finishing_a_divided_season_pays_the_final_places_and_names_the_division_winners(
    league, commissioner
):
    season, (north, south) = _divided(league, commissioner, [3, 3])
    final_round = scheduling.schedule_playoffs(season=season, by=commissioner, size=2)
    _win(final_round, commissioner, away=True)  # South's winner beats North's
    assert prizes.division_winners(season) == [], "an honour of a finished season"

    set_season_status(season=season, status=Status.FINISHED, by=commissioner)

    won = [(prize.place, prize.entry) for prize in season.prizes.all()]
    third = next(row.entry for row in season_standings(season) if row.entry not in (north[0].pk, south[0].pk))
    assert won == [(1, south[0]), (2, north[0]), (3, season.entries.get(pk=third))]
    assert [(division.name, entry) for division, entry in prizes.division_winners(season)] == [
        ("North", north[0]),
        ("South", south[0]),
    ]
    (title,) = prizes.division_titles(north[0].team)
    assert (title[0], title[1].name) == (season, "North")

    set_season_status(season=season, status=Status.RUNNING, by=commissioner)
    assert prizes.division_titles(north[0].team) == []


def test_the_playoff_form_draws_six_teams_and_the_schedule_page_names_the_byes(client, league, commissioner):
    season, (north, south, _east) = _divided(league, commissioner, [3, 3, 3])
    client.force_login(commissioner)

    response = client.post(
        reverse("league:schedule_playoffs", args=[season.pk]), {"size": 6, "per_division": 1, "wild_cards": 3}
    )

    assert [str(message) for message in get_messages(response.wsgi_request)] == [
        "The playoff bracket is drawn."
    ]
    assert season.fixtures.playoff().count() == 2
    content = client.get(reverse("league:schedule", args=[season.pk])).content.decode()
    assert "straight into round two" in content
    assert north[0].display_name in content
    assert south[0].display_name in content


def test_the_playoff_form_takes_a_size_that_is_no_power_of_two(client, league, commissioner):
    season, _entries = make_season(league, teams=0)
    entries = [make_entry(season, name=f"Team {number}") for number in range(3)]
    play(season, entries[0], entries[1], 1, 0)
    play(season, entries[1], entries[2], 1, 0, round_number=2)
    client.force_login(commissioner)

    client.post(reverse("league:schedule_playoffs", args=[season.pk]), {"size": 3})

    assert season.fixtures.playoff().count() == 1
    assert SeasonEntry.objects.get(pk=entries[0].pk).playoff_bye_slot == 0


def test_the_season_and_team_pages_name_the_division_winners_of_a_finished_season(
    client, league, commissioner
):
    season, (north, south) = _divided(league, commissioner, [2, 2])
    season_url = reverse("league:season", args=[season.pk])
    team_url = reverse("rosters:team", args=[north[0].team_id])
    assert "Division winners" not in client.get(season_url).content.decode()

    set_season_status(season=season, status=Status.FINISHED, by=commissioner)

    content = client.get(season_url).content.decode()
    assert "Division winners" in content
    assert f"North: {north[0].display_name}" in content
    assert f"South: {south[0].display_name}" in content
    assert "Division winner: North" in client.get(team_url).content.decode()
    assert (
        "Division winner" not in client.get(reverse("rosters:team", args=[north[1].team_id])).content.decode()
    )


def test_a_bye_goes_through_the_league_archive(league, commissioner):
    season, (north, _south, _east) = _divided(league, commissioner, [2, 2, 2])
    scheduling.schedule_playoffs(season=season, by=commissioner, per_division=1)
    data = export_league(league)
    forget(league)

    imported = import_league(data)

    (entry,) = scheduling.playoff_byes(imported.seasons.get())
    assert (entry.display_name, entry.playoff_bye_slot) == (north[0].display_name, 0)
