"""The settings of a game's structure: halves, fan factor, weather, set-up, kick-off, stalling, extra
time."""

from dataclasses import dataclass

# --- structure of a game ---------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class StructureRules:
    pre_game: tuple[str, ...]
    start_of_drive: tuple[str, ...]
    kick_off: tuple[str, ...]
    end_of_drive: tuple[str, ...]
    post_game: tuple[str, ...]
    drive_starts: tuple[str, ...]
    drive_ends: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class FanFactorRules:
    dice: str
    add: str


@dataclass(frozen=True, kw_only=True)
class WeatherRules:
    dice: str


@dataclass(frozen=True, kw_only=True)
class SetUpRules:
    max_on_pitch: int
    min_on_line_of_scrimmage: int
    max_per_wide_zone: int
    all_on_line_at_or_below: int
    kicking_team_first: bool
    too_many_players_removed_to: str
    too_many_players_protected: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class Deviate:
    direction: str
    distance: str


@dataclass(frozen=True, kw_only=True)
class KickOffRules:
    kicker_not_on_line: bool
    kicker_not_in_wide_zone: bool
    target: str
    deviate: Deviate
    event_dice: str
    touchback: str


@dataclass(frozen=True, kw_only=True)
class StallingRules:
    dice: str
    knocked_down_at_or_above: str
    turnover: bool
    rolled_when_forgoing: bool
    rerollable: bool
    pass_or_hand_off_clears: bool


@dataclass(frozen=True, kw_only=True)
class ExtraTimeRules:
    turns: int
    kicking_team: str | None = None
    rerolls_replenished: bool
    sudden_death_rolloffs: int
