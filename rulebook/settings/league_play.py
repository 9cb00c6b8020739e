"""The settings of league play: inducements and prayers before a game, winnings, SPP, MVP,
advancement and hiring after it, the league and season rules, concessions, and the re-draft between
seasons."""

from dataclasses import dataclass, fields

from rulebook.settings.base import _ByName

# --- league play: before the game ------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class InducementRules:
    petty_cash_default: str
    prayers_after_inducements: bool


@dataclass(frozen=True, kw_only=True)
class PettyCashProcedure:
    """One [[petty_cash_procedure]]."""

    id: str
    underdog_petty_cash: str
    order: tuple[str, ...]
    favourite_may_spend_treasury: bool
    favourite_spend_added_to_petty_cash: bool
    underdog_may_add_treasury: bool
    underdog_treasury_max: int
    treasury_when_equal_ctv: bool
    unspent_petty_cash_lost: bool


@dataclass(frozen=True, kw_only=True)
class PrayersRules:
    source: str | None = None
    inducement: str | None = None
    dice: str
    per_ctv_difference: int | None = None
    reroll_duplicates: bool
    league_only: bool
    takes_effect: str
    duration: str | None = None
    excludes_star_players: bool | None = None


# --- league play: after the game --------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class WinningsRules:
    fan_attendance: str
    fan_attendance_divisor: int
    per_touchdown: int
    multiplier: int
    no_stalling_bonus: int | None = None
    record_stalling: str | None = None
    conceded_winner_gets_full_attendance: bool
    conceded_winner_no_stalling_bonus: bool | None = None
    conceding_team_winnings: int


@dataclass(frozen=True, kw_only=True)
class DedicatedFansUpdateRules:
    dice: str
    draw_roll: bool


@dataclass(frozen=True, kw_only=True)
class SppRules:
    star_players_earn: bool
    mercenaries_earn: bool
    journeymen_earn: bool
    friendly_earn: bool | None = None


@dataclass(frozen=True, kw_only=True)
class MvpRules:
    count: int
    spp: int
    selection: str
    nominees: int | None = None
    nominee_dice: str | None = None
    eligible: str
    exclude: tuple[str, ...]
    friendly_mvp: bool
    conceder_opponent_extra_mvps: int | None = None


@dataclass(frozen=True, kw_only=True)
class AdvancementRules:
    max_advancements: int
    must_spend_at: str
    random_skill_dice: tuple[str, ...]
    random_skill_rolls: int | None = None
    random_skill_keep: int | None = None
    random_skill_categories: str | None = None
    reroll_owned_or_unusable_skill: bool
    characteristic_fallback: str
    elite_skill_value_surcharge: int | None = None


@dataclass(frozen=True, kw_only=True)
class HiringRules:
    reroll_price_multiplier: int
    may_fire: bool
    may_remove_rerolls: bool | None = None
    order: tuple[str, ...] | None = None
    fire_floor: int | None = None
    hire_before_fire: bool | None = None
    temporarily_retire_after: str
    temporarily_retired_count_max_players: bool | None = None


@dataclass(frozen=True, kw_only=True)
class ExpensiveMistakesRules:
    min_treasury: int


@dataclass(frozen=True, kw_only=True)
class Points:
    win: int
    draw: int
    loss: int


@dataclass(frozen=True, kw_only=True)
class BonusPoints:
    three_plus_touchdowns: int
    no_touchdown_conceded: int
    three_plus_casualties: int


@dataclass(frozen=True, kw_only=True)
class Prizes:
    first: int
    second: int
    third: int

    def items(self) -> tuple[tuple[str, int], ...]:
        """(place name, gold) of every prize, the first place first."""
        return tuple((field.name, getattr(self, field.name)) for field in fields(self))


@dataclass(frozen=True, kw_only=True)
class UnplayedConcession:
    score: tuple[int, int]
    winnings_dice: str
    winnings_multiplier: int
    mvps: int


