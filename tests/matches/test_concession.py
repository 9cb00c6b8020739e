"""Conceding: the veterans' roll after a penalised concession, and the free concession of a team that can
set up too few players (declared before set-up)."""

import random

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from matches.models import DiceLog, Drive, Match
from matches.services import drives, postmatch, prematch
from rosters.ledger import snapshot_player, snapshot_team
from rosters.models import Player, Team
from rosters.values import player_value
from rulebook.dice import Dice
from rulebook.edition import get_edition
from tests.factories import UserFactory
from tests.matches.conftest import NoDice, make_team
from tests.matches.prayers import name_prayer_targets
from web.matches.forms import PostmatchForm

pytestmark = pytest.mark.django_db

RULES = get_edition("bb2020").settings.concession
SKILLS = ("block", "dodge", "sure_hands", "tackle", "wrestle", "sprint")
# Entered post-match dice for everything but the veterans.
FACES = {"home": {"fans": [6], "mvp": [1], "mistake": [6]}, "away": {"fans": [2], "mistake": [6]}}


def _advance(player, count):
    """Give `player` `count` skill advancements (value kept right, as the roster services would)."""
    player.advancements = [{"kind": "random_primary", "skill": skill, "spp": 6} for skill in SKILLS[:count]]
    player.value = player_value(player)
    player.save()
    return player


@pytest.fixture
def bashers(away_team):
    """The away team's players by number: #1 and #2 have 3 advancements, #3 has 4, #4 has 2."""
    players = list(away_team.players.order_by("number"))
    for player, count in zip(players, (3, 3, 4, 2), strict=False):
        _advance(player, count)
    return players


def _ready(match, user):
    """Pre-match with entered dice, up to the kick-off of the first drive (home kicks)."""
    dice = NoDice()
    prematch.roll_fans(match, dice=dice, user=user, faces={"home": [2], "away": [3]})
    prematch.roll_weather(match, dice=dice, user=user, faces=[3, 4])
    prematch.take_journeymen(match, user=user)
    first = prematch.favourite_side(match) or "home"  # the favourite buys first
    for side in (first, "away" if first == "home" else "home"):
        prematch.buy_inducements(match, side=side, counts={}, user=user)
    _side, count = prematch.prayers_side(match)
    prematch.roll_prayers(match, dice=dice, user=user, faces=list(range(2, 2 + count)))
    name_prayer_targets(match, user)
    prematch.choose_kicking(match, user=user, side="home")
    return dice


def _conceded_mid_drive(match, user, side="away"):
    dice = _ready(match, user)
    drives.start_drive(match, dice=dice, user=user, faces={"kickoff": [1, 2]})
    drives.concede(match, side=side, user=user)
    match.refresh_from_db()
    return dice


def _between_drives(match, user, home_team):
    """One drive played to a home touchdown: no drive is open."""
    dice = _ready(match, user)
    drives.start_drive(match, dice=dice, user=user, faces={"kickoff": [1, 2]})
    scorer = home_team.players.get(position="catcher")
    drives.add_event(match, user=user, kind="touchdown", side="home", player=scorer)
    return dice


def _veteran_faces(rolls):
    """{"away": {..., "veterans": {key: [n]}}} for the entered veteran dice."""
    return FACES | {"away": FACES["away"] | {"veterans": {f"p{p.pk}": [n] for p, n in rolls}}}


# --- the veterans' roll -----------------------------------------------------------------------------------


def test_veteran_rolls_when_entered_after_a_penalised_concession_retire_those_on_one_to_three(
    match, home_coach, away_team, bashers
):
    dice = _conceded_mid_drive(match, home_coach)
    first, second, third = bashers[:3]
    postmatch.roll_postmatch(
        match, dice=dice, user=home_coach, faces=_veteran_faces([(first, 1), (second, 3), (third, 4)])
    )
    rolled = match.postmatch["away"]["veterans"]
    assert [(r["player"], r["roll"]["total"], r["leaves"]) for r in rolled] == [
        (f"p{first.pk}", 1, True),
        (f"p{second.pk}", 3, True),
        (f"p{third.pk}", 4, False),
    ]
    logged = DiceLog.objects.filter(match=match, purpose="veteran_leaves")
    assert [(log.player_id, log.roll["source"], log.team_id) for log in logged] == [
        (first.pk, "entered", away_team.pk),
        (second.pk, "entered", away_team.pk),
        (third.pk, "entered", away_team.pk),
    ]
    previewed = postmatch.preview(match)["away"]["after"]["veterans"]
    assert [r["leaves"] for r in previewed] == [True, True, False]
    assert Player.objects.get(pk=first.pk).status == Player.Status.ACTIVE  # the preview saves nothing

    postmatch.apply_postmatch(match, user=home_coach)
    statuses = dict(away_team.players.values_list("pk", "status"))
    assert statuses[first.pk] == statuses[second.pk] == Player.Status.RETIRED
    assert statuses[third.pk] == Player.Status.ACTIVE
    away_team.refresh_from_db()
    on_roster = away_team.players.on_roster()
    assert on_roster.count() == 9
    assert away_team.team_value == sum(p.value for p in on_roster)
    match.refresh_from_db()
    assert [r["leaves"] for r in match.outcome["away"]["veterans"]] == [True, True, False]


