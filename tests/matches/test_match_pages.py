"""The match page for a newcomer (issue #16): every roll shows its result before the sequence moves on,
every dice input says how to type its dice, both teams buy their inducements on one form with their
budget explained, the live buttons carry their team, the end of a half says so and lists only the
players still knocked out, and the post-match preview shows the SPP, the MVP and what moves the
treasury.

The teams are those of tests/matches/conftest.py: the Reavers (home, treasury 155,000, the favourite)
and the Bashers (away, treasury 450,000, the underdog); BB2020 with its default petty cash procedure
(the 2025 errata: the underdog adds nothing from its treasury).
"""

import random
import re

import pytest
from django.urls import reverse

from matches.services import drives, outcome, postmatch, prematch
from rulebook import formulas
from rulebook.dice import Dice
from tests.matches.conftest import NoDice, to_inducements
from tests.matches.prayers import name_prayer_targets
from tests.matches.test_full_match_bb2025 import _to_kick_off, bb2025_team
from tests.matches.test_lasting_effects import NEUTRAL_PRAYERS

pytestmark = pytest.mark.django_db


@pytest.fixture
def logged_in(client, home_coach):
    client.force_login(home_coach)
    return client


def page(client, match):
    return client.get(reverse("matches:detail", args=[match.pk])).text


def squash(html):
    return re.sub(r"\s+", " ", html)


# --- pre-match: results and dice ---------------------------------------------------------------------


def test_prematch_step_when_rolled_says_what_each_roll_gave(logged_in, match):
    url = reverse("matches:prematch_step", args=[match.pk, "fans"])
    response = logged_in.post(url, {"home_faces": "2", "away_faces": ""}, follow=True)

    match.refresh_from_db()
    html = squash(response.text)
    away_roll = match.dice_log.get(purpose="fan_factor", team=match.away_team).roll
    assert "Reavers: D3: 2 (entered) → Fan Factor" in html  # the message of the step just done
    assert f"Bashers: D3: {away_roll['faces'][0]} (rolled by Dugout) → Fan Factor" in html
    results = squash(html.split('data-testid="prematch-results"', 1)[1].split("</section>", 1)[0])
    assert (
        f"<strong>Reavers</strong>: D3: 2 (entered) → <strong>Fan Factor {match.home_fan_factor}</strong>"
        in (results)
    )


def test_prematch_page_after_the_weather_keeps_every_result_on_the_next_step(logged_in, match, home_coach):
    prematch.roll_fans(match, dice=NoDice(), user=home_coach, faces={"home": [2], "away": [3]})
    logged_in.post(reverse("matches:prematch_step", args=[match.pk, "weather"]), {"faces": "3 4"})

    results = squash(
        page(logged_in, match).split('data-testid="prematch-results"', 1)[1].split("</section>")[0]
    )
    assert "2D6: 3 + 4 = 7 (entered) → <strong>Perfect Conditions</strong>" in results
    assert results.index("Fan Factor") < results.index("Perfect Conditions")


def test_prematch_dice_inputs_when_shown_say_how_to_type_each_die(logged_in, match, home_coach):
    """The help says how to type the dice; no grey example sits in the box, where it reads as a value
    already typed (issue #26)."""
    fans = page(logged_in, match)
    assert "D3: type the die, e.g. 3. Leave empty to let Dugout roll." in fans
    assert "placeholder" not in fans

    prematch.roll_fans(match, dice=NoDice(), user=home_coach, faces={"home": [2], "away": [3]})
    weather = page(logged_in, match)
    assert "2D6: type each die, separated by a space, e.g. 3 5. Leave empty to let Dugout roll." in weather
    assert "placeholder" not in weather
    assert 'aria-describedby="id_faces_helptext"' in weather  # read out with the field


def test_prematch_weather_when_typed_as_a_sum_is_refused_and_nothing_changes(logged_in, match, home_coach):
    prematch.roll_fans(match, dice=NoDice(), user=home_coach, faces={"home": [2], "away": [3]})
    response = logged_in.post(
        reverse("matches:prematch_step", args=[match.pk, "weather"]), {"faces": "7"}, follow=True
    )

    assert "Enter 2 dice from 1 to 6 for 2D6." in response.text
    match.refresh_from_db()
    assert match.weather == ""


# --- inducements: one form for both teams ------------------------------------------------------------


@pytest.fixture
def shop(match, home_coach):
    to_inducements(match, home_coach)
    return match


