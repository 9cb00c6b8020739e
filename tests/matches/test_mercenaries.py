"""Inducements of variable price (seed 002, pre-match step 5): mercenary players, the side bet, and the
star players and named staff one team hires that the other may then not; the giant at its fixed price.

Both teams start as in test_full_match: the Reavers (home, CTV 845,000, treasury 155,000) favourite,
the Bashers (away, 11 linemen, CTV 550,000) underdog with 295,000 petty cash under the 2025 procedure,
which has the favourite buy first.
"""

import random

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.models import PlayerMatchStats
from matches.models import Match
from matches.services import drives, postmatch, prematch
from rosters.models import Player
from rulebook.dice import Dice
from rulebook.edition import get_edition
from tests.factories import UserFactory
from tests.matches.conftest import NoDice, make_team, to_inducements
from tests.matches.prayers import name_prayer_targets
from tests.matches.test_lasting_effects import NEUTRAL_PRAYERS

pytestmark = pytest.mark.django_db

BLITZER_WITH_TACKLE = {"position": "blitzer", "skills": ["tackle"]}


@pytest.fixture
def shopping(match, home_coach):
    """The match at the inducements step, the favourite (home) done buying nothing: away's turn."""
    to_inducements(match, home_coach)
    prematch.buy_inducements(match, side="home", counts={}, user=home_coach)
    return match


def _kick_off(match, user):
    count = prematch.prayers_side(match)[1]
    prematch.roll_prayers(match, dice=NoDice(), user=user, faces=NEUTRAL_PRAYERS[:count])
    name_prayer_targets(match, user)
    prematch.choose_kicking(match, user=user, side="home")
    drives.start_drive(match, dice=NoDice(), user=user, faces={"kickoff": [1, 2]})


# --- what is offered ----------------------------------------------------------------------------------


def test_mercenary_offer_when_human_lists_each_position_at_its_cost_plus_30000(shopping):
    offer = prematch.mercenary_offer(shopping, "away")
    by_id = {option["position"].id: option for option in offer["positions"]}
    # Seed 002 / the rulebook's example: a mercenary Human lineman costs 50,000 + 30,000.
    assert by_id["lineman"]["price"] == 80_000
    assert by_id["blitzer"]["price"] == 115_000
    assert offer["skill_surcharge"] == 50_000
    assert offer["skill_max"] == 1
    # 11 linemen available: 5 more players in all, each position up to its maximum.
    assert offer["room"] == 5
    assert (by_id["lineman"]["room"], by_id["thrower"]["room"], by_id["ogre"]["room"]) == (5, 2, 1)
    skills = {skill.id for skill in by_id["blitzer"]["skills"]}
    assert {"tackle", "mighty_blow", "guard"} <= skills
    assert "block" not in skills  # the blitzer has it already
    assert "dodge" not in skills  # Agility is a secondary category of blitzers


def test_mercenary_offer_when_a_player_misses_the_game_leaves_him_out_of_the_limits(match, home_coach):
    thrower = match.home_team.players.get(position="thrower")
    assert prematch.mercenary_offer(match, "home")["room"] == 16 - 13
    thrower.miss_next_game = True
    thrower.save()
    offer = prematch.mercenary_offer(match, "home")
    assert offer["room"] == 16 - 12
    assert next(o for o in offer["positions"] if o["position"].id == "thrower")["room"] == 2


def test_catalogue_when_prices_vary_offers_the_giant_but_not_the_specialist_mercenaries(shopping):
    offered = {item["id"]: item for item in prematch.catalogue(shopping, "away")}
    assert (offered["giant"]["price"], offered["giant"]["max"]) == (350_000, 1)
    assert "specialist_mercenary" not in offered  # no price in the data
    assert "mercenary_player" not in offered
    assert "side_bet" not in offered
    bet = prematch.side_bet_offer(shopping, "away")
    assert (bet["min"], bet["max"], bet["step"], bet["multiplier"]) == (10_000, 100_000, 10_000, 2)


# --- buying mercenaries -------------------------------------------------------------------------------


