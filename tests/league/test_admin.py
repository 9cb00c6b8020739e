"""Edits in the admin go through what the pages' services do after them (issue #20): a league's points
changed there rebuild its tables, a fixture edited or deleted rebuilds its season; a league's edition, a
fixture's teams and a result's status are read-only there. The pages that show them are fresh after."""

import pytest
from django.urls import reverse

from league.models import Result, StandingsRow
from tests.admin_forms import change_form_data
from tests.factories import UserFactory
from tests.freshness import cached_page, page_html
from tests.league.factories import make_entry, make_league, make_season, play

pytestmark = pytest.mark.django_db


@pytest.fixture
def played():
    league = make_league(name="Admin League", slug="admin-league", commissioner=UserFactory())
    season, _entries = make_season(league)
    home, away = make_entry(season, name="Reavers"), make_entry(season, name="Bashers")
    fixture = play(season, home, away, 2, 0)
    return league, season, home, fixture


def _points(entry):
    return StandingsRow.objects.get(entry=entry).points


def test_points_changed_in_the_admin_rebuild_the_tables(admin_client, client, played):
    league, season, home, _fixture = played
    standings = reverse("league:standings", args=[season.pk])
    cached_page(client, standings)
    assert _points(home) == 3
    url = reverse("admin:league_league_change", args=[league.pk])
    response = admin_client.post(url, change_form_data(admin_client, url, points_win="5"))
    assert response.status_code == 302, response.context["adminform"].form.errors
    assert _points(home) == 5
    page_html(client, standings)  # fresh (the verification mode compares it with a new render)


def test_a_fixture_deleted_in_the_admin_leaves_the_table(admin_client, client, played):
    _league, season, home, fixture = played
    standings = reverse("league:standings", args=[season.pk])
    cached_page(client, standings)
    url = reverse("admin:league_fixture_delete", args=[fixture.pk])
    assert admin_client.post(url, {"post": "yes"}).status_code == 302
    assert StandingsRow.objects.get(entry=home).played == 0
    page_html(client, standings)


def test_a_fixture_edited_in_the_admin_rebuilds_its_season(admin_client, client, played):
    _league, season, home, fixture = played
    Result.objects.filter(fixture=fixture).update(status=Result.Status.SUBMITTED)  # by hand, no rebuild
    url = reverse("admin:league_fixture_change", args=[fixture.pk])
    assert admin_client.post(url, change_form_data(admin_client, url)).status_code == 302
    assert StandingsRow.objects.get(entry=home).played == 0


def test_what_the_admin_cannot_set_right_is_read_only_there(admin_client, played):
    league, _season, _home, fixture = played
    league_form = admin_client.get(reverse("admin:league_league_change", args=[league.pk]))
    assert {"game", "edition"}.isdisjoint(league_form.context["adminform"].form.fields)
    fixture_form = admin_client.get(reverse("admin:league_fixture_change", args=[fixture.pk]))
    assert {"season", "home", "away"}.isdisjoint(fixture_form.context["adminform"].form.fields)
    result_form = admin_client.get(reverse("admin:league_result_change", args=[fixture.result.pk]))
    assert "status" not in result_form.context["adminform"].form.fields
