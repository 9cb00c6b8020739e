"""The players that Prayers to Nuffle name: chosen by the praying coach, picked at random (by Dugout or
from real dice, D3 of them for Bad Habits), Intensive Training's Primary skill; the prayers step waits
for all of them, and the scoreboard and the report show who was named."""

import random

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from matches.models import DiceLog, Match
from matches.services import drives, effects, prematch
from rulebook.dice import Dice
from rulebook.edition import get_edition
from tests.factories import UserFactory
from tests.matches.conftest import NoDice, make_team
from tests.matches.prayers import name_prayer_targets

pytestmark = pytest.mark.django_db

# Prayers that name nobody, to fill up the underdog's rolls (Friends with the Ref, Moles, Throw a Rock,
# Under Scrutiny, Treacherous Trapdoor).
NAMELESS_PRAYERS = [2, 9, 14, 15, 1]
IRON_MAN, BAD_HABITS, GREASY_CLEATS, BLESSED_STATUE, INTENSIVE_TRAINING = 4, 6, 7, 8, 16


def _pray(match, user, prayers):
    """The pre-match sequence with entered dice up to the prayers: the underdog (away: 5 prayers against
    the conftest teams) prays for `prayers`, then nameless ones."""
    dice = NoDice()
    prematch.roll_fans(match, dice=dice, user=user, faces={"home": [2], "away": [3]})
    prematch.roll_weather(match, dice=dice, user=user, faces=[3, 4])
    prematch.take_journeymen(match, user=user)
    prematch.buy_inducements(match, side="home", counts={}, user=user)
    prematch.buy_inducements(match, side="away", counts={}, user=user)
    count = prematch.prayers_side(match)[1]
    faces = [*prayers, *(face for face in NAMELESS_PRAYERS if face not in prayers)][:count]
    prematch.roll_prayers(match, dice=dice, user=user, faces=faces)
    match.refresh_from_db()
    return match


def _entry(match, prayer, side="away"):
    match.refresh_from_db()
    return next(entry for entry in effects.prayer_entries(match, side) if entry["id"] == prayer)


def _give_loner(player):
    player.extra_skills = [{"skill": "loner:4", "origin": "test"}]
    player.save()


def _short_of_one(team):
    """#11 misses the next game: a journeyman (Loner) joins the team for it."""
    team.players.filter(number=11).update(miss_next_game=True)
    return team


def _key(player):
    return f"p{player.pk}"


def _url(match, prayer, side="away"):
    return reverse("matches:prayer_targets", args=[match.pk, side, prayer])


# --- the step waits for the targets -----------------------------------------------------------------


def test_prayers_step_when_a_chosen_target_is_missing_stays_the_current_step(match, away_coach):
    _pray(match, away_coach, [IRON_MAN])
    assert match.prayers_done
    assert prematch.next_step(match) == "prayers"
    with pytest.raises(ValidationError):
        prematch.choose_kicking(match, user=away_coach, side="home")
    assert match.kicking == ""


def test_prayers_step_when_no_prayer_names_players_is_done_once_rolled(match, away_coach):
    _pray(match, away_coach, [])
    assert effects.prayer_ids(match, "away") == [
        "friends_with_the_ref",
        "moles_under_the_pitch",
        "throw_a_rock",
        "under_scrutiny",
        "treacherous_trapdoor",
    ]
    assert prematch.next_step(match) == "kicking"


# --- chosen targets -------------------------------------------------------------------------------------


def test_chosen_target_when_recorded_names_the_player_and_ends_the_step(match, away_coach, away_team):
    _pray(match, away_coach, [IRON_MAN])
    griff = away_team.players.get(number=5)
    prematch.choose_prayer_target(match, side="away", prayer="iron_man", player=_key(griff), user=away_coach)
    assert _entry(match, "iron_man")["targets"] == [{"key": _key(griff), "name": "#5 Bashers L5"}]
    assert prematch.next_step(match) == "kicking"