def test_buy_inducements_when_mercenaries_are_hired_stores_them_as_players_of_the_match(shopping, home_coach):
    prematch.buy_inducements(
        shopping,
        side="away",
        counts={},
        mercenaries=[BLITZER_WITH_TACKLE, {"position": "lineman", "skills": []}],
        user=home_coach,
    )
    shopping.refresh_from_db()
    assert shopping.away_inducements == [
        {
            "id": "mercenary_player",
            "choice": "blitzer",
            "count": 1,
            "price": 165_000,
            "skills": ["tackle"],
            "key": "away-m1",
        },
        {
            "id": "mercenary_player",
            "choice": "lineman",
            "count": 1,
            "price": 80_000,
            "skills": [],
            "key": "away-m2",
        },
    ]
    blitzer, lineman = shopping.mercenaries("away")
    assert (blitzer["key"], blitzer["number"], blitzer["position"]) == ("away-m1", 12, "blitzer")
    assert blitzer["skills"] == ["loner:4", "tackle"]
    assert lineman["skills"] == ["loner:4"]
    assert lineman["number"] == 13
    assert shopping.plain_journeymen("away") == []
    # Paid from petty cash; CTV counts them at their price (and no journeyman's roster cost).
    assert shopping.away_treasury_spent == 0
    assert shopping.away_ctv == 550_000 + 165_000 + 80_000
    assert prematch.base_ctv(shopping, "away") == 550_000


def test_buy_inducements_when_a_skill_takes_a_parameter_gives_it_at_plus_one(shopping, home_coach):
    prematch.buy_inducements(
        shopping,
        side="away",
        counts={},
        mercenaries=[{"position": "blitzer", "skills": ["mighty_blow"]}],
        user=home_coach,
    )
    shopping.refresh_from_db()
    assert shopping.mercenaries("away")[0]["skills"] == ["loner:4", "mighty_blow:1"]


@pytest.mark.parametrize(
    ("mercenaries", "stake", "message"),
    [
        ([{"position": "wardancer", "skills": []}], 0, "own roster"),
        ([{"position": "", "skills": ["tackle"]}], 0, "own roster"),
        ([{"position": "blitzer", "skills": ["dodge"]}], 0, "Primary skill"),
        ([{"position": "blitzer", "skills": ["block"]}], 0, "Primary skill"),
        ([{"position": "blitzer", "skills": ["no_such_skill"]}], 0, "Primary skill"),
        ([{"position": "blitzer", "skills": ["tackle", "guard"]}], 0, "at most 1 extra skill"),
        ([{"position": "thrower", "skills": []}] * 3, 0, "only 2 more players of this position"),
        (
            [{"position": "blitzer", "skills": []}] * 4 + [{"position": "catcher", "skills": []}] * 2,
            0,
            "only 5",
        ),
        ([{"position": "blitzer", "skills": []}] * 3, 0, "cost more"),
        ([], 5_000, "Stake between 10,000 and 100,000"),
        ([], 110_000, "Stake between"),
        ([], 15_000, "in steps of 10,000"),
    ],
)
def test_buy_inducements_when_input_is_bad_refuses_and_changes_nothing(
    shopping, home_coach, mercenaries, stake, message
):
    with pytest.raises(ValidationError, match=message):
        prematch.buy_inducements(
            shopping, side="away", counts={}, mercenaries=mercenaries, side_bet=stake, user=home_coach
        )
    shopping.refresh_from_db()
    assert shopping.away_inducements_done is False
    assert shopping.away_inducements == []
    assert shopping.away_journeymen == []


def test_buy_inducements_when_star_players_fill_the_team_counts_them_with_the_mercenaries(
    shopping, home_coach
):
    with pytest.raises(ValidationError, match="only 5 more players, mercenaries and star players"):
        prematch.buy_inducements(
            shopping,
            side="away",
            counts={"star_player:cindy_piewhistle": 1, "star_player:akhorne_the_squirrel": 1},
            mercenaries=[{"position": "lineman", "skills": []}] * 4,
            user=home_coach,
        )
    prematch.buy_inducements(
        shopping,
        side="away",
        counts={"star_player:cindy_piewhistle": 1},
        mercenaries=[{"position": "lineman", "skills": []}],
        user=home_coach,
    )
    shopping.refresh_from_db()
    assert len(shopping.mercenaries("away")) == 1


def test_buy_inducements_when_a_roster_allows_one_big_guy_refuses_a_second(home_team, away_coach, home_coach):
    goblins = make_team(
        away_coach,
        name="Tunnellers",
        roster="underworld_denizens",
        linemen=0,
        extras=["underworld_goblin_lineman"] * 11,
    )
    match = prematch.create_match(home_team=home_team, away_team=goblins, created_by=home_coach)
    to_inducements(match, home_coach)
    prematch.buy_inducements(match, side="home", counts={}, user=home_coach)
    assert prematch.mercenary_offer(match, "away")["big_guy_room"] == 1
    with pytest.raises(ValidationError, match="only 1 more big guy"):
        prematch.buy_inducements(
            match,
            side="away",
            counts={},
            mercenaries=[
                {"position": "underworld_troll", "skills": []},
                {"position": "mutant_rat_ogre", "skills": []},
            ],
            user=home_coach,
        )


