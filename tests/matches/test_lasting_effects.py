"""Rules with a lasting effect: Prayers to Nuffle that change SPP, Get the Ref and Brilliant Coaching,
the SPP of touchdowns awarded by a concession, wizards and (in)famous coaching staff as inducements."""

import random
from dataclasses import replace
from html import escape

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from matches.services import drives, effects, postmatch, prematch
from rulebook.coverage import HANDLERS
from rulebook.dice import Dice
from rulebook.edition import get_edition
from tests.matches.conftest import NoDice, make_team
from tests.matches.prayers import name_prayer_targets

pytestmark = pytest.mark.django_db


# Prayers that change no SPP, to fill up the underdog's rolls.
NEUTRAL_PRAYERS = [2, 3, 4, 5, 6, 7, 8, 9, 14, 15, 16, 1]


def _ready(match, user, *, prayers=(), home_counts=None, away_counts=None):
    """Pre-match with entered dice; the underdog's prayers are `prayers` then neutral ones."""
    dice = NoDice()
    prematch.roll_fans(match, dice=dice, user=user, faces={"home": [2], "away": [3]})
    prematch.roll_weather(match, dice=dice, user=user, faces=[3, 4])
    prematch.take_journeymen(match, user=user)
    prematch.buy_inducements(match, side="home", counts=home_counts or {}, user=user)
    prematch.buy_inducements(match, side="away", counts=away_counts or {}, user=user)
    count = prematch.prayers_side(match)[1]
    faces = [*prayers, *(face for face in NEUTRAL_PRAYERS if face not in prayers)][:count]
    prematch.roll_prayers(match, dice=dice, user=user, faces=faces)
    name_prayer_targets(match, user)
    prematch.choose_kicking(match, user=user, side="home")
    return dice


def _casualty(match, user, *, side, player, victim, cause, faces=(1,)):
    return drives.add_event(
        match,
        user=user,
        kind="casualty",
        side=side,
        player=player,
        victim=victim,
        cause=cause,
        dice=NoDice(),
        faces={"casualty": list(faces)},
    )


# --- 1. Prayers to Nuffle in the SPP ---------------------------------------------------------------


def test_spp_when_perfect_passing_fan_interaction_and_fouling_frenzy_are_in_force(
    match, home_coach, home_team, away_team
):
    # D16 10, 11, 13: Perfect Passing (game), Fan Interaction (drive), Fouling Frenzy (drive).
    dice = _ready(match, home_coach, prayers=[10, 11, 13])
    assert effects.prayer_ids(match, "away")[:3] == ["perfect_passing", "fan_interaction", "fouling_frenzy"]
    passer, pusher, fouler = away_team.players.order_by("number")[:3]
    victims = list(home_team.players.order_by("number"))
    home_thrower = home_team.players.get(position="thrower")
    # Drive 1: the drive prayers apply (the first drive of the match).
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    drives.add_event(match, user=home_coach, kind="completion", side="away", player=passer)
    drives.add_event(match, user=home_coach, kind="completion", side="home", player=home_thrower)
    _casualty(match, home_coach, side="away", player=pusher, victim=victims[0], cause="crowd")
    _casualty(match, home_coach, side="away", player=fouler, victim=victims[1], cause="foul")
    drives.add_event(match, user=home_coach, kind="touchdown", side="away", player=passer)
    # Drive 2: only Perfect Passing (game) is left.
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    drives.add_event(match, user=home_coach, kind="completion", side="away", player=passer)
    _casualty(match, home_coach, side="away", player=pusher, victim=victims[2], cause="crowd")
    _casualty(match, home_coach, side="away", player=fouler, victim=victims[3], cause="foul")
    earned = postmatch.spp_earned(match)
    # Two completions at 2 SPP (Perfect Passing) + a touchdown (3).
    assert earned["away"][f"p{passer.pk}"] == {"completion": 2, "touchdown": 1, "spp": 7}
    # Crowd and foul casualties earn 2 SPP in drive 1 only, nothing in drive 2.
    assert earned["away"][f"p{pusher.pk}"] == {"casualty": 1, "spp": 2}
    assert earned["away"][f"p{fouler.pk}"] == {"casualty": 1, "spp": 2}
    # The other team's completion earns the usual 1 SPP.
    assert earned["home"][f"p{home_thrower.pk}"] == {"completion": 1, "spp": 1}