def test_chosen_target_when_loner_players_are_excluded_offers_neither_them_nor_journeymen(
    home_coach, away_coach
):
    home = make_team(home_coach, name="Reavers", extras=("thrower", "catcher"), rerolls=2, apothecary=True)
    away = _short_of_one(make_team(away_coach, name="Bashers"))
    _give_loner(away.players.get(number=2))
    match = _pray(
        prematch.create_match(home_team=home, away_team=away, created_by=home_coach), away_coach, []
    )
    table = get_edition("bb2020").table("prayers_to_nuffle")
    row = table.row("iron_man")
    names = [player["name"] for player in prematch.prayer_candidates(match, "away", row)]
    assert "#2 Bashers L2" not in names
    assert "#11 Bashers L11" not in names  # not available for the match
    journeyman = match.away_journeymen[0]["name"]
    assert not any(journeyman in name for name in names)
    assert len(names) == 9
    greasy = table.row("greasy_cleats")
    # Greasy Cleats excludes nobody: prayed by the home team, it may name the journeyman too.
    opposing = [player["name"] for player in prematch.prayer_candidates(match, "home", greasy)]
    assert len(opposing) == 11
    assert "#2 Bashers L2" in opposing
    assert f"#12 {journeyman}" in opposing


@pytest.mark.parametrize("bad", ["other team", "loner", "journeyman", "unknown"])
def test_chosen_target_when_the_player_may_not_be_named_changes_nothing(
    home_coach, away_coach, home_team, bad
):
    away = _short_of_one(make_team(away_coach, name="Bashers"))
    _give_loner(away.players.get(number=2))
    match = prematch.create_match(home_team=home_team, away_team=away, created_by=home_coach)
    _pray(match, away_coach, [IRON_MAN])
    key = {
        "other team": _key(home_team.players.first()),
        "loner": _key(away.players.get(number=2)),
        "journeyman": match.away_journeymen[0]["key"],
        "unknown": "p999999",
    }[bad]
    with pytest.raises(ValidationError, match="players this prayer may name"):
        prematch.choose_prayer_target(match, side="away", prayer="iron_man", player=key, user=away_coach)
    assert "targets" not in _entry(match, "iron_man")
    assert prematch.next_step(match) == "prayers"


def test_chosen_target_when_posted_by_the_praying_coach_names_the_player(
    client, match, away_coach, away_team
):
    _pray(match, away_coach, [BLESSED_STATUE])
    client.force_login(away_coach)
    page = client.get(reverse("matches:detail", args=[match.pk])).text
    assert "once every one of them is recorded" in page
    assert 'data-testid="prayer-form-away-blessed_statue_of_nuffle"' in page
    player = away_team.players.get(number=7)
    response = client.post(
        _url(match, "blessed_statue_of_nuffle"), {"away-blessed_statue_of_nuffle-player": _key(player)}
    )
    assert response.status_code == 302
    assert _entry(match, "blessed_statue_of_nuffle")["targets"][0]["key"] == _key(player)
    assert prematch.next_step(match) == "kicking"


def test_chosen_target_when_a_player_of_the_other_team_is_posted_changes_nothing(
    client, match, away_coach, home_team
):
    _pray(match, away_coach, [IRON_MAN])
    client.force_login(away_coach)
    response = client.post(
        _url(match, "iron_man"), {"away-iron_man-player": _key(home_team.players.first())}, follow=True
    )
    assert "Select a valid choice" in response.text
    assert "targets" not in _entry(match, "iron_man")


# --- random targets -------------------------------------------------------------------------------------


def test_random_target_when_dugout_rolls_with_seeded_dice_names_the_player_of_the_last_roll(
    match, away_coach, home_team
):
    _pray(match, away_coach, [GREASY_CLEATS])
    prematch.roll_prayer_targets(
        match, side="away", prayer="greasy_cleats", dice=Dice(random.Random(3)), user=away_coach
    )
    rolls = [
        log.roll["total"]
        for log in DiceLog.objects.filter(match=match, purpose="prayer_target.greasy_cleats")
    ]
    listed = list(home_team.players.order_by("number"))  # 13 players: 14-16 miss and are rolled again
    assert all(total > len(listed) for total in rolls[:-1])
    named = listed[rolls[-1] - 1]
    logs = DiceLog.objects.filter(match=match, purpose="prayer_target.greasy_cleats").order_by("id")
    assert [log.player for log in logs] == [None] * (len(rolls) - 1) + [named]  # misses name nobody
    assert _entry(match, "greasy_cleats")["targets"] == [{"key": _key(named), "name": str(named)}]
    assert prematch.next_step(match) == "kicking"


