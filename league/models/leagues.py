"""Leagues, their rules (points, tie-breakers, optional rules) and their invitations."""

import secrets

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from league import permissions
from rosters.editions import edition_choices
from rulebook.edition import available_editions, editions_newest_first, get_edition

TIEBREAKERS = {
    "head_to_head_points": _("Head-to-head points"),
    "head_to_head_td_difference": _("Head-to-head touchdown difference"),
    "td_difference": _("Touchdown difference"),
    "cas_difference": _("Casualty difference"),
    "touchdowns_scored": _("Touchdowns scored"),
    "casualties_inflicted": _("Casualties inflicted"),
    "fewest_conceded": _("Fewest touchdowns conceded"),
    "coin_flip": _("Coin flip"),
}
# The rulebook's [league] tie-breakers under our names.
_RULEBOOK_TIEBREAKERS = {"casualties_caused": "casualties_inflicted", "touchdown_difference": "td_difference"}
# How often teams meet and how many days pass between rounds when the league's edition says nothing.
ROUND_ROBIN_MEETINGS = 1
DAYS_BETWEEN_ROUNDS = 7
# A season is scheduled once this many teams are accepted (the season page and the home page say so).
MIN_TEAMS = 2
DEFAULT_TIEBREAKERS = ["td_difference", "touchdowns_scored", "casualties_inflicted", "coin_flip"]


class Game(models.TextChoices):
    """The game a league plays. A Blood Bowl league also plays one of the rulebook's editions
    (League.edition); the other games have none."""

    BLOOD_BOWL = "blood_bowl", _("Blood Bowl")
    RUGBY = "rugby", _("Rugby miniatures game")
    HEXFOOTBALL = "hexfootball", _("Hex football game")


def petty_cash_choices(edition=None):
    """The petty cash procedures of `edition` (every edition's when None) with their names."""
    editions = [edition] if edition else editions_newest_first()
    language = get_language()
    choices = {}
    for each in editions:
        for procedure in each.settings.petty_cash_procedure:
            choices.setdefault(procedure.id, each.text(f"petty_cash.{procedure.id}.name", language))
    return list(choices.items())


def optional_rule_ids(edition):
    """The optional rules `edition` (an Edition, or None outside Blood Bowl) offers."""
    return edition.optional_rules if edition else ()


def rulebook_league_defaults(edition):
    """Points, bonus points and tie-breakers from `edition`'s [league] section ("points" and
    "bonus_points" as rulebook.settings.Points and BonusPoints)."""
    league = edition.settings.league
    tiebreakers = [_RULEBOOK_TIEBREAKERS.get(name, name) for name in league.tiebreakers]
    return {
        "points": league.points,
        "bonus_points": league.bonus_points,
        "bonus_points_default": league.bonus_points_default,
        "tiebreakers": [name for name in tiebreakers if name in TIEBREAKERS] + ["coin_flip"],
    }


class LeagueQuerySet(models.QuerySet):
    def visible_to(self, user):
        """Public leagues, and the private ones the user commissions or plays in."""
        if not user.is_authenticated:
            return self.filter(public=True)
        return self.filter(
            Q(public=True) | Q(commissioners=user) | Q(members=user) | Q(seasons__entries__coach=user)
        ).distinct()

    def commissioned_by(self, user):
        return self.filter(commissioners=user) if user.is_authenticated else self.none()