def test_spp_when_necessary_violence_is_in_force_only_the_first_drive_earns_three(
    match, home_coach, home_team, away_team
):
    # D16 12, 4, 8: Necessary Violence (drive), Iron Man, Blessed Statue of Nuffle.
    dice = _ready(match, home_coach, prayers=[12, 4, 8])
    hitter = away_team.players.order_by("number")[0]
    victims = list(home_team.players.order_by("number"))
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    _casualty(match, home_coach, side="away", player=hitter, victim=victims[0], cause="block")
    _casualty(match, home_coach, side="away", player=hitter, victim=victims[1], cause="foul")
    drives.end_drive(match, user=home_coach, dice=dice)
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    _casualty(match, home_coach, side="away", player=hitter, victim=victims[2], cause="block")
    drives.end_drive(match, user=home_coach, dice=dice)
    # 3 (drive 1, block) + 0 (foul: no Fouling Frenzy) + 2 (drive 2).
    assert postmatch.spp_earned(match)["away"][f"p{hitter.pk}"] == {"casualty": 2, "spp": 5}
    postmatch.roll_postmatch(
        match,
        dice=dice,
        user=home_coach,
        faces={"home": {"mvp": [1], "mistake": [6]}, "away": {"mvp": [2], "mistake": [6]}},
    )
    postmatch.apply_postmatch(match, user=home_coach)
    hitter.refresh_from_db()
    assert hitter.spp_earned == 5  # the MVP (D16 2) went to the second player on the list


def test_prayer_in_force_when_drive_or_half_prayers_pass_the_first_drive():
    table = get_edition("bb2020").table("prayers_to_nuffle")
    drive, half, game = (table.row(r) for r in ("fan_interaction", "moles_under_the_pitch", "iron_man"))
    assert effects.prayer_in_force(drive, half=1, number=1)
    assert not effects.prayer_in_force(drive, half=1, number=2)
    assert effects.prayer_in_force(half, half=1, number=3)
    assert not effects.prayer_in_force(half, half=2, number=4)
    assert effects.prayer_in_force(game, half=2, number=6)
    assert effects.prayer_in_force(drive, half=None, number=None)  # before the first drive


# --- 2. kick-off events that last, prayers on the scoreboard ------------------------------------------


def test_get_the_ref_when_rolled_gives_each_team_a_bribe_for_the_game(client, match, home_coach):
    dice = _ready(match, home_coach, away_counts={"bribe": 1})
    drive = drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 1]})
    assert drive.kickoff_event == "get_the_ref"
    kick_off = drive.events.get(kind="kick_off")
    assert kick_off.rolls["effects"]["bribes"] == {"home": 1, "away": 1}
    drives.add_event(match, user=home_coach, kind="touchdown", side="home")
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    html = client.get(reverse("matches:scoreboard", args=[match.pk])).text
    assert "1 bribe" in html  # home: Get the Ref
    assert "2 bribes" in html  # away: the bribe bought + Get the Ref


def test_brilliant_coaching_when_won_gives_a_re_roll_for_the_drive_only(client, match, home_coach, away_team):
    away_team.assistant_coaches = 4
    away_team.save()
    dice = _ready(match, home_coach)
    # 7: Brilliant Coaching; home D6 5 + 0 assistant coaches, away D6 2 + 4.
    drive = drives.start_drive(
        match,
        dice=dice,
        user=home_coach,
        faces={"kickoff": [3, 4], "event": {"home": [[5]], "away": [[2]]}},
    )
    assert drive.kickoff_event == "brilliant_coaching"
    assert drive.events.get(kind="kick_off").rolls["effects"]["rerolls"] == {"away": 1}
    html = client.get(reverse("matches:scoreboard", args=[match.pk])).text
    assert 'data-testid="effects-away"' in html
    assert "1 extra team re-roll this drive" in html
    assert "re-roll" not in html.split('data-testid="effects-away"')[0]
    drives.end_drive(match, user=home_coach, dice=dice)
    html = client.get(reverse("matches:scoreboard", args=[match.pk])).text
    assert "extra team re-roll" not in html


