"""Which pages the rosters' rows are shown on (dugout.freshness): a team, its players and its ledger on
the team's pages (the league's receivers carry a team's bump to its seasons and leagues); a coach's name
on their teams' pages and on the ledgers that name them. Also the scopes the team's pages are cached by."""

from django.contrib.auth import get_user_model

from dugout import freshness
from rosters.models import LedgerEntry, Player, Team


def _named(user):
    """The teams whose pages show the user's name: those they coach, and those whose ledger names them
    (a commissioner who paid the season's prizes)."""
    coached = Team.objects.filter(coach=user).values_list("pk", flat=True)
    in_ledgers = LedgerEntry.objects.filter(actor=user).values_list("team_id", flat=True).distinct()
    return [("team", pk) for pk in {*coached, *in_ledgers}]


def _player_pages(player):
    return [("team", player.team_id)]


def connect():
    """Called by RostersConfig.ready."""
    # ("coach", id): the pages that list a coach's teams for them (the league page's "Enter a team").
    freshness.watch(Team, lambda team: [("team", team.pk), ("coach", team.coach_id)])
    freshness.watch(Player, _player_pages)
    freshness.watch(LedgerEntry, lambda entry: [("team", entry.team_id)])
    freshness.watch(get_user_model(), _named, ignore_fields={"last_login"})


def team_scopes(request, pk, **kwargs):
    """The team page and its players' pages."""
    return [("team", pk)]
