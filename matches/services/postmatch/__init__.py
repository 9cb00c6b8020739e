"""The post-match sequence (seed 002): winnings, dedicated fans, SPP and MVP, journeymen hired or
released, injuries, expensive mistakes, then TV/CTV; applied as ONE ledger entry of kind "match" per
team, exactly once, and undoable while no later match of either team depends on it.

The modules follow the sequence: `rolls` (`roll_postmatch` rolls, or takes, every die and stores it on
the match), `mvp` (the MVP by the edition's selection: D16 on the eligible players, or a D6 on the
coach's nominees), `undeath` (Masters of Undeath: a killed opponent raised), `hunt` (Kurnous's Wild
Hunt: extra SPP for hitting a marked opponent), `soul` (Ereth Khial's Enthralled Elven Soul kept),
`plan` (the preview
computed from those dice), `apply` (`apply_postmatch` writes the plan; `undo_apply` restores the before
snapshots). Every number comes from the match's edition (its home team's). What the match itself
says (score, results, SPP earned, casualties, MVP candidates, players' stats) is
matches.services.outcome, which the league link reads too. Callers use this package:
`from matches.services import postmatch`, then `postmatch.<name>`.
"""

from matches.services.outcome import (
    SPP_EVENTS,
    awarded_touchdowns,
    events,
    final_score,
    injuries,
    mvp_candidates,
    penalised_conceder,
    player_stats,
    record_player_stats,
    result,
    spp_earned,
)
from matches.services.postmatch import hunt, mvp, soul, undeath
from matches.services.postmatch.apply import UndoBlocked, apply_postmatch, later_matches, undo_apply
from matches.services.postmatch.plan import GONE, plan, preview
from matches.services.postmatch.rolls import (
    STEP,
    roll_postmatch,
    side_bet_payout,
    veteran_leaves,
    veterans,
    winnings,
)

__all__ = [
    "GONE",
    "SPP_EVENTS",
    "STEP",
    "UndoBlocked",
    "apply_postmatch",
    "awarded_touchdowns",
    "events",
    "final_score",
    "hunt",
    "injuries",
    "later_matches",
    "mvp",
    "mvp_candidates",
    "penalised_conceder",
    "plan",
    "player_stats",
    "preview",
    "record_player_stats",
    "result",
    "roll_postmatch",
    "side_bet_payout",
    "soul",
    "spp_earned",
    "undeath",
    "undo_apply",
    "veteran_leaves",
    "veterans",
    "winnings",
]
