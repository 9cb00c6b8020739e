"""The post-match page of a BB2025 match: its edition's names and dice, the stalling record, the MVP
nominees, Masters of Undeath; posted by either coach (the permissions of every writing view are in
test_views.py)."""

import pytest
from django.urls import reverse

from matches.models import Match
from matches.services import drives, postmatch
from tests.factories import UserFactory
from tests.matches.test_full_match_bb2025 import (
    _keys,
    _to_kick_off,
    bb2025_team,
    casualty,
    to_final_whistle,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(home_coach, away_coach):
    """A 0-0 BB2025 match between undead (Masters of Undeath) and humans, one human killed."""
    undead = bb2025_team(home_coach, name="Necropolis", roster="necromantic_horror", lineman="zombie_lineman")
    humans = bb2025_team(away_coach, name="Altdorf", roster="human", lineman="lineman")
    match, dice = _to_kick_off(undead, humans, home_coach)
    victim = humans.players.order_by("number")[0]
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    casualty(
        match,
        dice,
        home_coach,
        side="home",
        player=undead.players.order_by("number")[0],
        victim=victim,
        faces={"casualty": [16]},
    )
    drives.end_drive(match, user=home_coach, dice=dice)
    to_final_whistle(match, dice, home_coach, drives_left=1)
    assert match.status == Match.Status.POST_MATCH
    return match, victim


def test_postmatch_page_when_bb2025_shows_its_edition_and_choices(client, played, home_coach):
    match, victim = played
    client.force_login(home_coach)
    page = client.get(reverse("matches:detail", args=[match.pk])).text
    assert "Blood Bowl (2025 edition)" in page
    assert "MVP D6" in page
    assert "MVP D16" not in page
    assert "nominated for the MVP" in page
    assert "Stalling" in page
    assert 'name="home_raise"' in page
    assert 'name="away_raise"' not in page


def test_postmatch_roll_when_posted_by_the_away_coach_records_stalling_nominees_and_raise(
    client, played, away_coach
):
    match, victim = played
    client.force_login(away_coach)
    undead, humans = match.home_team, match.away_team
    data = {
        "away_stalled": "on",
        "home_nominees": _keys(undead, range(1, 7)),
        "away_nominees": _keys(humans, range(2, 8)),
        "home_mvp": "3",
        "away_mvp": "1",
        "home_fans": "",
        "home_mistake": "6",
        "home_mistake_dice": "1",
        "away_mistake": "6",
        "home_raise": f"p{victim.pk}",
        "home_raise_position": "zombie_lineman",
        "home_raise_name": "Risen",
    }
    response = client.post(reverse("matches:postmatch_roll", args=[match.pk]), data)
    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.home_stalled, match.away_stalled) == (False, True)
    assert match.postmatch["home"]["mvp"]["player"] == _keys(undead, [3])[0]
    assert match.postmatch["away"]["mvp"]["player"] == _keys(humans, [2])[0]
    assert match.postmatch["home"]["raised"] == {
        "victim": f"p{victim.pk}",
        "position": "zombie_lineman",
        "name": "Risen",
    }
    preview = postmatch.preview(match)
    # 0-0: (3 + 4) / 2 = 35,000, + 10,000 for the team that did not stall.
    assert preview["home"]["after"]["winnings"] == 45_000
    assert preview["away"]["after"]["winnings"] == 35_000
    page = client.get(reverse("matches:detail", args=[match.pk])).text
    assert "Risen" in page
    assert "no bonus" in page


def test_postmatch_roll_when_posted_by_an_outsider_is_forbidden(client, played):
    match, _victim = played
    client.force_login(UserFactory(username="outsider"))
    response = client.post(reverse("matches:postmatch_roll", args=[match.pk]), {"home_stalled": "on"})
    assert response.status_code == 403
    match.refresh_from_db()
    assert not match.home_stalled
    assert not match.postmatch


def test_postmatch_page_when_no_journeyman_played_asks_nothing_about_hiring_them(client, played, home_coach):
    """Issue #26: "<team>: journeymen to hire:" stood there with nothing under it."""
    match, _victim = played
    assert not match.plain_journeymen("home")
    assert not match.plain_journeymen("away")
    client.force_login(home_coach)
    page = client.get(reverse("matches:detail", args=[match.pk])).text
    assert "journeymen to hire" not in page
    assert 'name="home_hire"' not in page
