"""Leaderboards: teams of a season, players of a season's teams, coaches across a league's seasons.

Each is computed in a constant number of queries, whatever the size of the league.
"""

from collections import defaultdict
from dataclasses import dataclass

from league import standings
from league.models import Fixture, Result, SeasonEntry
from league.tables import GAME_FIELDS
from rosters.models import Player

TOP = 10


def team_leaders(rows, *, top=TOP):
    """{"points": [...], "touchdowns": [...], "casualties": [...]} from standings rows."""
    return {
        "points": sorted(rows, key=lambda row: (-row.points, row.position))[:top],
        "touchdowns": sorted(rows, key=lambda row: (-row.td_for, row.position))[:top],
        "casualties": sorted(rows, key=lambda row: (-row.cas_for, row.position))[:top],
    }


def player_leaders(season, *, top=TOP):
    """Players of the season's accepted teams with the most SPP earned (one query)."""
    teams = SeasonEntry.objects.filter(season=season).accepted().filter(team__isnull=False).values("team_id")
    return list(
        Player.objects.filter(team_id__in=teams, spp_earned__gt=0)
        .select_related("team")
        .order_by("-spp_earned", "name")[:top]
    )


@dataclass
class CoachRow:
    coach_id: int
    name: str
    seasons: int = 0
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    td_for: int = 0
    td_against: int = 0
    points: int = 0


def coach_leaders(league, *, top=None):
    """Coaches ranked by league points over every season of `league` (two queries)."""
    results = (
        Result.objects.confirmed()
        .filter(fixture__season__league=league, fixture__stage=Fixture.Stage.LEAGUE)
        .values_list(*GAME_FIELDS, "fixture__season_id")
    )
    games = [(standings.Game(*row[:-1]), row[-1]) for row in results]
    entries = SeasonEntry.objects.filter(season__league=league, coach__isnull=False).values_list(
        "pk", "season_id", "coach_id", "coach__display_name", "coach__username"
    )
    coach_of, rows, seasons = {}, {}, defaultdict(set)
    for pk, _season_id, coach_id, display_name, username in entries:
        coach_of[pk] = coach_id
        rows.setdefault(coach_id, CoachRow(coach_id=coach_id, name=display_name or username))
    scoring = league.scoring()
    for game, season_id in games:
        for entry in (game.home, game.away):
            coach_id = coach_of.get(entry)
            if coach_id is None:
                continue
            row = rows[coach_id]
            outcome = game.outcome_for(entry)
            scored, conceded = game.scores_for(entry)
            seasons[coach_id].add(season_id)
            row.played += 1
            row.won += outcome == "win"
            row.drawn += outcome == "draw"
            row.lost += outcome == "loss"
            row.td_for += scored
            row.td_against += conceded
            row.points += scoring[outcome]
    for coach_id, row in rows.items():
        row.seasons = len(seasons[coach_id])
    ranked = sorted(
        (row for row in rows.values() if row.played),
        key=lambda row: (-row.points, -(row.td_for - row.td_against), row.name.casefold()),
    )
    return ranked[:top] if top else ranked
