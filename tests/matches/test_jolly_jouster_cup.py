"""BB2025's Jolly Jouster Cup (Spike! Journal 19) beyond its regional tables (test_regional_tables.py):
the Dukedom rolled at the start of each game and what it gives (matches.services.jolly_jouster,
prematch.jouster), the Honourable Referees' Bribe prices for Bribery and Corruption teams, and the
Jouster's Chalice of the league's trophy holder; none of it in a match without the rule."""

import random
import re

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from league.models import Season, SeasonEntry, SeasonPrize
from matches.models import SIDES, DiceLog
from matches.services import drives, jolly_jouster, prematch
from matches.services.drives.ending import ko_recovery_help
from matches.services.drives.events import has_skill, regeneration_options
from matches.services.league import create_league_match
from matches.services.prematch.inducements import rerolls_bought
from rulebook.dice import ENTERED, ROLLED, Dice
from rulebook.edition import get_edition
from sheets.match_sheet import build_match_document
from tests.factories import UserFactory
from tests.league.factories import make_fixture, make_league, make_season
from tests.matches.conftest import QUIET_DUKEDOM, NoDice
from tests.matches.test_prematch_bb2025 import bb2025_team, set_values

pytestmark = pytest.mark.django_db

RULE = jolly_jouster.RULE
BRIONNE, COURONNE, BASTONNE, PARRAVON, MOUSILLON, BORDELEAUX, QUENELLES, AQUITAINE = range(1, 9)


@pytest.fixture
def humans(home_coach):
    return bb2025_team(home_coach, name="Altdorf")


@pytest.fixture
def orcs(away_coach):
    return bb2025_team(away_coach, name="Gutrippers", roster="orc", lineman="orc_lineman")


@pytest.fixture
def goblins(away_coach):
    """A Bribery and Corruption team."""
    return bb2025_team(
        away_coach, name="Da Gits", roster="goblin", lineman="goblin_lineman", league="badlands_brawl"
    )


@pytest.fixture
def logged_in(client, home_coach):
    client.force_login(home_coach)
    return client


def _friendly(home, away, user, *rules):
    return prematch.create_match(home_team=home, away_team=away, created_by=user, optional_rules=list(rules))


def _to_inducements(match, user, *, dukedom=QUIET_DUKEDOM):
    """The pre-match sequence with entered dice up to the inducements (the Dukedom first, where the
    match plays the rule)."""
    dice = NoDice()
    if prematch.next_step(match) == "dukedom":
        prematch.roll_dukedom(match, dice=dice, user=user, faces=[dukedom])
    prematch.roll_fans(match, dice=dice, user=user, faces={"home": [2], "away": [3]})
    prematch.roll_weather(match, dice=dice, user=user, faces=[3, 4])
    prematch.take_journeymen(match, user=user)
    match.refresh_from_db()
    return match


def _to_kick_off(match, user, *, dukedom=QUIET_DUKEDOM, counts=None):
    """On to the kick-off, each team buying `counts`[side] (nothing unless given), the favourite first."""
    _to_inducements(match, user, dukedom=dukedom)
    counts = counts or {}
    favourite = prematch.favourite_side(match) or "home"
    for side in sorted(SIDES, key=lambda side: side != favourite):
        prematch.buy_inducements(match, side=side, counts=counts.get(side, {}), user=user)
    prematch.choose_kicking(match, user=user, side="away")
    match.refresh_from_db()
    return match


def _catalogue(match, side):
    return {item["id"]: item for item in prematch.catalogue(match, side) if not item["choice"]}


