"""The settings of building and keeping a team: treasury, staff, team value, tiers, characteristics,
journeymen."""

from dataclasses import dataclass

from rulebook.settings.base import _ByName

# --- general numbers and team building ----------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class DedicatedFansRules:
    start: int
    max_draft: int
    cost: int
    min: int
    max: int
    matched_play_start: int | None = None


@dataclass(frozen=True, kw_only=True)
class StaffMember:
    cost: int
    max: int


@dataclass(frozen=True, kw_only=True)
class ApothecaryStaff(StaffMember):
    requires_roster_apothecary: bool
    hire_after_draft: bool | None = None


@dataclass(frozen=True, kw_only=True)
class StaffRules(_ByName[StaffMember]):
    """[staff.assistant_coach], [staff.cheerleader], [staff.apothecary]; `staff[kind]` by name."""

    assistant_coach: StaffMember
    cheerleader: StaffMember
    apothecary: ApothecaryStaff


@dataclass(frozen=True, kw_only=True)
class TeamValueRules:
    includes: tuple[str, ...]
    ctv_excludes: tuple[str, ...]
    ctv_includes_journeymen: bool | None = None
    ctv_free_linemen_rule: str
    ctv_free_linemen_keyword: str | None = None
    ctv_free_linemen_keeps_value_increases: bool | None = None
    ctv_free_linemen_journeymen: bool | None = None
    tv_free_linemen: bool | None = None


@dataclass(frozen=True, kw_only=True)
class TiersRules:
    count: int
    matched_play_skill_points: tuple[int, ...]
    matched_play_max_secondary_skills: tuple[int, ...]
    matched_play_max_star_players: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class Steps(_ByName[int]):
    """The change of the stored number for one improvement, per characteristic."""

    ma: int
    st: int
    ag: int
    pa: int
    av: int


@dataclass(frozen=True, kw_only=True)
class Bounds(_ByName[tuple[int, int]]):
    """The [min, max] of the stored number, per characteristic."""

    ma: tuple[int, int]
    st: tuple[int, int]
    ag: tuple[int, int]
    pa: tuple[int, int]
    av: tuple[int, int]


@dataclass(frozen=True, kw_only=True)
class CharacteristicRules:
    order: tuple[str, ...]
    target_numbers: tuple[str, ...]
    step: Steps
    bounds: Bounds
    max_improvements: int
    pa_improved_from_none: int


@dataclass(frozen=True, kw_only=True)
class JourneymenRules:
    fill_to: int
    position: str
    position_requires_max: int | None = None
    skills: tuple[str, ...]
    ctv_value: str
    may_exceed_max_players: bool
    max_available: int
    hire_requires_fewer_than: int
    hire_cost: str
    hire_loses: tuple[str, ...]
    hire_keeps_spp: bool
    not_hired_lost: bool | None = None
