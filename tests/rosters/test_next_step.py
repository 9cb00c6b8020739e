"""A ready team's page says what comes next (issue #26): where the team is entered (season and status),
else the home page's step that enters it in an open season of the coach's leagues, or joins or creates
a league. The team page is kept (dugout.freshness) under the team's version only: the step that varies
with the coach's leagues is loaded apart (rosters:next, htmx), never drawn into the kept page."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.models import Season
from league.services import entries
from league.services.leagues import create_league, create_season
from tests.factories import UserFactory
from tests.freshness import cached_page, page_html
from tests.rosters.helpers import HUMAN_ELEVEN, make_team, ready_human_team

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def _team_url(team):
    return reverse("rosters:team", args=[team.pk])


def _next_url(team):
    return reverse("rosters:next", args=[team.pk])


def _league_of(coach, *, name="Old World League", edition="bb2020", season="Spring"):
    """A league run by someone else, `coach` a member, with a season open for entries."""
    league = create_league(name=name, created_by=UserFactory(), game="blood_bowl", edition=edition)
    league.members.add(coach)
    return league, create_season(league=league, name=season, by=league.commissioners.get())


def _steps(html):
    return re.findall(r'data-step="(\w+)"', html)


def test_the_ready_teams_page_loads_its_next_step_apart(client, coach):
    team = ready_human_team(coach)
    client.force_login(coach)
    html = page_html(client, _team_url(team))
    assert f'hx-get="{_next_url(team)}"' in html
    assert 'hx-trigger="load"' in html
    assert f'<a href="{_next_url(team)}">What to do next</a>' in html  # without JavaScript


def test_the_next_step_of_a_coach_in_a_league_enters_the_team_in_its_open_season(client, coach):
    team = ready_human_team(coach)
    _league, season = _league_of(coach)
    _league_of(coach, name="Nuffle Cup", edition="bb2025", season="Other edition")  # not for this team
    client.force_login(coach)
    fragment = client.get(_next_url(team), **HTMX).content.decode()
    assert _steps(fragment) == ["enter"]
    assert "Enter a team in Spring" in fragment  # the home page's words
    assert f'href="{reverse("league:register", args=[season.pk])}"' in fragment
    assert "<html" not in fragment
    page = client.get(_next_url(team)).content.decode()  # without JavaScript: a page of its own
    assert "<html" in page
    assert "Enter a team in Spring" in page


def test_the_next_step_of_a_coach_in_no_league_is_to_join_or_create_one(client, coach):
    team = ready_human_team(coach)
    client.force_login(coach)
    fragment = client.get(_next_url(team), **HTMX).content.decode()
    assert _steps(fragment) == ["join", "create_league"]
    assert "Join a league with an invitation code" in fragment
    assert "Create a league" in fragment
    assert f'href="{reverse("league:join")}"' in fragment


def test_a_new_season_shows_in_the_next_step_while_the_kept_team_page_stays_right(client, coach):
    team = ready_human_team(coach)
    client.force_login(coach)
    cached_page(client, _team_url(team))
    assert _steps(client.get(_next_url(team), **HTMX).content.decode()) == ["join", "create_league"]
    _league_of(coach, season="Autumn")
    # The kept page is served again (the verification mode checks it against a fresh drawing).
    assert f'hx-get="{_next_url(team)}"' in page_html(client, _team_url(team))
    assert "Enter a team in Autumn" in client.get(_next_url(team), **HTMX).content.decode()


def test_an_entered_team_says_where_it_is_and_follows_its_status(client, coach):
    team = ready_human_team(coach)
    league, season = _league_of(coach)
    entry = entries.register_team(season=season, team=team, user=coach)
    client.force_login(coach)
    html = cached_page(client, _team_url(team))
    assert f'<a href="{reverse("league:season", args=[season.pk])}">Spring</a> (Old World League)' in html
    assert "Entry: Pending · Season: Registration" in html
    assert "hx-get" not in html.split('id="team-panel-heading"')[0]
    entries.accept_entry(entry=entry, by=league.commissioners.get())
    assert "Entry: Accepted · Season: Registration" in page_html(client, _team_url(team))
    assert _steps(client.get(_next_url(team), **HTMX).content.decode()) == []


def test_a_finished_season_leaves_the_team_to_its_next_step(client, coach):
    team = ready_human_team(coach)
    _league, season = _league_of(coach)
    entries.register_team(season=season, team=team, user=coach)
    client.force_login(coach)
    assert "Entry: Pending" in cached_page(client, _team_url(team))
    season.status = Season.Status.FINISHED
    season.save()
    html = page_html(client, _team_url(team))
    assert "Entry: Pending" not in html
    assert f'hx-get="{_next_url(team)}"' in html


def test_only_the_coach_of_a_ready_team_is_shown_a_next_step(client, coach):
    team = ready_human_team(coach)
    draft = make_team(coach, name="Still drafting", positions=HUMAN_ELEVEN)
    assert 'hx-trigger="load"' not in page_html(client, _team_url(team))  # a visitor
    response = client.get(_next_url(team))
    assert response.url.startswith(reverse("accounts:login"))
    client.force_login(UserFactory(username="otto"))
    assert 'hx-trigger="load"' not in page_html(client, _team_url(team))
    assert client.get(_next_url(team)).status_code == 404
    client.force_login(coach)
    assert 'hx-trigger="load"' not in page_html(client, _team_url(draft))
    assert _steps(client.get(_next_url(draft), **HTMX).content.decode()) == []


def test_the_next_step_queries_do_not_grow_with_the_leagues(client, coach):
    team = ready_human_team(coach)
    client.force_login(coach)

    def queries():
        with CaptureQueriesContext(connection) as captured:
            client.get(_next_url(team), **HTMX)
        return len(captured)

    _league_of(coach, name="First")
    one = queries()
    for number in range(4):
        _league_of(coach, name=f"League {number}", season=f"Season {number}")
    assert queries() == one
    assert len(_steps(client.get(_next_url(team), **HTMX).content.decode())) == 5
