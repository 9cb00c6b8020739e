"""A Blood Bowl match recorded at the table: pre-match results, drives, events and every dice roll.

Journeymen are kept in the match (JSON, keyed "home-1", "away-2", ...) until the post-match sequence:
the roster is not touched by a match until it is applied, an abandoned match leaves nothing to clean
up, and the apply creates Player rows only for the journeymen hired permanently (one ledger entry).
"""

from django.conf import settings
from django.db import models
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from league.models import Side
from rosters.models import Player, Team
from rulebook.coverage import carries_out
from rulebook.edition import get_edition

SIDES = ("home", "away")


def other(side):
    return "away" if side == "home" else "home"


def kickoff_text_key(edition, result):
    """The text key of a kick-off result: the core table's row, else the row of the regional table that
    holds it (an optional rule's that replaces the core one: matches.services.common.match_table)."""
    tables = [edition.table("kickoff")]
    tables += [
        table for table in edition.optional_tables.values() if table.extra.get("replaces") == "kickoff"
    ]
    for table in tables:
        if any(row["id"] == result for row in table.rows):
            prefix = "table.kickoff" if table is tables[0] else f"optional.{table.id}"
            return f"{prefix}.{result}"
    return f"table.kickoff.{result}"


class MatchQuerySet(models.QuerySet):
    def for_team(self, team):
        return self.filter(models.Q(home_team=team) | models.Q(away_team=team))

    def for_user(self, user):
        return self.filter(models.Q(home_team__coach=user) | models.Q(away_team__coach=user))

    def applied(self):
        return self.filter(status=Match.Status.APPLIED)