def _league_match(home, away, user, *, holder=None, rules=(RULE,)):
    """A league fixture's match in a league of `rules` whose latest finished season gave its trophy to
    `holder` (a team, or None for no season finished yet)."""
    league = make_league(commissioner=UserFactory(), edition="bb2025", optional_rules=list(rules))
    if holder is not None:
        finished, _entries = make_season(league, name="Season 0", status=Season.Status.FINISHED)
        entry = SeasonEntry.objects.create(
            season=finished, team=holder, name=holder.name, coach=holder.coach, status="accepted"
        )
        SeasonPrize.objects.create(season=finished, entry=entry, place=1, gold=0, trophy=True)
    season, _entries = make_season(league, name="Season 1")
    entries = [
        SeasonEntry.objects.create(
            season=season, team=team, name=team.name, coach=team.coach, status="accepted"
        )
        for team in (home, away)
    ]
    return create_league_match(fixture=make_fixture(season, *entries), created_by=user)


def squash(html):
    return re.sub(r"\s+", " ", html)


# --- the Dukedom: rolled at the start of the game ------------------------------------------------------


def test_a_match_with_the_rule_starts_with_the_dukedom(humans, orcs, home_coach):
    match = _friendly(humans, orcs, home_coach, RULE)
    assert prematch.steps(match)[:2] == ["dukedom", "fans"]
    assert prematch.next_step(match) == "dukedom"
    with pytest.raises(ValidationError, match="not the current one"):
        prematch.roll_fans(match, dice=NoDice(), user=home_coach, faces={"home": [1], "away": [1]})


def test_roll_dukedom_with_entered_dice_logs_the_entered_die(humans, orcs, home_coach):
    match = _friendly(humans, orcs, home_coach, RULE)
    roll = prematch.roll_dukedom(match, dice=NoDice(), user=home_coach, faces=[BORDELEAUX])
    match.refresh_from_db()
    assert match.dukedom == "bordeleaux"
    log = DiceLog.objects.get(match=match, purpose="dukedoms_of_bretonnia")
    assert (log.roll["dice"], log.roll["faces"], log.roll["source"]) == ("D8", [6], ENTERED)
    assert roll.total == 6
    assert prematch.next_step(match) == "fans"


def test_roll_dukedom_with_dugouts_dice_logs_what_dugout_rolled(humans, orcs, home_coach):
    match = _friendly(humans, orcs, home_coach, RULE)
    prematch.roll_dukedom(match, dice=Dice(random.Random(7)), user=home_coach)
    match.refresh_from_db()
    log = DiceLog.objects.get(match=match, purpose="dukedoms_of_bretonnia")
    assert log.roll["source"] == ROLLED
    assert 1 <= log.roll["total"] <= 8
    assert (
        match.dukedom == get_edition("bb2025").table("dukedoms_of_bretonnia").row_for(log.roll["total"])["id"]
    )


def test_roll_dukedom_refuses_a_face_off_the_d8_and_keeps_nothing(humans, orcs, home_coach):
    match = _friendly(humans, orcs, home_coach, RULE)
    with pytest.raises(ValidationError, match="Enter 1 dice from 1 to 8 for D8"):
        prematch.roll_dukedom(match, dice=NoDice(), user=home_coach, faces=[9])
    match.refresh_from_db()
    assert match.dukedom == ""
    assert not DiceLog.objects.filter(match=match).exists()


def test_bordeleaux_gives_each_team_two_free_kegs_and_sells_none(humans, orcs, home_coach):
    match = _to_inducements(_friendly(humans, orcs, home_coach, RULE), home_coach, dukedom=BORDELEAUX)
    ctv = {side: match.side_value("ctv", side) for side in SIDES}
    for side in SIDES:
        assert "blitzers_best_keg" not in _catalogue(match, side)
    favourite = prematch.favourite_side(match) or "home"
    with pytest.raises(ValidationError, match="not available"):
        prematch.buy_inducements(match, side=favourite, counts={"blitzers_best_keg": 1}, user=home_coach)
    _to_kick_off_from_inducements(match, home_coach)
    for side in SIDES:
        assert match.side_value("inducements", side) == [
            {"id": "blitzers_best_keg", "choice": "", "count": 2, "price": 0, "free": "bordeleaux"}
        ]
        assert match.side_value("treasury_spent", side) == 0
        assert match.side_value("ctv", side) == ctv[side]  # free: no gold, no value
        assert ko_recovery_help(match, side) == (2, set())  # +1 a keg to each KO recovery roll