def test_brilliant_coaching_when_tied_gives_both_teams_a_re_roll(match, home_coach):
    dice = _ready(match, home_coach)
    drive = drives.start_drive(
        match, dice=dice, user=home_coach, faces={"kickoff": [3, 4], "event": {"home": [[4]], "away": [[4]]}}
    )
    assert effects.kickoff_result(match, drive)["rerolls"] == {"home": 1, "away": 1}


def test_scoreboard_when_prayers_are_in_force_lists_them_until_their_drive_ends(client, match, home_coach):
    dice = _ready(match, home_coach, prayers=[10, 11, 13])
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    html = client.get(reverse("matches:scoreboard", args=[match.pk])).text
    assert "Prayers to Nuffle in force" in html
    for name in ("Perfect Passing", "Fan Interaction", "Fouling Frenzy"):
        assert name in html
    drives.add_event(match, user=home_coach, kind="touchdown", side="home")
    html = client.get(reverse("matches:scoreboard", args=[match.pk])).text
    assert "Perfect Passing" in html
    assert "Fan Interaction" not in html


# --- 3. concession: the winner assigns the SPP of awarded touchdowns -----------------------------------


def test_concession_when_the_winner_assigns_the_awarded_touchdowns(match, home_coach, home_team, away_team):
    dice = _ready(match, home_coach)
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    drives.add_event(match, user=home_coach, kind="touchdown", side="away", player=away_team.players.first())
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    drives.concede(match, side="away", user=home_coach)
    # The conceder's touchdown and one more are awarded to the home team.
    assert postmatch.awarded_touchdowns(match) == {"home": 2, "away": 0}
    catcher = home_team.players.get(position="catcher")
    thrower = home_team.players.get(position="thrower")
    with pytest.raises(ValidationError, match="awarded touchdown"):
        postmatch.roll_postmatch(
            match, dice=dice, user=home_coach, awarded={"home": [f"p{away_team.players.first().pk}"]}
        )
    postmatch.roll_postmatch(
        match,
        dice=dice,
        user=home_coach,
        faces={"home": {"fans": [6], "mvp": [1], "mistake": [6]}, "away": {"fans": [1], "mistake": [6]}},
        awarded={"home": [f"p{catcher.pk}", f"p{thrower.pk}"]},
    )
    postmatch.apply_postmatch(match, user=home_coach)
    catcher.refresh_from_db()
    thrower.refresh_from_db()
    assert catcher.spp_earned == 3
    assert thrower.spp_earned == 3
    match.refresh_from_db()
    assert match.outcome["home"]["spp"][f"p{catcher.pk}"]["awarded_touchdown"] == 1


def test_concession_when_the_conceders_scorer_keeps_the_touchdown_spp(match, home_coach, away_team):
    dice = _ready(match, home_coach)
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    scorer = away_team.players.first()
    drives.add_event(match, user=home_coach, kind="touchdown", side="away", player=scorer)
    drives.concede(match, side="away", user=home_coach)
    # The score moves to the winner, but the deed stays with the player who did it.
    assert postmatch.final_score(match)["away"] == 0
    assert postmatch.spp_earned(match)["away"][f"p{scorer.pk}"] == {"spp": 3, "touchdown": 1}


def test_concession_when_the_edition_voids_the_conceders_touchdown_spp(
    match, home_coach, away_team, monkeypatch
):
    dice = _ready(match, home_coach)
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    scorer = away_team.players.first()
    drives.add_event(match, user=home_coach, kind="touchdown", side="away", player=scorer)
    drives.concede(match, side="away", user=home_coach)
    edition = get_edition(away_team.edition)
    rules = replace(edition.settings.concession, conceder_touchdown_spp=False)
    monkeypatch.setattr(edition, "settings", replace(edition.settings, concession=rules))
    assert postmatch.spp_earned(match)["away"] == {}


def test_postmatch_form_when_conceded_offers_a_select_per_awarded_touchdown(
    client, match, home_coach, home_team
):
    dice = _ready(match, home_coach)
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    drives.concede(match, side="away", user=home_coach)
    client.force_login(home_coach)
    html = client.get(reverse("matches:detail", args=[match.pk])).text
    assert 'name="home_awarded_1"' in html
    assert 'name="away_awarded_1"' not in html
    catcher = home_team.players.get(position="catcher")
    data = {"home_fans": "6", "home_mvp": "1", "home_mistake": "6", "away_fans": "1", "away_mistake": "6"}
    client.post(
        reverse("matches:postmatch_roll", args=[match.pk]), data | {"home_awarded_1": f"p{catcher.pk}"}
    )
    match.refresh_from_db()
    assert match.postmatch["home"]["awarded"] == [f"p{catcher.pk}"]
    assert postmatch.preview(match)["home"]["after"]["spp"][f"p{catcher.pk}"]["spp"] == 3


