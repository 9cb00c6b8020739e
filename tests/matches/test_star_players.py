"""Star players hired as inducements play the match: they are chosen in the event forms (as actors of
their team and victims of the other), recover from KO, are named in the dice log and the report; they
earn no SPP, are never MVP and never touch a roster (edition.toml [spp], [mvp], [apothecary]).

The Reavers (home, favourite) hire Akhorne the Squirrel; the Bashers (away) hire Grak, who brings his
partner Crumbleberry (star_players.toml `pair`).
"""

import html
import random
import re

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils.choices import flatten_choices

from league.models import PlayerMatchStats
from matches.models import Event, Match
from matches.services import drives, postmatch, prematch
from rosters.ledger import snapshot_player
from rosters.models import Player
from rulebook.dice import Dice
from rulebook.edition import get_edition
from tests.factories import UserFactory
from tests.matches.conftest import NoDice, make_team, to_inducements
from tests.matches.prayers import name_prayer_targets
from tests.matches.test_lasting_effects import NEUTRAL_PRAYERS
from web.matches.forms import EndDriveForm, QuickEventForm

pytestmark = pytest.mark.django_db

HOME_STAR, GRAK, CRUMBLEBERRY = "home-s1", "away-s1", "away-s2"
HTMX = {"HX-Request": "true", "HX-Target": "live"}


def kick_off(match, user, *, home_counts=None, away_counts=None):
    """The pre-match sequence with entered dice, the given inducements bought, then the first kick-off."""
    dice = NoDice()
    prematch.roll_fans(match, dice=dice, user=user, faces={"home": [2], "away": [3]})
    prematch.roll_weather(match, dice=dice, user=user, faces=[3, 4])
    prematch.take_journeymen(match, user=user)
    prematch.buy_inducements(match, side="home", counts=home_counts or {}, user=user)
    prematch.buy_inducements(match, side="away", counts=away_counts or {}, user=user)
    count = prematch.prayers_side(match)[1]
    prematch.roll_prayers(match, dice=dice, user=user, faces=NEUTRAL_PRAYERS[:count] or None)
    name_prayer_targets(match, user)
    prematch.choose_kicking(match, user=user, side="home")
    drives.start_drive(match, dice=dice, user=user, faces={"kickoff": [1, 2]})
    match.refresh_from_db()
    return match


STARS = {
    "home_counts": {"star_player:akhorne_the_squirrel": 1},
    "away_counts": {"star_player:grak": 1},
}


@pytest.fixture
def starring(match, home_coach):
    return kick_off(match, home_coach, **STARS)


@pytest.fixture
def logged_in(client, home_coach):
    client.force_login(home_coach)
    return client


def add(client, match, **data):
    return client.post(reverse("matches:event_add", args=[match.pk]), data)


def state(match):
    """What a refused event must leave as it was."""
    match.refresh_from_db()
    return (
        Event.objects.filter(drive__match=match).count(),
        match.dice_log.count(),
        match.home_score,
        match.away_score,
    )


def text(response):
    return html.unescape(re.sub(r"\s+", " ", response.text))


def _stats_row(name, touchdowns, casualties, completions, spp):
    """A row of the report's players table, each number labelled for a phone's stacked rows."""
    return (
        f'<tr><td class="row-title">{name}</td><td data-label="TD">{touchdowns}</td>'
        f'<td data-label="CAS">{casualties}</td><td data-label="Completions">{completions}</td>'
        f'<td data-label="SPP">{spp}</td></tr>'
    )


# --- who plays ------------------------------------------------------------------------------------------


def test_star_players_when_a_pair_is_hired_lists_both_with_short_keys(starring):
    assert starring.star_players("home") == [{"key": HOME_STAR, "star": "akhorne_the_squirrel"}]
    assert starring.star_players("away") == [
        {"key": GRAK, "star": "grak"},
        {"key": CRUMBLEBERRY, "star": "crumbleberry"},
    ]
    # Events keep the key in a 12-character field.
    assert Event._meta.get_field("journeyman").max_length >= len("home-s16")
    assert starring.match_only_players("away", "fr") == {GRAK: "Grak", CRUMBLEBERRY: "Crumbleberry"}
    assert starring.match_only_players("home", "fr") == {HOME_STAR: "Akhorne l'Écureuil"}


