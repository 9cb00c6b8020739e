"""The team rules, lasting injuries and advancements of each edition's data are carried out by the flows
that register for them (rulebook.coverage): BB2020's Vampire Lord raises a Thrall as Masters of Undeath
raises a Zombie, and a lasting injury takes as many steps off as its row says."""

import copy
from dataclasses import replace

import pytest

from matches.services import drives, postmatch, prematch
from matches.services.postmatch import undeath
from matches.services.postmatch.plan import _injure, _reduced
from rosters import advancement
from rosters import services as rosters
from rosters.models import Player
from rulebook import formulas
from rulebook.coverage import HANDLERS
from rulebook.data import StarPlayer
from rulebook.edition import get_edition
from tests.matches.conftest import NoDice, make_team
from tests.matches.prayers import name_prayer_targets
from tests.matches.test_full_match_bb2025 import _to_kick_off as _to_kick_off_bb2025
from tests.matches.test_full_match_bb2025 import bb2025_team, casualty, to_final_whistle

pytestmark = pytest.mark.django_db


def _bb2020_team(coach, *, roster, lineman, name):
    team = rosters.create_team(coach=coach, roster=roster, name=name, edition="bb2020")
    for index in range(11):
        rosters.hire_player(team=team, actor=coach, position=lineman, name=f"{name} {index + 1}")
    rosters.mark_ready(team=team, actor=coach)
    team.refresh_from_db()
    return team


def _to_kick_off(home, away, user):
    match = prematch.create_match(home_team=home, away_team=away, created_by=user)
    dice = NoDice()
    prematch.roll_fans(match, dice=dice, user=user, faces={"home": [2], "away": [3]})
    prematch.roll_weather(match, dice=dice, user=user, faces=[3, 4])
    prematch.take_journeymen(match, user=user)
    match.refresh_from_db()
    underdog = "home" if match.home_ctv < match.away_ctv else "away"
    for side in sorted(("home", "away"), key=lambda side: side == underdog):
        prematch.buy_inducements(match, side=side, counts={}, user=user)
    match.refresh_from_db()
    if prematch.next_step(match) == "prayers":  # the cheaper Vampires' Prayers to Nuffle: none with a target
        prematch.roll_prayers(match, dice=dice, user=user, faces=[1, 2])
        name_prayer_targets(match, user)
    prematch.choose_kicking(match, user=user, side="away")
    match.refresh_from_db()
    return match, dice


def test_vampire_lord_when_bb2020_vampires_kill_a_human_raises_a_free_thrall(home_coach, away_coach):
    vampires = _bb2020_team(home_coach, roster="vampire", lineman="thrall_lineman", name="Drakenhof")
    humans = make_team(away_coach, name="Altdorf")
    match, dice = _to_kick_off(vampires, humans, home_coach)
    victim = humans.players.order_by("number")[0]
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    killer = vampires.players.order_by("number")[0]
    casualty(match, dice, home_coach, side="home", player=killer, victim=victim, faces={"casualty": [16]})
    drives.end_drive(match, user=home_coach, dice=dice)
    to_final_whistle(match, dice, home_coach, drives_left=1)
    key = f"p{victim.pk}"
    assert undeath.raising_rule(match, "home") == "vampire_lord"
    assert [position.id for position in undeath.positions(match, "home")] == ["thrall_lineman"]
    assert undeath.raisable(match, "home", hurt=postmatch.injuries(match)) == [(key, victim.name)]
    postmatch.roll_postmatch(
        match,
        dice=dice,
        user=home_coach,
        faces={
            "home": {"fans": [3], "mvp": [1], "mistake": [6]},
            "away": {"fans": [3], "mvp": [1], "mistake": [6]},
        },
        raised={"home": {"victim": key, "position": "thrall_lineman", "name": "Risen"}},
    )
    postmatch.apply_postmatch(match, user=home_coach)
    raised = vampires.players.get(name="Risen")
    assert (raised.position, raised.number, raised.journeyman) == ("thrall_lineman", 12, False)


