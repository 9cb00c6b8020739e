"""What inducements and hirelings do during the drives (issue #22): KO recovery modifiers and re-rolls
(kegs, Josef Bugman), arguing the call with a biased referee or a fixer, bribes spent on sendings-off,
apothecaries used once a game (the team's own, Wandering Apothecaries, a Plague Doctor), and the
Regeneration roll with the re-rolls of the Mortuary Assistant and the Plague Doctor."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from matches.models import DiceLog
from matches.services import drives, prematch
from tests.matches.conftest import NoDice, make_team
from tests.matches.prayers import name_prayer_targets
from tests.matches.test_full_match_bb2025 import _to_kick_off, bb2025_team
from web.matches.forms import QuickEventForm

pytestmark = pytest.mark.django_db

# BB2020 prayers that touch neither arguing the call nor injuries.
QUIET_PRAYERS = [15, 14, 9, 1, 13, 12, 11, 10, 16, 8, 7, 6, 5, 4, 3]


def _bought(match, side, *items):
    """Give `side` these inducements ((id, choice, count)) as if bought at the pre-match."""
    match.set_side_value(
        "inducements", side, [{"id": i, "choice": c, "count": n, "price": 0} for i, c, n in items]
    )
    match.save()


def _kick_off_bb2020(match, user):
    dice = NoDice()
    prematch.roll_fans(match, dice=dice, user=user, faces={"home": [2], "away": [3]})
    prematch.roll_weather(match, dice=dice, user=user, faces=[3, 4])
    prematch.take_journeymen(match, user=user)
    match.refresh_from_db()
    underdog = "home" if match.home_ctv < match.away_ctv else "away"
    for side in sorted(("home", "away"), key=lambda side: side == underdog):  # the favourite first
        prematch.buy_inducements(match, side=side, counts={}, user=user)
    prematch.roll_prayers(match, dice=dice, user=user, faces=QUIET_PRAYERS[: prematch.prayers_side(match)[1]])
    name_prayer_targets(match, user)
    prematch.choose_kicking(match, user=user, side="home")
    return dice


def _drive(match, user, dice, kickoff=(1, 2)):
    return drives.start_drive(match, dice=dice, user=user, faces={"kickoff": list(kickoff)})


@pytest.fixture
def bb2025_match(home_coach, away_coach):
    humans = bb2025_team(home_coach, name="Altdorf", roster="human", lineman="lineman")
    orcs = bb2025_team(away_coach, name="Gutrippers", roster="orc", lineman="orc_lineman")
    match, dice = _to_kick_off(humans, orcs, home_coach)
    return match, dice


def _first(team):
    return team.players.order_by("number").first()


# --- KO recovery ----------------------------------------------------------------------------------


def test_ko_recovery_when_the_team_has_two_kegs_adds_two_to_its_rolls_only(
    match, home_coach, home_team, away_team
):
    dice = _kick_off_bb2020(match, home_coach)
    _bought(match, "home", ("bloodweiser_keg", "", 2))
    _drive(match, home_coach, dice)
    home, away = _first(home_team), _first(away_team)
    recoveries = drives.end_drive(
        match,
        user=home_coach,
        dice=dice,
        knocked_out=[("home", home, ""), ("away", away, "")],
        faces=[[2], [2]],
    )
    assert recoveries[0]["roll"]["dice"] == "D6+2"
    assert (recoveries[0]["roll"]["total"], recoveries[0]["recovered"]) == (4, True)
    assert (recoveries[1]["roll"]["dice"], recoveries[1]["recovered"]) == ("D6", False)
    assert DiceLog.objects.filter(match=match, purpose="ko_recovery", roll__dice="D6+2").count() == 1


def test_ko_recovery_when_bugman_serves_bb2020_rerolls_a_1(match, home_coach, home_team, away_team):
    dice = _kick_off_bb2020(match, home_coach)
    _bought(match, "home", ("famous_coaching_staff", "josef_bugman", 1))
    _drive(match, home_coach, dice)
    home, away = _first(home_team), _first(away_team)
    recoveries = drives.end_drive(
        match,
        user=home_coach,
        dice=dice,
        knocked_out=[("home", home, ""), ("away", away, "")],
        faces=[[1, 5], [1, 5]],
    )
    assert (recoveries[0]["roll"]["faces"], recoveries[0]["recovered"]) == ([5], True)
    assert (recoveries[1]["roll"]["faces"], recoveries[1]["recovered"]) == ([1], False)  # no Bugman
    assert DiceLog.objects.filter(match=match, purpose="ko_recovery").count() == 3


def test_ko_recovery_when_bugman_and_a_keg_serve_bb2025_adds_both(bb2025_match, home_coach):
    match, dice = bb2025_match
    _bought(match, "home", ("blitzers_best_keg", "", 1), ("infamous_coaching_staff", "josef_bugman", 1))
    _drive(match, home_coach, dice)
    recoveries = drives.end_drive(
        match, user=home_coach, dice=dice, knocked_out=[("home", _first(match.home_team), "")], faces=[[2]]
    )
    assert recoveries[0]["roll"]["dice"] == "D6+2"
    assert recoveries[0]["recovered"]


# --- arguing the call -----------------------------------------------------------------------------


def _sent_off(match, user, dice, side, *, argue=False, bribe=False, faces=None, kind="sent_off"):
    return drives.add_event(
        match,
        user=user,
        kind=kind,
        side=side,
        player=_first(match.team(side)),
        argue=argue,
        bribe=bribe,
        dice=dice,
        faces=faces or {},
    )


def test_argue_the_call_with_the_dodgy_league_rep_adds_one_but_a_1_still_ejects(bb2025_match, home_coach):
    match, dice = bb2025_match
    _bought(match, "home", ("biased_referee", "dodgy_league_rep", 1))
    _drive(match, home_coach, dice)
    helped = _sent_off(match, home_coach, dice, "home", argue=True, faces={"argue": [5]})
    assert helped.rolls["argue"]["dice"] == "D6+1"
    assert helped.outcome == "well_when_you_put_it_like_that"
    plain = _sent_off(match, home_coach, dice, "away", argue=True, faces={"argue": [5]})
    assert plain.outcome == "i_dont_care"
    ejected = _sent_off(match, home_coach, dice, "home", argue=True, faces={"argue": [1]})
    assert ejected.outcome == "youre_outta_here"


def test_argue_the_call_with_fink_da_fixer_succeeds_on_5(match, home_coach):
    dice = _kick_off_bb2020(match, home_coach)
    _bought(match, "away", ("famous_coaching_staff", "fink_da_fixer", 1))
    _drive(match, home_coach, dice)
    assert _sent_off(match, home_coach, dice, "away", argue=True, faces={"argue": [5]}).outcome == (
        "well_when_you_put_it_like_that"
    )
    assert (
        _sent_off(match, home_coach, dice, "away", argue=True, faces={"argue": [4]}).outcome == "i_dont_care"
    )
    assert (
        _sent_off(match, home_coach, dice, "home", argue=True, faces={"argue": [5]}).outcome == "i_dont_care"
    )


# --- bribes ---------------------------------------------------------------------------------------


def test_bribe_when_spent_on_a_sending_off_keeps_the_player_on_2_and_is_used_up(client, match, home_coach):
    dice = _kick_off_bb2020(match, home_coach)
    _bought(match, "away", ("bribe", "", 2))
    _drive(match, home_coach, dice)
    assert drives.bribes_left(match, "away") == 2
    kept = _sent_off(match, home_coach, dice, "away", bribe=True, faces={"bribe": [2]})
    assert kept.rolls["bribed"] is True
    lost = _sent_off(
        match, home_coach, dice, "away", bribe=True, faces={"bribe": [1]}, kind="secret_weapon_sent_off"
    )
    assert lost.rolls["bribed"] is False
    assert drives.bribes_used(match, "away") == 2
    assert drives.bribes_left(match, "away") == 0
    with pytest.raises(ValidationError):
        _sent_off(match, home_coach, dice, "away", bribe=True, faces={"bribe": [6]})
    html = client.get(reverse("matches:scoreboard", args=[match.pk])).text
    assert "bribe" not in html  # both spent: the scoreboard shows none


def test_bribe_when_the_call_was_argued_successfully_is_not_spent(match, home_coach):
    dice = _kick_off_bb2020(match, home_coach)
    _bought(match, "away", ("bribe", "", 1))
    _drive(match, home_coach, dice)
    event = _sent_off(
        match, home_coach, dice, "away", argue=True, bribe=True, faces={"argue": [6], "bribe": [2]}
    )
    assert "bribe" not in event.rolls
    assert drives.bribes_left(match, "away") == 1


def test_bribe_from_get_the_ref_counts_and_shows_one_less_once_spent(client, match, home_coach):
    dice = _kick_off_bb2020(match, home_coach)
    _drive(match, home_coach, dice, kickoff=(1, 1))  # Get the Ref: a bribe each
    assert drives.bribes_left(match, "home") == 1
    _sent_off(match, home_coach, dice, "home", bribe=True, faces={"bribe": [3]})
    assert drives.bribes_left(match, "home") == 0
    html = client.get(reverse("matches:scoreboard", args=[match.pk])).text
    assert html.count("1 bribe") == 1  # the away team's only


def test_bribe_bb2020_is_refused_once_the_coach_was_thrown_out(match, home_coach):
    dice = _kick_off_bb2020(match, home_coach)
    _bought(match, "away", ("bribe", "", 2))
    _drive(match, home_coach, dice)
    with pytest.raises(ValidationError, match="no more bribes"):
        _sent_off(match, home_coach, dice, "away", argue=True, bribe=True, faces={"argue": [1], "bribe": [4]})
    _sent_off(match, home_coach, dice, "away", argue=True, faces={"argue": [1]})
    with pytest.raises(ValidationError, match="no more bribes"):
        _sent_off(match, home_coach, dice, "away", bribe=True, faces={"bribe": [4]})


def test_bribe_bb2025_may_follow_a_coach_thrown_out(bb2025_match, home_coach):
    match, dice = bb2025_match
    _bought(match, "home", ("bribe", "", 1))
    _drive(match, home_coach, dice)
    event = _sent_off(
        match, home_coach, dice, "home", argue=True, bribe=True, faces={"argue": [1], "bribe": [4]}
    )
    assert event.outcome == "youre_outta_here"
    assert event.rolls["bribed"] is True


def test_bribe_with_fink_da_fixer_rerolls_one_failed_bribe_a_game(match, home_coach):
    dice = _kick_off_bb2020(match, home_coach)
    _bought(match, "away", ("bribe", "", 2), ("famous_coaching_staff", "fink_da_fixer", 1))
    _drive(match, home_coach, dice)
    first = _sent_off(match, home_coach, dice, "away", bribe=True, faces={"bribe": [1, 4]})
    assert (first.rolls["bribed"], first.rolls["bribe_reroll_of"]) == (True, "fink_da_fixer")
    second = _sent_off(match, home_coach, dice, "away", bribe=True, faces={"bribe": [1, 4]})
    assert second.rolls["bribed"] is False
    assert "bribe_reroll_of" not in second.rolls


def test_quick_form_offers_a_bribe_only_to_a_team_with_one_left(match, home_coach):
    dice = _kick_off_bb2020(match, home_coach)
    _bought(match, "away", ("bribe", "", 1))
    _drive(match, home_coach, dice)
    assert "bribe_roll" in QuickEventForm(match=match, kind="sent_off", side="away").fields
    assert "bribe_roll" not in QuickEventForm(match=match, kind="sent_off", side="home").fields
    form = QuickEventForm(
        {"kind": "sent_off", "side": "away", "player": f"p{_first(match.away_team).pk}", "bribe_roll": "5"},
        match=match,
        kind="sent_off",
        side="away",
    )
    assert form.is_valid(), form.errors
    assert form.save(user=home_coach, dice=dice).rolls["bribed"] is True


# --- apothecaries ---------------------------------------------------------------------------------


def _casualty(match, user, dice, *, victim_side, victim=None, journeyman="", faces, **options):
    return drives.add_event(
        match,
        user=user,
        kind="casualty",
        side="home" if victim_side == "away" else "away",
        victim=victim,
        victim_journeyman=journeyman,
        cause="crowd",
        dice=dice,
        faces=faces,
        **options,
    )


def test_apothecary_of_the_team_is_used_once_a_game(match, home_coach, home_team):
    dice = _kick_off_bb2020(match, home_coach)
    _drive(match, home_coach, dice)
    players = list(home_team.players.order_by("number"))
    faces = {"casualty": [10], "apothecary": [2]}
    event = _casualty(
        match, home_coach, dice, victim_side="home", victim=players[0], faces=faces, apothecary=True
    )
    assert event.rolls["apothecary_of"] == "team"
    assert not drives.has_apothecary(match, "home")
    with pytest.raises(ValidationError, match="all been used"):
        _casualty(
            match, home_coach, dice, victim_side="home", victim=players[1], faces=faces, apothecary=True
        )


def test_wandering_apothecary_bb2020_treats_a_journeyman_the_team_apothecary_may_not(home_coach, away_coach):
    home = make_team(home_coach, name="Reavers")
    away = make_team(away_coach, name="Short", apothecary=True)
    away.players.filter(pk=away.players.order_by("-number").first().pk).update(miss_next_game=True)
    match = prematch.create_match(home_team=home, away_team=away, created_by=home_coach)
    dice = _kick_off_bb2020(match, home_coach)
    _bought(match, "away", ("wandering_apothecary", "", 1))
    _drive(match, home_coach, dice)
    journeyman = match.plain_journeymen("away")[0]["key"]
    faces = {"casualty": [10], "apothecary": [2]}
    treated = _casualty(
        match, home_coach, dice, victim_side="away", journeyman=journeyman, faces=faces, apothecary=True
    )
    assert treated.rolls["apothecary_of"] == "wandering_apothecary"
    with pytest.raises(ValidationError, match="cannot treat"):
        _casualty(
            match, home_coach, dice, victim_side="away", journeyman=journeyman, faces=faces, apothecary=True
        )
    own = _casualty(
        match, home_coach, dice, victim_side="away", victim=_first(away), faces=faces, apothecary=True
    )
    assert own.rolls["apothecary_of"] == "team"
    assert not drives.has_apothecary(match, "away")


def test_wandering_apothecaries_bb2025_each_treat_once(bb2025_match, home_coach):
    match, dice = bb2025_match
    _bought(match, "home", ("wandering_apothecary", "", 2))
    _drive(match, home_coach, dice)
    players = list(match.home_team.players.order_by("number"))
    faces = {"casualty": [10], "apothecary": [2]}
    for player in players[:2]:
        event = _casualty(
            match, home_coach, dice, victim_side="home", victim=player, faces=faces, apothecary=True
        )
        assert event.rolls["apothecary_of"] == "wandering_apothecary"
    with pytest.raises(ValidationError):
        _casualty(
            match, home_coach, dice, victim_side="home", victim=players[2], faces=faces, apothecary=True
        )


# --- Regeneration ---------------------------------------------------------------------------------


def _regenerating(player):
    player.extra_skills = [{"skill": "regeneration", "origin": "test"}]
    player.save()
    return player


def test_regeneration_bb2020_after_the_casualty_roll_cancels_it_on_4(match, home_coach, home_team):
    dice = _kick_off_bb2020(match, home_coach)
    _drive(match, home_coach, dice)
    victim = _regenerating(_first(home_team))
    event = _casualty(
        match,
        home_coach,
        dice,
        victim_side="home",
        victim=victim,
        faces={"casualty": [12], "regeneration": [4]},
    )
    assert event.rolls["regenerated"] is True
    assert [roll["total"] for roll in event.rolls["casualty"]] == [12]
    assert "result" not in event.rolls
    assert event.outcome == ""
    failed = _casualty(
        match,
        home_coach,
        dice,
        victim_side="home",
        victim=victim,
        faces={"casualty": [12], "regeneration": [3]},
    )
    assert failed.rolls["regenerated"] is False
    assert failed.outcome == "serious_injury"


def test_regeneration_bb2025_before_the_casualty_roll_spares_it(bb2025_match, home_coach):
    match, dice = bb2025_match
    _drive(match, home_coach, dice)
    victim = _regenerating(_first(match.home_team))
    event = _casualty(match, home_coach, dice, victim_side="home", victim=victim, faces={"regeneration": [5]})
    assert event.rolls["regenerated"] is True
    assert "casualty" not in event.rolls  # NoDice: a casualty D16 would have failed the test
    failed = _casualty(
        match,
        home_coach,
        dice,
        victim_side="home",
        victim=victim,
        faces={"regeneration": [2], "casualty": [3]},
    )
    assert failed.outcome == "badly_hurt"


def test_mortuary_assistant_rerolls_one_failed_regeneration_a_game(match, home_coach, home_team):
    dice = _kick_off_bb2020(match, home_coach)
    _bought(match, "home", ("mortuary_assistant", "", 1))
    _drive(match, home_coach, dice)
    victim = _regenerating(_first(home_team))
    faces = {"casualty": [12], "regeneration": [2, 6]}
    event = _casualty(
        match, home_coach, dice, victim_side="home", victim=victim, faces=faces, regeneration_reroll=True
    )
    assert (event.rolls["regenerated"], event.rolls["regeneration_reroll_of"]) == (True, "mortuary_assistant")
    with pytest.raises(ValidationError, match="no Regeneration re-roll left"):
        _casualty(
            match, home_coach, dice, victim_side="home", victim=victim, faces=faces, regeneration_reroll=True
        )


def test_plague_doctor_bb2025_is_an_apothecary_or_a_regeneration_reroll_not_both(bb2025_match, home_coach):
    match, dice = bb2025_match
    _bought(match, "home", ("plague_doctor", "", 1))
    _drive(match, home_coach, dice)
    players = list(match.home_team.players.order_by("number"))
    victim = _regenerating(players[0])
    assert drives.regeneration_options(match, "home") == (True, True)
    faces = {"regeneration": [1, 4]}
    event = _casualty(
        match, home_coach, dice, victim_side="home", victim=victim, faces=faces, regeneration_reroll=True
    )
    assert event.rolls["regeneration_reroll_of"] == "plague_doctor"
    assert not drives.has_apothecary(match, "home")  # the doctor's one use is spent
    with pytest.raises(ValidationError):
        _casualty(
            match,
            home_coach,
            dice,
            victim_side="home",
            victim=players[1],
            faces={"casualty": [10], "apothecary": [2]},
            apothecary=True,
        )


def test_quick_form_asks_for_regeneration_only_for_a_team_that_has_it(match, home_coach, home_team):
    dice = _kick_off_bb2020(match, home_coach)
    _bought(match, "home", ("mortuary_assistant", "", 1))
    _drive(match, home_coach, dice)
    assert "regeneration" not in QuickEventForm(match=match, kind="casualty", side="away").fields
    _regenerating(_first(home_team))
    fields = QuickEventForm(match=match, kind="casualty", side="away").fields
    assert {"regeneration", "regeneration_reroll"} <= set(fields)
    assert "regeneration" not in QuickEventForm(match=match, kind="casualty", side="home").fields


def test_live_page_when_a_bribe_and_a_regeneration_were_rolled_says_what_they_did(client, match, home_coach):
    dice = _kick_off_bb2020(match, home_coach)
    _bought(match, "away", ("bribe", "", 1))
    _drive(match, home_coach, dice)
    _sent_off(match, home_coach, dice, "away", bribe=True, faces={"bribe": [4]})
    victim = _regenerating(_first(match.home_team))
    _casualty(
        match,
        home_coach,
        dice,
        victim_side="home",
        victim=victim,
        faces={"casualty": [3], "regeneration": [6]},
    )
    client.force_login(home_coach)
    html = client.get(reverse("matches:detail", args=[match.pk])).text
    assert "bribe: the player stays" in html
    assert "regenerated: to the Reserves" in html
