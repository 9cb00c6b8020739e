"""Who may change a team on its pages: its coach, or a commissioner of a league the team plays in
(recorded as such in the ledger)."""

from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404

from league.permissions import commissions_team
from rosters.models import Team
from rosters.permissions import Editor


def is_commissioner_for(user, team):
    """Whether `user` commissions a league in which `team` is registered for a season (one query)."""
    return commissions_team(user, team)


def editor_for(user, team):
    """The Editor for `user` on `team`, or None when they may only read."""
    if not user.is_authenticated:
        return None
    if team.coach_id == user.pk:
        return Editor(user, as_commissioner=False)
    if is_commissioner_for(user, team):
        return Editor(user, as_commissioner=True)
    return None


def get_team_for_editor(request, pk):
    """The team and the request user's Editor; 404 for an unknown team, 403 for a reader."""
    team = get_object_or_404(Team, pk=pk)
    editor = editor_for(request.user, team)
    if editor is None:
        raise PermissionDenied
    return team, editor
