"""Creating leagues, changing their settings, inviting coaches and letting them join."""

from datetime import timedelta

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from league.models import (
    DEFAULT_TIEBREAKERS,
    TIEBREAKERS,
    Game,
    Invitation,
    League,
    Season,
    optional_rule_ids,
    petty_cash_choices,
    rulebook_league_defaults,
)
from league.permissions import require_commissioner

# A season's status changes through its life cycle (league.services.seasons); callers that name the
# status they want still find set_season_status here.
from league.services.seasons import set_season_status as set_season_status
from league.standings.store import recompute_league_standings
from rulebook.edition import available_editions

# URL words under /leagues/ that a league's slug must not take.
RESERVED_SLUGS = {"new", "join", "api", "seasons", "entries", "fixtures"}


def _unique_slug(name):
    base = slugify(name)[:70] or "league"
    if base in RESERVED_SLUGS:
        base = f"{base}-league"
    slug, number = base, 2
    while League.objects.filter(slug=slug).exists():
        slug, number = f"{base}-{number}", number + 1
    return slug


def _rulebook_settings(edition):
    """A new league's settings from its Blood Bowl edition's numbers (another game: the usual
    tie-breakers, the model's other defaults)."""
    if edition is None:
        return {"tiebreakers": list(DEFAULT_TIEBREAKERS)}
    defaults = rulebook_league_defaults(edition)
    points = defaults["points"]
    bonus = defaults["bonus_points"]
    return {
        "points_win": points.win,
        "points_draw": points.draw,
        "points_loss": points.loss,
        "bonus_points": defaults["bonus_points_default"],
        "bonus_three_plus_touchdowns": bonus.three_plus_touchdowns,
        "bonus_no_touchdown_conceded": bonus.no_touchdown_conceded,
        "bonus_three_plus_casualties": bonus.three_plus_casualties,
        "tiebreakers": defaults["tiebreakers"],
        "starting_treasury": edition.settings.starting_treasury,
        "petty_cash_procedure": edition.settings.inducements.petty_cash_default,
    }


def create_league(*, name, created_by, game, edition, public=True, description=""):
    """Create a league of `game` (a league.models.Game) with its edition's league settings, run by
    `created_by`. `edition` is the id of the rulebook edition a Blood Bowl league plays, "" for another
    game: always named by the caller, there is no default edition.

    Side effects: creates the League (with a unique slug from its name) and adds `created_by` to its
    commissioners.
    """
    name = name.strip()
    if not name:
        raise ValidationError(_("Give the league a name."))
    if game not in Game.values:
        raise ValidationError(_("Unknown game."))
    if game == Game.BLOOD_BOWL and edition not in available_editions():
        raise ValidationError(_("Unknown edition."))
    if game != Game.BLOOD_BOWL and edition:
        raise ValueError(f"a league of {game!r} plays no edition, not {edition!r}")
    league = League(name=name, game=game, edition=edition, public=public, description=description)
    with transaction.atomic():
        league.slug = _unique_slug(name)
        for field, value in _rulebook_settings(league.rulebook).items():
            setattr(league, field, value)
        league.save()
        league.commissioners.add(created_by)
    return league


SETTINGS_FIELDS = (
    "name",
    "description",
    "public",
    "points_win",
    "points_draw",
    "points_loss",
    "bonus_points",
    "bonus_three_plus_touchdowns",
    "bonus_no_touchdown_conceded",
    "bonus_three_plus_casualties",
    "tiebreakers",
    "starting_treasury",
    "petty_cash_procedure",
    "optional_rules",
    "webhook_url",
)
# The settings that change the tables.
SCORING_FIELDS = (
    "points_win",
    "points_draw",
    "points_loss",
    "bonus_points",
    "bonus_three_plus_touchdowns",
    "bonus_no_touchdown_conceded",
    "bonus_three_plus_casualties",
    "tiebreakers",
)


def update_league_settings(*, league, by, **changes):
    """Change a league's settings (any of SETTINGS_FIELDS); commissioners only.

    Side effects: saves the League; when points, bonus points or tie-breakers change, recomputes the
    stored table of each of its seasons.
    """
    require_commissioner(by, league)
    unknown = set(changes) - set(SETTINGS_FIELDS)
    if unknown:
        raise ValueError(f"not league settings: {sorted(unknown)}")
    tiebreakers = changes.get("tiebreakers", league.tiebreakers)
    if any(name not in TIEBREAKERS for name in tiebreakers) or len(set(tiebreakers)) != len(tiebreakers):
        raise ValidationError(_("Choose each tie-breaker at most once, from the list."))
    if any(rule not in optional_rule_ids(league.rulebook) for rule in changes.get("optional_rules", [])):
        raise ValidationError(_("Unknown optional rule."))
    procedure = changes.get("petty_cash_procedure")
    if procedure and procedure not in dict(petty_cash_choices(league.rulebook) if league.rulebook else ()):
        raise ValidationError(_("Choose a petty cash procedure of the league's edition."))
    if "name" in changes and not changes["name"].strip():
        raise ValidationError(_("Give the league a name."))
    rescored = any(
        name in SCORING_FIELDS and getattr(league, name) != value for name, value in changes.items()
    )
    with transaction.atomic():
        for key, value in changes.items():
            setattr(league, key, value)
        league.save()
        if rescored:
            recompute_league_standings(league=league)
    return league


def add_commissioner(*, league, user, by):
    """Make `user` a commissioner too. Side effects: adds to League.commissioners."""
    require_commissioner(by, league)
    league.commissioners.add(user)


def create_invitation(*, league, created_by, days_valid=None, max_uses=None):
    """A new invitation code for `league`; commissioners only.

    Side effects: creates the Invitation.
    """
    require_commissioner(created_by, league)
    expires = timezone.now() + timedelta(days=days_valid) if days_valid else None
    return Invitation.objects.create(league=league, created_by=created_by, expires=expires, max_uses=max_uses)


def revoke_invitation(*, invitation, by):
    """Side effects: deletes the Invitation."""
    require_commissioner(by, invitation.league)
    invitation.delete()


def join_league(*, code, user):
    """Join the league of an invitation code and return it.

    Side effects: adds `user` to League.members and counts one use of the Invitation (a member who
    follows the link again uses nothing).
    """
    with transaction.atomic():
        invitation = (
            Invitation.objects.select_for_update().select_related("league").filter(code=code.strip()).first()
        )
        if invitation is not None and invitation.league.members.filter(pk=user.pk).exists():
            return invitation.league
        if invitation is None or not invitation.is_usable():
            raise ValidationError(_("This invitation is unknown, expired or used up."))
        league = invitation.league
        league.members.add(user)
        invitation.uses += 1
        invitation.save(update_fields=["uses"])
    return league


def is_member(league, user):
    """Whether `user` may enter teams: a member, a commissioner, or anyone in a public league."""
    if not user.is_authenticated:
        return False
    return league.public or league.is_commissioner(user) or league.members.filter(pk=user.pk).exists()


def create_season(*, league, name, by, format=Season.Format.ROUND_ROBIN):
    """Open a new season for registration. Side effects: creates the Season."""
    require_commissioner(by, league)
    if not name.strip():
        raise ValidationError(_("Give the season a name."))
    if format not in Season.Format.values:
        raise ValidationError(_("Unknown season format."))
    return Season.objects.create(league=league, name=name.strip(), format=format)
