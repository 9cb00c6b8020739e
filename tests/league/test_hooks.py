"""league.hooks: what the matches app hands down to the league, registered when Django starts; a hook
nobody registered fails loudly instead of leaving a confirmed match unapplied."""

import pytest

from league import hooks
from matches.services import confirmation
from matches.services import league as league_link


def test_hooks_after_start_up_are_the_matches_functions():
    assert hooks.hooks.result_confirmed is confirmation.apply_confirmed
    assert hooks.hooks.result_reopened is confirmation.undo_reopened
    assert hooks.hooks.recorded_matches is league_link.recorded_matches


def test_register_when_a_name_is_unknown_raises_and_changes_nothing():
    before = hooks.hooks.result_confirmed
    with pytest.raises(TypeError, match="unknown league hooks: result_applied"):
        hooks.register(result_confirmed=print, result_applied=print)
    assert hooks.hooks.result_confirmed is before


@pytest.mark.parametrize("name", ["result_confirmed", "result_reopened", "recorded_matches"])
def test_a_hook_nobody_registered_raises_naming_itself(name):
    unregistered = hooks.Hooks()
    with pytest.raises(hooks.HookMissing, match=name):
        getattr(unregistered, name)(result=None, by=None)