# --- 4. the match report ----------------------------------------------------------------------------------


def test_report_when_a_player_was_injured_shows_the_injury_and_the_dice(client, home_coach, away_coach):
    home = make_team(home_coach, name="Reavers", extras=("thrower",))
    away = make_team(away_coach, name="Bashers")
    match = prematch.create_match(
        home_team=home, away_team=away, created_by=home_coach, optional_rules=["stadium", "match_balls"]
    )
    dice = NoDice()
    prematch.roll_stadium(match, dice=dice, user=home_coach, faces=[3, 4])
    _ready(match, home_coach, prayers=[2])
    prematch.roll_match_ball(match, dice=dice, user=home_coach, faces=[1])
    victim = away.players.order_by("number")[0]
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    drives.add_event(
        match,
        user=home_coach,
        kind="casualty",
        side="home",
        player=home.players.first(),
        victim=victim,
        cause="block",
        dice=dice,
        faces={"injury": [5, 6], "casualty": [13], "lasting": [3]},
    )
    edition = get_edition("bb2020")
    html = client.get(reverse("matches:report", args=[match.pk])).text
    assert 'data-testid="injuries-away"' in html
    assert "Lasting Injury – Smashed Knee" in html
    assert "Kick-off event" in html
    assert "Casualty" in html
    assert "5 6" in html  # the injury roll's faces
    assert edition.text("optional.stadium.nothing_special.name") in html
    assert escape(edition.text("optional.match_balls.explodin_ball.name")) in html
    assert escape(edition.text("optional.match_balls.explodin_ball.effect")) in html
    html = client.get(reverse("matches:report", args=[match.pk]), headers={"accept-language": "fr"}).text
    assert (
        edition.text("table.casualty.lasting_injury.name", "fr")
        + " – "
        + edition.text("table.lasting_injury.smashed_knee.name", "fr")
    ) in html


def test_report_when_no_optional_rule_is_used_shows_no_stadium(client, match, home_coach):
    _ready(match, home_coach)
    html = client.get(reverse("matches:report", args=[match.pk])).text
    assert get_edition("bb2020").text("optional.stadium.name") not in html
    assert "No casualty." in html


# --- 5. wizards and (in)famous coaching staff --------------------------------------------------------------


def test_catalogue_when_human_offers_the_wizards_and_staff_who_work_for_them(match):
    offered = {(i["id"], i["choice"]): i["price"] for i in prematch.catalogue(match, "home")}
    edition = get_edition("bb2020")
    assert offered[("wizard", "hireling_sports_wizard")] == 150_000
    assert offered[("wizard", "wicked_witch")] == edition.wizards["wicked_witch"]["cost"]  # Old World Classic
    assert offered[("famous_coaching_staff", "josef_bugman")] == 100_000
    assert offered[("famous_coaching_staff", "mungo_spinecracker")] == 80_000
    assert ("wizard", "chaos_sorcerer") not in offered
    assert ("famous_coaching_staff", "papa_skullbones") not in offered


def test_buy_inducements_when_a_wizard_is_hired_counts_its_price(match, home_coach):
    prematch.roll_fans(match, dice=NoDice(), user=home_coach, faces={"home": [2], "away": [3]})
    prematch.roll_weather(match, dice=NoDice(), user=home_coach, faces=[3, 4])
    prematch.take_journeymen(match, user=home_coach)
    with pytest.raises(ValidationError, match="Too many"):
        prematch.buy_inducements(
            match,
            side="home",
            counts={"wizard:hireling_sports_wizard": 1, "wizard:horatio_x_schottenheim": 1},
            user=home_coach,
        )
    with pytest.raises(ValidationError, match="cost more"):
        prematch.buy_inducements(
            match,
            side="home",
            counts={"wizard:hireling_sports_wizard": 1, "famous_coaching_staff:josef_bugman": 1},
            user=home_coach,
        )
    prematch.buy_inducements(match, side="home", counts={"wizard:horatio_x_schottenheim": 1}, user=home_coach)
    match.refresh_from_db()
    assert match.home_treasury_spent == 80_000
    assert match.home_ctv == 845_000 + 80_000
    # 2025 procedure: the underdog's petty cash adds what the favourite spent.
    assert prematch.budget(match, "away")["petty_cash"] == 295_000 + 80_000
    prematch.buy_inducements(
        match,
        side="away",
        counts={"famous_coaching_staff:josef_bugman": 1, "famous_coaching_staff:ayleen_andar": 1},
        user=home_coach,
    )
    match.refresh_from_db()
    assert match.away_treasury_spent == 0
    assert {(i["id"], i["choice"]) for i in match.away_inducements} == {
        ("famous_coaching_staff", "josef_bugman"),
        ("famous_coaching_staff", "ayleen_andar"),
    }


