"""Teams, players and the ledger of everything that happened to them.

Rules numbers live in the rulebook; these models hold a team's state. Team value and current team
value are stored (recomputed by the services after every change) so that lists of many teams need no
per-player queries.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from rosters.editions import edition_choices
from rulebook import dedication
from rulebook.data import CHARACTERISTICS, SkillRef
from rulebook.edition import available_editions, get_edition


class TeamQuerySet(models.QuerySet):
    def for_coach(self, user):
        return self.filter(coach=user)

    def ready(self):
        return self.filter(status=Team.Status.READY)


class Team(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", pgettext_lazy("team status", "Draft")
        READY = "ready", pgettext_lazy("team status", "Ready")

    # No default: whoever creates a team names its edition (rosters.services.create_team).
    edition = models.CharField(_("edition"), max_length=20, choices=edition_choices)
    roster = models.CharField(_("roster"), max_length=40, help_text=_("The team list it is drafted from."))
    chosen_rule = models.CharField(_("chosen special rule"), max_length=40, blank=True)
    # The League it plays for, chosen at the draft where the roster offers several (BB2025).
    chosen_league = models.CharField(_("League"), max_length=40, blank=True)
    # The row of a league variant's `chosen_by = "team"` table the team is dedicated to for the whole
    # league (Spike! Journal 21: an Elven god), and the one player type it favours (rulebook.dedication).
    dedication = models.CharField(_("dedication"), max_length=40, blank=True)
    dedication_position = models.CharField(_("favoured player type"), max_length=40, blank=True)
    name = models.CharField(_("name"), max_length=80)
    coach = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="teams", verbose_name=_("coach")
    )
    status = models.CharField(_("status"), max_length=10, choices=Status, default=Status.DRAFT)
    treasury = models.IntegerField(_("treasury"), default=0)
    rerolls = models.PositiveSmallIntegerField(_("team re-rolls"), default=0)
    dedicated_fans = models.PositiveSmallIntegerField(_("dedicated fans"), default=1)
    apothecary = models.BooleanField(_("apothecary"), default=False)
    assistant_coaches = models.PositiveSmallIntegerField(_("assistant coaches"), default=0)
    cheerleaders = models.PositiveSmallIntegerField(_("cheerleaders"), default=0)
    team_value = models.PositiveIntegerField(_("team value"), default=0)
    current_team_value = models.PositiveIntegerField(_("current team value"), default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = TeamQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [
            # One of the rulebook's editions, as listed when the models load: adding an edition folder
            # changes this constraint, so a new edition comes with a migration (makemigrations --check).
            models.CheckConstraint(
                condition=models.Q(edition__in=available_editions()), name="team_edition_known"
            ),
        ]

    def __str__(self):
        return self.name

    @property
    def rules(self):
        """The rulebook team list this team is drafted from (with the position its dedication may raise,
        rulebook.dedication.team_list)."""
        if self.dedication:
            return dedication.team_list(self.edition, self.roster, self.dedication)
        return get_edition(self.edition).team(self.roster)

    @property
    def is_draft(self):
        return self.status == self.Status.DRAFT

    @property
    def draft_choices(self):
        """What the coach chose at the draft: the League and the special rule (Favoured of ...), if any."""
        return tuple(choice for choice in (self.chosen_league, self.chosen_rule) if choice)

    @property
    def rules_in_force(self):
        """Every team rule and League that applies to this team (rulebook Team.rules_in_force), and
        those its dedication brings (Khaine: Brawlin' Brutes)."""
        rules = self.rules.rules_in_force(self.draft_choices)
        return tuple(dict.fromkeys((*rules, *dedication.team_rules(self.dedication_row))))

    @property
    def dedication_row(self):
        """The data row of what the team is dedicated to (rulebook.dedication), or None."""
        return dedication.chosen_row(self.edition_rules, self.dedication)

    @property
    def league_affiliation(self):
        """The League the team plays for (its roster's only one, or the one chosen), or None."""
        return self.rules.league(self.draft_choices)

    def has_rule(self, rule_id):
        return rule_id in self.rules_in_force

    @property
    def edition_rules(self):
        """The rulebook edition this team is drafted in and plays by."""
        return get_edition(self.edition)

    @property
    def captain(self):
        """The Team Captain on the roster (team rule team_captain), or None."""
        return self.players.on_roster().filter(is_captain=True).first()


def name_with_team(name, team_name):
    """ "#8 Grukk Skullsplitta (Gouged Eye)": a player named where players of two teams meet (a match,
    its report, a league), so that nobody has to guess whose #8 it is."""
    return gettext("%(player)s (%(team)s)") % {"player": name, "team": team_name}


# The skill a Team Captain gains for free (the rule team_captain of the edition's teams).
CAPTAIN_SKILL = "pro"


class PlayerQuerySet(models.QuerySet):
    def on_roster(self):
        """Players who still belong to the team: not dead, not retired."""
        return self.exclude(status__in=[Player.Status.DEAD, Player.Status.RETIRED, Player.Status.FIRED])


class Player(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", pgettext_lazy("player status", "Active")
        TEMPORARILY_RETIRED = "temporarily_retired", _("Temporarily retired")
        RETIRED = "retired", pgettext_lazy("player status", "Retired")
        FIRED = "fired", pgettext_lazy("player status", "Fired")
        DEAD = "dead", pgettext_lazy("player status", "Dead")

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="players", verbose_name=_("team"))
    number = models.PositiveSmallIntegerField(_("number"))
    name = models.CharField(_("name"), max_length=60)
    position = models.CharField(_("position"), max_length=40)
    status = models.CharField(_("status"), max_length=20, choices=Status, default=Status.ACTIVE)
    journeyman = models.BooleanField(_("journeyman"), default=False)
    # Team Captain (BB2025 team rule team_captain): gains Pro without a value increase.
    is_captain = models.BooleanField(_("Team Captain"), default=False)
    # Current characteristics (the rulebook position's, plus improvements, minus lasting injuries).
    ma = models.PositiveSmallIntegerField()
    st = models.PositiveSmallIntegerField()
    ag = models.PositiveSmallIntegerField()
    pa = models.PositiveSmallIntegerField(null=True, blank=True)
    av = models.PositiveSmallIntegerField()
    # Advancements in the order taken: {"kind": "random_primary", "skill": "block"} or
    # {"kind": "characteristic", "characteristic": "ma"}; kinds are value_increases rows of the rulebook.
    advancements = models.JSONField(default=list, blank=True)
    # Skills gained other than by advancement (e.g. by a commissioner's edit): {"skill": ..., "origin": ...}
    extra_skills = models.JSONField(default=list, blank=True)
    # A characteristic improvement rolled but not yet chosen: {"kind": "characteristic", "roll": {...}}
    pending_advancement = models.JSONField(null=True, blank=True)
    lasting_injuries = models.JSONField(default=list, blank=True)  # lasting_injury row ids
    niggling_injuries = models.PositiveSmallIntegerField(default=0)
    miss_next_game = models.BooleanField(_("misses next game"), default=False)
    spp_earned = models.PositiveIntegerField(_("SPP earned"), default=0)
    spp_spent = models.PositiveIntegerField(_("SPP spent"), default=0)
    value = models.PositiveIntegerField(_("current value"), default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = ["number"]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self):
        return f"#{self.number} {self.name}"

    @property
    def with_team(self):
        """ "#8 Grukk Skullsplitta (Gouged Eye)" (no query when the player was read through its team)."""
        return name_with_team(str(self), self.team.name)

    @property
    def position_rules(self):
        return self.team.rules.position(self.position)

    @property
    def spp(self):
        """Unspent SPP."""
        return self.spp_earned - self.spp_spent

    @property
    def is_available(self):
        return self.status == self.Status.ACTIVE and not self.miss_next_game

    def improvements(self):
        counts = dict.fromkeys(CHARACTERISTICS, 0)
        for advancement in self.advancements:
            if advancement["kind"] in CHARACTERISTICS:
                counts[advancement["kind"]] += 1
        return counts

    def gained_skills(self):
        """(SkillRef, origin) for every skill not on the position's list."""
        gained = [(SkillRef.parse(a["skill"]), a["kind"]) for a in self.advancements if "skill" in a]
        gained += [(SkillRef.parse(e["skill"]), e["origin"]) for e in self.extra_skills]
        return gained

    def all_skills(self):
        """(SkillRef, origin) for every skill, the position's first with origin "position"."""
        skills = [(ref, "position") for ref in self.position_rules.skills]
        if self.journeyman:
            skills.append((SkillRef("loner", "4"), "journeyman"))
        if self.is_captain:
            skills.append((SkillRef(CAPTAIN_SKILL), "captain"))
        return skills + self.gained_skills()

    def profile(self):
        return {name: getattr(self, name) for name in CHARACTERISTICS}


class LedgerEntry(models.Model):
    """One change to a team: who made it, when, why, and the state before and after.

    `before` and `after` are snapshots {"team": {...}, "players": {"<id>": {...} or null}} of what
    the change touched; undoing the latest entry restores `before` exactly.
    """

    class Kind(models.TextChoices):
        CREATED = "created", _("Team created")
        HIRE = "hire", _("Player hired")
        FIRE = "fire", _("Player fired")
        REROLL = "reroll", _("Team re-roll bought")
        STAFF = "staff", _("Staff changed")
        FANS = "fans", _("Dedicated fans changed")
        READY = "ready", _("Team marked ready")
        ADVANCEMENT = "advancement", _("Advancement")
        INJURY = "injury", _("Injury")
        RETIRE = "retire", _("Player retired")
        EDIT = "edit", _("Edited")
        MATCH = "match", _("Match played")
        REDRAFT = "redraft", _("Re-drafted")
        IMPORT = "import", _("Imported")
        GOLD = "gold", _("Treasury changed")
        CORRECTION = "correction", _("Match corrected")

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="ledger")
    kind = models.CharField(max_length=20, choices=Kind)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    as_commissioner = models.BooleanField(default=False)
    reason = models.CharField(max_length=200, blank=True)
    details = models.JSONField(default=dict, blank=True)  # what the summary needs: names, costs, dice
    before = models.JSONField(default=dict)
    after = models.JSONField(default=dict)
    gold_change = models.IntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("ledger entry")
        verbose_name_plural = _("ledger entries")

    def __str__(self):
        return f"{self.team}: {self.get_kind_display()}"
