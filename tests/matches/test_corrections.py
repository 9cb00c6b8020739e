"""Correcting an applied match and replaying what followed (matches.services.corrections, issue #24)."""

import pytest
from django.core.exceptions import ValidationError

from league.models import PlayerMatchStats, StandingsRow
from matches.models import Correction, Event, Match
from matches.services import corrections, postmatch, prematch
from rosters import advancement, ledger_display
from rosters import services as rosters
from rosters.models import LedgerEntry
from rosters.permissions import Editor
from rulebook import formulas
from rulebook.edition import get_edition
from tests.factories import UserFactory
from tests.matches.corrections_league import (
    fixtures_in_order,
    make_league,
    play,
    player,
    seeded_dice,
    team_snapshot,
)
from tests.matches.test_league_match import _play_to_post_match

pytestmark = pytest.mark.django_db


def _touchdown(match, number_side="home"):
    return Event.objects.get(drive__match=match, kind=Event.Kind.TOUCHDOWN, side=number_side)


def _season_of_three_rounds(*, scorer, seed=7, between=None):
    """A league whose first match (team 1 at home) has one touchdown by #`scorer` of team 1, then two
    more rounds; `between(teams, coach)` runs after the first round. Returns (league, teams, matches of
    team 1, commissioner)."""
    league, season, teams, commissioner = make_league(seed)
    dice = seeded_dice(seed)
    fixtures = fixtures_in_order(season)
    played = []
    for index, fixture in enumerate(fixtures):
        touchdowns = [("home", scorer)] if index == 0 else [("away", 2)]
        played.append(play(fixture, dice, touchdowns=touchdowns))
        if index == 1 and between:
            between(teams)
    first = played[0]
    assert first.home_team == teams[0]
    return league, teams, [m for m in played if teams[0].pk in (m.home_team_id, m.away_team_id)], commissioner


def _buy_a_reroll(teams):
    teams[0].refresh_from_db()  # the matches since changed it
    rosters.buy_reroll(team=teams[0], actor=teams[0].coach)


def _propose_and_apply(match, by, edits, *, accept_by=None):
    correction = corrections.propose_correction(match=match, by=by, edits=edits, reason="Wrong scorer")
    corrections.apply_correction(correction=correction, by=accept_by or by)
    return Correction.objects.get(pk=correction.pk)


def test_a_corrected_touchdown_scorer_three_matches_back_leaves_both_rosters_as_if_recorded_right():
    _league, right_teams, _matches, _c = _season_of_three_rounds(scorer=3, between=_buy_a_reroll)
    right = [team_snapshot(team) for team in right_teams]
    right_table = list(StandingsRow.objects.order_by("position").values_list("position", "points", "td_for"))
    StandingsRow.objects.all().delete()
    _league, teams, matches, commissioner = _season_of_three_rounds(scorer=5, between=_buy_a_reroll)
    assert len(matches) == 3
    assert team_snapshot(teams[0])["players"][5]["spp_earned"] > right[0]["players"][5]["spp_earned"]

    event = _touchdown(matches[0])
    _propose_and_apply(
        matches[0], commissioner, [{"type": "actor", "event": event.pk, "new": f"p{player(teams[0], 3).pk}"}]
    )

    assert [team_snapshot(team) for team in teams] == right
    table = list(StandingsRow.objects.order_by("position").values_list("position", "points", "td_for"))
    assert table == right_table
    stats = PlayerMatchStats.objects.get(match=matches[0], player=player(teams[0], 3))
    assert stats.touchdowns == 1
    assert not PlayerMatchStats.objects.filter(match=matches[0], player=player(teams[0], 5), touchdowns=1)


def test_a_correction_and_its_undo_restore_the_exact_previous_state():
    _league, teams, matches, commissioner = _season_of_three_rounds(scorer=5, between=_buy_a_reroll)
    before = _everything(teams, matches)
    event = _touchdown(matches[0])
    correction = _propose_and_apply(
        matches[0], commissioner, [{"type": "actor", "event": event.pk, "new": f"p{player(teams[0], 3).pk}"}]
    )
    assert _everything(teams, matches) != before
    assert LedgerEntry.objects.filter(kind=LedgerEntry.Kind.CORRECTION).count() == 2

    corrections.undo_correction(correction=correction, by=commissioner)

    assert _everything(teams, matches) == before
    assert Correction.objects.get(pk=correction.pk).status == Correction.Status.UNDONE


