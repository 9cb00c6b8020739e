"""Correcting a match found wrong after it was applied, and replaying what both teams did since (issue
#24): `edits` (what a correction changes in the record), `replay` (both teams' histories played again
in memory), `permissions` (who may do what), `proposals` (propose, settle, turn down), `apply`
(preview, apply once), `undo`. Callers use this package: `from matches.services import corrections`,
then `corrections.<name>`."""

from matches.services.corrections.apply import Outcome, apply_correction, preview_correction
from matches.services.corrections.permissions import may_accept, may_propose, may_undo
from matches.services.corrections.proposals import propose_correction, reject_correction, settle_conflicts
from matches.services.corrections.replay import KEEP, TAKE_BACK, Conflict
from matches.services.corrections.undo import undo_correction

__all__ = [
    "KEEP",
    "TAKE_BACK",
    "Conflict",
    "Outcome",
    "apply_correction",
    "may_accept",
    "may_propose",
    "may_undo",
    "preview_correction",
    "propose_correction",
    "reject_correction",
    "settle_conflicts",
    "undo_correction",
]