class Match(models.Model):
    class Status(models.TextChoices):
        PRE_MATCH = "pre_match", _("Pre-match")
        IN_PROGRESS = "in_progress", _("In progress")
        POST_MATCH = "post_match", _("Post-match")
        SUBMITTED = "submitted", _("Submitted")
        CONFIRMED = "confirmed", _("Confirmed")
        APPLIED = "applied", _("Applied")

    home_team = models.ForeignKey(
        Team, on_delete=models.PROTECT, related_name="home_matches", verbose_name=_("home team")
    )
    away_team = models.ForeignKey(
        Team, on_delete=models.PROTECT, related_name="away_matches", verbose_name=_("away team")
    )
    status = models.CharField(_("status"), max_length=20, choices=Status, default=Status.PRE_MATCH)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", verbose_name=_("created by")
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # A league match plays a fixture; a friendly has none.
    fixture = models.OneToOneField(
        "league.Fixture",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="match",
        verbose_name=_("fixture"),
    )
    # Settings snapshot, taken when the match is created (a league may change its settings later).
    petty_cash_procedure = models.CharField(_("petty cash procedure"), max_length=10, default="2025")
    optional_rules = models.JSONField(_("optional rules"), default=list, blank=True)
    # Pre-match results.
    stadium = models.CharField(max_length=40, blank=True)
    home_fan_factor = models.PositiveSmallIntegerField(null=True, blank=True)
    away_fan_factor = models.PositiveSmallIntegerField(null=True, blank=True)
    weather = models.CharField(max_length=40, blank=True)  # the current weather (kick-offs change it)
    journeymen_done = models.BooleanField(default=False)
    # Players of this match only, named by events through their key: the journeymen taken on
    # [{"key": "home-1", "number": 12, "name": "...", "position": "lineman"}], then the mercenaries bought
    # as inducements {"key": "home-m1", ..., "mercenary": true, "skills": ["loner:4", "tackle"]}. The
    # star players hired are read from the inducements (see star_players).
    home_journeymen = models.JSONField(default=list, blank=True)
    away_journeymen = models.JSONField(default=list, blank=True)
    home_ctv = models.PositiveIntegerField(null=True, blank=True)  # with journeymen and inducements
    away_ctv = models.PositiveIntegerField(null=True, blank=True)
    # [{"id": "bribe", "choice": "", "count": 2, "price": 100000}]
    home_inducements = models.JSONField(default=list, blank=True)
    away_inducements = models.JSONField(default=list, blank=True)
    home_inducements_done = models.BooleanField(default=False)
    away_inducements_done = models.BooleanField(default=False)
    home_petty_cash = models.PositiveIntegerField(default=0)
    away_petty_cash = models.PositiveIntegerField(default=0)
    home_treasury_spent = models.PositiveIntegerField(default=0)  # taken from the treasury when applied
    away_treasury_spent = models.PositiveIntegerField(default=0)
    home_prayers = models.JSONField(default=list, blank=True)  # prayers_to_nuffle row ids
    away_prayers = models.JSONField(default=list, blank=True)
    prayers_done = models.BooleanField(default=False)
    # Who won the toss (or the roll-off), and so chose whether to kick or to receive.
    toss_winner = models.CharField(max_length=4, choices=Side, blank=True)
    kicking = models.CharField(max_length=4, choices=Side, blank=True)  # kicks the first drive
    match_ball = models.CharField(max_length=40, blank=True)
    # The Jolly Jouster Cup (matches.services.jolly_jouster): the Dukedom rolled at the start of the game,
    # and the Jouster's Chalice: {"side": its holder's side} from the match's creation (a league match),
    # then the "nominees" [{"key", "name"}], the "roll", the "player" it gave its "skills" ({} for none).
    dukedom = models.CharField(max_length=40, blank=True)
    chalice = models.JSONField(default=dict, blank=True)
    # Play.
    half = models.PositiveSmallIntegerField(default=1)
    turn = models.PositiveSmallIntegerField(default=1)
    home_score = models.PositiveSmallIntegerField(default=0)
    away_score = models.PositiveSmallIntegerField(default=0)
    conceded_by = models.CharField(max_length=4, choices=Side, blank=True)
    # The conceding coach declared, before set-up, that they could set up no more than the edition's
    # [concession] free_at_or_below_players: the concession then carries none of its penalties.
    conceded_without_penalty = models.BooleanField(_("conceded without penalty"), default=False)
    # Whether any player of the team was Stalling at least once in the match (edition.toml [winnings]
    # record_stalling): an edition with a no-stalling bonus pays it only to a team that did not stall.
    home_stalled = models.BooleanField(_("home team stalled"), default=False)
    away_stalled = models.BooleanField(_("away team stalled"), default=False)
    # Post-match: the dice rolled and choices made ({"home": {...}, "away": {...}}), then the outcome.
    postmatch = models.JSONField(default=dict, blank=True)
    outcome = models.JSONField(default=dict, blank=True)
    ledger_entries = models.JSONField(default=dict, blank=True)  # {"home": entry id, "away": entry id}
    applied_at = models.DateTimeField(null=True, blank=True)
    applied_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    objects = MatchQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")

    def __str__(self):
        return f"{self.home_team} – {self.away_team}"

    def team(self, side):
        return self.home_team if side == "home" else self.away_team

    def side_of(self, team):
        return "home" if team.pk == self.home_team_id else "away"

    def side_value(self, name, side):
        return getattr(self, f"{side}_{name}")

    def set_side_value(self, name, side, value):
        setattr(self, f"{side}_{name}", value)

    def score(self, side):
        return self.side_value("score", side)

    def stalled(self, side):
        return self.side_value("stalled", side)

    @property
    def edition(self):
        """The rulebook edition the match is played under: its home team's."""
        return get_edition(self.home_team.edition)

    def journeymen(self, side):
        """Every player `side` fields in this match only (events name them by "key"): the journeymen
        taken on and the mercenaries bought (see plain_journeymen and mercenaries)."""
        return self.side_value("journeymen", side)

    def plain_journeymen(self, side):
        """The journeymen taken on to reach 11 players: they add to CTV and may be hired after the match."""
        return [entry for entry in self.journeymen(side) if not entry.get("mercenary")]

    def mercenaries(self, side):
        """The mercenary players bought as inducements: no SPP, never MVP, never hired after the match."""
        return [entry for entry in self.journeymen(side) if entry.get("mercenary")]

    @carries_out("inducement", row="star_player")
    def star_players(self, side):
        """The star players `side` hired as inducements, as players of this match: [{"key": "home-s1",
        "star": star id}] in the order bought, the partner of a pair right after the one hired (one
        brings the other). Read from the stored inducements, fixed once the match starts, so the keys
        hold; they are short because an event keeps a key in 12 characters. Like mercenaries: no SPP,
        never MVP, never on the roster."""
        edition = get_edition(self.home_team.edition)
        hired = []
        for item in self.side_value("inducements", side):
            inducement = edition.inducements.get(item["id"])
            star = edition.star_players.get(item.get("choice"))
            if inducement is None or inducement.choices != "star" or star is None:
                continue
            hired += [star_id for star_id in (star.id, star.pair) if star_id and star_id not in hired]
        return [{"key": f"{side}-s{index}", "star": star_id} for index, star_id in enumerate(hired, start=1)]

    def match_only_players(self, side, language=None):
        """{key: name} of every player `side` fields in this match only, as events name them: the
        journeymen and mercenaries ("#12 name"), then the star players (their rulebook name in
        `language`, by default the active one)."""
        edition = get_edition(self.home_team.edition)
        language = language or get_language()
        names = {entry["key"]: f"#{entry['number']} {entry['name']}" for entry in self.journeymen(side)}
        for entry in self.star_players(side):
            names[entry["key"]] = edition.name(edition.star_players[entry["star"]], language)
        return names

    @property
    def is_friendly(self):
        return self.fixture_id is None

    def current_drive(self):
        return self.drives.order_by("-number").first()