# --- the side bet -------------------------------------------------------------------------------------


def test_buy_inducements_when_the_favourite_bets_pays_from_the_treasury_outside_ctv(match, home_coach):
    to_inducements(match, home_coach)
    prematch.buy_inducements(match, side="home", counts={}, side_bet=50_000, user=home_coach)
    match.refresh_from_db()
    assert match.home_inducements == [{"id": "side_bet", "choice": "", "count": 1, "price": 50_000}]
    assert match.home_treasury_spent == 50_000
    assert match.home_ctv == 845_000  # a bet puts nobody on the pitch
    assert prematch.side_bet_stake(match, "home") == 50_000
    # 2025 procedure: what the favourite spent is added to the underdog's petty cash.
    assert prematch.budget(match, "away")["petty_cash"] == 295_000 + 50_000


@pytest.mark.parametrize(("home_score", "away_score", "payout"), [(0, 2, 100_000), (1, 1, 0), (2, 0, 0)])
def test_side_bet_payout_when_the_match_ends_pays_twice_the_stake_on_a_win_only(
    shopping, home_coach, home_score, away_score, payout
):
    prematch.buy_inducements(shopping, side="away", counts={}, side_bet=50_000, user=home_coach)
    shopping.home_score, shopping.away_score = home_score, away_score
    assert postmatch.side_bet_payout(shopping, "away") == payout
    assert postmatch.side_bet_payout(shopping, "home") == 0  # no bet


# --- in the match and after it ----------------------------------------------------------------------------


def test_postmatch_when_a_mercenary_scores_earns_no_spp_no_mvp_and_is_not_kept(shopping, home_coach):
    away = shopping.away_team
    prematch.buy_inducements(
        shopping, side="away", counts={}, mercenaries=[BLITZER_WITH_TACKLE], side_bet=50_000, user=home_coach
    )
    shopping.refresh_from_db()
    _kick_off(shopping, home_coach)
    drives.add_event(shopping, user=home_coach, kind="touchdown", side="away", journeyman="away-m1", turn=2)
    drives.concede(shopping, side="home", user=home_coach)
    shopping.refresh_from_db()

    assert postmatch.spp_earned(shopping)["away"]["away-m1"] == {"spp": 0, "touchdown": 1}
    assert "away-m1" not in dict(postmatch.mvp_candidates(shopping, "away"))
    with pytest.raises(ValidationError, match="Unknown journeyman"):
        postmatch.roll_postmatch(
            shopping, dice=Dice(random.Random(3)), user=home_coach, hire={"away": ["away-m1"]}
        )

    postmatch.roll_postmatch(shopping, dice=Dice(random.Random(3)), user=home_coach)
    shopping.refresh_from_db()
    summary = postmatch.preview(shopping)["away"]["after"]
    assert summary["result"] == "win"
    assert summary["side_bet"] == {"stake": 50_000, "payout": 100_000}
    treasury_before = away.treasury
    players_before = away.players.count()
    postmatch.apply_postmatch(shopping, user=home_coach)
    away.refresh_from_db()
    lost = (summary["mistake"] or {}).get("lost", 0)
    # The stake came out of petty cash: the treasury gains the winnings and twice the stake.
    assert away.treasury == treasury_before + summary["winnings"] + 100_000 - lost
    assert away.players.count() == players_before
    assert not Player.objects.filter(team=away, name__contains="Mercenary").exists()
    shopping.refresh_from_db()
    assert shopping.outcome["away"]["spp"]["away-m1"]["spp"] == 0
    assert shopping.outcome["away"]["mvp"] != "away-m1"
    # Nobody on the roster is credited with the mercenary's touchdown.
    assert not PlayerMatchStats.objects.filter(match=shopping, side="away", touchdowns__gt=0).exists()

    postmatch.undo_apply(shopping, user=home_coach)
    away.refresh_from_db()
    assert away.treasury == treasury_before


def test_postmatch_when_the_bettor_loses_pays_nothing_back(shopping, home_coach):
    prematch.buy_inducements(shopping, side="away", counts={}, side_bet=30_000, user=home_coach)
    _kick_off(shopping, home_coach)
    drives.concede(shopping, side="away", user=home_coach)
    shopping.refresh_from_db()
    postmatch.roll_postmatch(shopping, dice=Dice(random.Random(4)), user=home_coach)
    summary = postmatch.preview(shopping)["away"]["after"]
    assert summary["side_bet"] == {"stake": 30_000, "payout": 0}
    assert summary["treasury"] <= shopping.away_team.treasury  # conceding: no winnings, no payout


