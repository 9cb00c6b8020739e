"""Who may do what with a correction: a coach of either team or a commissioner of the league proposes;
the other team's coach or a commissioner accepts; a commissioner (for a friendly, a coach of either
team) undoes."""

from django.core.exceptions import ValidationError

from league.permissions import is_commissioner
from matches.models import SIDES


def league_of(match):
    return None if match.is_friendly else match.fixture.season.league


def coached_sides(user, match):
    return [side for side in SIDES if user.is_authenticated and match.team(side).coach_id == user.pk]


def may_propose(user, match):
    league = league_of(match)
    return bool(coached_sides(user, match)) or (league is not None and is_commissioner(user, league))


def may_accept(user, correction):
    """A commissioner of the league; else a coach of a team of the match the proposer does not coach."""
    match = correction.match
    league = league_of(match)
    if league is not None and is_commissioner(user, league):
        return True
    proposer_sides = [side for side in SIDES if match.team(side).coach_id == correction.proposed_by_id]
    return any(side not in proposer_sides for side in coached_sides(user, match))


def may_undo(user, correction):
    match = correction.match
    league = league_of(match)
    if league is not None:
        return is_commissioner(user, league)
    return bool(coached_sides(user, match))


def require(allowed, message):
    if not allowed:
        raise ValidationError(message)