class League(models.Model):
    name = models.CharField(_("name"), max_length=80)
    slug = models.SlugField(_("short name"), max_length=80, unique=True)
    # No defaults: whoever creates a league names its game and, for Blood Bowl, its edition (an edition
    # id of the rulebook; empty for another game): league.services.leagues.create_league.
    game = models.CharField(_("game"), max_length=20, choices=Game)
    edition = models.CharField(_("edition"), max_length=20, choices=edition_choices, blank=True)
    description = models.TextField(_("description"), blank=True)
    commissioners = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="commissioned_leagues", verbose_name=_("commissioners")
    )
    members = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        related_name="league_memberships",
        blank=True,
        verbose_name=_("members"),
        help_text=_("Coaches who joined with an invitation."),
    )
    public = models.BooleanField(_("public"), default=True, help_text=_("Anyone may see the league."))
    points_win = models.SmallIntegerField(_("points for a win"), default=3)
    points_draw = models.SmallIntegerField(_("points for a draw"), default=1)
    points_loss = models.SmallIntegerField(_("points for a loss"), default=0)
    bonus_points = models.BooleanField(_("bonus points"), default=False)
    bonus_three_plus_touchdowns = models.SmallIntegerField(_("bonus for 3+ touchdowns"), default=1)
    bonus_no_touchdown_conceded = models.SmallIntegerField(_("bonus for conceding no touchdown"), default=1)
    bonus_three_plus_casualties = models.SmallIntegerField(_("bonus for 3+ casualties"), default=1)
    tiebreakers = models.JSONField(_("tie-breakers"), default=list, blank=True)
    starting_treasury = models.PositiveIntegerField(_("starting treasury"), default=1000000)
    # One of the league's edition's [[petty_cash_procedure]] ids ("" outside Blood Bowl).
    petty_cash_procedure = models.CharField(
        _("petty cash procedure"), max_length=20, choices=petty_cash_choices, blank=True, default=""
    )
    optional_rules = models.JSONField(_("optional rules"), default=list, blank=True)
    webhook_url = models.URLField(
        _("webhook URL"),
        blank=True,
        help_text=_("A Discord-compatible webhook told about submitted, disputed and confirmed results."),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    objects = LeagueQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        verbose_name = _("league")
        verbose_name_plural = _("leagues")
        constraints = [
            # A Blood Bowl league plays one of the rulebook's editions (as listed when the models load:
            # adding an edition folder changes this constraint, so a new edition comes with a
            # migration), another game none.
            models.CheckConstraint(
                condition=Q(game=Game.BLOOD_BOWL, edition__in=available_editions())
                | Q(game__in=[game for game in Game.values if game != Game.BLOOD_BOWL], edition=""),
                name="league_game_and_edition",
            ),
        ]

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        if not self.petty_cash_procedure and self.rulebook:
            self.petty_cash_procedure = self.rulebook.settings.inducements.petty_cash_default
        super().save(*args, **kwargs)

    def clean(self):
        unknown = [name for name in self.tiebreakers if name not in TIEBREAKERS]
        if unknown or len(set(self.tiebreakers)) != len(self.tiebreakers):
            raise ValidationError({"tiebreakers": _("Choose each tie-breaker at most once, from the list.")})
        if any(rule not in optional_rule_ids(self.rulebook) for rule in self.optional_rules):
            raise ValidationError({"optional_rules": _("Unknown optional rule.")})
        if self.petty_cash_procedure and self.petty_cash_procedure not in dict(
            petty_cash_choices(self.rulebook) if self.rulebook else ()
        ):
            raise ValidationError({"petty_cash_procedure": _("Choose a procedure of the league's edition.")})

    @property
    def rulebook(self):
        """The rulebook Edition the league plays, or None for a game other than Blood Bowl. An edition
        this Dugout no longer has raises LookupError (get_edition): the league stays Blood Bowl."""
        return get_edition(self.edition) if self.edition else None

    @property
    def edition_name(self):
        """The edition's name in the active language ("" outside Blood Bowl)."""
        return self.rulebook.text("edition.name", get_language()) if self.rulebook else ""

    @property
    def game_name(self):
        """What the league plays, in the active language: its edition's name for Blood Bowl ("Blood
        Bowl (2025 edition)"), else the game's."""
        return self.edition_name if self.is_blood_bowl else self.get_game_display()

    @property
    def is_blood_bowl(self):
        return self.game == Game.BLOOD_BOWL

    def season_shape(self):
        """The shape of a season from the edition's [season] section (BB2025: each team meets each
        other once, at least 4 teams, a round every 2 weeks, 4, 8 or 16 play-off qualifiers), with
        Dugout's defaults where the edition (or the game) says nothing: {"stated" (whether the edition
        has a [season] section), "meetings", "min_teams", "dugout_min_teams" (the teams Dugout schedules a
        season from), "days_between", "playoff_sizes"}."""
        season = self.rulebook.settings.season if self.rulebook else None
        weeks = season.game_interval_weeks if season else None
        return {
            "stated": season is not None,
            "meetings": season.meetings_per_opponent if season else ROUND_ROBIN_MEETINGS,
            "min_teams": season.min_teams if season else None,
            "dugout_min_teams": MIN_TEAMS,
            "days_between": weeks * 7 if weeks else DAYS_BETWEEN_ROUNDS,
            "playoff_sizes": list(season.playoff_sizes) if season else [],
        }

    def is_commissioner(self, user):
        """Whether `user` commissions this league (league.permissions.is_commissioner)."""
        return permissions.is_commissioner(user, self)

    def is_visible_to(self, user):
        return self.public or League.objects.visible_to(user).filter(pk=self.pk).exists()

    def scoring(self):
        """The points and bonus points settings as a plain dict for league.standings."""
        return {
            "win": self.points_win,
            "draw": self.points_draw,
            "loss": self.points_loss,
            "bonus": {
                "three_plus_touchdowns": self.bonus_three_plus_touchdowns,
                "no_touchdown_conceded": self.bonus_no_touchdown_conceded,
                "three_plus_casualties": self.bonus_three_plus_casualties,
            }
            if self.bonus_points
            else None,
        }


def _invitation_code():
    return secrets.token_urlsafe(12)


class Invitation(models.Model):
    """A link or code that lets a coach join a league (enter a team in its open season)."""

    code = models.CharField(_("code"), max_length=32, unique=True, default=_invitation_code)
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="invitations")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    expires = models.DateTimeField(_("expires"), null=True, blank=True)
    max_uses = models.PositiveIntegerField(_("maximum uses"), null=True, blank=True)
    uses = models.PositiveIntegerField(_("uses"), default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")

    def __str__(self):
        return self.code

    def is_usable(self, now=None):
        now = now or timezone.now()
        if self.expires and self.expires <= now:
            return False
        return self.max_uses is None or self.uses < self.max_uses