def test_random_target_when_entered_names_the_player_at_that_place_on_the_list(match, away_coach, home_team):
    _pray(match, away_coach, [GREASY_CLEATS])
    prematch.roll_prayer_targets(
        match, side="away", prayer="greasy_cleats", dice=NoDice(), user=away_coach, faces=[12]
    )
    assert _entry(match, "greasy_cleats")["targets"][0]["name"] == "#12 Reavers thrower"
    log = DiceLog.objects.get(match=match, purpose="prayer_target.greasy_cleats")
    assert log.roll["source"] == "entered"
    assert log.team == match.away_team
    assert (log.player.number, log.subject_name()) == (12, "#12 Reavers thrower")  # whom the die picked


@pytest.mark.parametrize("faces", [[14], [0], [3, 4]])
def test_random_target_when_the_entered_die_names_nobody_changes_nothing(match, away_coach, faces):
    _pray(match, away_coach, [GREASY_CLEATS])
    with pytest.raises(ValidationError):
        prematch.roll_prayer_targets(
            match, side="away", prayer="greasy_cleats", dice=NoDice(), user=away_coach, faces=faces
        )
    assert "targets" not in _entry(match, "greasy_cleats")
    assert not DiceLog.objects.filter(match=match, purpose__startswith="prayer_target").exists()


def test_bad_habits_when_the_d3_and_players_are_entered_names_that_many_players_without_loner(
    match, away_coach, home_team
):
    _give_loner(home_team.players.get(number=1))  # off the list: #2 is first
    _pray(match, away_coach, [BAD_HABITS])
    prematch.roll_prayer_targets(
        match, side="away", prayer="bad_habits", dice=NoDice(), user=away_coach, count_faces=[2], faces=[1, 3]
    )
    entry = _entry(match, "bad_habits")
    assert entry["count"] == 2
    assert [target["name"] for target in entry["targets"]] == ["#2 Reavers L2", "#4 Reavers L4"]
    count_log = DiceLog.objects.get(match=match, purpose="prayer_count.bad_habits")
    assert (count_log.roll["dice"], count_log.roll["total"]) == ("D3", 2)


def test_bad_habits_when_dugout_rolls_the_d3_names_as_many_different_players(match, away_coach):
    _pray(match, away_coach, [BAD_HABITS])
    prematch.roll_prayer_targets(
        match, side="away", prayer="bad_habits", dice=Dice(random.Random(5)), user=away_coach
    )
    entry = _entry(match, "bad_habits")
    rolled = DiceLog.objects.get(match=match, purpose="prayer_count.bad_habits").roll["total"]
    assert entry["count"] == rolled
    assert len({target["key"] for target in entry["targets"]}) == rolled


def test_bad_habits_when_players_are_entered_without_the_d3_changes_nothing(match, away_coach):
    _pray(match, away_coach, [BAD_HABITS])
    with pytest.raises(ValidationError, match="D3"):
        prematch.roll_prayer_targets(
            match, side="away", prayer="bad_habits", dice=Dice(random.Random(1)), user=away_coach, faces=[1]
        )
    assert "targets" not in _entry(match, "bad_habits")
    assert not DiceLog.objects.filter(match=match, purpose__startswith="prayer_").exists()


def test_random_targets_when_posted_with_real_dice_through_the_page_are_recorded(client, match, away_coach):
    _pray(match, away_coach, [BAD_HABITS])
    client.force_login(away_coach)
    client.post(_url(match, "bad_habits"), {"away-bad_habits-count_faces": "1", "away-bad_habits-faces": "5"})
    assert [target["name"] for target in _entry(match, "bad_habits")["targets"]] == ["#5 Reavers L5"]


# --- Intensive Training ------------------------------------------------------------------------------------


