"""The players' totals behind the leaderboards follow every change of what counts: a league match applied
or undone, its result reopened or confirmed again."""

import pytest

from league.leaderboards import player_boards
from league.models import PlayerLeagueStats, Result
from league.services.results import confirm_result, decide_result, reopen_result
from matches.services import league as league_link
from matches.services import postmatch
from tests.matches.test_league_match import _play_to_post_match, fixture  # noqa: F401 (a pytest fixture)

pytestmark = pytest.mark.django_db


def _touchdowns(played):
    """(the season's, the league's) touchdowns board of the `played` fixture as (player id, count)."""
    season = played.season
    return tuple(
        [(row["player_id"], row["count"]) for row in boards["touchdowns"]]
        for boards in (player_boards(season=season), player_boards(league=season.league))
    )


@pytest.fixture
def applied(fixture, home_coach, away_coach):  # noqa: F811
    """The fixture's match, played (a touchdown by the home team's first player), confirmed: applied."""
    match = league_link.create_league_match(fixture=fixture, created_by=home_coach)
    match = _play_to_post_match(match, home_coach)
    league_link.submit_to_league(match, user=home_coach)
    confirm_result(result=Result.objects.get(fixture=fixture), by=away_coach)
    match.refresh_from_db()
    return match


def test_apply_postmatch_when_a_league_match_adds_its_players_stats_to_the_boards(applied):
    scorer = applied.home_team.players.first()
    assert _touchdowns(applied.fixture) == ([(scorer.pk, 1)], [(scorer.pk, 1)])
    totals = PlayerLeagueStats.objects.get(player=scorer, season=applied.fixture.season)
    assert totals.spp >= 3


def test_reopen_result_when_its_match_is_applied_takes_its_stats_off_the_boards_until_confirmed(
    applied, home_coach
):
    played = applied.fixture
    commissioner = played.season.league.commissioners.get()
    scorer = applied.home_team.players.first()
    reopen_result(result=Result.objects.get(fixture=played), by=commissioner, reason="Wrong score")
    assert _touchdowns(played) == ([], [])
    decide_result(result=Result.objects.get(fixture=played), by=commissioner)
    assert _touchdowns(played) == ([(scorer.pk, 1)], [(scorer.pk, 1)])


def test_undo_apply_when_a_league_match_takes_its_stats_off_the_boards(applied, home_coach):
    postmatch.undo_apply(applied, user=home_coach)
    assert _touchdowns(applied.fixture) == ([], [])
    assert not PlayerLeagueStats.objects.exists()
