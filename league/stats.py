"""Players' statistics over the applied matches of a league: the boards of a season's (or a league's)
leading players by touchdowns, casualties, completions, interceptions, MVPs, kills and SPP.

Only matches that count for the league are read: applied, and playing a fixture whose result the
league confirmed (friendlies have no fixture). apply_postmatch stores what each player did in a match
(PlayerMatchStats: its events, its MVP and the SPP it gave); this module adds them up per player, for a
season and for every season of its league (PlayerLeagueStats), each time what counts changes for a
fixture: its match applied or undone, its result confirmed or reopened. The boards then read the top of
an index, one query each, whatever the size of the league. A journeyman who was not hired has no Player
row and no board line.
"""

from django.db import transaction
from django.db.models import F, Q, Sum

from dugout import freshness
from league.models import PlayerLeagueStats, PlayerMatchStats, Result, SeasonEntry
from rosters.models import Player

TOP = 10
# board: the PlayerLeagueStats field it reads (each has an index).
BOARDS = {
    "touchdowns": "touchdowns",
    "casualties": "casualties",
    "completions": "completions",
    "interceptions": "interceptions",
    "mvps": "mvp",
    "kills": "kills",
    "spp": "spp",
}
STATS = PlayerMatchStats.STATS
CHUNK = 500  # players added up per query (a list of ids within every database's limit on parameters)


def player_boards(*, season=None, league=None, division=None, top=TOP):
    """{board: [{"player_id", "name", "team_name", "count"}, ...]} for each of BOARDS, best first (ties by
    name), players with a count of 0 left out: of `season`, or of every season of `league`, as stored by
    store_player_totals; with `division` (of `season`), only the players of its teams. Seven queries,
    each read from the top of an index."""
    stored = _stored(season=season, league=league, division=division)
    return {board: _board(stored, field, top) for board, field in BOARDS.items()}


def player_board(board, *, season=None, league=None, division=None, top=TOP):
    """One of BOARDS, as player_boards gives it (one query)."""
    return _board(_stored(season=season, league=league, division=division), BOARDS[board], top)


def _stored(*, season, league, division=None):
    if season is not None:
        stored = PlayerLeagueStats.objects.filter(league_id=season.league_id, season=season)
    else:
        stored = PlayerLeagueStats.objects.filter(league=league, season__isnull=True)
    if division is not None:
        # A subquery, not a list of ids: the boards stay one query each.
        teams = SeasonEntry.objects.filter(division=division, team__isnull=False).values("team_id")
        stored = stored.filter(player__team__in=teams)
    return stored


def _board(stored, field, top):
    rows = (
        stored.filter(**{f"{field}__gt": 0})
        .annotate(name=F("player__name"), team_name=F("player__team__name"), count=F(field))
        .order_by(f"-{field}", "name", "player_id")
        .values("player_id", "name", "team_name", "count")
    )
    return list(rows[:top])


def refresh_player_totals(*, fixture):
    """Add up again the stats of the players of `fixture`'s two teams (its match was applied or undone,
    or its result started or stopped counting), in its season and over its league.

    Side effects: replaces those players' PlayerLeagueStats of the season and of the league.
    """
    teams = SeasonEntry.objects.filter(pk__in=[fixture.home_id, fixture.away_id]).values("team_id")
    players = list(Player.objects.filter(team_id__in=teams).values_list("pk", flat=True))
    _store(fixture.season, players)


def store_player_totals(*, season):
    """Add up every player's stats of `season` again (stats or results written without the services, a
    rebuild).

    Side effects: replaces the PlayerLeagueStats of the season, and of its league for those players.
    """
    played = PlayerMatchStats.objects.filter(match__fixture__season=season).values_list(
        "player_id", flat=True
    )
    stored = PlayerLeagueStats.objects.filter(season=season).values_list("player_id", flat=True)
    players = sorted(set(played) | set(stored))
    for start in range(0, len(players), CHUNK):
        _store(season, players[start : start + CHUNK])


def _store(season, players):
    """Replace the PlayerLeagueStats of `players` (ids) in `season` and over its league. Every query is
    driven by the players' ids (their rows of each table, read by index), whatever the size of the
    league: the season and the league are conditions of the sums, not of the rows read."""
    league_id = season.league_id
    # Written in bulk, around the signals: the leaderboards are bumped here.
    freshness.bump(("season", season.pk), ("league", league_id))
    # A PlayerMatchStats row exists only while its match is applied (apply_postmatch writes it,
    # undo_apply deletes it): what counts is its fixture's season and confirmed result.
    counted = Q(
        match__fixture__season=season,
        match__fixture__result__status=Result.Status.CONFIRMED,
    )
    with transaction.atomic():
        stored = PlayerLeagueStats.objects.filter(player_id__in=players)
        replaced = [
            pk
            for pk, league, season_id in stored.values_list("pk", "league_id", "season_id")
            if league == league_id and season_id in (season.pk, None)
        ]
        PlayerLeagueStats.objects.filter(pk__in=replaced).delete()
        in_season = _totals(PlayerMatchStats.objects.filter(player_id__in=players), counted)
        PlayerLeagueStats.objects.bulk_create(
            PlayerLeagueStats(league_id=league_id, season=season, **totals) for totals in in_season
        )
        every_season = Q(league_id=league_id, season__isnull=False)
        PlayerLeagueStats.objects.bulk_create(
            PlayerLeagueStats(league_id=league_id, **totals) for totals in _totals(stored, every_season)
        )


def _totals(rows, condition):
    """{"player_id", and each of STATS} per player of `rows` (stats rows) that has rows meeting
    `condition`, added up in the database."""
    sums = {f"total_{stat}": Sum(stat, filter=condition) for stat in STATS}
    for line in rows.values("player_id").annotate(**sums).order_by():
        if line["total_spp"] is not None:
            yield {"player_id": line["player_id"]} | {stat: line[f"total_{stat}"] for stat in STATS}
