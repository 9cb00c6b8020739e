"""The league's pages are never stale (dugout.freshness): after each writing path of a season, the
next load of its pages (season, fixtures, standings, leaderboards, the API, the calendar) shows the
change; an unchanged page answers 304 to its ETag, a changed one 200; a page drawn for a user is not
served to another; the CSRF token in a cached page is the requesting client's."""

from io import StringIO

import pytest
from django.core.management import call_command
from django.middleware.csrf import _unmask_cipher_token
from django.test import Client
from django.urls import reverse

from league.models import Result, SeasonEntry
from league.services import adjustments, entries, results, scheduling
from league.standings.store import recompute_standings
from tests.freshness import cached_page, load_page, page_html
from tests.league.factories import make_entry, make_fixture
from tests.league.factories import make_team as make_league_team

pytestmark = pytest.mark.django_db


# --- the season, standings, leaderboards and API --------------------------------------------------------


def test_season_page_shows_an_accepted_entry_on_the_next_load(client, season, commissioner, coach):
    season.status = season.Status.REGISTRATION
    season.save()
    url = reverse("league:season", args=[season.pk])
    team = make_league_team(coach=coach, name="Grim Tide")
    entry = entries.register_team(season=season, team=team, user=coach)
    html = cached_page(client, url)
    entries.accept_entry(entry=entry, by=commissioner)
    entry.refresh_from_db()
    assert entry.status == SeasonEntry.Status.ACCEPTED
    assert page_html(client, url) != html
    assert "Grim Tide" in page_html(client, reverse("league:standings", args=[season.pk]))


def test_fixtures_page_shows_a_schedule_on_the_next_load(client, season, commissioner):
    season.status = season.Status.REGISTRATION
    season.save()
    make_entry(season, name="Reikland Reavers")
    make_entry(season, name="Gouged Eye")
    url = reverse("league:fixtures", args=[season.pk])
    assert "Reikland Reavers" not in cached_page(client, url)
    scheduling.schedule_round_robin(season=season, by=commissioner)
    html = page_html(client, url)
    assert "Reikland Reavers" in html
    assert "Gouged Eye" in html


def _confirmed_result(season, home, away):
    fixture = make_fixture(season, home, away)
    result = results.submit_result(
        fixture=fixture, submitted_by=home.coach, home_score=2, away_score=0, home_cas=1, away_cas=0
    )
    results.confirm_result(result=result, by=away.coach)
    assert Result.objects.get(fixture=fixture).status == Result.Status.CONFIRMED


def test_standings_leaderboards_and_api_show_a_confirmed_result_on_the_next_load(client, season):
    home, away = make_entry(season, name="Reikland Reavers"), make_entry(season, name="Gouged Eye")
    urls = [
        reverse("league:standings", args=[season.pk]),
        reverse("league:leaderboards", args=[season.league.slug]),
        reverse("league:detail", args=[season.league.slug]),
        reverse("league:api_standings", args=[season.pk]),
    ]
    before = {url: cached_page(client, url) for url in urls}
    _confirmed_result(season, home, away)
    for url in urls:
        assert page_html(client, url) != before[url], url
    table = client.get(reverse("league:api_standings", args=[season.pk])).json()
    top = table["standings"][0]
    assert (top["name"], top["won"], top["td_for"]) == ("Reikland Reavers", 1, 2)


def test_standings_show_a_renamed_team_on_the_next_load(client, season, coach):
    entry = make_entry(season, coach=coach, name="Reikland Reavers")
    url = reverse("league:standings", args=[season.pk])
    assert "Reikland Reavers" in cached_page(client, url)
    SeasonEntry.objects.filter(pk=entry.pk).update(name="Altdorf Giants")  # around the signals...
    entry.team.name = "Altdorf Giants"
    entry.team.save()  # ...and the team's save, which bumps the seasons it plays in
    recompute_standings(season=season)
    assert "Altdorf Giants" in page_html(client, url)