def test_event_forms_when_stars_are_hired_offer_them_to_their_team_and_as_victims(starring):
    form = QuickEventForm(match=starring, kind="casualty", side="home")
    actors = dict(flatten_choices(form.fields["player"].choices))
    victims = dict(flatten_choices(form.fields["victim"].choices))
    assert actors[HOME_STAR] == "Akhorne the Squirrel"
    assert (victims[GRAK], victims[CRUMBLEBERRY]) == ("Grak", "Crumbleberry")
    assert GRAK not in actors
    assert HOME_STAR not in victims
    knock_out(starring, ("away", HOME_STAR), ("home", CRUMBLEBERRY))
    knocked_out = dict(EndDriveForm(match=starring).fields["knocked_out"].choices)
    assert knocked_out == {
        f"home:{HOME_STAR}": "Akhorne the Squirrel",
        f"away:{CRUMBLEBERRY}": "Crumbleberry",
    }


def knock_out(match, *hits):
    """Knocked_out events: each (acting side, journeyman key of the victim on the other side)."""
    for side, victim in hits:
        drives.add_event(
            match,
            user=match.created_by,
            kind="knocked_out",
            side=side,
            victim_journeyman=victim,
            cause="crowd",
        )


def test_live_form_when_a_star_plays_shows_it_in_the_readers_language(logged_in, starring):
    url = reverse("matches:detail", args=[starring.pk]) + "?kind=touchdown&side=home"
    page = text(logged_in.get(url, headers={"accept-language": "fr"}))
    assert f'<option value="{HOME_STAR}">Akhorne l\'Écureuil</option>' in page


# --- events ---------------------------------------------------------------------------------------------


def test_touchdown_when_scored_by_a_star_scores_but_earns_no_spp_and_no_mvp(logged_in, starring):
    response = add(logged_in, starring, kind="touchdown", side="away", player=CRUMBLEBERRY)
    assert response.status_code == 302
    starring.refresh_from_db()
    assert (starring.home_score, starring.away_score) == (0, 1)
    event = Event.objects.get(drive__match=starring, kind="touchdown")
    assert (event.player, event.journeyman, event.actor_key) == (None, CRUMBLEBERRY, CRUMBLEBERRY)
    assert postmatch.spp_earned(starring)["away"][CRUMBLEBERRY] == {"spp": 0, "touchdown": 1}
    assert get_edition("bb2020").settings.spp.star_players_earn is False
    candidates = dict(postmatch.mvp_candidates(starring, "away"))
    assert GRAK not in candidates
    assert CRUMBLEBERRY not in candidates
    assert len(candidates) == 11  # the linemen


def test_casualty_when_a_star_causes_one_credits_it_and_names_the_victim_in_the_dice_log(
    logged_in, starring, away_team
):
    victim = away_team.players.order_by("number").first()
    add(
        logged_in,
        starring,
        kind="casualty",
        side="home",
        player=HOME_STAR,
        victim=f"p{victim.pk}",
        cause="block",
        casualty="7",
    )
    event = Event.objects.get(drive__match=starring, kind="casualty")
    assert (event.journeyman, event.victim) == (HOME_STAR, victim)
    assert postmatch.spp_earned(starring)["home"][HOME_STAR]["spp"] == 0
    roll = starring.dice_log.get(purpose="casualty")
    assert (roll.player, roll.subject) == (victim, str(victim))


