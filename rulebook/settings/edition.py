"""The whole of edition.toml: its top-level numbers, then one field per section."""

from dataclasses import dataclass
from typing import Any

from rulebook.settings.base import _plain
from rulebook.settings.game import (
    ExtraTimeRules,
    FanFactorRules,
    KickOffRules,
    SetUpRules,
    StallingRules,
    StructureRules,
    WeatherRules,
)
from rulebook.settings.league_play import (
    AdvancementRules,
    ApothecaryRules,
    ConcessionRules,
    DedicatedFansUpdateRules,
    ExpensiveMistakesRules,
    FriendlyRules,
    GettingEvenRules,
    HiringRules,
    InducementRules,
    LeagueRules,
    MvpRules,
    PettyCashProcedure,
    PrayersRules,
    RedraftRules,
    SeasonRules,
    SppRules,
    WinningsRules,
)
from rulebook.settings.team_building import (
    CharacteristicRules,
    DedicatedFansRules,
    JourneymenRules,
    StaffRules,
    TeamValueRules,
    TiersRules,
)

# --- the whole file ------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class EditionSettings:
    """edition.toml: the top-level numbers, then one field per section."""

    id: str
    released: int
    starting_treasury: int
    min_players: int
    max_players: int
    max_rerolls: int
    reroll_price_multiplier_after_draft: int
    reroll_value_is_roster_price: bool
    halves: int
    turns_per_half: int
    ko_recovery_target: int
    ko_recovery_dice: str
    random_player_dice: str
    dedicated_fans: DedicatedFansRules
    staff: StaffRules
    team_value: TeamValueRules
    tiers: TiersRules | None = None
    characteristics: CharacteristicRules
    journeymen: JourneymenRules
    structure: StructureRules
    fan_factor: FanFactorRules
    weather: WeatherRules
    set_up: SetUpRules
    kick_off: KickOffRules
    stalling: StallingRules | None = None
    extra_time: ExtraTimeRules
    inducements: InducementRules
    petty_cash_procedure: tuple[PettyCashProcedure, ...]
    prayers: PrayersRules
    winnings: WinningsRules
    dedicated_fans_update: DedicatedFansUpdateRules
    spp: SppRules
    mvp: MvpRules
    advancement: AdvancementRules
    hiring: HiringRules
    expensive_mistakes: ExpensiveMistakesRules
    league: LeagueRules
    season: SeasonRules | None = None
    friendly: FriendlyRules | None = None
    concession: ConcessionRules
    apothecary: ApothecaryRules
    getting_even: GettingEvenRules | None = None
    redraft: RedraftRules

    def as_dict(self) -> dict[str, Any]:
        """The settings as the TOML document they were read from (lists for tuples, no None)."""
        return _plain(self)
