"""Players' statistics over the applied matches of a league: the boards of a season's (or a league's)
leading players by touchdowns, casualties, completions, interceptions, MVPs, kills and SPP.

Only matches that count for the league are read: applied, and playing a fixture whose result the
league confirmed (friendlies have no fixture). The boards add up the PlayerMatchStats that
apply_postmatch stores for each player of a match (its events, its MVP and the SPP the match gave):
each board is one aggregate query that the database groups, sorts and limits to `top`, so the number
of queries does not grow with the league, and no event or outcome JSON is read. A journeyman who was
not hired has no Player row and no board line.
"""

from django.db.models import F, Sum

from league.models import Result
from matches.models import Match, PlayerMatchStats

TOP = 10
# board: the PlayerMatchStats field it adds up.
BOARDS = {
    "touchdowns": "touchdowns",
    "casualties": "casualties",
    "completions": "completions",
    "interceptions": "interceptions",
    "mvps": "mvp",
    "kills": "kills",
    "spp": "spp",
}


def counted_matches(*, season=None, league=None):
    """The applied matches of `season` (or of every season of `league`) whose fixture's result is
    confirmed."""
    matches = Match.objects.applied().filter(fixture__result__status=Result.Status.CONFIRMED)
    if season is not None:
        return matches.filter(fixture__season=season)
    return matches.filter(fixture__season__league=league)


def player_boards(matches, *, top=TOP):
    """{board: [{"player_id", "name", "team_name", "count"}, ...]} for each of BOARDS, best first (ties by
    name), players with a count of 0 left out. `matches` is a queryset such as counted_matches(...).
    Seven queries."""
    stats = PlayerMatchStats.objects.filter(match__in=matches)
    return {board: _board(stats, field, top) for board, field in BOARDS.items()}


def _board(stats, field, top):
    rows = (
        stats.values("player_id")
        .annotate(name=F("player__name"), team_name=F("player__team__name"), count=Sum(field))
        .filter(count__gt=0)
        .order_by("-count", "name", "player_id")
    )
    return list(rows[:top])
