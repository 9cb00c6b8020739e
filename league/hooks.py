"""What the league receives from the matches app above it, without importing it (CONTRIBUTING, "Layers").

A fixture may be played with Dugout: its match records the game and, once the league counts the
result, the post-match sequence changes both rosters. The league decides when a result counts; the
matches app knows what applying it means. matches registers its functions here when Django starts
(matches.apps, AppConfig.ready), and the result services call them inside their own transaction, so a
confirmation and the rosters it changes are one write. Alone, the league counts results and never
touches a roster (a score entered without a recorded match does exactly that).
"""

from collections.abc import Callable
from dataclasses import dataclass

from dugout.hooks import register_hooks


def _nothing(*, result, by):
    return None


def _nothing_undone(*, result, by):
    return True


def _no_matches(fixture_ids):
    return {}


@dataclass
class Hooks:
    # (result=, by=) -> None: the result now counts; apply its recorded match to both rosters once.
    result_confirmed: Callable = _nothing
    # (result=, by=) -> whether the rosters are back as before the match (True when nothing was applied).
    result_reopened: Callable = _nothing_undone
    # fixture ids -> {fixture id: RecordedMatch}: the match recorded for each fixture (one query).
    recorded_matches: Callable = _no_matches


@dataclass(frozen=True)
class RecordedMatch:
    """What the league shows of a fixture's match: where to open it and how far it went."""

    pk: int
    recording: bool  # still at the table: pre-match, play or post-match rolls
    applied: bool  # the post-match sequence changed both rosters


hooks = Hooks()


def register(**functions):
    """Set the named hooks (see Hooks) to these functions; an unknown name raises TypeError."""
    register_hooks(hooks, functions, owner="league")
