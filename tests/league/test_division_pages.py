"""The pages of a season in divisions: the commissioner's divisions page (create, place, move, balance, the
promotion table), and each division's table on the season and standings pages, in a constant number of
queries whatever the number of divisions. Who may post: test_permissions."""

import re

import pytest
from django.contrib.messages import get_messages
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.models import Division, Season, SeasonEntry
from league.services import divisions as division_services
from tests.factories import UserFactory
from tests.league.factories import make_entry, make_league, make_season, play

pytestmark = pytest.mark.django_db

Status = Season.Status


def _page(client, url):
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def _post(client, url, data):
    """Posts and returns the texts of the messages it left (shown by the page it leads to)."""
    response = client.post(url, data)
    assert response.status_code == 302
    said = [str(message) for message in get_messages(response.wsgi_request)]
    client.get(response.url)
    return said


def _division_sections(content):
    """{division name: the HTML of its table's section} of a page's division tables."""
    sections = re.findall(r'<section id="division-\d+".*?</section>', content, re.S)
    return {
        re.search(r'<h3 id="division-\d+-name">([^<]+)<', section).group(1): section for section in sections
    }


def _names_in_order(section):
    return re.findall(r">((?:North|South) \d)<", section)


@pytest.fixture
def registering(league):
    season, _entries = make_season(league, status=Status.REGISTRATION)
    return season


def _divided(league, commissioner, sizes, *, status=Status.RUNNING):
    season, _none = make_season(league, status=Status.REGISTRATION, name=f"Season {len(sizes)}")
    groups = []
    for name, size in zip(("North", "South", "East", "West"), sizes, strict=False):
        division = division_services.create_division(season=season, by=commissioner, name=name)
        group = [make_entry(season, name=f"{name} {number}") for number in range(1, size + 1)]
        for entry in group:
            division_services.place_team(entry=entry, division=division, by=commissioner)
        groups.append(group)
    Season.objects.filter(pk=season.pk).update(status=status)
    season.refresh_from_db()
    return season, groups


# The divisions page.


def test_the_commissioner_creates_a_division_and_places_a_team_from_the_divisions_page(
    client, commissioner, registering
):
    entry = make_entry(registering, name="Reikland Reavers")
    client.force_login(commissioner)
    url = reverse("league:divisions", args=[registering.pk])

    said = _post(client, url, {"name": "North", "conference": "Old World"})
    north = Division.objects.get(season=registering)
    content = _page(client, url)
    assert said == ["The division North was created."]
    assert "Teams in no division" in content
    assert "Reikland Reavers" in content

    said = _post(client, reverse("league:entry_division", args=[entry.pk]), {"division": north.pk})

    assert said == ["Reikland Reavers plays in North."]
    assert SeasonEntry.objects.get(pk=entry.pk).division == north
    content = _page(client, url)
    assert "Teams in no division" not in content
    assert re.search(r"<h2>North <small>· Old World</small></h2>\s*<ul>\s*<li>Reikland Reavers", content)


def test_a_refused_division_name_is_said_and_changes_nothing(client, commissioner, registering):
    Division.objects.create(season=registering, name="North")
    client.force_login(commissioner)

    response = client.post(reverse("league:divisions", args=[registering.pk]), {"name": "north"})

    assert response.status_code == 200
    assert "This season already has a division named “north”." in response.content.decode()
    assert Division.objects.filter(season=registering).count() == 1


def test_moving_a_team_after_the_start_is_refused_with_the_reason(client, league, commissioner):
    season, (north, south) = _divided(league, commissioner, [2, 2])
    client.force_login(commissioner)
    south_division = Division.objects.get(season=season, name="South")

    said = _post(
        client, reverse("league:entry_division", args=[north[0].pk]), {"division": south_division.pk}
    )

    assert said == ["The season has started: its teams stay in their divisions until it ends."]
    assert SeasonEntry.objects.get(pk=north[0].pk).division.name == "North"
    content = _page(client, reverse("league:divisions", args=[season.pk]))
    assert "The season has started" in content
    assert reverse("league:entry_division", args=[north[0].pk]) not in content, "no move offered"


def test_balancing_from_the_page_shares_the_teams(client, commissioner, registering):
    for name in ("A", "B", "C", "D"):
        make_entry(registering, name=name)
    Division.objects.create(season=registering, name="North", order=1)
    Division.objects.create(season=registering, name="South", order=2)
    client.force_login(commissioner)

    said = _post(client, reverse("league:divisions_balance", args=[registering.pk]), {"way": "team_value"})

    assert said == ["The teams are shared between the divisions."]
    sizes = [division.entries.count() for division in Division.objects.filter(season=registering)]
    assert sizes == [2, 2]


def test_moving_a_division_down_from_the_page(client, commissioner, registering):
    north = Division.objects.create(season=registering, name="North", order=1)
    Division.objects.create(season=registering, name="South", order=2)
    client.force_login(commissioner)

    _post(client, reverse("league:division_move", args=[north.pk]), {"step": "down"})

    assert list(Division.objects.filter(season=registering).values_list("name", flat=True)) == [
        "South",
        "North",
    ]