def test_inducements_page_when_both_teams_buy_shows_one_form_with_both_parts(logged_in, shop):
    html = page(logged_in, shop)

    forms = re.findall(
        r'<form method="post" action="([^"]+)"', html.split('data-testid="inducements"')[0][-200:]
    )
    assert forms == [reverse("matches:inducements", args=[shop.pk, "both"])]
    form = html.split('data-testid="inducements"', 1)[1].split("</form>", 1)[0]
    assert 'data-testid="inducements-home"' in form
    assert 'data-testid="inducements-away"' in form
    assert form.count('type="submit"') == 1
    assert 'name="home-bribe"' in form
    assert 'name="away-bribe"' in form


def test_inducements_page_when_the_underdog_may_not_add_treasury_explains_its_zero(logged_in, shop):
    html = squash(page(logged_in, shop))

    home = html.split('data-testid="budget-terms-home"', 1)[1].split("</p>", 1)[0]
    away = html.split('data-testid="budget-terms-away"', 1)[1].split("</p>", 1)[0]
    assert "Favourite (the higher CTV): no petty cash." in home
    assert "Treasury available for inducements: 155,000 (all of the roster's treasury)." in home
    difference = abs(prematch.base_ctv(shop, "home") - prematch.base_ctv(shop, "away"))
    assert f"CTV difference ({difference:,}) plus what the favourite spends from its treasury" in away
    assert (
        "Treasury available for inducements: 0 (the roster's treasury is 450,000, but the match's petty"
        " cash procedure lets this team spend none of it)." in away
    )


def test_inducements_page_when_equal_ctv_in_bb2025_explains_that_nobody_spends_treasury(
    client, home_coach, away_coach
):
    home = bb2025_team(home_coach, name="Altdorf", roster="human", lineman="lineman")
    away = bb2025_team(away_coach, name="Nuln", roster="human", lineman="lineman")
    match = prematch.create_match(home_team=home, away_team=away, created_by=home_coach)
    to_inducements(match, home_coach)
    client.force_login(home_coach)

    html = squash(page(client, match))
    home_terms = html.split('data-testid="budget-terms-home"', 1)[1].split("</p>", 1)[0]
    assert "Equal CTV: no petty cash." in home_terms
    assert f"the roster's treasury is {home.treasury:,}, but the match's petty cash procedure" in home_terms
    assert "Budget: <strong>0</strong>" in html


def test_inducements_of_both_when_posted_buys_for_both_the_favourite_first(logged_in, shop):
    response = logged_in.post(
        reverse("matches:inducements", args=[shop.pk, "both"]), {"home-bribe": "1", "away-bribe": "2"}
    )

    assert response.status_code == 302
    shop.refresh_from_db()
    assert shop.home_inducements == [{"id": "bribe", "choice": "", "count": 1, "price": 100_000}]
    assert shop.away_inducements == [{"id": "bribe", "choice": "", "count": 2, "price": 100_000}]
    assert shop.home_inducements_done
    assert shop.away_inducements_done
    # The favourite spent 100,000 of its treasury: the underdog's petty cash grew by as much.
    difference = prematch.base_ctv(shop, "home") - prematch.base_ctv(shop, "away")
    assert shop.away_petty_cash == difference + 100_000


def test_inducements_of_both_when_one_team_is_refused_buys_nothing_for_either(logged_in, shop):
    response = logged_in.post(
        reverse("matches:inducements", args=[shop.pk, "both"]),
        {"home-bribe": "1", "away-giant": "1", "away-bribe": "3"},
        follow=True,
    )

    assert "Bashers: These inducements cost more than the team may spend." in response.text
    shop.refresh_from_db()
    assert (shop.home_inducements, shop.away_inducements) == ([], [])
    assert not shop.home_inducements_done
    assert not shop.away_inducements_done


def test_inducements_of_both_when_a_count_is_bad_names_the_team_and_buys_nothing(logged_in, shop):
    response = logged_in.post(
        reverse("matches:inducements", args=[shop.pk, "both"]), {"home-bribe": "9"}, follow=True
    )

    assert "Reavers: Ensure this value is less than or equal to 3." in response.text
    shop.refresh_from_db()
    assert not shop.home_inducements_done


@pytest.mark.parametrize(("persona", "status"), [("outsider", 403), ("away", 302), ("anonymous", 302)])
def test_inducements_of_both_when_posted_by_each_persona(client, shop, away_coach, persona, status):
    from tests.factories import UserFactory

    users = {"outsider": UserFactory(username="outsider"), "away": away_coach, "anonymous": None}
    if users[persona]:
        client.force_login(users[persona])
    response = client.post(reverse("matches:inducements", args=[shop.pk, "both"]), {"home-bribe": "1"})

    assert response.status_code == status
    shop.refresh_from_db()
    assert shop.home_inducements_done is (persona == "away")


