"""Reading a season's standings from the database in a constant number of queries.

Pages read the stored table (stored_table: StandingsRows kept by league.standings.store); the
table computed from the results (season_standings) is what writes it, and what shows the table as it
stood after an earlier round.
"""

from django.db.models import Exists, OuterRef, Q

from league.models import Division, Fixture, PointsAdjustment, Result, Round, SeasonEntry, StandingsRow
from league.standings import compute as standings

GAME_FIELDS = (
    "fixture__home_id",
    "fixture__away_id",
    "home_score",
    "away_score",
    "home_cas",
    "away_cas",
    "conceded_by_id",
    "fixture__round__number",
)


def season_games(season, *, stage=Fixture.Stage.LEAGUE, up_to_round=None, involving=None):
    """The season's confirmed results as standings.Game records (one query). With `up_to_round`, only
    the games of rounds up to that number; with `involving` (entry ids), only the games of those
    entries against teams in the table (accepted)."""
    results = Result.objects.confirmed().filter(fixture__season=season, fixture__stage=stage)
    if up_to_round is not None:
        results = results.filter(fixture__round__number__lte=up_to_round)
    if involving is not None:
        accepted = SeasonEntry.Status.ACCEPTED
        results = results.filter(
            Q(fixture__home__in=involving) | Q(fixture__away__in=involving),
            fixture__home__status=accepted,
            fixture__away__status=accepted,
        )
    rows = results.order_by("fixture__round__number", "fixture_id").values_list(*GAME_FIELDS)
    return [standings.Game(*row) for row in rows]


def table_entries(season):
    """{entry id: name} of the accepted entries (one query)."""
    entries = SeasonEntry.objects.filter(season=season).accepted().values_list("pk", "team__name", "name")
    return {pk: team_name or name for pk, team_name, name in entries}


def season_standings(season, *, games=None):
    """The season's league table (standings.Row list) with its points adjustments counted: what the
    stored table holds, and with `games` (e.g. up to a round) the table as it stood then. Three queries,
    `season.league` loaded once."""
    league = season.league
    return standings.compute_standings(
        table_entries(season),
        season_games(season) if games is None else games,
        scoring=league.scoring(),
        tiebreakers=league.tiebreakers,
        seed=season.coin_seed,
        adjustments=PointsAdjustment.objects.for_season(season).totals(),
    )


def division_tables(season, *, games=None):
    """{division id: that division's table (standings.Row list)}, empty for a season without divisions.
    A division's table holds its teams only, and counts every game they played (their games against
    the other divisions too); a head-to-head tie-breaker reads the games between the teams tied. With
    `games`, the tables as they stood then. Three queries at most, whatever the number of divisions."""
    entries = SeasonEntry.objects.filter(season=season).accepted()
    names, groups = {}, {}
    for pk, team_name, name, division in entries.values_list("pk", "team__name", "name", "division_id"):
        names[pk] = team_name or name
        if division is not None:
            groups.setdefault(division, {})[pk] = names[pk]
    if not groups:
        return {}
    league = season.league
    games = season_games(season) if games is None else games
    adjustments = PointsAdjustment.objects.for_season(season).totals()
    return {
        division: standings.compute_standings(
            members,
            games,
            scoring=league.scoring(),
            tiebreakers=league.tiebreakers,
            seed=season.coin_seed,
            adjustments=adjustments,
            opponents=names.keys(),
        )
        for division, members in groups.items()
    }


def stored_division_tables(season):
    """[(division, [its stored StandingsRows best first, each with `name` and `team_id`])] in division
    order, every division listed even without teams; empty without divisions (two queries at most,
    whatever the number of divisions)."""
    divisions = list(Division.objects.for_season(season))
    if not divisions:
        return []
    tables: dict[int, list] = {division.pk: [] for division in divisions}
    for row in StandingsRow.objects.for_season(season).filter(division__isnull=False).by_division():
        tables[row.division_id].append(row)
    return [(division, tables[division.pk]) for division in divisions]


def stored_table(season):
    """The season's stored table, best first, each row with its team's `name` (a QuerySet of
    StandingsRows; paginate it as a StoredTable)."""
    return StandingsRow.objects.for_season(season).with_names()


class StoredTable:
    """A season's stored table for a Paginator: counted from the rows alone, and a page read as a range
    of positions (by index: no OFFSET to walk, whatever the page)."""

    def __init__(self, season):
        self.season = season
        self._count = None

    def count(self):
        if self._count is None:
            self._count = StandingsRow.objects.for_season(self.season).count()
        return self._count

    def __len__(self):
        return self.count()

    def __getitem__(self, window):
        start, stop = window.start or 0, window.stop
        return list(stored_table(self.season).filter(position__gt=start, position__lte=stop))


def played_round_numbers(season):
    """The numbers of the season's rounds with a confirmed league game, in order (one query that reads
    the rounds and one fixture index entry per round, not the results)."""
    played = Fixture.objects.filter(round=OuterRef("pk"), confirmed=True, stage=Fixture.Stage.LEAGUE)
    return list(
        Round.objects.filter(season=season)
        .filter(Exists(played))
        .order_by("number")
        .values_list("number", flat=True)
    )


def first_open_round(season):
    """The season's first round with a fixture still to confirm, or None (one query, by index)."""
    still_open = Fixture.objects.filter(round=OuterRef("pk"), confirmed=False)
    return Round.objects.filter(season=season).filter(Exists(still_open)).order_by("number").first()
