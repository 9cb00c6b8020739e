import re

import pytest
from django.urls import reverse

from accounts.demo import create_demo_users
from league.demo import BB2025_SLUG, FINISHED_SEASON, RUNNING_SEASON, create_demo_league
from league.models import League
from league.standings.read import season_standings
from matches.demo import SIDE_BET, create_demo_matches
from matches.demo_bb2025 import create_demo_bb2025_matches
from matches.models import DiceLog, Event, Match
from rosters.demo import create_demo_teams
from rosters.models import LedgerEntry, Team

pytestmark = pytest.mark.django_db


@pytest.fixture
def matches():
    users = create_demo_users()
    create_demo_teams(users)
    return users, create_demo_matches(users)


def _cells(html):
    """The text of each table row of `html`, as tuples of cells."""
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", html, flags=re.S)
    return [tuple(re.findall(r"<td[^>]*>(.*?)</td>", row, flags=re.S)) for row in rows]


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
    # The victim is the other team's: the timeline names their team.
    assert f"#{mercenary['number']} {mercenary['name']} → {casualty.victim.with_team}" in html
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


@pytest.fixture
def bb2025_league():
    users = create_demo_users()
    create_demo_teams(users)
    return users, create_demo_bb2025_matches(users)


def test_demo_bb2025_league_plays_its_first_season_in_dugout_and_applies_every_match(bb2025_league):
    users, matches = bb2025_league
    *played, live = matches
    league = League.objects.get(slug=BB2025_SLUG)
    assert (league.game, league.edition) == ("blood_bowl", "bb2025")
    assert {match.home_team.edition for match in matches} | {
        match.away_team.edition for match in matches
    } == {"bb2025"}
    assert [match.status for match in played] == [Match.Status.APPLIED] * 6
    assert {match.fixture.season.name for match in played} == {FINISHED_SEASON}
    assert all(match.fixture.result.status == "confirmed" for match in played)
    assert live.status == Match.Status.IN_PROGRESS
    assert live.fixture.season.name == RUNNING_SEASON
    assert (live.home_score, live.away_score) == (1, 0)
    counts = _counts()
    assert create_demo_bb2025_matches(create_demo_users()) == matches
    assert _counts() == counts


def test_demo_bb2025_season_pays_the_bb2025_prizes_and_the_no_stalling_bonus(bb2025_league):
    _users, (*played, _live) = bb2025_league
    season = League.objects.get(slug=BB2025_SLUG).seasons.get(name=FINISHED_SEASON)
    assert [(row.points, row.name) for row in season_standings(season)] == [
        (7, "Ironjaw Brutes"),
        (6, "Skjold Raiders"),
        (4, "Brass Skull Chosen"),
        (0, "Fungus Fizzers"),
    ]
    # BB2025 edition.toml [league.prizes]: 100,000, 60,000 and 30,000.
    prizes = [(prize.place, prize.gold, str(prize.entry.team)) for prize in season.prizes.order_by("place")]
    assert prizes == [
        (1, 100_000, "Ironjaw Brutes"),
        (2, 60_000, "Skjold Raiders"),
        (3, 30_000, "Brass Skull Chosen"),
    ]
    # The Raiders stalled in their 2-1 win over the Snotlings: no 10,000 bonus for them, unlike the
    # Snotlings: (fan factors / 2 + touchdowns) x 10,000 [+ 10,000].
    match = next(
        m for m in played if {str(m.home_team), str(m.away_team)} == {"Skjold Raiders", "Fungus Fizzers"}
    )
    raiders = "home" if str(match.home_team) == "Skjold Raiders" else "away"
    snotlings = "away" if raiders == "home" else "home"
    attendance = (match.home_fan_factor + match.away_fan_factor) * 10_000 // 2
    assert match.outcome[raiders]["winnings"] == attendance + 2 * 10_000
    assert match.outcome[snotlings]["winnings"] == attendance + 1 * 10_000 + 10_000


def test_demo_bb2025_orcs_earn_brawlin_brutes_spp(bb2025_league):
    _users, (*played, _live) = bb2025_league
    brutes = Team.objects.get(name="Ironjaw Brutes")
    hitter, scorer = brutes.players.order_by("number")[:2]

    def count(kind, player):
        return Event.objects.filter(drive__match__in=played, kind=kind, player=player).count()

    def mvps(player):
        return sum(f"p{player.pk}" in (m.outcome["home"]["mvp"], m.outcome["away"]["mvp"]) for m in played)

    # Brawlin' Brutes (BB2025 tables.toml spp rule_overrides): 2 SPP a touchdown (not 3), 3 a casualty
    # (not 2); an MVP 4.
    assert (count("touchdown", scorer), count("casualty", hitter)) == (6, 5)
    assert scorer.spp_earned == 2 * 6 + 4 * mvps(scorer)
    assert hitter.spp_earned == 3 * 5 + 4 * mvps(hitter)