@pytest.mark.parametrize(("face", "leaves"), [(1, True), (3, True), (4, False), (6, False)])
def test_veteran_roll_when_entered_leaves_only_on_the_edition_range(
    match, home_coach, away_team, bashers, face, leaves
):
    dice = _conceded_mid_drive(match, home_coach)
    veteran = bashers[0]
    rolls = [(veteran, face), (bashers[1], 6), (bashers[2], 6)]
    postmatch.roll_postmatch(match, dice=dice, user=home_coach, faces=_veteran_faces(rolls))
    postmatch.apply_postmatch(match, user=home_coach)
    veteran.refresh_from_db()
    assert RULES.veteran_leaves_on == (1, 3)
    assert veteran.status == (Player.Status.RETIRED if leaves else Player.Status.ACTIVE)


def test_veteran_rolls_when_dugout_rolls_with_seeded_dice_follow_the_logged_dice(
    match, home_coach, away_team, bashers
):
    _conceded_mid_drive(match, home_coach)
    postmatch.roll_postmatch(match, dice=Dice(random.Random(3)), user=home_coach, faces=FACES)
    logged = {
        log.player_id: log.roll for log in DiceLog.objects.filter(match=match, purpose="veteran_leaves")
    }
    assert set(logged) == {p.pk for p in bashers[:3]}
    assert {roll["source"] for roll in logged.values()} == {"rolled"}
    postmatch.apply_postmatch(match, user=home_coach)
    statuses = dict(away_team.players.values_list("pk", "status"))
    expected = {
        pk: Player.Status.RETIRED if roll["total"] <= 3 else Player.Status.ACTIVE
        for pk, roll in logged.items()
    }
    assert {pk: statuses[pk] for pk in logged} == expected
    # This seed sends one veteran away and keeps the others: both branches are exercised.
    assert sorted(expected.values()) == [Player.Status.ACTIVE, Player.Status.ACTIVE, Player.Status.RETIRED]


def test_veteran_rolls_when_players_have_fewer_advancements_or_play_for_the_winner_are_not_made(
    match, home_coach, home_team, bashers
):
    winner_veteran = _advance(home_team.players.order_by("number")[0], 5)
    _conceded_mid_drive(match, home_coach)
    postmatch.roll_postmatch(match, dice=Dice(random.Random(2)), user=home_coach, faces=FACES)
    rolled = {r["player"] for r in match.postmatch["away"]["veterans"]}
    assert rolled == {f"p{p.pk}" for p in bashers[:3]}
    assert f"p{bashers[3].pk}" not in rolled  # two advancements only
    assert "veterans" not in match.postmatch["home"]
    logged = set(
        DiceLog.objects.filter(match=match, purpose="veteran_leaves").values_list("player", flat=True)
    )
    assert bashers[3].pk not in logged
    assert winner_veteran.pk not in logged


def test_veteran_rolls_when_a_veteran_died_in_the_match_are_not_made_for_them(
    match, home_coach, home_team, bashers
):
    dice = _ready(match, home_coach)
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    drives.add_event(
        match,
        user=home_coach,
        kind="casualty",
        side="home",
        player=home_team.players.first(),
        victim=bashers[0],
        dice=dice,
        faces={"casualty": [16]},
    )
    drives.concede(match, side="away", user=home_coach)
    postmatch.roll_postmatch(match, dice=Dice(random.Random(2)), user=home_coach, faces=FACES)
    assert {r["player"] for r in match.postmatch["away"]["veterans"]} == {f"p{p.pk}" for p in bashers[1:3]}


# --- the free concession ----------------------------------------------------------------------------------