class DiceLog(models.Model):
    """One roll, rolled by Dugout or entered by a coach from real dice (Roll.as_dict())."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="dice_log")
    roll = models.JSONField()
    purpose = models.CharField(max_length=60)
    step = models.CharField(max_length=30)  # "pre_match", "drive", "post_match"
    team = models.ForeignKey(Team, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    # The player a roll is about (KO recovery, the victim's injury rolls, arguing a sending-off): the
    # roster row and the name as it was (a player may be renamed or deleted later), or for a player of
    # this match only (journeyman, mercenary, star) its key, named in the reader's language when shown.
    player = models.ForeignKey(
        Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="+", verbose_name=_("player")
    )
    subject = models.CharField(_("player"), max_length=80, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]

    def __str__(self):
        return f"{self.purpose}: {self.roll.get('faces')}"

    def subject_name(self, match_players=None):
        """Who the roll was about: the player's current name, or for a player of the match only its name
        in `match_players` ({key: name}, Match.match_only_players of both sides), else what was kept."""
        if self.player_id:
            return str(self.player)
        return (match_players or {}).get(self.subject, self.subject)


class Drive(models.Model):
    class EndedBy(models.TextChoices):
        TOUCHDOWN = "touchdown", _("Touchdown")
        END_OF_HALF = "end_of_half", _("End of half")
        CONCESSION = "concession", _("Concession")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="drives")
    half = models.PositiveSmallIntegerField()
    number = models.PositiveSmallIntegerField()
    kicking = models.CharField(max_length=4, choices=Side)
    kickoff_roll = models.JSONField(default=dict)
    kickoff_event = models.CharField(max_length=40)
    kickoff_rolls = models.JSONField(default=list, blank=True)  # the event's own rolls
    ended_by = models.CharField(max_length=20, choices=EndedBy, blank=True)
    scoring = models.CharField(max_length=4, choices=Side, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["match", "number"], name="unique_drive_number")]

    def __str__(self):
        return f"{self.match} #{self.number}"

    @property
    def is_open(self):
        return not self.ended_by


class Event(models.Model):
    class Kind(models.TextChoices):
        TOUCHDOWN = "touchdown", _("Touchdown")
        CASUALTY = "casualty", _("Casualty")
        KNOCKED_OUT = "knocked_out", _("Knocked out")
        COMPLETION = "completion", _("Completion")
        DEFLECTION = "deflection", _("Deflection")
        INTERCEPTION = "interception", _("Interception")
        # A thrown team-mate's landing: SPP for the thrower (Superb Throw) and the thrown (Safe Landing)
        # where the edition's SPP table rewards them (BB2025).
        SUPERB_THROW = "superb_throw", _("Superb throw")
        SAFE_LANDING = "safe_landing", _("Safe landing")
        FOUL = "foul", _("Foul")
        SENT_OFF = "sent_off", _("Sent off")
        KICK_OFF = "kick_off", _("Kick-off")
        END_OF_DRIVE_KO_RECOVERY = "end_of_drive_ko_recovery", _("KO recovery")
        # The end of a half with nobody in the Knocked-out box: no KO recovery was rolled.
        END_OF_HALF = "end_of_half", _("End of the half")
        SECRET_WEAPON_SENT_OFF = "secret_weapon_sent_off", _("Secret weapon sent off")
        # A Weather Mage's roll: the weather it gave (outcome), the one before (rolls, for undo).
        WEATHER_MAGE = "weather_mage", _("Weather Mage")

    class Cause(models.TextChoices):
        BLOCK = "block", _("Block")
        FOUL = "foul", _("Foul")
        CROWD = "crowd", _("Crowd")
        OTHER = "other", _("Other")

    drive = models.ForeignKey(Drive, on_delete=models.CASCADE, related_name="events")
    turn = models.PositiveSmallIntegerField(default=0)
    side = models.CharField(max_length=4, choices=Side)  # the acting team
    kind = models.CharField(max_length=30, choices=Kind)
    player = models.ForeignKey(Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    # Key of a player of the match only (Match.match_only_players: journeyman, mercenary, star player).
    journeyman = models.CharField(max_length=12, blank=True)
    victim = models.ForeignKey(Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    victim_journeyman = models.CharField(max_length=12, blank=True)
    # The player of the acting team who caught a completion, if recorded (Dazzling Catching pays them).
    catcher = models.ForeignKey(Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    catcher_journeyman = models.CharField(max_length=12, blank=True)
    cause = models.CharField(max_length=10, choices=Cause, blank=True)
    rolls = models.JSONField(default=dict, blank=True)  # {"injury": Roll, "casualty": [Roll], ...}
    outcome = models.CharField(max_length=40, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]

    def __str__(self):
        return f"{self.get_kind_display()} ({self.side})"

    @property
    def names_a_team(self):
        """Whether the event is one team's (the end of a half is both teams')."""
        return self.kind != self.Kind.END_OF_HALF

    def outcome_label(self, language=None, *, edition=None):
        """The rulebook name of the result (kick-off event, casualty and lasting injury, arguing a
        sending-off) in the match's edition (pass `edition`, Match.edition, to spare the queries that
        find it), translated."""
        if not self.outcome or self.kind not in (self.Kind.KICK_OFF, self.Kind.SENT_OFF, self.Kind.CASUALTY):
            return ""
        edition = edition or self.drive.match.edition
        language = language or get_language()
        if self.kind == self.Kind.KICK_OFF and self.outcome:
            return edition.text(f"{kickoff_text_key(edition, self.outcome)}.name", language)
        if self.kind == self.Kind.SENT_OFF and self.outcome:
            return edition.text(f"table.argue_the_call.{self.outcome}.name", language)
        if self.kind == self.Kind.CASUALTY and self.outcome:
            name = edition.text(f"table.casualty.{self.outcome}.name", language)
            lasting = self.rolls.get("result", {}).get("lasting_injury")
            if lasting:
                name += " – " + edition.text(f"table.lasting_injury.{lasting}.name", language)
            return name
        return ""

    @property
    def actor_key(self):
        return f"p{self.player_id}" if self.player_id else self.journeyman

    @property
    def victim_key(self):
        return f"p{self.victim_id}" if self.victim_id else self.victim_journeyman

    @property
    def catcher_key(self):
        return f"p{self.catcher_id}" if self.catcher_id else self.catcher_journeyman


class Correction(models.Model):
    """A correction of an applied match: edits to what was recorded (matches.services.corrections.edits),
    proposed by a commissioner or a coach and accepted by the other side or a commissioner, then applied
    with a replay of everything both teams did since (matches.services.corrections)."""

    class Status(models.TextChoices):
        PROPOSED = "proposed", _("Proposed")
        APPLIED = "applied", _("Applied")
        REJECTED = "rejected", _("Rejected")
        UNDONE = "undone", _("Undone")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="corrections")
    status = models.CharField(_("status"), max_length=10, choices=Status, default=Status.PROPOSED)
    reason = models.CharField(_("reason"), max_length=200)
    # [{"type": ..., "old": ..., "new": ..., ...}]: each edit with the value it replaces.
    edits = models.JSONField(default=list)
    # {conflict id: choice}: how each conflict the replay found is settled (corrections.replay).
    resolutions = models.JSONField(default=dict, blank=True)
    # What applying changed, for the match report: {team id: {"team": [...], "players": [...]}}.
    summary = models.JSONField(default=dict, blank=True)
    # What undoing needs: the ledger entries and match outcomes as they were before.
    originals = models.JSONField(default=dict, blank=True)
    ledger_entries = models.JSONField(default=dict, blank=True)  # {team id: the correction's entry id}
    proposed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    proposed_at = models.DateTimeField(auto_now_add=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    undone_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-proposed_at", "-id"]
        verbose_name = _("correction")
        verbose_name_plural = _("corrections")

    def __str__(self):
        return f"{self.match}: {self.get_status_display()}"
