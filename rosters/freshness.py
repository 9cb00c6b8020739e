"""Which pages the rosters' rows are shown on (dugout.freshness): a team, its players and its ledger on
the team's pages (the league's receivers carry a team's bump to its seasons and leagues); a coach's name
on their teams' pages. Also the scopes the team's pages are cached by."""

from django.contrib.auth import get_user_model

from dugout import freshness
from rosters.models import LedgerEntry, Player, Team


def _coached(user):
    return [("team", pk) for pk in Team.objects.filter(coach=user).values_list("pk", flat=True)]


def connect():
    """Called by RostersConfig.ready."""
    # ("coach", id): the pages that list a coach's teams for them (the league page's "Enter a team").
    freshness.watch(Team, lambda team: [("team", team.pk), ("coach", team.coach_id)])
    freshness.watch(Player, lambda player: [("team", player.team_id)])
    freshness.watch(LedgerEntry, lambda entry: [("team", entry.team_id)])
    freshness.watch(get_user_model(), _coached, ignore_fields={"last_login"})


def team_scopes(request, pk, **kwargs):
    """The team page and its players' pages."""
    return [("team", pk)]
