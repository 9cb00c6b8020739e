"""Reading a season's standings from the database in a constant number of queries."""

from league import standings
from league.models import Fixture, Result, SeasonEntry

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


def season_games(season, *, stage=Fixture.Stage.LEAGUE):
    """The season's confirmed results as standings.Game records (one query)."""
    rows = (
        Result.objects.confirmed()
        .filter(fixture__season=season, fixture__stage=stage)
        .order_by("fixture__round__number", "fixture_id")
        .values_list(*GAME_FIELDS)
    )
    return [standings.Game(*row) for row in rows]


def table_entries(season):
    """{entry id: name} of the accepted entries (one query)."""
    entries = SeasonEntry.objects.filter(season=season).accepted().values_list("pk", "team__name", "name")
    return {pk: team_name or name for pk, team_name, name in entries}


def season_standings(season, *, games=None):
    """The season's league table (standings.Row list); two queries, `season.league` loaded once."""
    league = season.league
    return standings.compute_standings(
        table_entries(season),
        season_games(season) if games is None else games,
        scoring=league.scoring(),
        tiebreakers=league.tiebreakers,
        seed=season.coin_seed,
    )


def season_standings_by_round(season):
    league = season.league
    return standings.standings_by_round(
        table_entries(season),
        season_games(season),
        scoring=league.scoring(),
        tiebreakers=league.tiebreakers,
        seed=season.coin_seed,
    )