def test_casualty_when_a_star_suffers_one_logs_its_dice_under_its_name(logged_in, starring, away_team):
    blocker = away_team.players.order_by("number").first()
    add(
        logged_in,
        starring,
        kind="casualty",
        side="away",
        player=f"p{blocker.pk}",
        victim=HOME_STAR,
        cause="block",
        injury="5 5",
        casualty="13",
        lasting="2",
    )
    event = Event.objects.get(drive__match=starring, kind="casualty")
    assert (event.victim, event.victim_journeyman, event.outcome) == (None, HOME_STAR, "lasting_injury")
    rows = starring.dice_log.filter(step="drive").exclude(purpose="kick_off").order_by("id")
    assert [(row.purpose, row.player, row.subject) for row in rows] == [
        ("injury", None, HOME_STAR),
        ("casualty", None, HOME_STAR),
        ("lasting_injury", None, HOME_STAR),
    ]
    assert rows[0].subject_name(starring.match_only_players("home", "fr")) == "Akhorne l'Écureuil"
    assert postmatch.injuries(starring)["home"][HOME_STAR][0]["casualty"] == "lasting_injury"


def test_apothecary_when_the_victim_is_a_star_is_refused_and_nothing_changes(starring, away_coach):
    assert "star_player" in get_edition("bb2020").settings.apothecary.not_for
    assert drives.has_apothecary(starring, "home")
    before = state(starring)
    with pytest.raises(ValidationError, match="The apothecary cannot treat this player."):
        drives.add_event(
            starring,
            user=away_coach,
            kind="casualty",
            side="away",
            victim_journeyman=HOME_STAR,
            cause="crowd",
            apothecary=True,
            faces={"casualty": [15], "apothecary": [3]},
        )
    assert state(starring) == before


def test_ko_recovery_when_a_star_was_knocked_out_rolls_for_it(logged_in, starring, away_team):
    knock_out(starring, ("home", GRAK), ("away", HOME_STAR))
    response = logged_in.post(
        reverse("matches:drive_end", args=[starring.pk]),
        {"knocked_out": [f"away:{GRAK}", f"home:{HOME_STAR}"], "faces": "5 2"},
    )
    assert response.status_code == 302
    event = Event.objects.get(drive__match=starring, kind="end_of_drive_ko_recovery")
    recoveries = [(r["side"], r["journeyman"], r["recovered"]) for r in event.rolls["recoveries"]]
    assert recoveries == [("away", GRAK, True), ("home", HOME_STAR, False)]
    rows = starring.dice_log.filter(purpose="ko_recovery").order_by("id")
    assert [(row.subject, row.team, row.roll["total"]) for row in rows] == [
        (GRAK, away_team, 5),
        (HOME_STAR, starring.home_team, 2),
    ]


# --- forged keys ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("side", "forged"),
    [
        ("home", "home-s2"),  # the home team hired one star only
        ("home", GRAK),  # a star of the other team
        ("away", "away-s-grak"),  # not a key of ours
    ],
)
def test_event_when_a_forged_star_key_is_posted_is_refused_and_nothing_changes(
    logged_in, starring, side, forged
):
    before = state(starring)
    response = add(logged_in, starring, kind="touchdown", side=side, player=forged)
    assert response.status_code == 302
    assert "Select a valid choice" in text(logged_in.get(response["Location"]))
    assert state(starring) == before
    with pytest.raises(ValidationError, match="Unknown journeyman"):
        drives.add_event(starring, user=starring.created_by, kind="touchdown", side=side, journeyman=forged)
    assert state(starring) == before


def test_event_when_no_star_was_hired_offers_no_star_key(match, home_coach):
    plain = kick_off(match, home_coach)
    assert plain.star_players("home") == plain.star_players("away") == []
    form = QuickEventForm(match=plain, kind="touchdown", side="home")
    assert not any(key.startswith("home-s") for key, _label in flatten_choices(form.fields["player"].choices))
    with pytest.raises(ValidationError, match="Unknown journeyman"):
        drives.add_event(plain, user=home_coach, kind="touchdown", side="home", journeyman=HOME_STAR)


# --- after the match ------------------------------------------------------------------------------------