# --- one person cannot work for both teams ------------------------------------------------------------------


def test_catalogue_when_the_favourite_hired_a_star_and_famous_staff_withholds_them(match, home_coach):
    to_inducements(match, home_coach)
    prematch.buy_inducements(
        match,
        side="home",
        counts={"star_player:cindy_piewhistle": 1, "famous_coaching_staff:josef_bugman": 1},
        user=home_coach,
    )
    match.refresh_from_db()
    offered = {(item["id"], item["choice"]) for item in prematch.catalogue(match, "away")}
    assert ("star_player", "cindy_piewhistle") not in offered
    assert ("famous_coaching_staff", "josef_bugman") not in offered
    assert ("famous_coaching_staff", "ayleen_andar") in offered
    assert {(item["id"], item["choice"]) for item in prematch.withheld(match, "away")} == {
        ("star_player", "cindy_piewhistle"),
        ("famous_coaching_staff", "josef_bugman"),
    }
    with pytest.raises(ValidationError, match="Josef Bugman is already hired by the other team"):
        prematch.buy_inducements(
            match, side="away", counts={"famous_coaching_staff:josef_bugman": 1}, user=home_coach
        )
    with pytest.raises(ValidationError, match="already hired by the other team"):
        prematch.buy_inducements(
            match, side="away", counts={"star_player:cindy_piewhistle": 1}, user=home_coach
        )
    match.refresh_from_db()
    assert match.away_inducements_done is False


def test_catalogue_when_the_favourite_hired_an_unnamed_wizard_still_offers_one(match, home_coach):
    to_inducements(match, home_coach)
    prematch.buy_inducements(match, side="home", counts={"wizard:hireling_sports_wizard": 1}, user=home_coach)
    match.refresh_from_db()
    offered = {(item["id"], item["choice"]) for item in prematch.catalogue(match, "away")}
    assert ("wizard", "hireling_sports_wizard") in offered
    assert prematch.withheld(match, "away") == []


# --- the page ----------------------------------------------------------------------------------------------


def test_inducements_page_when_the_underdog_buys_shows_mercenaries_side_bet_and_prices(
    client, shopping, away_coach
):
    client.force_login(away_coach)
    html = client.get(reverse("matches:detail", args=[shopping.pk])).text
    assert 'data-testid="mercenaries-away"' in html
    assert "Blitzer (115,000)" in html
    assert "at its cost + 30,000; one extra Primary skill adds 50,000" in html
    assert "Loner (4+)" in html
    assert "The team may field 5 more players" in html
    assert 'name="away-mercenary_5_position"' in html
    assert 'name="away-mercenary_6_position"' not in html
    assert "Tackle" in html
    assert 'name="away-side_bet"' in html
    assert "a win pays back 2 times the stake" in html
    assert "Mercenary Giant (350,000)" in html
    assert "Specialist Mercenary" not in html


def test_inducements_page_when_the_favourite_hired_famous_staff_notes_it_for_the_underdog(
    client, match, home_coach, away_coach
):
    to_inducements(match, home_coach)
    prematch.buy_inducements(
        match, side="home", counts={"famous_coaching_staff:josef_bugman": 1}, user=home_coach
    )
    client.force_login(away_coach)
    html = client.get(reverse("matches:detail", args=[match.pk])).text
    note = html.split('data-testid="withheld-away"', 1)[1].split("</p>", 1)[0]
    assert "Josef Bugman" in note
    assert "Josef Bugman (100,000)" not in html


def test_inducements_post_when_mercenary_and_stake_are_chosen_buys_them(client, shopping, away_coach):
    client.force_login(away_coach)
    response = client.post(
        reverse("matches:inducements", args=[shopping.pk, "away"]),
        {
            "away-mercenary_1_position": "blitzer",
            "away-mercenary_1_skill": "tackle",
            "away-side_bet": "20000",
        },
    )
    assert response.status_code == 302
    shopping.refresh_from_db()
    assert [(i["id"], i["price"]) for i in shopping.away_inducements] == [
        ("mercenary_player", 165_000),
        ("side_bet", 20_000),
    ]
    assert shopping.mercenaries("away")[0]["name"] == "Mercenary Human Blitzer"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"away-side_bet": "15000"}, "10000"),
        ({"away-mercenary_1_position": "blitzer", "away-mercenary_1_skill": "dodge"}, "valid choice"),
        ({"away-mercenary_1_position": "blitzer", "away-mercenary_1_skill": "catch"}, "Primary skill"),
        ({"away-mercenary_1_position": "wardancer"}, "valid choice"),
    ],
)
def test_inducements_post_when_the_input_is_bad_shows_the_error_and_buys_nothing(
    client, shopping, away_coach, data, message
):
    client.force_login(away_coach)
    response = client.post(reverse("matches:inducements", args=[shopping.pk, "away"]), data, follow=True)
    assert message in response.text
    shopping.refresh_from_db()
    assert shopping.away_inducements_done is False


