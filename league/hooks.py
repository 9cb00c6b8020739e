"""What the league receives from the matches app above it, without importing it (CONTRIBUTING, "Layers").

A fixture may be played with Dugout: its match records the game and, once the league counts the
result, the post-match sequence changes both rosters. The league decides when a result counts; the
matches app knows what applying it means. matches registers its functions here when Django starts
(matches.apps, AppConfig.ready), and the result services call them inside their own transaction, so a
confirmation and the rosters it changes are one write. A hook nobody registered raises (HookMissing):
a league that silently never applied its matches would be worse than one that stops.
"""

from collections.abc import Callable
from dataclasses import dataclass, field

from django.core.exceptions import ImproperlyConfigured

from dugout.hooks import register_hooks


class HookMissing(ImproperlyConfigured):
    """A league hook was called that no app registered (is the matches app installed?)."""


def _missing(name):
    def missing(*args, **kwargs):
        raise HookMissing(f"the league hook {name!r} was called but no app registered it (matches.apps)")

    return missing


@dataclass
class Hooks:
    # (result=, by=) -> None: the result now counts; apply its recorded match to both rosters once.
    result_confirmed: Callable = field(default_factory=lambda: _missing("result_confirmed"))
    # (result=, by=) -> whether the rosters are back as before the match (True when nothing was applied).
    result_reopened: Callable = field(default_factory=lambda: _missing("result_reopened"))
    # fixture ids -> {fixture id: RecordedMatch}: the match recorded for each fixture (one query).
    recorded_matches: Callable = field(default_factory=lambda: _missing("recorded_matches"))
    # (fixtures) -> {fixture id: plain data}: the matches recorded for the fixtures, for the league
    # archive (league.archive; every drive, event and dice roll, players named by their ids).
    export_matches: Callable = field(default_factory=lambda: _missing("export_matches"))
    # (fixture=, data=, moved=, where=) -> None: recreate a match of the archive for `fixture`; `moved`
    # maps the archive's teams, players, ledger entries and users to this site's (archive_teams.Moved).
    import_match: Callable = field(default_factory=lambda: _missing("import_match"))


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
