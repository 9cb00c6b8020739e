"""Entering teams in a season, and the commissioner's answer.

A team that comes into the table (accepted) or leaves it (withdrawn) changes every position: those
services recompute the season's stored table in the same transaction.
"""

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from league.models import Season, SeasonEntry
from league.permissions import require_commissioner
from league.services.leagues import is_member
from league.standings.store import recompute_standings
from rosters import dedication
from rosters.models import Team
from rulebook.edition import get_edition


def edition_name(edition_id):
    return get_edition(edition_id).text("edition.name", get_language())


def require_same_edition(*, league, team):
    """Refuse (ValidationError) a team built for another edition than the one `league` plays."""
    if team.edition != league.edition:
        raise ValidationError(
            _("%(team)s is a %(team_edition)s team: this league plays %(league_edition)s.")
            % {
                "team": team.name,
                "team_edition": edition_name(team.edition),
                "league_edition": edition_name(league.edition),
            }
        )


def require_league_terms(*, league, team):
    """Refuse (ValidationError) a team that the league's optional rules keep out: a league variant open
    to some Leagues only (the Flame Eternal: Elven Kingdoms League teams), or one whose teams are each
    dedicated to one of its rows (an Elven god) when the team is not (rosters.dedication)."""
    edition = get_edition(league.edition)
    rules = league.optional_rules
    problems = dedication.entry_problems(edition, rules, team.rules, team.rules_in_force)
    problems += dedication.dedication_problems(
        edition, team.rules, team.dedication, team.dedication_position, optional_rules=rules
    )
    if problems:
        raise ValidationError(problems)


def _require_registration_open(season):
    if season.status == Season.Status.FINISHED:
        raise ValidationError(_("This season is finished."))


def register_team(*, season, team, user):
    """Enter a ready rosters team that `user` coaches, built for the league's edition, in a Blood Bowl
    season; it waits for acceptance. A team of another edition is refused (ValidationError naming both).

    Side effects: creates a pending SeasonEntry (or re-opens a withdrawn one).
    """
    _require_registration_open(season)
    if not season.league.is_blood_bowl:
        raise ValidationError(_("This league's game has no rosters: enter a team name instead."))
    if not is_member(season.league, user):
        raise PermissionDenied(_("Join the league with an invitation first."))
    if team.coach_id != user.pk:
        raise PermissionDenied(_("You may only enter a team you coach."))
    if team.status != Team.Status.READY:
        raise ValidationError(_("Only a team marked ready can be entered."))
    require_same_edition(league=season.league, team=team)
    require_league_terms(league=season.league, team=team)
    existing = SeasonEntry.objects.filter(season=season, team=team).first()
    if existing and existing.status != SeasonEntry.Status.WITHDRAWN:
        raise ValidationError(_("This team is already entered in this season."))
    if existing:
        existing.status = SeasonEntry.Status.PENDING
        existing.save(update_fields=["status"])
        return existing
    return SeasonEntry.objects.create(season=season, team=team, name=team.name, coach=user)


def register_named_entry(*, season, name, user, coach=None):
    """Enter a team by name (rugby and hex football leagues, which keep no rosters).

    A coach enters their own team (pending); a commissioner may add any team, accepted at once,
    optionally coached by `coach`.
    Side effects: creates a SeasonEntry; recomputes the season's stored table when it is accepted at once.
    """
    _require_registration_open(season)
    name = name.strip()
    if not name:
        raise ValidationError(_("Give the team a name."))
    if season.league.is_blood_bowl and not season.league.is_commissioner(user):
        raise ValidationError(_("Blood Bowl leagues enter teams from the rosters."))
    if season.entries.exclude(status=SeasonEntry.Status.WITHDRAWN).filter(name__iexact=name).exists():
        raise ValidationError(_("A team of this name is already entered."))
    if season.league.is_commissioner(user):
        with transaction.atomic():
            entry = SeasonEntry.objects.create(
                season=season, name=name, coach=coach, status=SeasonEntry.Status.ACCEPTED
            )
            recompute_standings(season=season)
        return entry
    if not is_member(season.league, user):
        raise PermissionDenied(_("Join the league with an invitation first."))
    return SeasonEntry.objects.create(season=season, name=name, coach=user)


def accept_entry(*, entry, by):
    """Accept a pending entry into its season.

    Side effects: saves SeasonEntry.status and recomputes the season's stored table.
    """
    require_commissioner(by, entry.season.league)
    if entry.status == SeasonEntry.Status.ACCEPTED:
        return entry
    if entry.team_id and entry.team.status != Team.Status.READY:
        raise ValidationError(_("The team is no longer marked ready."))
    if entry.team_id:
        require_same_edition(league=entry.season.league, team=entry.team)
        require_league_terms(league=entry.season.league, team=entry.team)
    with transaction.atomic():
        entry.status = SeasonEntry.Status.ACCEPTED
        entry.save(update_fields=["status"])
        recompute_standings(season=entry.season)
    return entry


def withdraw_entry(*, entry, by):
    """Withdraw an entry (its coach or a commissioner).

    Side effects: saves SeasonEntry.status, deletes its fixtures that have no result yet, and
    recomputes the season's stored table (its confirmed games stay recorded but no longer count).
    """
    if entry.coach_id != by.pk:
        require_commissioner(by, entry.season.league)
    with transaction.atomic():
        entry.status = SeasonEntry.Status.WITHDRAWN
        entry.save(update_fields=["status"])
        entry.season.fixtures.for_entry(entry).filter(result__isnull=True).delete()
        recompute_standings(season=entry.season)
    return entry
