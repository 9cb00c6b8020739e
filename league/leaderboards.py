"""Leaderboards: teams of a season, players of a season's teams, coaches across a league's seasons.

Each is read from what league.standings.store stores (StandingsRow, CoachRecord) by queries that
the database sorts and limits (ORDER BY ... LIMIT, from indexes), in a constant number of queries
whatever the size of the league. The players' boards of a season or a league read the players' totals
that league.stats keeps from the stats stored when matches are applied (PlayerLeagueStats), one query
per board.
"""

from league import stats
from league.models import CoachRecord
from league.standings.read import stored_table

TOP = 10


def team_leaders(rows, *, top=TOP):
    """{"points": [...], "touchdowns": [...], "casualties": [...]} from a list of computed standings
    rows (the table after an earlier round); season_team_leaders reads the stored table instead."""
    return {
        "points": sorted(rows, key=lambda row: (-row.points, row.position))[:top],
        "touchdowns": sorted(rows, key=lambda row: (-row.td_for, row.position))[:top],
        "casualties": sorted(rows, key=lambda row: (-row.cas_for, row.position))[:top],
    }


def season_team_leaders(season, *, division=None, top=TOP):
    """The same three boards from the season's stored table, or from the teams of one of its divisions
    (three queries, each read from an index of the rows and limited to `top`; the table's order is
    already by points)."""
    table = stored_table(season)
    if division is not None:
        table = table.filter(division=division)
    return {
        "points": list(table.order_by("position")[:top]),
        "touchdowns": list(table.order_by("-td_for", "position")[:top]),
        "casualties": list(table.order_by("-cas_for", "position")[:top]),
    }


def player_leaders(season, *, division=None, top=TOP):
    """The players with the most SPP earned in `season`'s counted matches, or only those of the teams of
    `division` (one query, from the top of an index of the stored totals; see player_boards)."""
    return stats.player_board("spp", season=season, division=division, top=top)


def player_boards(*, season=None, league=None, division=None, top=TOP):
    """The players' boards (touchdowns, casualties, completions, interceptions, MVPs, kills, SPP) of
    `season`, or of every season of `league`, from the players' totals over the applied matches of their
    confirmed fixtures (league.stats; friendlies do not count); with `division` (of `season`), the
    players of its teams only, whatever games they played. Seven queries, each read from the top of an
    index and limited to `top`."""
    return stats.player_boards(season=season, league=league, division=division, top=top)


def coach_leaders(league, *, top=None):
    """Coaches ranked by league points over every season of `league`: the league's CoachRecords (the
    stored table rows of their teams added up, at the win, draw and loss points, bonus points left out;
    `seasons` counts the seasons in which they played), best first, each with the coach's `name`. One
    query, read from the top of an index and limited to `top`."""
    records = CoachRecord.objects.filter(league=league).ranked()
    return list(records[:top] if top else records)
