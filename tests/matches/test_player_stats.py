"""PlayerMatchStats: written when a match is applied, removed when it is undone, read by the boards."""

import random

import pytest

from league.models import PlayerMatchStats
from matches.models import Match
from matches.services import drives, postmatch
from rulebook.dice import Dice
from tests.matches.test_full_match import _play_with_entered_dice

pytestmark = pytest.mark.django_db


def _stats(match):
    return {
        row.player_id: {field: getattr(row, field) for field in ("side", *PlayerMatchStats.STATS)}
        for row in PlayerMatchStats.objects.filter(match=match)
    }


def _play(match, user, home_team, away_team):
    dice = _play_with_entered_dice(match, user)
    drives.start_drive(match, dice=dice, user=user, faces={"kickoff": [1, 2]})
    scorer, brute = home_team.players.all()[:2]
    catcher = away_team.players.first()
    drives.add_event(match, user=user, kind="completion", side="away", player=catcher)
    drives.add_event(match, user=user, kind="deflection", side="away", player=catcher)
    victims = list(away_team.players.all()[1:3])
    for victim, faces in zip(victims, ([16], [8]), strict=True):
        drives.add_event(
            match,
            user=user,
            kind="casualty",
            side="home",
            player=brute,
            victim=victim,
            dice=dice,
            faces={"casualty": faces},
        )
    drives.add_event(match, user=user, kind="touchdown", side="home", player=scorer)
    drives.concede(match, side="away", user=user)
    postmatch.roll_postmatch(match, dice=Dice(random.Random(3)), user=user)
    return scorer, brute, catcher


def test_apply_postmatch_when_players_acted_stores_their_match_stats(match, home_coach, home_team, away_team):
    scorer, brute, catcher = _play(match, home_coach, home_team, away_team)
    match = postmatch.apply_postmatch(match, user=home_coach)
    stats = _stats(match)
    spp = {side: match.outcome[side]["spp"] for side in ("home", "away")}
    mvp = match.outcome["home"]["mvp"]
    assert stats[scorer.pk] | {"mvp": 0, "spp": 0} == {
        "side": "home", "touchdowns": 1, "casualties": 0, "kills": 0, "completions": 0, "deflections": 0,
        "interceptions": 0, "mvp": 0, "spp": 0,
    }  # fmt: skip
    assert stats[brute.pk]["casualties"] == 2
    assert stats[brute.pk]["kills"] == 1
    assert (stats[catcher.pk]["completions"], stats[catcher.pk]["deflections"]) == (1, 1)
    assert stats[catcher.pk]["side"] == "away"
    for player_id, row in stats.items():
        assert row["spp"] == spp[row["side"]].get(f"p{player_id}", {}).get("spp", 0)
        assert row["mvp"] == (f"p{player_id}" == mvp)
    assert stats[scorer.pk]["spp"] >= 3
    assert sum(row["mvp"] for row in stats.values()) == 1  # the conceding team has no MVP


def test_undo_apply_when_applied_removes_the_match_stats(match, home_coach, home_team, away_team):
    _play(match, home_coach, home_team, away_team)
    postmatch.apply_postmatch(match, user=home_coach)
    assert PlayerMatchStats.objects.filter(match=match).exists()
    postmatch.undo_apply(match, user=home_coach)
    assert not PlayerMatchStats.objects.filter(match=match).exists()
    assert Match.objects.get(pk=match.pk).status == Match.Status.POST_MATCH


def test_record_player_stats_when_run_again_rebuilds_the_same_rows(match, home_coach, home_team, away_team):
    _play(match, home_coach, home_team, away_team)
    match = postmatch.apply_postmatch(match, user=home_coach)
    stored = _stats(match)
    postmatch.record_player_stats(match)
    assert _stats(match) == stored
