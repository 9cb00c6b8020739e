"""What the rosters pages share: the page sizes, submitting a form with its messages, a team's player."""

from django.contrib import messages
from django.shortcuts import get_object_or_404

from rosters import ledger_display
from web.service_calls import show_errors

TEAMS_PER_PAGE = 50
LEDGER_PREVIEW = 20


def _latest_summary(team):
    entry = team.ledger.first()
    return ledger_display.entry_summary(team, entry) if entry else ""


def submit(request, form, *, success=None, errors_as_messages=True):
    """Submit the form and say what happened: the success text (by default the summary of the ledger
    entry the change wrote), or every reason it was refused (unless the page shows the form again)."""
    if form.submit():
        messages.success(request, success(form) if success else _latest_summary(form.team))
        return True
    if errors_as_messages:
        show_errors(request, form)
    return False


def get_player(team, player_pk):
    return get_object_or_404(team.players, pk=player_pk)