def _to_kick_off_from_inducements(match, user, counts=None):
    counts = counts or {}
    favourite = prematch.favourite_side(match) or "home"
    for side in sorted(SIDES, key=lambda side: side != favourite):
        prematch.buy_inducements(match, side=side, counts=counts.get(side, {}), user=user)
    prematch.choose_kicking(match, user=user, side="away")
    match.refresh_from_db()
    return match


def test_brionne_gives_each_team_a_free_mascot_that_fills_its_limit(humans, orcs, home_coach):
    set_values(humans, ctv=1100000, treasury=100000)  # the favourite, spending its treasury
    match = _to_inducements(_friendly(humans, orcs, home_coach, RULE), home_coach, dukedom=BRIONNE)
    assert "team_mascot" not in _catalogue(match, "home")  # 0-1, and the team has its one
    assert "blitzers_best_keg" in _catalogue(match, "home")
    _to_kick_off_from_inducements(match, home_coach, counts={"home": {"blitzers_best_keg": 1}})
    assert [item["id"] for item in match.home_inducements] == ["team_mascot", "blitzers_best_keg"]
    assert match.home_inducements[0]["price"] == 0
    assert rerolls_bought(match, "home") == rerolls_bought(match, "away") == 1


def test_bastonne_gives_each_team_a_free_damsel(humans, orcs, home_coach):
    match = _to_kick_off(_friendly(humans, orcs, home_coach, RULE), home_coach, dukedom=BASTONNE)
    for side in SIDES:
        assert [
            (item["id"], item["count"], item["price"]) for item in match.side_value("inducements", side)
        ] == [("bretonnian_damsel", 1, 0)]


def test_a_dukedom_that_gives_nothing_leaves_the_inducements_as_they_are(humans, orcs, home_coach):
    match = _to_inducements(_friendly(humans, orcs, home_coach, RULE), home_coach, dukedom=COURONNE)
    assert match.home_inducements == match.away_inducements == []
    assert {"team_mascot", "blitzers_best_keg", "bretonnian_damsel"} <= set(_catalogue(match, "home"))


def test_mousillon_gives_every_player_regeneration_for_the_game(humans, orcs, home_coach):
    quiet = _to_kick_off(_friendly(humans, orcs, home_coach, RULE), home_coach, dukedom=COURONNE)
    assert regeneration_options(quiet, "home") == (False, False)

    match = _to_kick_off(_friendly(humans, orcs, home_coach, RULE), home_coach, dukedom=MOUSILLON)
    player = humans.players.first()
    assert has_skill(match, "home", player, "", "regeneration")
    assert not has_skill(match, "home", player, "", "dauntless")
    assert regeneration_options(match, "home") == (True, False)
    assert regeneration_options(match, "away") == (True, False)


def test_a_casualty_under_mousillon_rolls_for_regeneration(humans, orcs, home_coach):
    match = _to_kick_off(_friendly(humans, orcs, home_coach, RULE), home_coach, dukedom=MOUSILLON)
    drives.start_drive(match, dice=NoDice(), user=home_coach, faces={"kickoff": [2, 3]})  # High Kick
    victim = orcs.players.first()
    event = drives.add_event(
        match,
        kind="casualty",
        side="home",
        user=home_coach,
        dice=NoDice(),
        player=humans.players.first(),
        victim=victim,
        faces={"regeneration": [6], "casualty": [16]},
    )
    assert event.rolls["regenerated"] is True
    assert event.outcome == ""


# --- what the match pages show of the Dukedom ----------------------------------------------------------