def test_free_concession_when_declared_between_drives_spares_the_fans_and_the_veterans(
    match, home_coach, home_team, away_team, bashers
):
    Team.objects.filter(pk=away_team.pk).update(dedicated_fans=3)
    dice = _between_drives(match, home_coach, home_team)
    drives.concede(match, side="away", user=home_coach, without_penalty=True)
    match.refresh_from_db()
    assert (match.status, match.conceded_by, match.conceded_without_penalty) == ("post_match", "away", True)
    assert postmatch.penalised_conceder(match) is None
    assert postmatch.result(match, "away") == "loss"  # the opponent still wins
    postmatch.roll_postmatch(
        match,
        dice=dice,
        user=home_coach,
        faces={"home": FACES["home"], "away": {"fans": [6], "mvp": [1], "mistake": [6]}},
    )
    away = match.postmatch["away"]
    assert "veterans" not in away
    assert away["fans"]["dice"] == "D6"  # an ordinary loser's Dedicated Fans roll, no D3 loss
    assert "mvp" in away
    assert not DiceLog.objects.filter(
        match=match, purpose__in=["veteran_leaves", "conceder_fans_loss"]
    ).exists()
    postmatch.apply_postmatch(match, user=home_coach)
    away_team.refresh_from_db()
    assert away_team.dedicated_fans == 3  # a loser's D6 of 6 is not under 3
    assert not away_team.players.exclude(status=Player.Status.ACTIVE).exists()
    match.refresh_from_db()
    # Winnings: each team its half of the attendance ((3 + 4) x 10k / 2) plus its touchdowns: the
    # conceding team keeps its share, the winner gets no more than usual (1 scored + 1 awarded).
    assert match.outcome["away"]["winnings"] == 35_000
    assert match.outcome["home"]["winnings"] == 35_000 + 2 * 10_000


def test_free_concession_when_declared_before_the_match_is_allowed(match, home_coach):
    drives.concede(match, side="home", user=home_coach, without_penalty=True)
    match.refresh_from_db()
    assert match.status == Match.Status.POST_MATCH
    assert (match.conceded_by, match.conceded_without_penalty) == ("home", True)


def test_penalised_concession_when_between_drives_still_takes_the_d3_and_the_veterans(
    match, home_coach, home_team, away_team, bashers
):
    Team.objects.filter(pk=away_team.pk).update(dedicated_fans=3)
    dice = _between_drives(match, home_coach, home_team)
    drives.concede(match, side="away", user=home_coach)
    match.refresh_from_db()
    assert postmatch.penalised_conceder(match) == "away"
    postmatch.roll_postmatch(
        match, dice=dice, user=home_coach, faces=_veteran_faces([(p, 5) for p in bashers[:3]])
    )
    postmatch.apply_postmatch(match, user=home_coach)
    away_team.refresh_from_db()
    assert away_team.dedicated_fans == 1  # 3 - D3 of 2
    match.refresh_from_db()
    assert match.outcome["away"]["winnings"] == 0


def test_free_concession_when_a_drive_is_open_is_refused_and_changes_nothing(match, home_coach):
    dice = _ready(match, home_coach)
    drive = drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    with pytest.raises(ValidationError) as refused:
        drives.concede(match, side="away", user=home_coach, without_penalty=True)
    assert "before set-up" in refused.value.messages[0]
    match.refresh_from_db()
    drive.refresh_from_db()
    assert (match.status, match.conceded_by, match.conceded_without_penalty) == ("in_progress", "", False)
    assert drive.is_open


def test_undo_last_event_when_the_concession_was_free_clears_the_declaration(match, home_coach, home_team):
    _between_drives(match, home_coach, home_team)
    drives.concede(match, side="away", user=home_coach, without_penalty=True)
    drives.undo_last_event(match, user=home_coach)
    match.refresh_from_db()
    assert (match.status, match.conceded_by, match.conceded_without_penalty) == ("in_progress", "", False)
    # Conceding again, mid-drive this time, is penalised.
    drives.start_drive(match, dice=NoDice(), user=home_coach, faces={"kickoff": [1, 2]})
    drives.concede(match, side="away", user=home_coach)
    match.refresh_from_db()
    assert postmatch.penalised_conceder(match) == "away"


def test_undo_last_event_when_the_concession_ended_a_drive_reopens_it(match, home_coach):
    _conceded_mid_drive(match, home_coach)
    drives.undo_last_event(match, user=home_coach)
    match.refresh_from_db()
    assert match.conceded_by == ""
    assert match.current_drive().ended_by == ""
    assert not Drive.objects.filter(match=match, ended_by=Drive.EndedBy.CONCESSION).exists()


def test_undo_last_event_when_conceded_during_the_prematch_goes_back_to_it(match, home_coach):
    prematch.roll_fans(match, dice=NoDice(), user=home_coach, faces={"home": [2], "away": [3]})
    drives.concede(match, side="away", user=home_coach)
    drives.undo_last_event(match, user=home_coach)
    match.refresh_from_db()
    assert (match.status, match.conceded_by) == ("pre_match", "")
    assert prematch.next_step(match) == "weather"