def test_the_promotion_table_is_proposed_edited_and_applied(client, league, commissioner):
    last, (north, south) = _divided(league, commissioner, [2, 2], status=Status.RUNNING)
    play(last, north[0], north[1], 1, 0)
    play(last, south[0], south[1], 1, 0)
    Season.objects.filter(pk=last.pk).update(status=Status.FINISHED)
    season, _none = make_season(league, status=Status.REGISTRATION, name="Next")
    new = {
        old.name: SeasonEntry.objects.create(
            season=season, team=old.team, name=old.name, coach=old.coach, status="accepted"
        )
        for old in north + south
    }
    client.force_login(commissioner)
    url = reverse("league:divisions", args=[season.pk])

    content = _page(client, url)
    # North 2 goes down, South 1 up; the commissioner keeps North 2 in the North instead.
    proposed = dict(re.findall(r'name="entry_(\d+)"[^>]*>.*?<option value="([^"]*)" selected', content, re.S))
    assert proposed == {
        str(new["North 1"].pk): "North",
        str(new["North 2"].pk): "South",
        str(new["South 1"].pk): "North",
        str(new["South 2"].pk): "South",
    }
    assert "promoted" in content
    assert "relegated" in content

    data = {"up": 1, "down": 1, **{f"entry_{pk}": name for pk, name in proposed.items()}}
    data[f"entry_{new['North 2'].pk}"] = "North"
    said = _post(client, reverse("league:divisions_promotion", args=[season.pk]), data)

    assert said == ["The divisions start from last season's, with promotion and relegation."]
    placed = {entry.name: entry.division.name for entry in season.entries.select_related("division")}
    assert placed == {"North 1": "North", "North 2": "North", "South 1": "North", "South 2": "South"}


# Each division's table on the season and standings pages.


def test_the_standings_page_shows_every_division_table_with_its_places(client, league, commissioner):
    season, (north, south) = _divided(league, commissioner, [2, 3])
    play(season, north[1], north[0], 2, 0)
    play(season, south[2], south[0], 1, 0)

    content = _page(client, reverse("league:standings", args=[season.pk]))

    assert "All divisions" in content
    sections = _division_sections(content)
    assert _names_in_order(sections["North"]) == ["North 2", "North 1"]
    assert _names_in_order(sections["South"])[0] == "South 3"
    assert len(_names_in_order(sections["South"])) == 3
    assert re.search(r'<td class="num">1</td>\s*<td><a [^>]*>North 2', sections["North"])
    assert re.search(r'<td class="num">1</td>\s*<td><a [^>]*>South 3', sections["South"])


def test_the_standings_page_shows_one_division_when_chosen(client, league, commissioner):
    season, _groups = _divided(league, commissioner, [2, 2])
    south = Division.objects.get(season=season, name="South")

    content = _page(client, reverse("league:standings", args=[season.pk]) + f"?division={south.pk}")

    assert list(_division_sections(content)) == ["South"]
    assert f'href="?division={south.pk}" aria-current="page"' in content


def test_the_season_page_shows_the_divisions_side_by_side_linking_to_each(client, league, commissioner):
    season, _groups = _divided(league, commissioner, [2, 2])
    north = Division.objects.get(season=season, name="North")
    client.force_login(commissioner)

    content = _page(client, reverse("league:season", args=[season.pk]))

    assert '<div class="divisions">' in content
    sections = _division_sections(content)
    assert sorted(_names_in_order(sections["North"])) == ["North 1", "North 2"]
    assert sorted(_names_in_order(sections["South"])) == ["South 1", "South 2"]
    standings = reverse("league:standings", args=[season.pk])
    assert f'href="{standings}?division={north.pk}"' in content
    assert reverse("league:divisions", args=[season.pk]) in content


def test_a_season_without_divisions_shows_its_one_table(client, league):
    season, (first, second) = make_season(league, teams=2)

    content = _page(client, reverse("league:standings", args=[season.pk]))

    assert "All divisions" not in content
    assert first.name in content


def _queries(client, url):
    with CaptureQueriesContext(connection) as queries:
        _page(client, url)
    return len(queries)


@pytest.mark.parametrize("page", ["league:standings", "league:season", "league:divisions"])
def test_a_page_of_divisions_reads_the_same_queries_whatever_their_number(client, commissioner, page):
    small, _groups = _divided(make_league(commissioner=commissioner), commissioner, [2, 2])
    big, _groups = _divided(make_league(commissioner=commissioner), commissioner, [4, 5, 4, 5])
    client.force_login(commissioner)
    _queries(client, reverse(page, args=[small.pk]))  # warms the caches of the session and the site

    assert _queries(client, reverse(page, args=[small.pk])) == _queries(client, reverse(page, args=[big.pk]))