def test_the_dukedom_step_with_entered_dice_says_what_it_gave(logged_in, humans, orcs, home_coach):
    match = _friendly(humans, orcs, home_coach, RULE)
    page = logged_in.get(reverse("matches:detail", args=[match.pk])).text
    assert "The Dukedoms of Bretonnia" in page
    assert "D8: type the die" in page

    response = logged_in.post(
        reverse("matches:prematch_step", args=[match.pk, "dukedom"]), {"faces": str(BORDELEAUX)}, follow=True
    )
    html = squash(response.text)
    assert "D8: 6 (entered) → Bordeleaux" in html
    assert 'The Dukedoms of Bretonnia: <span data-testid="dukedom">Bordeleaux</span>' in html
    assert "free for the game, for each team: Blitzer&#x27;s Best Keg ×2" in html
    assert "no team may buy any Blitzer&#x27;s Best Keg" in html
    match.refresh_from_db()
    assert (match.dukedom, prematch.next_step(match)) == ("bordeleaux", "fans")


def test_the_dukedom_step_left_empty_is_rolled_by_dugout(logged_in, humans, orcs, home_coach):
    match = _friendly(humans, orcs, home_coach, RULE)
    response = logged_in.post(
        reverse("matches:prematch_step", args=[match.pk, "dukedom"]), {"faces": ""}, follow=True
    )
    match.refresh_from_db()
    log = DiceLog.objects.get(match=match, purpose="dukedoms_of_bretonnia")
    assert log.roll["source"] == ROLLED
    name = get_edition("bb2025").text(f"optional.dukedoms_of_bretonnia.{match.dukedom}.name", "en")
    assert f"D8: {log.roll['total']} (rolled by Dugout) → {name}" in squash(response.text)


def test_the_dukedom_step_refuses_a_wrong_die_on_the_page(logged_in, humans, orcs, home_coach):
    match = _friendly(humans, orcs, home_coach, RULE)
    response = logged_in.post(
        reverse("matches:prematch_step", args=[match.pk, "dukedom"]), {"faces": "3 4"}, follow=True
    )
    assert "Enter 1 dice from 1 to 8 for D8." in response.text
    match.refresh_from_db()
    assert match.dukedom == ""


def test_the_shop_lists_what_the_dukedom_gives_for_free(logged_in, humans, orcs, home_coach):
    match = _to_inducements(_friendly(humans, orcs, home_coach, RULE), home_coach, dukedom=BRIONNE)
    html = squash(logged_in.get(reverse("matches:detail", args=[match.pk])).text)
    assert 'data-testid="dukedom-note-home">free for the game, for each team: Team Mascot' in html
    assert 'name="home-team_mascot"' not in html


def test_scoreboard_shows_the_game_long_effects_of_the_dukedom(client, humans, orcs, home_coach):
    match = _to_kick_off(_friendly(humans, orcs, home_coach, RULE), home_coach, dukedom=COURONNE)
    html = squash(client.get(reverse("matches:scoreboard", args=[match.pk])).text)
    assert 'data-testid="dukedom">Couronne</span>' in html
    assert "-1 to every Rush for the game" in html

    mousillon = _to_kick_off(_friendly(humans, orcs, home_coach, RULE), home_coach, dukedom=MOUSILLON)
    html = squash(client.get(reverse("matches:scoreboard", args=[mousillon.pk])).text)
    assert "every player has Regeneration for the game" in html

    quenelles = _to_kick_off(_friendly(humans, orcs, home_coach, RULE), home_coach, dukedom=QUENELLES)
    html = squash(client.get(reverse("matches:scoreboard", args=[quenelles.pk])).text)
    assert "one player chosen by each coach has Trickster for the game" in html

    aquitaine = _to_kick_off(_friendly(humans, orcs, home_coach, RULE), home_coach, dukedom=AQUITAINE)
    html = squash(client.get(reverse("matches:scoreboard", args=[aquitaine.pk])).text)
    assert "no Injury roll for a player who falls over while Rushing" in html


def test_scoreboard_shows_parravons_skills_while_a_drive_is_open_only(client, humans, orcs, home_coach):
    match = _to_kick_off(_friendly(humans, orcs, home_coach, RULE), home_coach, dukedom=PARRAVON)
    said = "this drive: one random player of each team on the pitch has Foul Appearance, Disturbing Presence"
    board = reverse("matches:scoreboard", args=[match.pk])
    assert 'data-testid="dukedom">Parravon</span>' in client.get(board).text
    assert said not in squash(client.get(board).text)
    drives.start_drive(match, dice=NoDice(), user=home_coach, faces={"kickoff": [2, 3]})  # High Kick
    assert said in squash(client.get(board).text)
    drives.add_event(match, kind="touchdown", side="away", user=home_coach, player=orcs.players.first())
    assert said not in squash(client.get(board).text)


