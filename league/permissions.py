"""Who commissions what: the one place that answers it, for the league app and for the apps whose rows
play in a league (rosters' teams, matches).

Plain functions over the relations (League.commissioners; a team's SeasonEntry rows), so that the models
may use them too: this module imports no model.
"""

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _


def is_commissioner(user, league):
    """Whether `user` commissions `league` (no query when its commissioners are prefetched, else one)."""
    if not user.is_authenticated:
        return False
    prefetched = getattr(league, "_prefetched_objects_cache", {})
    if "commissioners" in prefetched:
        return any(commissioner.pk == user.pk for commissioner in prefetched["commissioners"])
    return league.commissioners.filter(pk=user.pk).exists()


def commissions_team(user, team):
    """Whether `user` commissions a league in one of whose seasons `team` is entered (one query)."""
    if not user.is_authenticated:
        return False
    return team.season_entries.filter(season__league__commissioners=user).exists()


def decides(user, fixture):
    """Whether `user` may settle `fixture`'s result as a commissioner: one of its league's who does not
    play in it (a result needs the other side: the opponent, or another commissioner)."""
    return fixture.side_of(user) is None and is_commissioner(user, fixture.season.league)


def require_decider(user, fixture):
    """Raise PermissionDenied unless `user` may settle `fixture`'s result (decides)."""
    require_commissioner(user, fixture.season.league)
    if fixture.side_of(user) is not None:
        raise PermissionDenied(
            _("You play in this game: your opponent, or another commissioner, confirms its result.")
        )


def require_commissioner(user, league):
    """Raise PermissionDenied unless `user` commissions `league`."""
    if not is_commissioner(user, league):
        raise PermissionDenied(_("Only a commissioner of this league may do this."))
