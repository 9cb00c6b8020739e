"""The JSON API's lists, a page at a time: the envelope, the order across pages, bad page numbers, and a
number of queries that does not grow with the league."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.models import Fixture, Result
from league.services import scheduling
from league.standings.store import rebuild_standings
from tests.league.factories import make_fixture, make_league, make_season, play
from web.league import page_sizes

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_counts():
    """Each test starts with no API request counted: the throttle's windows live in the shared cache."""
    cache.clear()


LISTS = ("api_standings", "api_fixtures", "api_results", "api_teams")


@pytest.fixture
def small_pages(monkeypatch):
    monkeypatch.setattr(page_sizes, "API_PAGE_SIZE", 2)


def _played_season(commissioner, teams, *, name):
    """A season of `teams` teams, round robin scheduled and every game confirmed."""
    league = make_league(commissioner=commissioner, name=name)
    season, _entries = make_season(league, teams=teams)
    scheduling.schedule_round_robin(season=season, by=commissioner)
    Result.objects.bulk_create(
        Result(fixture=fixture, home_score=1, away_score=0, status=Result.Status.CONFIRMED)
        for fixture in season.fixtures.all()
    )
    rebuild_standings(season=season)
    return season


def _every_page(client, url):
    """The pages of a list, following `next` from the first."""
    pages = []
    while url:
        pages.append(client.get(url).json())
        url = pages[-1]["next"]
    return pages


def test_api_standings_when_longer_than_a_page_come_a_page_at_a_time(client, commissioner, small_pages):
    season = _played_season(commissioner, 5, name="Five")
    url = reverse("league:api_standings", args=[season.pk])
    first = client.get(url).json()
    assert (first["season"], first["count"], first["page"], first["pages"]) == (season.pk, 5, 1, 3)
    assert first["previous"] is None
    assert first["next"] == f"http://testserver{url}?page=2"
    assert [row["position"] for row in first["standings"]] == [1, 2]
    last = client.get(url, {"page": 3}).json()
    assert [row["position"] for row in last["standings"]] == [5]
    assert (last["next"], last["previous"]) == (None, f"http://testserver{url}?page=2")


@pytest.mark.parametrize("name", LISTS)
def test_api_list_when_read_page_after_page_gives_every_item_once(client, commissioner, small_pages, name):
    season = _played_season(commissioner, 5, name="Five")
    pages = _every_page(client, reverse(f"league:{name}", args=[season.pk]))
    key = name.removeprefix("api_")
    items = [item for page in pages for item in page[key]]
    whole = {"api_standings": 5, "api_fixtures": 10, "api_results": 10, "api_teams": 5}[name]
    assert [page["page"] for page in pages] == list(range(1, (whole + 1) // 2 + 1))
    assert len(items) == pages[0]["count"] == whole
    assert len({str(item) for item in items}) == whole


def test_api_fixtures_list_those_outside_rounds_first_then_the_rounds_in_order(
    client, season, home, away, small_pages
):
    later = make_fixture(season, home, away, round_number=2)
    earlier = make_fixture(season, away, home, round_number=1)
    loose = [Fixture.objects.create(season=season, home=home, away=away) for _n in range(3)]
    pages = _every_page(client, reverse("league:api_fixtures", args=[season.pk]))
    ids = [fixture["id"] for page in pages for fixture in page["fixtures"]]
    assert ids == [*(fixture.pk for fixture in loose), earlier.pk, later.pk]
    assert [fixture["round"] for fixture in pages[1]["fixtures"]] == [None, 1]  # a page across both


def test_api_results_list_only_the_confirmed_ones_page_after_page(client, season, home, away, small_pages):
    confirmed = [play(season, home, away, 1, 0, round_number=number) for number in (3, 1, 2)]
    play(season, away, home, 2, 2, round_number=1, status=Result.Status.SUBMITTED)
    pages = _every_page(client, reverse("league:api_results", args=[season.pk]))
    assert pages[0]["count"] == 3
    results = [result for page in pages for result in page["results"]]
    assert [result["round"] for result in results] == [1, 2, 3]
    assert [result["fixture"] for result in results] == [confirmed[1].pk, confirmed[2].pk, confirmed[0].pk]


def test_api_leagues_come_a_page_at_a_time_by_name(client, commissioner, small_pages):
    for name in ("Cup", "Apex", "Bowl"):
        make_league(commissioner=commissioner, name=name)
    make_league(commissioner=commissioner, name="Secret", public=False)
    pages = _every_page(client, reverse("league:api_leagues"))
    assert [league["name"] for page in pages for league in page["leagues"]] == ["Apex", "Bowl", "Cup"]
    assert pages[0]["count"] == 3


def test_api_list_of_an_empty_season_is_one_empty_page(client, season):
    data = client.get(reverse("league:api_results", args=[season.pk])).json()
    assert data == {
        "season": season.pk, "count": 0, "page": 1, "pages": 1, "next": None, "previous": None, "results": []
    }  # fmt: skip


@pytest.mark.parametrize("page", ["0", "-1", "two", "1.5", "", "²"])
def test_api_list_when_the_page_is_not_a_whole_number_from_1_answers_400(client, season, home, page):
    response = client.get(reverse("league:api_teams", args=[season.pk]), {"page": page})
    assert response.status_code == 400
    message = "The page must be a whole number from 1."
    assert response.json() == {"detail": message, "error": message}  # "error": as before "detail" was


def test_api_list_when_the_page_is_after_the_last_answers_404(client, commissioner, small_pages):
    season = _played_season(commissioner, 5, name="Five")
    response = client.get(reverse("league:api_standings", args=[season.pk]), {"page": 4})
    assert response.status_code == 404
    message = "There is no page 4: the last page is 3."
    assert response.json() == {"detail": message, "error": message}
    assert client.get(reverse("league:api_standings", args=[season.pk]), {"page": 3}).status_code == 200


def test_api_list_of_a_private_league_is_hidden_whatever_the_page(client, commissioner):
    league = make_league(commissioner=commissioner, public=False)
    season, _entries = make_season(league, teams=2)
    for page in ("1", "9"):
        assert client.get(reverse("league:api_teams", args=[season.pk]), {"page": page}).status_code == 404
    client.force_login(commissioner)
    assert client.get(reverse("league:api_teams", args=[season.pk])).json()["count"] == 2


def _queries(client, url):
    with CaptureQueriesContext(connection) as context:
        response = client.get(url)
    assert response.status_code == 200
    return len(context.captured_queries)


@pytest.mark.parametrize("name", LISTS)
def test_query_count_of_api_lists_does_not_grow_with_the_league(
    client, commissioner, monkeypatch, name, drawn_pages
):
    monkeypatch.setattr(page_sizes, "API_PAGE_SIZE", 5)
    counts = []
    for teams in (4, 12):
        season = _played_season(commissioner, teams, name=f"League of {teams}")
        url = reverse(f"league:{name}", args=[season.pk])
        pages = client.get(url).json()["pages"]
        counts.append((_queries(client, url), _queries(client, f"{url}?page={pages}")))
    assert counts[0] == counts[1]
    assert max(counts[1]) <= 4


def test_query_count_of_the_leagues_list_does_not_grow_with_the_site(client, commissioner, monkeypatch):
    monkeypatch.setattr(page_sizes, "API_PAGE_SIZE", 5)
    counts = []
    for _step in range(2):
        for _n in range(6):
            make_league(commissioner=commissioner)
        counts.append(_queries(client, reverse("league:api_leagues")))
    assert counts == [2, 2]  # the count, then the page
