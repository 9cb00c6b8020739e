"""What the league's decisions on a fixture's result do to the match recorded for it: confirming applies
it to both rosters, reopening undoes it. Registered as the league's hooks (matches.apps), so they run
in the league's own transaction."""

from matches.models import Match
from matches.services.postmatch.apply import UndoBlocked, apply_postmatch, undo_apply


def _match_of(result):
    """The fixture's match, its row locked (None for a score entered without a recorded match)."""
    return (
        Match.objects.select_for_update()
        .select_related("home_team", "away_team", "fixture__season__league")
        .filter(fixture_id=result.fixture_id)
        .first()
    )


def apply_confirmed(*, result, by):
    """The league confirmed `result`: apply its recorded match to both teams, once. Registered as the
    league's result_confirmed hook (matches.apps), so it runs in the confirming transaction.

    A match still at the table, or applied already (a second confirmation, a commissioner's decision
    after the opponent's), is left as it is. Side effects: those of postmatch.apply_postmatch.
    """
    match = _match_of(result)
    if match is None or match.status not in (Match.Status.SUBMITTED, Match.Status.CONFIRMED):
        return None
    return apply_postmatch(match, user=by)


def undo_reopened(*, result, by):
    """The league reopened `result`: undo its applied match so that confirming it again applies it once
    more. Registered as the league's result_reopened hook (matches.apps). Returns whether the rosters
    are as before the match: False when a later match of either team depends on it (it stays applied).

    Side effects: those of postmatch.undo_apply.
    """
    match = _match_of(result)
    if match is None or match.status != Match.Status.APPLIED:
        return True
    try:
        undo_apply(match, user=by)
    except UndoBlocked:
        return False
    return True