def test_inducements_page_when_buying_shows_wizards_with_their_price(client, match, home_coach):
    prematch.roll_fans(match, dice=NoDice(), user=home_coach, faces={"home": [2], "away": [3]})
    prematch.roll_weather(match, dice=NoDice(), user=home_coach, faces=[3, 4])
    prematch.take_journeymen(match, user=home_coach)
    client.force_login(home_coach)
    html = client.get(reverse("matches:detail", args=[match.pk])).text
    assert "Hireling Sports-Wizard (150,000)" in html
    assert "Josef Bugman (100,000)" in html
    client.post(
        reverse("matches:inducements", args=[match.pk, "home"]), {"home-wizard:horatio_x_schottenheim": "1"}
    )
    match.refresh_from_db()
    assert match.home_inducements == [
        {"id": "wizard", "choice": "horatio_x_schottenheim", "count": 1, "price": 80_000}
    ]


# --- the apply's query count ------------------------------------------------------------------------------


def _apply_queries(home_coach, away_coach, linemen):
    home = make_team(home_coach, name=f"H{linemen}", linemen=linemen, extras=("thrower",))
    away = make_team(away_coach, name=f"A{linemen}")
    match = prematch.create_match(home_team=home, away_team=away, created_by=home_coach)
    dice = Dice(random.Random(linemen))
    prematch.roll_fans(match, dice=dice, user=home_coach)
    prematch.roll_weather(match, dice=dice, user=home_coach)
    prematch.take_journeymen(match, user=home_coach)
    prematch.buy_inducements(match, side="home", counts={}, user=home_coach)
    prematch.buy_inducements(match, side="away", counts={}, user=home_coach)
    prematch.roll_prayers(match, dice=dice, user=home_coach)
    match.away_prayers = ["perfect_passing", "necessary_violence"]
    match.save()
    prematch.choose_kicking(match, user=home_coach, side="home")
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    for player in away.players.all():
        drives.add_event(match, user=home_coach, kind="completion", side="away", player=player)
    drives.add_event(match, user=home_coach, kind="touchdown", side="home", player=home.players.first())
    drives.concede(match, side="away", user=home_coach)
    postmatch.roll_postmatch(
        match, dice=dice, user=home_coach, awarded={"home": [f"p{p.pk}" for p in home.players.all()[:2]]}
    )
    with CaptureQueriesContext(connection) as captured:
        postmatch.apply_postmatch(match, user=home_coach)
    return len(captured)


def test_apply_when_prayers_and_awarded_touchdowns_query_count_does_not_grow_with_players(
    home_coach, away_coach
):
    assert _apply_queries(home_coach, away_coach, 11) == _apply_queries(home_coach, away_coach, 15)


def test_brilliant_coaching_when_a_part_time_assistant_coach_was_bought_he_breaks_the_tie(match, home_coach):
    """A Part-time Assistant Coach counts as an assistant coach for the game (rulebook.coverage finds the
    function that counts him)."""
    assert HANDLERS.handler("inducement", row="part_time_assistant_coach") is effects.assistant_coaches
    dice = _ready(match, home_coach)
    match.set_side_value(
        "inducements", "away", [{"id": "part_time_assistant_coach", "choice": "", "count": 1}]
    )
    match.save()
    drive = drives.start_drive(
        match, dice=dice, user=home_coach, faces={"kickoff": [3, 4], "event": {"home": [[4]], "away": [[4]]}}
    )
    assert effects.kickoff_result(match, drive)["rerolls"] == {"away": 1}
