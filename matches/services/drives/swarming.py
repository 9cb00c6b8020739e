"""Swarming (a team rule of BB2025 Snotlings): at the start of each drive, after both teams have set
up, the team may set up more Lineman players from its Reserves. The roster data say which positions
(teams.toml `swarming_positions`) and how many (`swarming_extra`, a dice expression)."""

from dataclasses import dataclass

from matches.models import SIDES
from matches.services.common import record_roll
from matches.services.drives.shared import STEP
from rulebook.coverage import carries_out

SWARMING_RULE = "swarming"


@dataclass(frozen=True)
class Swarming:
    """What one team may add at a start of drive: `positions` (rulebook Positions), `dice` ("D3")."""

    side: str
    team: object
    positions: tuple
    dice: str
    rule: str = SWARMING_RULE


def swarming(match):
    """The Swarming of each team that has the rule, home first (no query beyond the match's teams)."""
    found = []
    for side in SIDES:
        team = match.team(side)
        if not team.has_rule(SWARMING_RULE):
            continue
        extra = team.rules.extra
        positions = tuple(team.rules.position(position) for position in extra.get("swarming_positions", []))
        found.append(Swarming(side, team, positions, extra.get("swarming_extra", "")))
    return found


@carries_out("team_rule", row="swarming")
def roll_swarming(match, *, dice, user, faces=None):
    """Roll each Swarming team's extra players for the drive about to start (after both teams set up,
    before the kick-off), or take the entered `faces` ({side: [faces]}).

    Returns {side: {"roll": Roll dict, "extra": n}}, kept on the drive's kick-off event.
    Side effects: one dice log row per Swarming team.
    """
    faces = faces or {}
    rolled = {}
    for entry in swarming(match):
        if not entry.dice:
            continue
        roll = record_roll(
            match,
            dice=dice,
            notation=entry.dice,
            purpose=SWARMING_RULE,
            step=STEP,
            user=user,
            faces=faces.get(entry.side),
            team=entry.team,
        )
        rolled[entry.side] = {"roll": roll.as_dict(), "extra": roll.total}
    return rolled