def test_intensive_training_when_rolled_then_given_a_primary_skill_shows_both(client, match, away_coach):
    _pray(match, away_coach, [INTENSIVE_TRAINING])
    prematch.roll_prayer_targets(
        match, side="away", prayer="intensive_training", dice=NoDice(), user=away_coach, faces=[3]
    )
    pending = prematch.pending_prayer(match, "away", "intensive_training")
    assert pending.need == "skill"
    options = {skill.id for skill in prematch.prayer_skill_options(match, pending)}
    assert "block" in options  # a human lineman's Primary is General
    assert "dodge" not in options
    assert prematch.next_step(match) == "prayers"
    prematch.choose_prayer_skill(
        match, side="away", prayer="intensive_training", skill="block", user=away_coach
    )
    assert _entry(match, "intensive_training")["skill"] == "block"
    prematch.choose_kicking(match, user=away_coach, side="home")
    board = client.get(reverse("matches:scoreboard", args=[match.pk])).text
    assert "Intensive Training: #3 Bashers L3 (Block)" in board


@pytest.mark.parametrize("skill", ["dodge", "loner", "no_such_skill", ""])
def test_intensive_training_when_the_skill_is_not_a_primary_one_changes_nothing(match, away_coach, skill):
    _pray(match, away_coach, [INTENSIVE_TRAINING])
    prematch.roll_prayer_targets(
        match, side="away", prayer="intensive_training", dice=NoDice(), user=away_coach, faces=[3]
    )
    with pytest.raises(ValidationError, match="Primary skill"):
        prematch.choose_prayer_skill(
            match, side="away", prayer="intensive_training", skill=skill, user=away_coach
        )
    assert "skill" not in _entry(match, "intensive_training")
    assert prematch.next_step(match) == "prayers"


def test_intensive_training_when_the_skill_is_chosen_first_is_refused(match, away_coach):
    _pray(match, away_coach, [INTENSIVE_TRAINING])
    with pytest.raises(ValidationError):
        prematch.choose_prayer_skill(
            match, side="away", prayer="intensive_training", skill="block", user=away_coach
        )
    assert "skill" not in _entry(match, "intensive_training")


# --- permissions ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("persona", "status", "recorded"),
    [
        ("anonymous", 302, False),
        ("outsider", 403, False),
        ("other coach", 302, True),  # one phone may serve the table, as in every pre-match step
        ("own coach", 302, True),
    ],
)
def test_recording_a_target_when_posted_by_each_persona(
    client, match, home_coach, away_coach, away_team, persona, status, recorded
):
    _pray(match, away_coach, [IRON_MAN])
    user = {
        "anonymous": None,
        "outsider": UserFactory(username="outsider"),
        "other coach": home_coach,
        "own coach": away_coach,
    }[persona]
    if user:
        client.force_login(user)
    response = client.post(_url(match, "iron_man"), {"away-iron_man-player": _key(away_team.players.first())})
    assert response.status_code == status
    if persona == "anonymous":
        assert "/login" in response["Location"]
    assert ("targets" in _entry(match, "iron_man")) is recorded


def test_prematch_page_when_the_other_coach_looks_offers_the_form_too(client, match, home_coach, away_coach):
    _pray(match, away_coach, [IRON_MAN])
    client.force_login(home_coach)
    page = client.get(reverse("matches:detail", args=[match.pk])).text
    assert "prayer-form-away-iron_man" in page


def test_recording_a_target_when_the_prayer_needs_nothing_changes_nothing(
    client, match, away_coach, away_team
):
    _pray(match, away_coach, [IRON_MAN])
    client.force_login(away_coach)
    response = client.post(_url(match, "friends_with_the_ref"), {}, follow=True)
    assert "This prayer has nothing left to record." in response.text
    assert effects.prayer_entries(match, "away")[1] == {"id": "friends_with_the_ref"}


# --- shown on the scoreboard and the report -----------------------------------------------------------------


def _kick_off(match, user):
    prematch.choose_kicking(match, user=user, side="home")
    drives.start_drive(match, dice=NoDice(), user=user, faces={"kickoff": [1, 2]})


