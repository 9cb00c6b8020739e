"""The league's models, by subject: `leagues` (leagues, their rules, invitations), `seasons` (seasons,
entries, rounds, fixtures, results), `divisions` (a season's divisions), `tables` (what is stored from
the results: standings rows, points adjustments, coaches' records, prizes) and `stats` (players'
statistics per match and their totals).

Models hold state and read-side vocabulary (QuerySets); every change goes through league.services.
Callers import from this package: `from league.models import Season`.
"""

from league.models.divisions import Division, DivisionQuerySet
from league.models.leagues import (
    DAYS_BETWEEN_ROUNDS,
    DEFAULT_TIEBREAKERS,
    MIN_TEAMS,
    TIEBREAKERS,
    Game,
    Invitation,
    League,
    LeagueQuerySet,
    _invitation_code,
    optional_rule_ids,
    petty_cash_choices,
    rulebook_league_defaults,
)
from league.models.seasons import (
    Fixture,
    FixtureQuerySet,
    Result,
    ResultQuerySet,
    Round,
    Season,
    SeasonEntry,
    SeasonEntryQuerySet,
    Side,
    _coin_seed,
)
from league.models.standings import (
    PLACE_LABELS,
    PRIZE_PLACES,
    CoachRecord,
    CoachRecordQuerySet,
    PointsAdjustment,
    PointsAdjustmentQuerySet,
    SeasonPrize,
    SeasonPrizeQuerySet,
    StandingsRow,
    StandingsRowQuerySet,
)
from league.models.stats import PlayerLeagueStats, PlayerMatchStats

__all__ = [
    "DAYS_BETWEEN_ROUNDS",
    "MIN_TEAMS",
    "DEFAULT_TIEBREAKERS",
    "PLACE_LABELS",
    "PRIZE_PLACES",
    "TIEBREAKERS",
    "CoachRecord",
    "CoachRecordQuerySet",
    "Division",
    "DivisionQuerySet",
    "Fixture",
    "FixtureQuerySet",
    "Game",
    "Invitation",
    "League",
    "LeagueQuerySet",
    "PlayerLeagueStats",
    "PlayerMatchStats",
    "PointsAdjustment",
    "PointsAdjustmentQuerySet",
    "Result",
    "ResultQuerySet",
    "Round",
    "Season",
    "SeasonEntry",
    "SeasonEntryQuerySet",
    "SeasonPrize",
    "SeasonPrizeQuerySet",
    "Side",
    "StandingsRow",
    "StandingsRowQuerySet",
    "_coin_seed",
    "_invitation_code",
    "optional_rule_ids",
    "petty_cash_choices",
    "rulebook_league_defaults",
]
