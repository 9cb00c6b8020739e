"""The stored league tables (league.models.StandingsRow), written from the confirmed results.

Pages read the stored rows instead of recomputing a table from every result on each request. In a
season with divisions each row also holds the team's division and its place in the division's table. The
services that change what counts call recompute_standings in their own transaction, explicitly (no
signals): confirming, deciding or reopening a league result, accepting, adding or withdrawing a team,
a change of the league's points, bonus points or tie-breakers, and adding or removing a points
adjustment (league.services.adjustments). league.standings computes the table (head-to-head and the
points adjustments included: adjusted_standings reads what it needs); this module stores it, and the
coaches' totals over the league's seasons that the leaderboard reads (league.models.CoachRecord).
`manage.py rebuild_standings` rebuilds them all.
"""

from django.db import transaction
from django.db.models import Count, Exists, F, OuterRef, Q, Sum

from dugout import freshness
from league.models import CoachRecord, Fixture, Result, Season, StandingsRow
from league.standings.read import division_tables, season_games, season_standings
from league.stats import store_player_totals


def _stored(season, row, division=None, placed=None):
    """The StandingsRow of `row` (the whole season's table); `placed`, in a season with divisions, is
    the row of the same team in its division's table: its place there, and how it was placed."""
    tie = placed or row
    return StandingsRow(
        season=season,
        entry_id=row.entry,
        position=row.position,
        played=row.played,
        won=row.won,
        drawn=row.drawn,
        lost=row.lost,
        td_for=row.td_for,
        td_against=row.td_against,
        cas_for=row.cas_for,
        cas_against=row.cas_against,
        bonus=row.bonus,
        adjustment=row.adjustment,
        points=row.points,
        tied_count=tie.tied_count,
        tied_names=tie.tied_names,
        tiebreaker=tie.tiebreaker or "",
        tiebreaker_value=tie.tiebreaker_value,
        still_tied=tie.still_tied,
        division_id=division,
        division_position=placed.position if placed else None,
    )


def _store_table(season):
    list(Season.objects.select_for_update().filter(pk=season.pk).values_list("pk", flat=True))
    games = season_games(season)
    rows = season_standings(season, games=games)
    placed = {
        row.entry: (division, row)
        for division, table in division_tables(season, games=games).items()
        for row in table
    }
    StandingsRow.objects.filter(season=season).delete()
    # Written in bulk, around the signals: the pages that show the table are bumped here.
    freshness.bump(("season", season.pk), ("league", season.league_id))
    StandingsRow.objects.bulk_create(
        [_stored(season, row, *placed.get(row.entry, (None, None))) for row in rows], batch_size=500
    )
    return rows


def _store_coach_records(league):
    """The coaches' totals over the league's stored tables (one aggregate query, then bulk inserts):
    points won in games only, without bonus points or a commissioner's adjustments."""
    totals = (
        StandingsRow.objects.filter(season__league=league, entry__coach__isnull=False)
        .values("entry__coach")
        .annotate(
            seasons_played=Count("season", distinct=True, filter=Q(played__gt=0)),
            games=Sum("played"),
            wins=Sum("won"),
            draws=Sum("drawn"),
            losses=Sum("lost"),
            scored=Sum("td_for"),
            conceded=Sum("td_against"),
            league_points=Sum(F("points") - F("bonus") - F("adjustment")),
        )
        .filter(games__gt=0)
        .order_by()
    )
    CoachRecord.objects.filter(league=league).delete()
    freshness.bump(("league", league.pk))  # the leaderboards' coaches, written in bulk
    CoachRecord.objects.bulk_create(
        [
            CoachRecord(
                league=league,
                coach_id=line["entry__coach"],
                seasons=line["seasons_played"],
                played=line["games"],
                won=line["wins"],
                drawn=line["draws"],
                lost=line["losses"],
                td_for=line["scored"],
                td_against=line["conceded"],
                td_difference=line["scored"] - line["conceded"],
                points=line["league_points"],
            )
            for line in totals
        ],
        batch_size=500,
    )


def recompute_standings(*, season):
    """Compute `season`'s league table from its confirmed league results and its points adjustments,
    and store it; returns the rows
    (league.standings.compute.Row).

    Side effects: locks the Season row (two recomputations of one season run one after the other, the
    second seeing the first's result), replaces the season's StandingsRows and the CoachRecords of its
    league.
    """
    with transaction.atomic():
        rows = _store_table(season)
        _store_coach_records(season.league)
    return rows


def recompute_league_standings(*, league):
    """Recompute the table of every season of `league` (after a change of its points or tie-breakers).

    Side effects: replaces the StandingsRows of each of its seasons and the league's CoachRecords.
    """
    with transaction.atomic():
        for season in league.seasons.all():
            season.league = league
            _store_table(season)
        _store_coach_records(league)


def rebuild_standings(*, season):
    """Rebuild everything stored from `season`'s results, for data written without the services
    (imports, fixes by hand, the admin).

    Side effects: sets Fixture.confirmed from each fixture's result, replaces the StandingsRows, and the
    players' totals of the season and its league (league.stats, PlayerLeagueStats).
    """
    with transaction.atomic():
        confirmed = Result.objects.filter(fixture=OuterRef("pk"), status=Result.Status.CONFIRMED)
        Fixture.objects.filter(season=season).update(confirmed=Exists(confirmed))
        store_player_totals(season=season)
        return recompute_standings(season=season)
