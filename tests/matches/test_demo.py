import re

import pytest
from django.urls import reverse

from accounts.demo import create_demo_users
from league.demo import create_demo_league
from matches.demo import SIDE_BET, create_demo_matches
from matches.models import DiceLog, Event, Match
from rosters.demo import create_demo_teams
from rosters.models import LedgerEntry

pytestmark = pytest.mark.django_db


@pytest.fixture
def matches():
    users = create_demo_users()
    create_demo_teams(users)
    return users, create_demo_matches(users)


def _cells(html):
    """The text of each table row of `html`, as tuples of cells."""
    rows = re.findall(r"<tr>(.*?)</tr>", html, flags=re.S)
    return [tuple(re.findall(r"<td>(.*?)</td>", row, flags=re.S)) for row in rows]


def _counts():
    return [model.objects.count() for model in (Match, Event, DiceLog, LedgerEntry)]


def test_create_demo_matches_applies_one_and_leaves_one_in_progress_once_only(matches):
    users, (played, live) = matches
    assert played.status == Match.Status.APPLIED
    assert live.status == Match.Status.IN_PROGRESS
    counts = _counts()
    assert {match.pk for match in create_demo_matches(users)} == {played.pk, live.pk}
    assert _counts() == counts
    assert counts[0] == 2


def test_demo_match_buys_a_side_bet_and_a_mercenary_who_injures_a_player(matches):
    _users, (played, _live) = matches
    favourite, underdog = "away", "home"
    assert [item["id"] for item in played.side_value("inducements", favourite)] == ["side_bet"]
    assert played.outcome[favourite]["side_bet"]["stake"] == SIDE_BET
    (mercenary,) = played.mercenaries(underdog)
    casualty = Event.objects.get(drive__match=played, kind=Event.Kind.CASUALTY)
    assert casualty.side == underdog
    assert casualty.journeyman == mercenary["key"]
    assert casualty.victim.team == played.team(favourite)
    assert [roll["purpose"] for roll in casualty.rolls["casualty"]] == ["casualty", "apothecary"]
    logged = DiceLog.objects.filter(match=played, purpose__in=["casualty", "apothecary"])
    assert {(entry.player, entry.subject_name()) for entry in logged} == {
        (casualty.victim, str(casualty.victim))
    }


def test_demo_match_report_lists_the_mercenary_side_bet_and_casualty_dice_by_name(client, matches):
    _users, (played, _live) = matches
    casualty = Event.objects.get(drive__match=played, kind=Event.Kind.CASUALTY)
    victim, mercenary = str(casualty.victim), played.mercenaries("home")[0]
    html = client.get(reverse("matches:report", args=[played.pk])).content.decode()
    assert f"#{mercenary['number']} {mercenary['name']}" in re.search(
        r'data-testid="mercenaries">(.*?)</dd>', html
    ).group(1)
    assert "20,000 staked, 0 won" in re.search(r'data-testid="side-bet-away">(.*?)</dd>', html).group(1)
    assert f"#{mercenary['number']} {mercenary['name']} → {victim}" in html
    dice_rows = [row for row in _cells(html) if len(row) == 6 and row[2] == victim]
    assert [(row[0], row[1], row[3]) for row in dice_rows] == [
        ("Casualty", str(played.away_team), "D16"),
        ("Apothecary", str(played.away_team), "D16"),
    ]


def test_demo_matches_still_play_after_the_demo_league_paid_its_prizes():
    users = create_demo_users()
    create_demo_teams(users)
    create_demo_league(users)
    played, live = create_demo_matches(users)
    assert played.mercenaries("home")
    assert played.outcome["away"]["side_bet"]["stake"] == SIDE_BET
    assert live.status == Match.Status.IN_PROGRESS
