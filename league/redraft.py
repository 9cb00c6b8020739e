"""The league's side of re-drafting a team between seasons (the re-draft itself is rosters.redraft):
which finished season a team may be re-drafted for, the confirmed games it played there, and how many
seasons each player took part in, which the re-draft page reads (web.rosters).
"""

from django.db.models import Max, Q
from django.db.models.functions import Coalesce

from league.models import Fixture, Result, Season, SeasonEntry
from league.standings.compute import Game
from rosters.redraft import already_redrafted


def redraft_season(team):
    """The finished season the team may be re-drafted for now, or None.

    Between seasons means: the team is not drafting, is not entered in a scheduled or running season, and
    the latest finished season it played in has not been re-drafted for yet (an undone re-draft may be
    done again).
    """
    if team.is_draft:
        return None
    entries = SeasonEntry.objects.filter(team=team).exclude(status=SeasonEntry.Status.WITHDRAWN)
    # A season scheduled but not started yet holds the team as much as a running one.
    if entries.filter(season__status__in=(Season.Status.SCHEDULED, Season.Status.RUNNING)).exists():
        return None
    season = (
        Season.objects.filter(entries__team=team, status=Season.Status.FINISHED)
        .order_by("-created_at", "-id")
        .first()
    )
    if season is None or already_redrafted(team, season.pk):
        return None
    return season


def league_games(team, season):
    """{"league_games", "league_wins", "league_draws"}: the confirmed games the team played in `season`,
    and how many it won and drew."""
    mine = set(team.season_entries.filter(season=season).values_list("pk", flat=True))
    fixtures = (
        Fixture.objects.for_season(season)
        .filter(Q(home__in=mine) | Q(away__in=mine), result__status=Result.Status.CONFIRMED)
        .select_related("result")
    )
    games = wins = draws = 0
    for fixture in fixtures:
        result = fixture.result
        game = Game(
            home=fixture.home_id,
            away=fixture.away_id,
            home_score=result.home_score,
            away_score=result.away_score,
            conceded_by=result.conceded_by_id,
        )
        outcome = game.outcome_for(fixture.home_id if fixture.home_id in mine else fixture.away_id)
        games += 1
        wins += outcome == "win"
        draws += outcome == "draw"
    return {"league_games": games, "league_wins": wins, "league_draws": draws}


def seasons_played(team, players):
    """{player id: previous seasons the player took part in}: finished seasons in which the team played
    a confirmed game after the player joined it."""
    ends = (
        Result.objects.confirmed()
        .filter(Q(fixture__home__team=team) | Q(fixture__away__team=team))
        .filter(fixture__season__status=Season.Status.FINISHED)
        .values("fixture__season")
        .annotate(end=Max(Coalesce("confirmed_at", "submitted_at")))
        .values_list("end", flat=True)
    )
    ends = list(ends)
    return {player.pk: sum(1 for end in ends if player.created_at <= end) for player in players}
