"""The team's pages are never stale (dugout.freshness): after each writing path of a team, the next
load shows the change; a page with messages is neither served from the cache nor kept in it."""

import pytest
from django.urls import reverse

from rosters import services as rosters
from tests.freshness import cached_page, page_html
from tests.rosters.helpers import get_player, make_team

pytestmark = pytest.mark.django_db


# --- the team -----------------------------------------------------------------------------------------


def test_team_page_shows_a_hired_player_on_the_next_load(client, coach):
    team = make_team(coach, positions=["lineman"])
    url = reverse("rosters:team", args=[team.pk])
    assert "Human Blitzer" not in cached_page(client, url)
    client.force_login(coach)
    client.post(reverse("rosters:hire", args=[team.pk]), {"position": "blitzer"})
    client.logout()
    assert "Blitzer" in page_html(client, url)


def test_team_page_drops_a_fired_player_on_the_next_load(client, coach):
    team = make_team(coach, positions=["blitzer"])
    player = get_player(team)
    url = reverse("rosters:team", args=[team.pk])
    assert player.name in cached_page(client, url)
    client.force_login(coach)
    client.post(reverse("rosters:fire", args=[team.pk, player.pk]))
    assert not team.players.exists()
    assert reverse("rosters:player", args=[team.pk, player.pk]) not in page_html(client, url)


def test_team_page_shows_bought_rerolls_on_the_next_load(client, coach):
    team = make_team(coach)
    url = reverse("rosters:team", args=[team.pk])
    before = cached_page(client, url)
    rosters.buy_reroll(team=team, actor=coach)
    after = page_html(client, url)
    assert before != after
    assert "Bought a team re-roll" in after or "re-roll" in after.split('id="ledger-heading"')[1]


def test_player_page_shows_a_new_name_on_the_next_load(client, coach):
    team = make_team(coach, positions=["lineman"])
    player = get_player(team)
    client.force_login(coach)
    url = reverse("rosters:player", args=[team.pk, player.pk])
    assert "Hans Zimmer" not in cached_page(client, url)
    client.post(url, {"name": "Hans Zimmer", "number": "12"})
    assert "Hans Zimmer" in page_html(client, url)
    assert "Hans Zimmer" in page_html(client, reverse("rosters:team", args=[team.pk]))


def test_a_page_with_messages_is_neither_served_from_nor_kept_in_the_cache(client, coach):
    team = make_team(coach, positions=["lineman"])
    client.force_login(coach)
    url = reverse("rosters:team", args=[team.pk])
    message = "Undone: Hired"  # the hire of the draft
    assert message not in cached_page(client, url)
    response = client.post(reverse("rosters:undo", args=[team.pk]), follow=True)
    assert response.redirect_chain[-1][0] == url
    assert message in response.content.decode()
    assert message not in page_html(client, url)