def test_report_shows_the_dukedom_beside_the_weather_with_its_roll(client, humans, orcs, home_coach):
    match = _to_kick_off(_friendly(humans, orcs, home_coach, RULE), home_coach, dukedom=PARRAVON)
    html = squash(client.get(reverse("matches:report", args=[match.pk])).text)
    prematch_part = html.split("<h2>Pre-match</h2>", 1)[1].split("</section>", 1)[0]
    assert "<dt>The Dukedoms of Bretonnia</dt>" in prematch_part
    assert prematch_part.index("Weather") < prematch_part.index("The Dukedoms of Bretonnia")
    assert "<strong>Parravon</strong>" in prematch_part
    assert "at each drive: one random player of each team on the pitch has Foul Appearance" in prematch_part
    dice_log = html.split("Dice rolled", 1)[1]
    assert "The Dukedoms of Bretonnia" in dice_log


def test_the_match_sheet_names_the_dukedom_beside_the_weather(humans, orcs, home_coach):
    match = _to_kick_off(_friendly(humans, orcs, home_coach, RULE), home_coach, dukedom=BORDELEAUX)
    document = build_match_document(match, language="en")
    panel = next(section for section in document.sections if section.heading == "Match")
    items = dict(panel.blocks[0].items)
    assert items["The Dukedoms of Bretonnia"] == "Bordeleaux"
    assert list(items).index("Weather") + 1 == list(items).index("The Dukedoms of Bretonnia")


# --- the Honourable Referees: a dearer first Bribe for Bribery and Corruption teams ------------------------


def test_a_bribery_and_corruption_team_pays_its_first_bribe_in_full(humans, goblins, home_coach):
    set_values(humans, ctv=1400000, treasury=0)
    set_values(goblins, ctv=1000000, treasury=0)
    match = _to_inducements(_friendly(humans, goblins, home_coach, RULE), home_coach)
    bribe = _catalogue(match, "away")["bribe"]
    assert (bribe["first_price"], bribe["price"], bribe["max"]) == (100000, 50000, 6)
    assert "first_price" not in _catalogue(match, "home")["bribe"]  # the humans pay 100,000 each anyway
    assert _catalogue(match, "home")["bribe"]["price"] == 100000

    prematch.buy_inducements(match, side="home", counts={}, user=home_coach)
    ctv = match.away_ctv
    bought = prematch.buy_inducements(match, side="away", counts={"bribe": 3}, user=home_coach)
    assert bought == [{"id": "bribe", "choice": "", "count": 3, "price": 50000, "first_price": 100000}]
    assert prematch.inducements_value(match, "away") == 200000  # 100,000 + 2 x 50,000
    assert match.away_ctv == ctv + 200000


def test_the_first_bribe_in_full_can_be_over_the_budget(humans, goblins, home_coach):
    # A 100,000 gap: two Bribes at 50,000 would fit, but the first costs 100,000 here.
    set_values(humans, ctv=1100000, treasury=0)
    set_values(goblins, ctv=1000000, treasury=0)
    match = _to_inducements(_friendly(humans, goblins, home_coach, RULE), home_coach)
    prematch.buy_inducements(match, side="home", counts={}, user=home_coach)
    with pytest.raises(ValidationError, match="cost more"):
        prematch.buy_inducements(match, side="away", counts={"bribe": 2}, user=home_coach)
    assert prematch.buy_inducements(match, side="away", counts={"bribe": 1}, user=home_coach)[0]["count"] == 1