def _played(match, user, away_team):
    """Akhorne scores and is killed by a Basher; Grak injures a Reaver's catcher; home concedes."""
    blocker = away_team.players.order_by("number").first()
    catcher = match.home_team.players.get(position="catcher")
    drives.add_event(match, user=user, kind="touchdown", side="home", journeyman=HOME_STAR)
    drives.start_drive(match, dice=NoDice(), user=user, faces={"kickoff": [1, 2]})
    drives.add_event(
        match,
        user=user,
        kind="casualty",
        side="away",
        player=blocker,
        victim_journeyman=HOME_STAR,
        cause="block",
        faces={"casualty": [16]},
    )
    drives.add_event(
        match,
        user=user,
        kind="casualty",
        side="away",
        journeyman=GRAK,
        victim=catcher,
        cause="block",
        faces={"casualty": [7]},
    )
    drives.concede(match, side="home", user=user)
    match.refresh_from_db()
    return blocker, catcher


def test_apply_when_stars_played_changes_no_roster_for_them(starring, home_coach, away_team):
    home_team = starring.home_team
    blocker, catcher = _played(starring, home_coach, away_team)
    rosters = {
        team.pk: {p.pk: snapshot_player(p) for p in team.players.exclude(pk=catcher.pk)}
        for team in (home_team, away_team)
    }
    postmatch.roll_postmatch(starring, dice=Dice(random.Random(5)), user=home_coach)
    postmatch.apply_postmatch(starring, user=home_coach)
    starring.refresh_from_db()
    assert starring.status == Match.Status.APPLIED
    for team in (home_team, away_team):
        players = {p.pk: snapshot_player(p) for p in team.players.exclude(pk=catcher.pk)}
        spp_aside = {pk: {**snap, "spp_earned": None} for pk, snap in players.items()}
        assert spp_aside == {pk: {**snap, "spp_earned": None} for pk, snap in rosters[team.pk].items()}
        assert not team.players.filter(name__in=["Akhorne the Squirrel", "Grak", "Crumbleberry"]).exists()
    catcher.refresh_from_db()
    assert catcher.miss_next_game is True  # the casualty Grak caused is on the roster
    outcome = starring.outcome
    assert outcome["home"]["injuries"][HOME_STAR][0]["dead"] is True  # recorded, on no roster
    assert outcome["home"]["spp"][HOME_STAR] == {"spp": 0, "touchdown": 1}
    assert outcome["away"]["spp"][GRAK] == {"spp": 0, "casualty": 1}
    assert outcome["away"]["mvp"].startswith("p")  # a Basher on the roster, never Grak or Crumbleberry
    assert not PlayerMatchStats.objects.filter(match=starring, touchdowns__gt=0).exists()
    # The Basher who killed Akhorne has the only casualty: Grak's is credited to nobody on a roster.
    casualties = PlayerMatchStats.objects.filter(match=starring, casualties__gt=0)
    assert [(row.player, row.casualties, row.kills) for row in casualties] == [(blocker, 1, 1)]


def test_report_when_stars_played_names_them_in_timeline_statistics_and_injuries(
    client, starring, home_coach, away_team
):
    _played(starring, home_coach, away_team)
    page = text(client.get(reverse("matches:report", args=[starring.pk])))
    stars = page.split('data-testid="star-players">', 1)[1].split("</dd>", 1)[0]
    assert stars == "Akhorne the Squirrel – Grak, Crumbleberry"
    assert "Touchdown · Reavers · Akhorne the Squirrel" in page
    assert "→ Akhorne the Squirrel (Reavers) · Dead" in page  # a victim is named with their team
    assert "Casualty · Bashers · Grak →" in page
    assert _stats_row("Akhorne the Squirrel", 1, 0, 0, 0) in page
    assert _stats_row("Grak", 0, 1, 0, 0) in page
    injuries = page.split('data-testid="injuries-home"', 1)[1].split("</table>", 1)[0]
    assert '<td class="row-title">Akhorne the Squirrel</td><td data-label="Injuries">Dead</td>' in injuries
    # Each team's tables say whose players they list.
    assert "<caption>Reavers</caption>" in injuries
    assert '<table data-testid="players-away" class="stack-rows"> <caption>Bashers</caption>' in page