# --- conditional GET ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["league:standings", "league:season_calendar", "league:api_standings"])
def test_etag_answers_304_while_unchanged_and_200_after_a_change(client, season, name):
    home, away = make_entry(season, name="Reikland Reavers"), make_entry(season, name="Gouged Eye")
    url = reverse(name, args=[season.pk])
    etag = load_page(client, url)["ETag"]
    assert etag
    unchanged = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert unchanged.status_code == 304
    assert unchanged.content == b""
    _confirmed_result(season, home, away)
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200
    assert changed["ETag"] != etag


@pytest.mark.parametrize("name", ["league:standings", "league:api_standings"])
def test_a_gzipped_page_answers_304_to_its_weak_etag(client, season, name):
    """GZipMiddleware compresses the page for a client that takes gzip; the ETag it sends back (weak, as
    a compressed copy's must be) still answers 304, as does the same tag without W/ (weak comparison)."""
    make_entry(season, name="Reikland Reavers")
    url = reverse(name, args=[season.pk])
    gzipped = load_page(client, url, HTTP_ACCEPT_ENCODING="gzip")
    assert gzipped["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in gzipped["Vary"]
    etag = gzipped["ETag"]
    assert etag.startswith('W/"')
    again = client.get(url, HTTP_IF_NONE_MATCH=etag, HTTP_ACCEPT_ENCODING="gzip")
    assert again.status_code == 304
    assert again["ETag"] == etag  # the 304 carries the ETag of the 200
    assert client.get(url, HTTP_IF_NONE_MATCH=etag.removeprefix("W/")).status_code == 304
    plain = client.get(url)
    assert not plain.has_header("Content-Encoding")
    assert plain["ETag"] == etag  # the same page, gzipped or not


def test_etag_differs_by_language_and_by_user(client, season, coach):
    url = reverse("league:standings", args=[season.pk])
    english = load_page(client, url)["ETag"]
    french = load_page(client, url, HTTP_ACCEPT_LANGUAGE="fr")
    assert french["ETag"] != english
    assert "Accept-Language" in french["Vary"]
    assert "Cookie" in french["Vary"]
    client.force_login(coach)
    mine = load_page(client, url)
    assert mine["ETag"] != english
    assert "private" in mine["Cache-Control"]


# --- what a cached page may not share --------------------------------------------------------------------


def test_a_page_drawn_for_a_user_is_not_served_to_anyone_else(client, season, coach):
    url = reverse("league:standings", args=[season.pk])
    client.force_login(coach)
    assert "Home Coach" in cached_page(client, url)
    client.logout()
    html = page_html(client, url)
    assert "Home Coach" not in html
    assert "Log in" in html


def test_a_cached_page_carries_the_requesting_clients_csrf_token(client, season):
    url = reverse("league:standings", args=[season.pk])
    page_html(client, url)
    other = Client()
    response = load_page(other, url)
    secret = response.cookies["csrftoken"].value
    token = response.content.decode().split('"X-CSRFToken": "')[1].split('"')[0]
    assert _unmask_cipher_token(token) == secret


def test_a_league_made_private_is_a_404_on_the_next_load(client, season):
    url = reverse("league:standings", args=[season.pk])
    cached_page(client, url)
    season.league.public = False
    season.league.save()
    assert client.get(url).status_code == 404


def test_standings_show_results_fixed_by_hand_once_rebuilt(client, season, home, away):
    """Rows written around the signals (a fix in the database) show once `rebuild_standings` stores the
    table again, as the README says: the rebuild bumps the season."""
    _confirmed_result(season, home, away)
    url = reverse("league:standings", args=[season.pk])
    assert "Reikland Reavers" in cached_page(client, url)
    Result.objects.update(home_score=0, away_score=3)  # by hand: no signal
    call_command("rebuild_standings", stdout=StringIO())
    html = page_html(client, url)
    assert html.index("Gouged Eye") < html.index("Reikland Reavers")


def test_standings_show_a_points_adjustment_on_the_next_load(client, season, home, commissioner):
    url = reverse("league:standings", args=[season.pk])
    before = cached_page(client, url)
    adjustments.add_adjustment(season=season, entry=home, points=-2, reason="Late roster", by=commissioner)
    after = page_html(client, url)
    assert after != before
    assert "Late roster" in after