def test_the_shop_prices_the_first_bribe_apart(logged_in, humans, goblins, home_coach):
    set_values(humans, ctv=1400000, treasury=0)
    set_values(goblins, ctv=1000000, treasury=0)
    match = _to_inducements(_friendly(humans, goblins, home_coach, RULE), home_coach)
    prematch.buy_inducements(match, side="home", counts={}, user=home_coach)
    html = logged_in.get(reverse("matches:detail", args=[match.pk])).text
    assert "Bribe (the first 100,000, then 50,000 each)" in html
    assert 'data-first-price="100000"' in html


def test_without_the_rule_every_bribe_of_the_team_costs_50000(humans, goblins, home_coach):
    set_values(humans, ctv=1400000, treasury=0)
    set_values(goblins, ctv=1000000, treasury=0)
    match = _to_inducements(_friendly(humans, goblins, home_coach), home_coach)
    bribe = _catalogue(match, "away")["bribe"]
    assert (bribe["price"], "first_price" in bribe) == (50000, False)
    prematch.buy_inducements(match, side="home", counts={}, user=home_coach)
    prematch.buy_inducements(match, side="away", counts={"bribe": 3}, user=home_coach)
    assert prematch.inducements_value(match, "away") == 150000


# --- the Jouster's Chalice: the league's trophy holder ------------------------------------------------


def _nominees(team):
    return [f"p{player.pk}" for player in team.players.order_by("number")[:6]]


def test_the_holder_of_the_trophy_rolls_the_chalice_after_the_dukedom(humans, orcs, home_coach):
    match = _league_match(humans, orcs, home_coach, holder=orcs)
    assert match.chalice == {"side": "away"}
    assert prematch.steps(match)[:3] == ["dukedom", "chalice", "fans"]
    prematch.roll_dukedom(match, dice=NoDice(), user=home_coach, faces=[COURONNE])
    nominees = _nominees(orcs)
    prematch.roll_chalice(match, dice=NoDice(), user=home_coach, nominees=nominees, faces=[3])
    match.refresh_from_db()
    third = orcs.players.get(pk=int(nominees[2][1:]))
    assert match.chalice["roll"] == 3
    assert match.chalice["player"] == {"key": nominees[2], "name": str(third)}
    assert match.chalice["skills"] == ["dauntless"]
    assert [entry["key"] for entry in match.chalice["nominees"]] == nominees
    log = DiceLog.objects.get(match=match, purpose="jousters_chalice")
    assert (log.team, log.roll["source"]) == (orcs, ENTERED)
    assert jolly_jouster.chalice_winner(match)["name"] == str(third)
    assert prematch.next_step(match) == "fans"


def test_the_chalice_with_dugouts_dice_names_the_nominee_of_the_roll(humans, orcs, home_coach):
    match = _league_match(humans, orcs, home_coach, holder=humans)
    prematch.roll_dukedom(match, dice=NoDice(), user=home_coach, faces=[COURONNE])
    nominees = _nominees(humans)
    prematch.roll_chalice(match, dice=Dice(random.Random(4)), user=home_coach, nominees=nominees)
    match.refresh_from_db()
    log = DiceLog.objects.get(match=match, purpose="jousters_chalice")
    assert log.roll["source"] == ROLLED
    assert match.chalice["player"]["key"] == nominees[log.roll["total"] - 1]


def test_the_chalice_refuses_nominees_that_are_not_six_players_of_the_holder(humans, orcs, home_coach):
    match = _league_match(humans, orcs, home_coach, holder=humans)
    prematch.roll_dukedom(match, dice=NoDice(), user=home_coach, faces=[COURONNE])
    nominees = _nominees(humans)
    for wrong in (nominees[:5], [*nominees[:5], nominees[0]], [*nominees[:5], _nominees(orcs)[0]]):
        with pytest.raises(ValidationError, match="Nominate 6 different players of Altdorf"):
            prematch.roll_chalice(match, dice=NoDice(), user=home_coach, nominees=wrong, faces=[1])
    match.refresh_from_db()
    assert "roll" not in match.chalice
    assert not DiceLog.objects.filter(match=match, purpose="jousters_chalice").exists()