def test_undo_last_event_when_the_postmatch_dice_were_rolled_forgets_them(match, home_coach):
    _conceded_mid_drive(match, home_coach)
    postmatch.roll_postmatch(match, dice=Dice(random.Random(3)), user=home_coach)
    rolls = DiceLog.objects.filter(match=match).count()
    drives.undo_last_event(match, user=home_coach)
    match.refresh_from_db()
    assert (match.status, match.postmatch) == ("in_progress", {})
    assert DiceLog.objects.filter(match=match).count() == rolls  # the log keeps what was rolled


# --- apply and undo ---------------------------------------------------------------------------------------


def test_undo_apply_when_veterans_left_brings_them_back_exactly(
    match, home_coach, home_team, away_team, bashers
):
    before_teams = {t.pk: snapshot_team(Team.objects.get(pk=t.pk)) for t in (home_team, away_team)}
    before_players = {p.pk: snapshot_player(p) for p in Player.objects.all()}
    dice = _conceded_mid_drive(match, home_coach)
    postmatch.roll_postmatch(
        match,
        dice=dice,
        user=home_coach,
        faces=_veteran_faces([(bashers[0], 2), (bashers[1], 1), (bashers[2], 6)]),
    )
    postmatch.apply_postmatch(match, user=home_coach)
    assert away_team.players.filter(status=Player.Status.RETIRED).count() == 2
    postmatch.undo_apply(match, user=home_coach)
    for team in (home_team, away_team):
        assert snapshot_team(Team.objects.get(pk=team.pk)) == before_teams[team.pk]
    assert {p.pk: snapshot_player(p) for p in Player.objects.all()} == before_players
    match.refresh_from_db()
    assert match.status == Match.Status.POST_MATCH
    assert (
        len(match.postmatch["away"]["veterans"]) == 3
    )  # the dice are kept: applying again retires them again
    postmatch.apply_postmatch(match, user=home_coach)
    assert away_team.players.filter(status=Player.Status.RETIRED).count() == 2


def _applied_queries(home_coach, name, veterans):
    home = make_team(home_coach, name=f"{name} H")
    away = make_team(home_coach, name=f"{name} A", linemen=11 + veterans)
    for player in away.players.order_by("number")[:veterans]:
        _advance(player, 3)
    match = prematch.create_match(home_team=home, away_team=away, created_by=home_coach)
    _conceded_mid_drive(match, home_coach)
    faces = {"veterans": {f"p{p.pk}": [1] for p in away.players.all()}}
    postmatch.roll_postmatch(
        match, dice=NoDice(), user=home_coach, faces=FACES | {"away": FACES["away"] | faces}
    )
    with CaptureQueriesContext(connection) as captured:
        postmatch.apply_postmatch(match, user=home_coach)
    assert away.players.filter(status=Player.Status.RETIRED).count() == veterans
    return len(captured)


def test_apply_when_more_veterans_leave_makes_the_same_number_of_queries(home_coach):
    assert _applied_queries(home_coach, "Few", 1) == _applied_queries(home_coach, "Many", 5)


# --- pages ------------------------------------------------------------------------------------------------


def test_postmatch_form_when_conceded_with_penalty_asks_one_die_per_veteran(
    client, match, home_coach, bashers
):
    _conceded_mid_drive(match, home_coach)
    form = PostmatchForm(match=match)
    assert set(form.veteran_fields) == {f"away_veteran_{p.pk}" for p in bashers[:3]}
    assert bashers[0].name in form.fields[f"away_veteran_{bashers[0].pk}"].label
    client.force_login(home_coach)
    html = client.get(reverse("matches:detail", args=[match.pk])).text
    assert f'name="away_veteran_{bashers[0].pk}"' in html
    assert f'name="away_veteran_{bashers[3].pk}"' not in html
    data = {"home_fans": "6", "home_mvp": "1", "home_mistake": "6", "away_fans": "2", "away_mistake": "6"}
    data |= {f"away_veteran_{bashers[0].pk}": "2", f"away_veteran_{bashers[1].pk}": "5"}
    client.post(reverse("matches:postmatch_roll", args=[match.pk]), data)
    match.refresh_from_db()
    rolled = {
        r["player"]: (r["roll"]["source"], r["roll"]["total"]) for r in match.postmatch["away"]["veterans"]
    }
    assert rolled[f"p{bashers[0].pk}"] == ("entered", 2)
    assert rolled[f"p{bashers[1].pk}"] == ("entered", 5)
    assert rolled[f"p{bashers[2].pk}"][0] == "rolled"
    html = client.get(reverse("matches:detail", args=[match.pk])).text
    assert f"{bashers[0]} rolled 2: leaves the team." in html
    assert f"{bashers[1]} rolled 5: stays." in html