def test_inducements_post_when_forged_for_staff_of_the_other_team_refuses_it(
    client, match, home_coach, away_coach
):
    to_inducements(match, home_coach)
    prematch.buy_inducements(
        match, side="home", counts={"famous_coaching_staff:josef_bugman": 1}, user=home_coach
    )
    client.force_login(away_coach)
    response = client.post(
        reverse("matches:inducements", args=[match.pk, "away"]),
        {"away-famous_coaching_staff:josef_bugman": "1"},
        follow=True,
    )
    assert "Josef Bugman is already hired by the other team." in response.text
    match.refresh_from_db()
    assert match.away_inducements_done is False


@pytest.mark.parametrize("persona", ["anonymous", "outsider", "home", "away"])
def test_inducements_post_with_mercenaries_when_called_by_each_persona(
    client, shopping, home_coach, away_coach, persona
):
    user = {
        "anonymous": None,
        "outsider": UserFactory(username="outsider"),
        "home": home_coach,
        "away": away_coach,
    }[persona]
    if user:
        client.force_login(user)
    response = client.post(
        reverse("matches:inducements", args=[shopping.pk, "away"]), {"away-mercenary_1_position": "lineman"}
    )
    shopping.refresh_from_db()
    if persona == "anonymous":
        assert "/login" in response["Location"]
    elif persona == "outsider":
        assert response.status_code == 403
    else:  # both coaches record the match from either device
        assert response.status_code == 302
    assert len(shopping.mercenaries("away")) == (1 if persona in ("home", "away") else 0)


def test_report_when_applied_lists_the_mercenary_and_the_side_bet(client, shopping, home_coach):
    prematch.buy_inducements(
        shopping, side="away", counts={}, mercenaries=[BLITZER_WITH_TACKLE], side_bet=50_000, user=home_coach
    )
    _kick_off(shopping, home_coach)
    drives.add_event(shopping, user=home_coach, kind="touchdown", side="away", journeyman="away-m1", turn=2)
    drives.concede(shopping, side="home", user=home_coach)
    shopping.refresh_from_db()
    postmatch.roll_postmatch(shopping, dice=Dice(random.Random(3)), user=home_coach)
    client.force_login(home_coach)
    preview = client.get(reverse("matches:detail", args=[shopping.pk])).text
    assert "Side bet: 50,000 staked, 100,000 won." in preview
    postmatch.apply_postmatch(shopping, user=home_coach)
    assert Match.objects.get(pk=shopping.pk).status == Match.Status.APPLIED
    html = client.get(reverse("matches:report", args=[shopping.pk])).text
    mercenaries = html.split('data-testid="mercenaries"', 1)[1].split("</dd>", 1)[0]
    assert "#12 Mercenary Human Blitzer" in mercenaries
    bet = html.split('data-testid="side-bet-away"', 1)[1].split("</dd>", 1)[0]
    assert "50,000 staked, 100,000 won" in bet
    assert get_edition("bb2020").inducements["side_bet"].extra["payout_multiplier"] == 2


def test_inducements_page_when_the_roster_is_bigger_runs_as_many_queries(client, home_team, home_coach):
    counts = []
    for linemen in (11, 15):
        coach = UserFactory(username=f"coach{linemen}")
        away = make_team(coach, name=f"Bashers {linemen}", linemen=linemen)
        match = prematch.create_match(home_team=home_team, away_team=away, created_by=home_coach)
        to_inducements(match, home_coach)
        prematch.buy_inducements(match, side="home", counts={}, user=home_coach)
        client.force_login(coach)
        with CaptureQueriesContext(connection) as queries:
            html = client.get(reverse("matches:detail", args=[match.pk])).text
        assert f'name="away-mercenary_{16 - linemen}_position"' in html
        counts.append(len(queries))
    assert counts[0] == counts[1]