def test_inducements_page_query_count_when_one_team_is_done_stays_the_same(
    logged_in, shop, home_coach, django_assert_max_num_queries
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as both:
        page(logged_in, shop)
    prematch.buy_inducements(shop, side="home", counts={"bribe": 1}, user=home_coach)
    with django_assert_max_num_queries(len(both)):
        html = page(logged_in, shop)
    assert 'data-testid="inducements-done-home"' in html
    assert 'data-testid="inducements-away"' in html


# --- live match --------------------------------------------------------------------------------------


@pytest.fixture
def at_kicking(shop, home_coach):
    for side in ("home", "away"):
        prematch.buy_inducements(shop, side=side, counts={}, user=home_coach)
    count = prematch.prayers_side(shop)[1]
    prematch.roll_prayers(shop, dice=NoDice(), user=home_coach, faces=NEUTRAL_PRAYERS[:count] or None)
    name_prayer_targets(shop, home_coach)
    return shop


def test_prematch_kicking_when_tossed_says_who_won_then_who_kicks(logged_in, at_kicking):
    url = reverse("matches:prematch_step", args=[at_kicking.pk, "kicking"])
    response = logged_in.post(url, {"faces": "5"}, follow=True)
    assert "D6: 5 (entered) → Bashers won the toss" in response.text

    response = logged_in.post(url, {"choice": "receive"}, follow=True)
    assert "Reavers kick off" in response.text


def test_prematch_kicking_when_won_at_the_table_says_who_kicks(logged_in, at_kicking):
    url = reverse("matches:prematch_step", args=[at_kicking.pk, "kicking"])
    logged_in.post(url, {"winner": "home"})
    response = logged_in.post(url, {"choice": "kick"}, follow=True)

    assert "Reavers kick off" in response.text


@pytest.fixture
def live(at_kicking, home_coach):
    shop = at_kicking
    prematch.choose_kicking(shop, user=home_coach, side="home")
    drives.start_drive(shop, dice=NoDice(), user=home_coach, faces={"kickoff": [1, 2]})
    shop.refresh_from_db()
    return shop


def test_live_buttons_when_shown_name_their_team(logged_in, live):
    html = page(logged_in, live)

    for kind in ("Touchdown", "Casualty", "Knocked out"):
        assert f'aria-label="{kind} · Reavers"' in html
        assert f'aria-label="{kind} · Bashers"' in html
    labels = re.findall(r'role="button" aria-label="([^"]+)"', html)
    assert len(labels) == len(set(labels))


def test_live_end_of_half_when_nobody_is_knocked_out_says_so_and_ends_the_half(logged_in, live):
    html = squash(page(logged_in, live))

    end = html.split('data-testid="end-of-half"', 1)[1].split("</details>", 1)[0]
    assert "<summary>End of the half</summary>" in end
    assert ">End the half</button>" in end
    assert "End the drive" not in end
    assert "No player is in the Knocked-out box" in end


def test_live_end_of_half_lists_only_the_knocked_out_players_per_team(logged_in, live, home_coach):
    home_player, away_player, hurt = (
        live.home_team.players.first(),
        live.away_team.players.first(),
        live.away_team.players.last(),
    )
    drives.add_event(
        live, user=home_coach, kind="knocked_out", side="home", victim=away_player, cause="crowd"
    )
    drives.add_event(
        live, user=home_coach, kind="knocked_out", side="away", victim=home_player, cause="crowd"
    )
    drives.add_event(live, user=home_coach, kind="knocked_out", side="home", victim=hurt, cause="crowd")
    drives.add_event(
        live,
        user=home_coach,
        kind="casualty",
        side="home",
        victim=hurt,
        cause="crowd",
        faces={"casualty": [1]},
    )

    end = squash(page(logged_in, live).split('data-testid="end-of-half"', 1)[1].split("</details>", 1)[0])
    home = end.split('data-testid="knocked-out-home"', 1)[1].split("</fieldset>", 1)[0]
    away = end.split('data-testid="knocked-out-away"', 1)[1].split("</fieldset>", 1)[0]
    assert "Knocked out: Reavers" in home
    assert f'value="home:p{home_player.pk}"' in home
    assert "Knocked out: Bashers" in away
    assert f'value="away:p{away_player.pk}"' in away
    assert end.count('type="checkbox"') == 2  # the casualty left the pitch for good
    assert "One D6 per ticked player, in the order listed, e.g. 4 2." in end


def test_live_end_of_half_when_a_player_not_knocked_out_is_posted_refuses_it(logged_in, live):
    player = live.home_team.players.first()
    response = logged_in.post(
        reverse("matches:drive_end", args=[live.pk]), {"knocked_out": [f"home:p{player.pk}"]}, follow=True
    )

    assert "Select a valid choice." in response.text
    assert live.drives.get().is_open


def test_scoreboard_after_half_time_shows_the_second_half(logged_in, live, home_coach):
    for _ in range(3):
        drives.next_turn(live, user=home_coach)
    logged_in.post(reverse("matches:drive_end", args=[live.pk]), {})

    board = squash(logged_in.get(reverse("matches:scoreboard", args=[live.pk])).text)
    assert "Half 2, turn 1" in board
    assert "Half 1" not in board


def test_live_in_the_last_half_ends_the_match(logged_in, live, home_coach):
    drives.end_drive(live, user=home_coach)
    drives.start_drive(live, dice=NoDice(), user=home_coach, faces={"kickoff": [1, 2]})

    end = squash(page(logged_in, live).split('data-testid="end-of-half"', 1)[1].split("</details>", 1)[0])
    assert "<summary>End of the match</summary>" in end
    assert ">End the match</button>" in end


def _bb2025_drive(home_coach, away_coach):
    """A BB2025 match of Altdorf (Humans, home) and Gutrippers (Orcs) in its first drive."""
    humans = bb2025_team(home_coach, name="Altdorf", roster="human", lineman="lineman")
    orcs = bb2025_team(away_coach, name="Gutrippers", roster="orc", lineman="orc_lineman")
    match, dice = _to_kick_off(humans, orcs, home_coach)
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    return match


def test_live_buttons_when_the_edition_rewards_no_deflection_leave_it_out(client, home_coach, away_coach):
    match = _bb2025_drive(home_coach, away_coach)
    client.force_login(home_coach)

    html = page(client, match)
    assert 'aria-label="Deflection · Altdorf"' not in html
    assert "?kind=deflection" not in html
    assert 'aria-label="Completion · Altdorf"' in html


def test_live_buttons_when_the_edition_rewards_a_deflection_offer_it(logged_in, live):
    assert 'aria-label="Deflection · Reavers"' in page(logged_in, live)


def test_live_buttons_offer_a_superb_throw_and_a_safe_landing_only_where_they_earn_spp(
    client, home_coach, away_coach, logged_in, live
):
    """BB2025 rewards a thrower's Superb Throw and the thrown player's Safe Landing (issue #22); BB2020's
    SPP table does not, so its live page offers neither."""
    match = _bb2025_drive(home_coach, away_coach)
    client.force_login(home_coach)
    html = page(client, match)
    for label in ("Superb throw · Altdorf", "Safe landing · Gutrippers"):
        assert f'aria-label="{label}"' in html

    html = page(logged_in, live)
    assert "?kind=superb_throw" not in html
    assert "?kind=safe_landing" not in html


@pytest.mark.parametrize("kind", ["superb_throw", "safe_landing"])
def test_a_superb_throw_and_a_safe_landing_earn_their_spp_in_bb2025(home_coach, away_coach, kind):
    match = _bb2025_drive(home_coach, away_coach)
    player = match.home_team.players.first()
    drives.add_event(match, user=home_coach, kind=kind, side="home", player=player)

    earned = outcome.spp_earned(match)["home"][f"p{player.pk}"]

    assert earned == {kind: 1, "spp": 1}


# --- post-match preview ------------------------------------------------------------------------------


def test_postmatch_preview_shows_spp_mvp_and_what_moves_the_treasury(logged_in, live, home_coach):
    scorer = live.home_team.players.get(position="catcher")
    drives.add_event(live, user=home_coach, kind="touchdown", side="home", player=scorer, turn=3)
    for _half in (1, 2):
        drives.start_drive(live, dice=NoDice(), user=home_coach, faces={"kickoff": [1, 2]})
        drives.end_drive(live, user=home_coach)
    live.refresh_from_db()
    keys = [key for key, _label in postmatch.mvp_candidates(live, "home")]
    faces = {"home": {"mvp": [keys.index(f"p{scorer.pk}") + 1]}}
    postmatch.roll_postmatch(live, dice=Dice(random.Random(5)), user=home_coach, faces=faces)
    live.refresh_from_db()

    html = squash(page(logged_in, live))
    edition = live.edition
    earned = formulas.spp_for("touchdown", edition=edition) + formulas.spp_for("mvp", edition=edition)
    spp = html.split('data-testid="spp-home"', 1)[1].split("</table>", 1)[0]
    assert f"#{scorer.number} {scorer.name} (MVP)</td><td>{earned}</td>" in spp
    assert f'data-testid="mvp-home">MVP: #{scorer.number} {scorer.name}</p>' in html
    away_mvp = postmatch.plan(live, "away")["summary"]["mvp"]
    assert 'data-testid="mvp-away">MVP: #' in html
    assert away_mvp
    summary = postmatch.plan(live, "home")["summary"]
    treasury = html.split('data-testid="treasury-home"', 1)[1].split("</table>", 1)[0]
    assert f"Treasury: 155,000 → {summary['treasury']:,}" in treasury
    assert f'<th scope="row">Winnings</th> <td>+{summary["winnings"]:,}</td>' in treasury


def test_postmatch_preview_when_inducements_came_from_the_treasury_itemises_them(logged_in, shop, home_coach):
    prematch.buy_inducements(shop, side="home", counts={"bribe": 1}, user=home_coach)
    prematch.buy_inducements(shop, side="away", counts={}, user=home_coach)
    drives.concede(shop, side="away", user=home_coach)
    postmatch.roll_postmatch(shop, dice=Dice(random.Random(5)), user=home_coach)
    shop.refresh_from_db()

    treasury = squash(
        page(logged_in, shop).split('data-testid="treasury-home"', 1)[1].split("</table>", 1)[0]
    )
    assert '<th scope="row">Inducements paid from the treasury</th> <td>−100,000</td>' in treasury


# --- prayers: one form per praying team ---------------------------------------------------------------


def test_prayers_page_when_the_underdog_prays_several_times_asks_one_die_each(logged_in, at_kicking):
    match = prematch.create_match(
        home_team=at_kicking.home_team, away_team=at_kicking.away_team, created_by=at_kicking.created_by
    )
    to_inducements(match, match.created_by)
    for side in ("home", "away"):
        prematch.buy_inducements(match, side=side, counts={}, user=match.created_by)
    count = prematch.prayers_side(match)[1]
    assert count > 1

    html = page(logged_in, match)
    assert f"{count}D16: type each die, separated by a space, e.g. 3 5" in html


def test_prayers_page_when_both_teams_bought_prayers_gives_each_its_form(client, home_coach, away_coach):
    from tests.matches.test_prematch_bb2025 import set_values

    humans = bb2025_team(home_coach, name="Altdorf", roster="human", lineman="lineman")
    orcs = bb2025_team(away_coach, name="Gutrippers", roster="orc", lineman="orc_lineman")
    set_values(humans, ctv=600_000, treasury=100_000)
    set_values(orcs, ctv=550_000, treasury=0)
    match = prematch.create_match(home_team=humans, away_team=orcs, created_by=home_coach)
    to_inducements(match, home_coach)
    prematch.buy_inducements(match, side="home", counts={"prayers_to_nuffle": 1}, user=home_coach)
    prematch.buy_inducements(match, side="away", counts={"prayers_to_nuffle": 2}, user=home_coach)
    client.force_login(home_coach)

    html = page(client, match)
    assert 'id="id_home_faces"' in html
    assert 'id="id_away_faces"' in html
    assert "D16: type the die, e.g. 11." in html  # the home team's one prayer
    assert "2D16: type each die, separated by a space, e.g. 3 5." in html
    assert 'aria-label="Pray to Nuffle · Altdorf"' in html
    assert 'aria-label="Pray to Nuffle · Gutrippers"' in html


def test_prayers_page_when_several_prayers_wait_names_each_field_and_button_apart(client, match, away_coach):
    from tests.matches.test_prayer_targets import BAD_HABITS, GREASY_CLEATS, IRON_MAN, _pray

    _pray(match, away_coach, [IRON_MAN, BAD_HABITS, GREASY_CLEATS])
    client.force_login(away_coach)

    html = page(client, match)
    labels = re.findall(r'aria-label="([^"]+)"', html.split('data-testid="prayers-rolled"', 1)[1])
    assert "Pick at random · Bad Habits · Bashers" in labels
    assert "Record · Iron Man · Bashers" in labels
    assert len(labels) == len(set(labels))
    assert len(labels) >= 6  # a field and a button per waiting prayer


def test_inducements_page_when_both_teams_buy_names_every_field_with_its_team(logged_in, shop):
    html = page(logged_in, shop)

    form = html.split('data-testid="inducements"', 1)[1].split("</form>", 1)[0]
    labels = re.findall(r'aria-label="([^"]+)"', form)
    assert "Bribe (100,000) · Reavers" in labels
    assert "Bribe (100,000) · Bashers" in labels
    assert "Side bet: stake on your win · Bashers" in labels
    assert len(labels) == len(set(labels))