def test_vampire_lord_when_the_victim_has_regeneration_raises_nobody(home_coach, away_coach):
    """BB2020 excludes Regeneration as well as Stunty (teams.toml raise_excluded_skills)."""
    vampires = _bb2020_team(home_coach, roster="vampire", lineman="thrall_lineman", name="Drakenhof")
    skeletons = _bb2020_team(away_coach, roster="shambling_undead", lineman="skeleton_lineman", name="Bones")
    match, dice = _to_kick_off(vampires, skeletons, home_coach)
    victim = skeletons.players.order_by("number")[0]
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    killer = vampires.players.order_by("number")[0]
    faces = {"casualty": [16], "regeneration": [1]}
    casualty(match, dice, home_coach, side="home", player=killer, victim=victim, faces=faces)
    hurt = postmatch.injuries(match)
    assert any(result["dead"] for result in hurt["away"][f"p{victim.pk}"])
    assert undeath.raisable(match, "home", hurt=hurt) == []


def test_lasting_injury_when_its_row_says_two_steps_takes_two_off():
    edition = get_edition("bb2025")
    row = {**edition.table("lasting_injury").row("smashed_knee"), "ma": -2}
    assert _reduced(6, "ma", row, edition) == 4
    assert _reduced(6, "ma", {**row, "ma": -1}, edition) == 5


def test_lasting_injury_when_the_table_changes_the_flow_reads_the_row():
    """`_injure` takes the steps from the edition's own row, not a fixed one."""
    edition = copy.copy(get_edition("bb2025"))
    table = edition.tables["lasting_injury"]
    rows = tuple({**row, "av": -2} if row["id"] == "head_injury" else row for row in table.rows)
    edition.tables = {**edition.tables, "lasting_injury": replace(table, rows=rows)}
    player = Player(av=9, ma=6, st=3, ag=3, pa=4)
    outcome = {
        "dead": False,
        "miss_next_game": False,
        "niggling": False,
        "lasting_injury": "head_injury",
        "characteristic": "av",
    }
    _injure(player, outcome, edition)
    assert player.av == 7
    assert player.lasting_injuries == ["head_injury"]


@pytest.mark.parametrize(
    ("category", "row", "handler"),
    [
        ("team_rule", "masters_of_undeath", undeath.check_raised),
        ("team_rule", "vampire_lord", undeath.check_raised),
        ("team_rule", "brawlin_brutes", formulas.spp_for),
        ("team_rule", "old_world_classic", StarPlayer.plays_for_team),
        ("team_rule", "favoured_of_khorne", StarPlayer.plays_for_team),
        ("advancement", "random_primary", advancement.take_random_skill),
        ("advancement", "chosen_secondary", advancement.take_chosen_skill),
        ("advancement", "characteristic", advancement.choose_characteristic),
    ],
)
def test_registry_when_a_rule_is_looked_up_names_the_function_the_flow_runs(category, row, handler):
    assert HANDLERS.handler(category, row=row) is handler


def _sent_off_arguing(match, user, dice, side, argue_faces):
    player = match.team(side).players.order_by("number").first()
    return drives.add_event(
        match,
        user=user,
        kind="sent_off",
        side=side,
        player=player,
        argue=True,
        dice=dice,
        faces={"argue": argue_faces},
    )


def test_bribery_and_corruption_when_arguing_rolls_a_1_rerolls_it_once_a_game(home_coach, away_coach):
    goblins = bb2025_team(
        home_coach, name="Gobbos", roster="underworld_denizens", lineman="underworld_goblin_lineman"
    )
    humans = bb2025_team(away_coach, name="Altdorf", roster="human", lineman="lineman")
    match, dice = _to_kick_off_bb2025(goblins, humans, home_coach)
    drives.start_drive(match, dice=dice, user=home_coach, faces={"kickoff": [1, 2]})
    rerolled = _sent_off_arguing(match, home_coach, dice, "home", [1, 6])
    assert rerolled.rolls["argue"]["faces"] == [6]
    assert rerolled.rolls["argue"]["reroll_of"] == "bribery_and_corruption"
    assert rerolled.outcome == "well_when_you_put_it_like_that"
    # Once a game: the next natural 1 stands, and a team without the rule never re-rolls.
    assert _sent_off_arguing(match, home_coach, dice, "home", [1, 6]).outcome == "youre_outta_here"
    assert _sent_off_arguing(match, home_coach, dice, "away", [1, 6]).outcome == "youre_outta_here"