def test_report_in_french_when_stars_played_names_them_in_french(client, starring, home_coach, away_team):
    _played(starring, home_coach, away_team)
    page = text(client.get(reverse("matches:report", args=[starring.pk]), headers={"accept-language": "fr"}))
    french = get_edition("bb2020").name(get_edition("bb2020").star_players["akhorne_the_squirrel"], "fr")
    assert french == "Akhorne l'Écureuil"
    stars = page.split('data-testid="star-players">', 1)[1].split("</dd>", 1)[0]
    assert stars.startswith(french)
    assert f'<tr><td class="row-title">{french}</td><td data-label="TD">1</td>' in page
    injuries = page.split('data-testid="injuries-home"', 1)[1].split("</table>", 1)[0]
    assert f'<td class="row-title">{french}</td>' in injuries
    assert f" · Reavers · {french}" in page  # the timeline
    assert "Akhorne the Squirrel" not in page  # nor in the dice log, which names players when shown
    assert f"→ {french} (Reavers) · " in page


def test_live_page_when_stars_played_lists_them_in_the_latest_events(logged_in, starring):
    add(logged_in, starring, kind="completion", side="away", player=GRAK)
    page = text(logged_in.get(reverse("matches:detail", args=[starring.pk])))
    latest = page.split('data-testid="latest-events"', 1)[1].split("</ol>", 1)[0]
    assert "Completion · Bashers · Grak" in latest


# --- queries --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("page", "params", "headers"),
    [
        ("detail", "", {}),
        ("detail", "?kind=casualty&side=away", {}),
        ("detail", "?kind=casualty&side=away", HTMX),
        ("report", "", {}),
    ],
)
def test_live_pages_when_stars_play_run_as_many_queries_as_without(
    client, home_coach, away_coach, page, params, headers
):
    counts = []
    for name, counts_by_side in (("Plain", {}), ("Starry", STARS)):
        home = make_team(home_coach, name=f"{name} Reavers", extras=("thrower", "catcher"), rerolls=2)
        away = make_team(away_coach, name=f"{name} Bashers")
        match = kick_off(
            prematch.create_match(home_team=home, away_team=away, created_by=home_coach),
            home_coach,
            **counts_by_side,
        )
        drives.add_event(match, user=home_coach, kind="completion", side="away", player=away.players.first())
        if counts_by_side:
            drives.add_event(match, user=home_coach, kind="completion", side="away", journeyman=GRAK)
        client.force_login(home_coach)
        url = reverse(f"matches:{page}", args=[match.pk]) + params
        with CaptureQueriesContext(connection) as captured:
            response = client.get(url, headers=headers)
        assert response.status_code == 200
        counts.append(len(captured))
    assert "Grak" in response.text
    assert counts[0] == counts[1]


def test_live_page_when_an_outsider_posts_a_star_event_is_refused(client, starring):
    client.force_login(UserFactory(username="outsider"))
    before = state(starring)
    response = add(client, starring, kind="touchdown", side="home", player=HOME_STAR)
    assert response.status_code == 403
    assert state(starring) == before
    assert Player.objects.filter(name="Akhorne the Squirrel").count() == 0


# --- pairs hired together ----------------------------------------------------------------------------


def _ready_to_buy(match, user):
    to_inducements(match, user)
    prematch.buy_inducements(match, side="home", counts={}, user=user)


def test_a_pairs_partner_is_not_offered_alone(match, home_coach):
    _ready_to_buy(match, home_coach)
    offered = {item["choice"] for item in prematch.catalogue(match, "away") if item["id"] == "star_player"}
    assert "grak" in offered
    assert "crumbleberry" not in offered
    with pytest.raises(ValidationError):
        prematch.buy_inducements(match, side="away", counts={"star_player:crumbleberry": 1}, user=home_coach)


def test_a_pair_counts_as_two_star_players(match, home_coach):
    _ready_to_buy(match, home_coach)
    assert get_edition("bb2020").inducements["star_player"].max == 2
    with pytest.raises(ValidationError, match="Too many star players"):
        prematch.buy_inducements(
            match,
            side="away",
            counts={"star_player:grak": 1, "star_player:akhorne_the_squirrel": 1},
            user=home_coach,
        )
    assert match.away_inducements == []