def _everything(teams, matches):
    return {
        "teams": [team_snapshot(team) for team in teams],
        "ledger": list(
            LedgerEntry.objects.exclude(kind=LedgerEntry.Kind.CORRECTION)
            .order_by("pk")
            .values_list("pk", "before", "after", "gold_change", "details")
        ),
        "matches": [
            (m.home_score, m.away_score, m.postmatch, m.outcome)
            for m in Match.objects.filter(pk__in=[m.pk for m in matches]).order_by("pk")
        ],
        "events": list(
            Event.objects.order_by("pk").values_list("pk", "kind", "player", "victim", "rolls", "outcome")
        ),
        "stats": list(
            PlayerMatchStats.objects.order_by("match", "player").values_list(
                "match", "player", "spp", "touchdowns", "mvp"
            )
        ),
        "table": list(
            StandingsRow.objects.order_by("pk").values_list("entry", "position", "points", "td_for")
        ),
    }


def test_an_advancement_bought_with_spp_the_player_no_longer_has_is_flagged_and_settled():
    def advance_the_scorer(teams):
        scorer = player(teams[0], 5)
        assert scorer.spp_earned >= 3
        rosters_advance(teams[0], scorer)

    _league, teams, matches, commissioner = _season_of_three_rounds(scorer=5, between=advance_the_scorer)
    event = _touchdown(matches[0])
    correction = corrections.propose_correction(
        match=matches[0],
        by=commissioner,
        edits=[{"type": "actor", "event": event.pk, "new": f"p{player(teams[0], 3).pk}"}],
        reason="Wrong scorer",
    )
    preview = corrections.preview_correction(correction)
    [conflict] = [c for c in preview.conflicts if c.kind == "spp_debt"]
    assert conflict.player == str(player(teams[0], 5).pk)
    assert conflict.choices == (corrections.KEEP, corrections.TAKE_BACK)
    with pytest.raises(ValidationError, match="Settle"):
        corrections.apply_correction(correction=correction, by=commissioner)
    assert player(teams[0], 5).advancements  # nothing changed

    corrections.settle_conflicts(
        correction=correction, by=commissioner, choices={conflict.id: corrections.TAKE_BACK}
    )
    corrections.apply_correction(correction=correction, by=commissioner)
    scorer = player(teams[0], 5)
    assert scorer.advancements == []
    assert scorer.spp_spent == 0
    assert scorer.pending_advancement["options"] == ["block", "dauntless"]  # the draw waits, kept
    team = teams[0]
    summaries = [ledger_display.entry_summary(team, entry) for entry in team.ledger.all()]
    assert summaries[0] == f"The match {matches[0]} was corrected: Wrong scorer"
    assert any(text.endswith("Taken back by the correction of an earlier match.") for text in summaries)


def rosters_advance(team, scorer):
    """A random primary skill: Block and Dauntless drawn, Block kept (BB2025 draws two)."""
    team.refresh_from_db()
    editor = Editor(team.coach, as_commissioner=False)
    advancement.take_random_skill(
        team=team, editor=editor, player=scorer, kind="random_primary", category="G", faces=[1, 1, 1, 2]
    )
    advancement.keep_random_skill(team=team, editor=editor, player=player(team, 5), skill="block")


def test_a_correction_that_kills_a_player_who_played_later_is_flagged():
    league, season, teams, commissioner = make_league(11)
    dice = seeded_dice(11)
    fixtures = fixtures_in_order(season)
    first = play(fixtures[0], dice, casualties=[("home", 1, 4, {"casualty": [1]})])
    later = []
    for fixture in fixtures[1:]:
        victim_team = first.away_team
        hurt = [("away" if fixture.home.team == victim_team else "home", 2, 4, {"casualty": [1]})]
        if victim_team.pk in (fixture.home.team_id, fixture.away.team_id):
            side = "home" if fixture.away.team_id == victim_team.pk else "away"
            hurt = [(side, 1, 4, {"casualty": [1]})]
        later.append(play(fixture, dice, casualties=hurt))
    event = Event.objects.get(drive__match=first, kind=Event.Kind.CASUALTY)
    correction = corrections.propose_correction(
        match=first,
        by=commissioner,
        edits=[{"type": "casualty", "event": event.pk, "casualty": "dead"}],
        reason="Dead",
    )
    preview = corrections.preview_correction(correction)
    flagged = [c for c in preview.conflicts if c.kind == "dead_played"]
    assert flagged
    assert flagged[0].player == str(event.victim_id)
    assert flagged[0].choices == (corrections.KEEP,)


def test_the_score_correction_moves_the_league_table_and_tells_both_coaches_and_the_commissioner(
    django_capture_on_commit_callbacks, mailoutbox
):
    _league, teams, matches, commissioner = _season_of_three_rounds(scorer=5)
    first = matches[0]
    assert (first.home_score, first.away_score) == (1, 0)
    mailoutbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        correction = _propose_and_apply(first, commissioner, [{"type": "score", "side": "away", "new": 1}])
    told = {address for message in mailoutbox for address in message.to}
    assert told == {first.home_team.coach.email, first.away_team.coach.email, commissioner.email}
    assert all("Match corrected" in message.subject for message in mailoutbox)
    assert correction.summary["result"] == {"before": {"home": 1, "away": 0}, "after": {"home": 1, "away": 1}}
    row = StandingsRow.objects.get(entry__team=teams[0])
    assert row.drawn == 1