def test_no_chalice_without_a_holder_in_the_match_or_without_the_rule(
    humans, orcs, goblins, home_coach, away_coach
):
    assert _league_match(humans, orcs, home_coach).chalice == {}  # no season finished yet
    assert _league_match(humans, orcs, home_coach, holder=goblins).chalice == {}
    no_rule = _league_match(humans, orcs, home_coach, holder=humans, rules=())
    assert no_rule.chalice == {}
    assert "chalice" not in prematch.steps(no_rule)
    assert "dukedom" not in prematch.steps(no_rule)


def test_the_chalice_step_on_the_page_numbers_the_players_and_rolls(logged_in, humans, orcs, home_coach):
    match = _league_match(humans, orcs, home_coach, holder=humans)
    prematch.roll_dukedom(match, dice=NoDice(), user=home_coach, faces=[COURONNE])
    page = logged_in.get(reverse("matches:detail", args=[match.pk])).text
    assert "Altdorf holds the trophy: number its players, then roll." in page
    assert "Player number 6" in page
    assert "Player number 7" not in page

    nominees = _nominees(humans)
    data = {f"nominee_{number}": key for number, key in enumerate(nominees, start=1)}
    response = logged_in.post(
        reverse("matches:prematch_step", args=[match.pk, "chalice"]), {**data, "faces": "2"}, follow=True
    )
    second = humans.players.get(pk=int(nominees[1][1:]))
    html = squash(response.text)
    assert f"D6: 2 (entered) → {second} has Dauntless for the game" in html
    assert f'The Jouster&#x27;s Chalice</strong> · Altdorf: <span data-testid="chalice">{second} has' in html
    report = squash(logged_in.get(reverse("matches:report", args=[match.pk])).text)
    assert (
        f'<dt>The Jouster&#x27;s Chalice</dt><dd data-testid="chalice">Altdorf: {second} has Dauntless'
        in report
    )


def test_the_chalice_step_on_the_page_refuses_a_player_twice(logged_in, humans, orcs, home_coach):
    match = _league_match(humans, orcs, home_coach, holder=humans)
    prematch.roll_dukedom(match, dice=NoDice(), user=home_coach, faces=[COURONNE])
    nominees = _nominees(humans)
    data = {f"nominee_{number}": key for number, key in enumerate([*nominees[:5], nominees[0]], start=1)}
    response = logged_in.post(
        reverse("matches:prematch_step", args=[match.pk, "chalice"]), {**data, "faces": ""}, follow=True
    )
    assert "Nominate 6 different players of Altdorf." in response.text
    match.refresh_from_db()
    assert "roll" not in match.chalice


# --- without the rule: none of it ------------------------------------------------------------------


def test_a_match_without_the_rule_has_no_dukedom_and_its_scoreboard_names_none(
    client, humans, orcs, home_coach
):
    match = _friendly(humans, orcs, home_coach)
    assert "dukedom" not in prematch.steps(match)
    with pytest.raises(ValidationError, match="not the current one"):
        prematch.roll_dukedom(match, dice=NoDice(), user=home_coach, faces=[BORDELEAUX])
    match = _to_kick_off(match, home_coach)
    assert match.dukedom == ""
    assert jolly_jouster.free_inducements(match) == []
    assert {"team_mascot", "blitzers_best_keg"} <= set(_catalogue(match, "home"))
    html = client.get(reverse("matches:scoreboard", args=[match.pk])).text
    assert 'data-testid="dukedom"' not in html
    assert 'data-testid="jouster-effects"' not in html


def test_a_dukedom_kept_on_a_match_without_the_rule_changes_nothing(humans, orcs, home_coach):
    match = _to_inducements(_friendly(humans, orcs, home_coach), home_coach)
    match.dukedom = "mousillon"  # as if the rule were dropped: only a match of the rule reads it
    assert jolly_jouster.dukedom_row(match) is None
    assert not has_skill(match, "home", humans.players.first(), "", "regeneration")
    assert "blitzers_best_keg" in _catalogue(match, "home")