def test_the_divisions_page_is_the_commissioners_only(client, registering):
    client.force_login(UserFactory())

    assert client.get(reverse("league:divisions", args=[registering.pk])).status_code == 403


def test_the_league_page_keeps_the_whole_seasons_table_in_a_season_of_divisions(client, league, commissioner):
    season, (north, south) = _divided(league, commissioner, [2, 2])
    play(season, north[0], north[1], 3, 0)
    play(season, south[0], south[1], 1, 0)

    content = _page(client, reverse("league:detail", args=[league.slug]))

    places = re.findall(r'<td class="num">(\d+)</td>\s*<td><a [^>]*>((?:North|South) \d)<', content)
    assert places == [("1", "North 1"), ("2", "South 1"), ("3", "South 2"), ("4", "North 2")]


# The scheduling page of a season in divisions.


def test_the_round_robin_form_schedules_games_between_divisions(client, league, commissioner):
    season, groups = _divided(league, commissioner, [2, 2], status=Status.REGISTRATION)
    client.force_login(commissioner)
    content = _page(client, reverse("league:schedule", args=[season.pk]))
    assert "Every team meets every other team of its division once." in content
    assert 'name="cross_games"' in content

    _post(
        client,
        reverse("league:schedule_round_robin", args=[season.pk]),
        {"days_between": 7, "cross_games": 2},
    )

    division_of = {entry.pk: index for index, group in enumerate(groups) for entry in group}
    fixtures = list(season.fixtures.all())
    between = [f for f in fixtures if division_of[f.home_id] != division_of[f.away_id]]
    assert (len(fixtures), len(between)) == (2 + 4, 4)


def test_the_playoff_form_takes_the_first_of_each_division(client, league, commissioner):
    season, groups = _divided(league, commissioner, [2, 2, 2, 2])
    for group in groups:
        play(season, group[1], group[0], 1, 0)
    client.force_login(commissioner)
    content = _page(client, reverse("league:schedule", args=[season.pk]))
    assert 'name="per_division"' in content

    said = _post(
        client, reverse("league:schedule_playoffs", args=[season.pk]), {"size": 4, "per_division": 1}
    )

    assert said == ["The playoff bracket is drawn."]
    qualified = {team for f in season.fixtures.playoff() for team in (f.home_id, f.away_id)}
    assert qualified == {group[1].pk for group in groups}


def test_a_season_without_divisions_is_offered_no_division_fields(client, league, commissioner):
    season, _entries = make_season(league, teams=2, status=Status.REGISTRATION)
    client.force_login(commissioner)

    content = _page(client, reverse("league:schedule", args=[season.pk]))

    assert 'name="cross_games"' not in content
    assert "Every team meets every other once." in content


def test_the_kept_standings_page_follows_a_renamed_division_and_a_moved_team(client, league, commissioner):
    season, (north, south) = _divided(league, commissioner, [2, 2], status=Status.REGISTRATION)
    north_division = Division.objects.get(season=season, name="North")
    south_division = Division.objects.get(season=season, name="South")
    client.force_login(commissioner)
    standings = reverse("league:standings", args=[season.pk])
    assert list(_division_sections(_page(client, standings))) == ["North", "South"]

    _post(client, reverse("league:division_rename", args=[north_division.pk]), {"name": "Frozen North"})
    _post(client, reverse("league:entry_division", args=[south[0].pk]), {"division": north_division.pk})

    sections = _division_sections(_page(client, standings))
    assert list(sections) == ["Frozen North", "South"]
    assert "South 1" in sections["Frozen North"]
    assert "South 1" not in sections["South"]
    assert south_division.entries.count() == 1


def test_the_next_steps_ask_to_place_the_teams_in_no_division_before_scheduling(client, commissioner):
    league = make_league(commissioner=commissioner)
    season, (placed, unplaced, other) = make_season(league, teams=3, status=Status.REGISTRATION)
    client.force_login(commissioner)
    season_page = _page(client, reverse("league:season", args=[season.pk]))
    assert "Set up divisions" in season_page  # a season of one table may still be split
    division = division_services.create_division(season=season, by=commissioner, name="North")
    division_services.place_team(entry=placed, division=division, by=commissioner)

    season_page = _page(client, reverse("league:season", args=[season.pk]))
    league_page = _page(client, reverse("league:detail", args=[league.slug]))

    divisions_url = reverse("league:divisions", args=[season.pk])
    assert "2 accepted teams are in no division yet: place them before the fixtures are drawn." in season_page
    assert f'href="{divisions_url}" role="button">Place the teams in divisions<' in season_page
    assert "Schedule the fixtures<" not in season_page
    assert f'href="{divisions_url}">Place the teams of {season.name} in divisions<' in league_page
    for entry in (unplaced, other):
        division_services.place_team(entry=entry, division=division, by=commissioner)
    assert "Schedule the fixtures<" in _page(client, reverse("league:season", args=[season.pk]))
