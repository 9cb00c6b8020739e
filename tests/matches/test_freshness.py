"""The match report is never stale (dugout.freshness): an event recorded shows on the next load."""

import random

import pytest
from django.urls import reverse

from matches.services import drives, postmatch, prematch
from rulebook.dice import Dice
from tests.factories import UserFactory
from tests.freshness import cached_page, page_html
from tests.matches.conftest import make_team as make_match_team
from tests.matches.prayers import name_prayer_targets

pytestmark = pytest.mark.django_db


@pytest.fixture
def coach():
    return UserFactory(username="kim", display_name="Coach Kim")


# --- the match ------------------------------------------------------------------------------------------


def _kicked_off(coach):
    """A friendly between Reavers (with a catcher) and Bashers, its pre-match done and a drive started."""
    away_coach = UserFactory(username="away", display_name="Away Coach")
    home_team = make_match_team(coach, name="Reavers", extras=("catcher",))
    away_team = make_match_team(away_coach, name="Bashers")
    match = prematch.create_match(home_team=home_team, away_team=away_team, created_by=coach)
    dice = Dice(random.Random(9))
    prematch.roll_fans(match, dice=dice, user=coach)
    prematch.roll_weather(match, dice=dice, user=coach)
    prematch.take_journeymen(match, user=coach)
    prematch.buy_inducements(match, side="home", counts={}, user=coach)
    prematch.buy_inducements(match, side="away", counts={}, user=coach)
    prematch.roll_prayers(match, dice=dice, user=coach)
    name_prayer_targets(match, coach)
    prematch.choose_kicking(match, user=coach, side="home")
    drives.start_drive(match, dice=dice, user=coach, faces={"kickoff": [1, 2]})
    return match, dice


def test_match_report_shows_a_recorded_event_on_the_next_load(client, coach):
    match, _dice = _kicked_off(coach)
    url = reverse("matches:report", args=[match.pk])
    before = cached_page(client, url)
    scorer = match.home_team.players.get(position="catcher")
    drives.add_event(match, user=coach, kind="touchdown", side="home", player=scorer, turn=3)
    after = page_html(client, url)
    assert after != before
    assert after.count(str(scorer)) > before.count(str(scorer))


def test_team_page_shows_the_applied_post_match_on_the_next_load(client, coach):
    """The post-match writes the players in bulk (no signal): the match's own save bumps both teams."""
    match, dice = _kicked_off(coach)
    scorer = match.home_team.players.get(position="catcher")
    drives.add_event(match, user=coach, kind="touchdown", side="home", player=scorer, turn=3)
    drives.concede(match, side="away", user=coach)
    postmatch.roll_postmatch(match, dice=dice, user=coach)
    url = reverse("rosters:team", args=[match.home_team_id])
    before = cached_page(client, url)
    postmatch.apply_postmatch(match, user=coach)
    scorer.refresh_from_db()
    assert scorer.spp_earned > 0
    after = page_html(client, url)
    assert after != before
    spp = f'data-label="SPP">{scorer.spp}<'
    assert spp not in before
    assert spp in after


def test_the_live_scoreboard_answers_304_until_something_happens(client, coach):
    """Every phone at the table polls it: unchanged, it costs a cache read and no rendering."""
    match, _dice = _kicked_off(coach)
    url = reverse("matches:scoreboard", args=[match.pk])
    polled = {"HTTP_HX_REQUEST": "true"}
    etag = client.get(url, **polled)["ETag"]
    assert etag
    assert client.get(url, HTTP_IF_NONE_MATCH=etag, **polled).status_code == 304
    scorer = match.home_team.players.get(position="catcher")
    drives.add_event(match, user=coach, kind="touchdown", side="home", player=scorer, turn=3)
    after = client.get(url, HTTP_IF_NONE_MATCH=etag, **polled)
    assert after.status_code == 200
    assert after["ETag"] != etag