@dataclass(frozen=True, kw_only=True)
class LeagueRules:
    points: Points
    bonus_points: BonusPoints
    bonus_points_default: bool
    bonus_points_as_tiebreaker: bool | None = None
    tiebreakers: tuple[str, ...]
    tiebreakers_commissioner_choice: bool | None = None
    prizes: Prizes
    prizes_after_expensive_mistakes: bool | None = None
    trophy_extra_rerolls: int
    trophy_reroll_counts_in_tv: bool | None = None
    no_show_penalty: int
    unplayed_default: str
    unplayed_concession: UnplayedConcession


@dataclass(frozen=True, kw_only=True)
class SeasonRules:
    min_teams: int
    min_teams_per_division: int
    meetings_per_opponent: int
    playoff_sizes: tuple[int, ...]
    playoffs_extra_time: bool
    third_place_playoff: bool
    game_interval_weeks: int


@dataclass(frozen=True, kw_only=True)
class FriendlyRules:
    spp: bool
    league_points: bool
    winnings: bool
    casualty_result: str
    miss_next_game_served: bool


@dataclass(frozen=True, kw_only=True)
class ConcessionRules:
    when: str
    opponent_awarded_touchdowns: int | None = None
    winner_min_score: int | None = None
    conceder_score: int | None = None
    conceder_touchdowns_to_opponent: bool
    opponent_assigns_touchdown_spp: bool
    conceder_mvp: bool
    conceder_touchdown_spp: bool
    conceder_loses_game_spp: bool | None = None
    conceder_winnings: bool
    conceder_dedicated_fans_loss: str
    veteran_min_advancements: int
    veteran_leaves_on: tuple[int, int]
    veteran_dice: str
    free_at_or_below_players: int


@dataclass(frozen=True, kw_only=True)
class ApothecaryRules:
    uses_per_game: int
    knocked_out: str
    casualty: str
    badly_hurt_to_reserves: bool
    not_for: tuple[str, ...]


# --- injuries in league play, between seasons ------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class GettingEvenRules:
    league_only: bool
    triggers: tuple[str, ...]
    dice: str
    target: int
    skill: str
    keyword_of: str
    chosen_by: str
    excluded_keywords: tuple[str, ...]
    repeatable: bool


@dataclass(frozen=True, kw_only=True)
class CarryOverCosts(_ByName[int | str]):
    """Re-draft prices: gold, or "roster_price" (the team's re-roll cost)."""

    assistant_coach: int
    cheerleader: int
    apothecary: int
    reroll: int | str


@dataclass(frozen=True, kw_only=True)
class Recovery:
    dice: str
    target: int
    apothecary_modifier: int


@dataclass(frozen=True, kw_only=True)
class RetiredRecovery(Recovery):
    gains_niggling: bool


@dataclass(frozen=True, kw_only=True)
class HatredRecovery(Recovery):
    only_acquired: bool


@dataclass(frozen=True, kw_only=True)
class RedraftRules:
    steps: tuple[str, ...]
    miss_next_game_recovers: bool
    base_budget: int
    add_treasury: bool
    per_game_played: int | None = None
    per_league_fixture_played: int | None = None
    per_league_win: int
    per_league_draw: int
    optional_cap: int
    cap_recommended: bool | None = None
    rehire_player_cost: str
    rehire_fee_per_season: int
    rehire_keeps: tuple[str, ...]
    carry_over_costs: CarryOverCosts
    dedicated_fans_carried_free: bool
    niggling_recovery: Recovery
    retired_recovery: RetiredRecovery
    retired_not_rehired_retire: bool | None = None
    hatred_recovery: HatredRecovery | None = None

    def recovery(self, what: str) -> Recovery:
        """The `<what>_recovery` rules ("niggling", "retired" or "hatred"); KeyError where the edition
        has none."""
        rules = {"niggling": self.niggling_recovery, "retired": self.retired_recovery}
        if self.hatred_recovery is not None:
            rules["hatred"] = self.hatred_recovery
        return rules[what]