def test_postmatch_form_when_typed_veteran_die_is_not_a_die_changes_nothing(
    client, match, home_coach, bashers
):
    _conceded_mid_drive(match, home_coach)
    client.force_login(home_coach)
    response = client.post(
        reverse("matches:postmatch_roll", args=[match.pk]),
        {f"away_veteran_{bashers[0].pk}": "7"},
        follow=True,
    )
    assert "Enter 1 dice from 1 to 6 for D6." in response.text
    match.refresh_from_db()
    assert match.postmatch == {}
    assert not DiceLog.objects.filter(match=match, step="post_match").exists()


def test_postmatch_form_when_the_concession_was_free_asks_no_veteran_die(
    match, home_coach, home_team, bashers
):
    _between_drives(match, home_coach, home_team)
    drives.concede(match, side="away", user=home_coach, without_penalty=True)
    match.refresh_from_db()
    assert PostmatchForm(match=match).veteran_fields == {}


def test_report_when_veterans_rolled_shows_the_rolls_and_who_left(client, match, home_coach, bashers):
    dice = _conceded_mid_drive(match, home_coach)
    postmatch.roll_postmatch(
        match,
        dice=dice,
        user=home_coach,
        faces=_veteran_faces([(bashers[0], 3), (bashers[1], 4), (bashers[2], 5)]),
    )
    postmatch.apply_postmatch(match, user=home_coach)
    html = client.get(reverse("matches:report", args=[match.pk])).text
    assert 'data-testid="veterans-away"' in html
    veteran = '<td class="row-title">{}</td><td data-label="Roll">{}</td><td data-label="Result">{}</td>'
    assert veteran.format(bashers[0], 3, "Leaves the team") in html
    assert veteran.format(bashers[1], 4, "Stays") in html
    assert "Veteran leaves after the concession" in html  # the dice log names the roll


def test_report_when_the_concession_was_free_says_so(client, match, home_coach):
    drives.concede(match, side="home", user=home_coach, without_penalty=True)
    html = client.get(reverse("matches:report", args=[match.pk])).text
    assert "without penalty" in html
    assert 'data-testid="veterans-' not in html


def test_detail_when_pre_match_offers_the_concession_with_the_declaration(client, match, home_coach):
    client.force_login(home_coach)
    html = client.get(reverse("matches:detail", args=[match.pk])).text
    assert 'name="without_penalty"' in html
    assert f"no more than {RULES.free_at_or_below_players} players" in html
    assert get_edition("bb2020").text("concession.desc") in html


# --- the concede view: permissions and the declaration ----------------------------------------------------


@pytest.mark.parametrize("persona", ["anonymous", "other_coach"])
def test_concede_view_when_not_a_recorder_of_the_match_changes_nothing(client, match, persona, home_coach):
    if persona == "other_coach":
        other = UserFactory(username="other")
        make_team(other, name="Others")
        client.force_login(other)
    response = client.post(
        reverse("matches:concede", args=[match.pk]), {"side": "home", "without_penalty": "on"}
    )
    if persona == "anonymous":
        assert response.status_code == 302
        assert "/login" in response["Location"]
    else:
        assert response.status_code == 403
    match.refresh_from_db()
    assert (match.status, match.conceded_by, match.conceded_without_penalty) == ("pre_match", "", False)


def test_concede_view_when_the_own_coach_declares_before_set_up_concedes_without_penalty(
    client, match, home_coach, home_team
):
    _between_drives(match, home_coach, home_team)
    client.force_login(home_coach)
    response = client.post(
        reverse("matches:concede", args=[match.pk]), {"side": "home", "without_penalty": "on"}
    )
    assert response["Location"] == reverse("matches:detail", args=[match.pk])
    match.refresh_from_db()
    assert (match.status, match.conceded_by, match.conceded_without_penalty) == ("post_match", "home", True)


def test_concede_view_when_declared_with_a_drive_open_shows_the_error_and_changes_nothing(
    client, match, home_coach, away_coach
):
    dice = _ready(match, home_coach)
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    client.force_login(away_coach)
    response = client.post(
        reverse("matches:concede", args=[match.pk]), {"side": "away", "without_penalty": "on"}, follow=True
    )
    assert "only possible before set-up" in response.text
    match.refresh_from_db()
    assert (match.status, match.conceded_by, match.conceded_without_penalty) == ("in_progress", "", False)
    assert match.current_drive().is_open