BAD_EDITS = [
    ({"type": "nonsense"}, "Unknown kind"),
    ({"type": "score", "side": "home", "new": 100}, "whole numbers"),
    ({"type": "score", "side": "elsewhere", "new": 1}, "Unknown side"),
    ({"type": "score", "side": "home", "new": 1}, "leaves the match as it was"),
    ({"type": "actor", "event": 0, "new": "p1"}, "not one of this match"),
    ({"type": "mvp", "side": "home", "new": []}, "MVP"),
    ({"type": "kickoff", "drive": 0, "new": "blitz"}, "not one of this match"),
    ({"type": "fans", "side": "home", "new": 9}, "from 1 to 6"),
    ({"type": "casualty", "event": 0, "casualty": "dead"}, "not one of this match"),
]


def test_a_bad_correction_is_refused_and_changes_nothing():
    _league, teams, matches, commissioner = _season_of_three_rounds(scorer=5)
    touchdown = _touchdown(matches[0])
    other_team = f"p{matches[0].away_team.players.first().pk}"
    cases = [
        *BAD_EDITS,
        ({"type": "actor", "event": touchdown.pk, "new": other_team}, "did not play for that team"),
        ({"type": "event_kind", "event": touchdown.pk, "new": "casualty"}, "casualty is corrected"),
        ({"type": "casualty", "event": touchdown.pk, "casualty": "dead"}, "Only a casualty"),
    ]
    for edit, message in cases:
        with pytest.raises(ValidationError, match=message):
            corrections.propose_correction(match=matches[0], by=commissioner, edits=[edit], reason="Why")
    with pytest.raises(ValidationError, match="Say why"):
        corrections.propose_correction(match=matches[0], by=commissioner, edits=[BAD_EDITS[0][0]], reason=" ")
    assert not Correction.objects.exists()


def test_who_may_propose_accept_and_undo():
    _league, teams, matches, commissioner = _season_of_three_rounds(scorer=5)
    match = matches[0]
    home_coach, away_coach, outsider = match.home_team.coach, match.away_team.coach, UserFactory()
    edit = [{"type": "score", "side": "away", "new": 1}]
    with pytest.raises(ValidationError):
        corrections.propose_correction(match=match, by=outsider, edits=edit, reason="Why")
    correction = corrections.propose_correction(match=match, by=home_coach, edits=edit, reason="Why")
    for refused in (home_coach, outsider):
        with pytest.raises(ValidationError):
            corrections.apply_correction(correction=correction, by=refused)
    assert Correction.objects.get(pk=correction.pk).status == Correction.Status.PROPOSED
    corrections.apply_correction(correction=correction, by=away_coach)
    for refused in (home_coach, away_coach, outsider):
        with pytest.raises(ValidationError):
            corrections.undo_correction(correction=correction, by=refused)
    corrections.undo_correction(correction=correction, by=commissioner)
    with pytest.raises(ValidationError, match="already been decided"):
        corrections.apply_correction(correction=correction, by=commissioner)


def test_a_bb2020_friendly_corrected_moves_the_touchdown_spp_and_nothing_else(
    home_team, away_team, home_coach, away_coach
):
    """Both editions replay: two BB2020 friendlies (each a touchdown by the home team's first player, then
    the away team concedes), the first one's touchdown given to another player."""
    played = []
    for _game in range(2):
        home_team.refresh_from_db()  # as a request would find them: the first match changed both
        away_team.refresh_from_db()
        match = prematch.create_match(home_team=home_team, away_team=away_team, created_by=home_coach)
        played.append(postmatch.apply_postmatch(_play_to_post_match(match, home_coach), user=home_coach))
    scorer, other_player = home_team.players.order_by("pk")[:2]
    before = {side: team_snapshot(team) for side, team in (("home", home_team), ("away", away_team))}
    touchdown = Event.objects.get(drive__match=played[0], kind=Event.Kind.TOUCHDOWN)
    correction = corrections.propose_correction(
        match=played[0],
        by=home_coach,
        edits=[{"type": "actor", "event": touchdown.pk, "new": f"p{other_player.pk}"}],
        reason="The other one scored",
    )
    corrections.apply_correction(correction=correction, by=away_coach)

    after = {side: team_snapshot(team) for side, team in (("home", home_team), ("away", away_team))}
    touchdown_spp = formulas.spp_for(
        "touchdown", team_rules=home_team.rules_in_force, edition=get_edition("bb2020")
    )
    moved = {scorer.number: -touchdown_spp, other_player.number: touchdown_spp}
    for number, change in moved.items():
        assert (
            after["home"]["players"][number]["spp_earned"]
            == before["home"]["players"][number]["spp_earned"] + change
        )
        after["home"]["players"][number]["spp_earned"] = before["home"]["players"][number]["spp_earned"]
    assert after == before