def test_scoreboard_and_report_when_targets_are_recorded_name_them_in_the_readers_language(
    client, match, away_coach, away_team, home_team
):
    _pray(match, away_coach, [IRON_MAN, GREASY_CLEATS])
    griff = away_team.players.get(number=5)
    prematch.choose_prayer_target(match, side="away", prayer="iron_man", player=_key(griff), user=away_coach)
    prematch.roll_prayer_targets(
        match, side="away", prayer="greasy_cleats", dice=NoDice(), user=away_coach, faces=[13]
    )
    _kick_off(match, away_coach)
    board = client.get(reverse("matches:scoreboard", args=[match.pk])).text
    assert "Iron Man: #5 Bashers L5" in board
    assert "Greasy Cleats: #13 Reavers catcher" in board
    report = client.get(reverse("matches:report", args=[match.pk]), headers={"accept-language": "fr"}).text
    assert "Homme de Fer: #5 Bashers L5" in report
    assert "Crampons Graisseux: #13 Reavers catcher" in report


def test_old_prayers_when_stored_as_bare_ids_still_show_and_ask_for_their_targets(
    client, match, away_coach, away_team
):
    _pray(match, away_coach, [])
    match.away_prayers = ["friends_with_the_ref", "iron_man"]  # as saved before targets were recorded
    match.save()
    assert prematch.next_step(match) == "prayers"
    client.force_login(away_coach)
    assert "Iron Man" in client.get(reverse("matches:scoreboard", args=[match.pk])).text
    player = away_team.players.first()
    prematch.choose_prayer_target(match, side="away", prayer="iron_man", player=_key(player), user=away_coach)
    match.refresh_from_db()
    assert match.away_prayers == [
        {"id": "friends_with_the_ref"},
        {"id": "iron_man", "targets": [{"key": _key(player), "name": str(player)}]},
    ]
    assert prematch.next_step(match) == "kicking"


# --- query counts --------------------------------------------------------------------------------------


def _queries(client, url):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return len(queries)


def _match_praying(home_coach, away_coach, *, name, prayers):
    """A match whose underdog (away) prays len(prayers) times: home has one re-roll per prayer more."""
    home = make_team(home_coach, name=f"{name} Reavers", rerolls=len(prayers))
    away = make_team(away_coach, name=f"{name} Bashers")
    match = prematch.create_match(home_team=home, away_team=away, created_by=home_coach)
    _pray(match, away_coach, prayers)
    assert prematch.prayers_side(match) == ("away", len(prayers))
    return match


@pytest.mark.parametrize("page", ["pre-match", "live", "scoreboard", "report"])
def test_pages_when_many_prayers_name_players_run_as_many_queries_as_with_one(
    client, home_coach, away_coach, page
):
    counts = []
    for name, prayers in (
        ("Few", [IRON_MAN]),
        ("Many", [IRON_MAN, 5, BLESSED_STATUE, 3, INTENSIVE_TRAINING]),
    ):
        match = _match_praying(home_coach, away_coach, name=name, prayers=prayers)
        if page != "pre-match":
            name_prayer_targets(match, away_coach)
            _kick_off(match, away_coach)
        client.force_login(away_coach)
        url = {
            "pre-match": reverse("matches:detail", args=[match.pk]),
            "live": reverse("matches:detail", args=[match.pk]),
            "scoreboard": reverse("matches:scoreboard", args=[match.pk]),
            "report": reverse("matches:report", args=[match.pk]),
        }[page]
        counts.append(_queries(client, url))
    assert Match.objects.get(away_team__name="Many Bashers").away_prayers[4]["id"] == "intensive_training"
    assert counts[0] == counts[1]


# --- the data ------------------------------------------------------------------------------------------


def test_prayer_rows_when_they_name_players_say_whose_how_many_and_who_may_not_be_named():
    table = get_edition("bb2020").table("prayers_to_nuffle")
    named = {
        row["id"]: (row["target"], row.get("target_count", 1), row.get("excludes", []))
        for row in table.rows
        if "target" in row
    }
    assert named == {
        "stiletto": ("own_random", 1, ["loner"]),
        "iron_man": ("own_chosen", 1, ["loner"]),
        "knuckle_dusters": ("own_chosen", 1, ["loner"]),
        "bad_habits": ("opponent_random", "D3", ["loner"]),
        "greasy_cleats": ("opponent_random", 1, []),
        "blessed_statue_of_nuffle": ("own_chosen", 1, ["loner"]),
        "intensive_training": ("own_random", 1, ["loner"]),
    }
    assert table.row("intensive_training")["skill"] == "chosen_primary"
    assert prematch.random_player_dice(get_edition("bb2020")) == "D16"
