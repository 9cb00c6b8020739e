"""Forms of the match being played: a drive's start, the events of play, the end of a drive, a concession."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from matches.models import SIDES, Event, Side, other
from matches.services import drives
from matches.services.common import match_table
from rulebook.edition import get_edition
from web.matches.forms.fields import FacesField, set_dice
from web.service_calls import ServiceForm


class DriveStartForm(forms.Form):
    kickoff = FacesField(label=_("Kick-off event 2D6 (optional)"), dice="2D6")
    event = FacesField(
        label=_("The event's own dice (optional)"),
        help_text=_(
            "The dice the kick-off event rolls, one number per die in the order rolled, e.g. 4 2."
            " Leave empty to let Dugout roll."
        ),
    )

    def __init__(self, *args, swarming=(), half_rolls=(), typed=(), **kwargs):
        """`swarming`: the teams that roll extra players at each start of drive ({"side", "team", "name",
        "dice"}, as the live page lists them), `half_rolls`: the teams whose hireling rolls at this start
        of a half (same keys), each with a field for real dice; `typed`: the numbers each coach adds to
        a kick-off event's roll that Dugout cannot know ({"side", "team", "event", "what"}), typed in
        case the kick-off gives that event."""
        super().__init__(*args, **kwargs)
        for prefix, entries in (("half", half_rolls), ("swarming", swarming)):
            for entry in entries:
                self.fields[f"{prefix}_{entry['side']}"] = FacesField(
                    label=_("%(rule)s %(dice)s · %(team)s (optional)")
                    % {"rule": entry["name"], "dice": entry["dice"], "team": entry["team"]},
                    dice=entry["dice"],
                )
        for entry in typed:
            self.fields[f"added_{entry['side']}"] = forms.IntegerField(
                label=_("%(event)s · %(team)s: %(what)s (if the kick-off gives it)")
                % {"event": entry["event"], "team": entry["team"], "what": entry["what"]},
                required=False,
                min_value=0,
                max_value=20,
            )

    def _by_side(self, prefix):
        return {
            name.removeprefix(prefix): value
            for name, value in self.cleaned_data.items()
            if name.startswith(prefix) and value is not None and value != []
        }

    def swarming_faces(self):
        """{side: faces} of the Swarming dice typed in (the others are rolled by Dugout)."""
        return self._by_side("swarming_")

    def half_faces(self):
        """{side: faces} of the start-of-half dice typed in (the others are rolled by Dugout)."""
        return self._by_side("half_")

    def added_numbers(self):
        """{side: n} of the numbers typed for the kick-off event's roll (drives.start_drive `added`)."""
        return self._by_side("added_")


def _player_choices(match, side):
    """Who plays for `side`: the available roster players, then the journeymen, mercenaries and star
    players of this match."""
    players = [(f"p{p.pk}", str(p)) for p in match.team(side).players.on_roster() if p.is_available]
    players += list(match.match_only_players(side).items())
    return [("", "—"), *players]


def _team_choices(match, side):
    """The choices of `side` under its team's name: the victim select lists the other team's players,
    and a reader should not have to guess whose #8 it is."""
    empty, *players = _player_choices(match, side)
    return [empty, (match.team(side).name, players)]


def _resolve_choice(match, side, key):
    """(Player or None, match-only key) for a player choice key of `side`: "p12" for a roster player,
    "home-1", "home-m1" or "home-s1" for a journeyman, a mercenary or a star player."""
    if not key:
        return None, ""
    if key.startswith("p"):
        player = match.team(side).players.filter(pk=key[1:]).first()
        if player is None:
            raise ValidationError(_("This player does not play for this team."))
        return player, ""
    if key not in match.match_only_players(side):
        raise ValidationError(_("This player does not play for this team."))
    return None, key


class QuickEventForm(ServiceForm):
    """One kind of event of one team, with only the fields that kind needs (the one-tap buttons of the
    live match page). `save()` records it with drives.add_event."""

    KINDS = (
        Event.Kind.TOUCHDOWN,
        Event.Kind.CASUALTY,
        Event.Kind.KNOCKED_OUT,
        Event.Kind.COMPLETION,
        Event.Kind.INTERCEPTION,
        Event.Kind.DEFLECTION,
        Event.Kind.SUPERB_THROW,
        Event.Kind.SAFE_LANDING,
        Event.Kind.FOUL,
        Event.Kind.SENT_OFF,
        Event.Kind.SECRET_WEAPON_SENT_OFF,
    )
    # Fields each kind asks for; the acting player is required where the event credits one.
    FIELDS = {
        Event.Kind.TOUCHDOWN: ("player",),
        Event.Kind.CASUALTY: (
            "player",
            "victim",
            "cause",
            "injury",
            "casualty",
            "apothecary",
            "apothecary_roll",
            "lasting",
            "regeneration",
            "regeneration_reroll",
        ),
        Event.Kind.KNOCKED_OUT: ("player", "victim", "cause", "injury"),
        Event.Kind.COMPLETION: ("player", "catcher"),
        Event.Kind.INTERCEPTION: ("player",),
        Event.Kind.DEFLECTION: ("player",),
        Event.Kind.SUPERB_THROW: ("player",),
        Event.Kind.SAFE_LANDING: ("player",),
        Event.Kind.FOUL: ("player", "victim"),
        Event.Kind.SENT_OFF: ("player", "argue", "argue_roll", "bribe", "bribe_roll"),
        Event.Kind.SECRET_WEAPON_SENT_OFF: ("player", "bribe", "bribe_roll"),
    }
    PLAYER_OPTIONAL = {Event.Kind.CASUALTY, Event.Kind.KNOCKED_OUT}  # a crowd push, a failed dodge
    PLAYER_LABELS = {
        Event.Kind.TOUCHDOWN: _("Scorer"),
        Event.Kind.CASUALTY: _("Player responsible (if any)"),
        Event.Kind.KNOCKED_OUT: _("Player responsible (if any)"),
        Event.Kind.COMPLETION: _("Thrower"),
        Event.Kind.INTERCEPTION: _("Intercepting player"),
        Event.Kind.DEFLECTION: _("Deflecting player"),
        Event.Kind.SUPERB_THROW: _("Throwing player"),
        Event.Kind.SAFE_LANDING: _("Thrown player"),
        Event.Kind.FOUL: _("Fouler"),
        Event.Kind.SENT_OFF: _("Sent-off player"),
        Event.Kind.SECRET_WEAPON_SENT_OFF: _("Sent-off player"),
    }

    kind = forms.CharField(widget=forms.HiddenInput)
    side = forms.CharField(widget=forms.HiddenInput)
    player = forms.ChoiceField(label=_("Player"))
    victim = forms.ChoiceField(label=_("Victim"))
    # Optional: a prayer may pay the catcher too (Dazzling Catching).
    catcher = forms.ChoiceField(label=_("Catcher (optional)"), required=False)
    cause = forms.ChoiceField(label=_("Cause"), choices=Event.Cause.choices, initial=Event.Cause.BLOCK)
    injury = FacesField(label=_("Injury roll 2D6 (kept only if typed)"), dice="2D6")
    casualty = FacesField(label=_("Casualty roll D16"), dice="D16")
    apothecary = forms.BooleanField(label=_("Use the apothecary"), required=False)
    apothecary_roll = FacesField(label=_("Apothecary's roll D16"), dice="D16")
    lasting = FacesField(label=_("Lasting injury D6 (if any)"), dice="D6")
    regeneration = FacesField(label=_("Regeneration D6 (if the victim has Regeneration)"), dice="D6")
    regeneration_reroll = forms.BooleanField(
        label=_("Re-roll a failed Regeneration roll (Mortuary Assistant, Plague Doctor)"), required=False
    )
    argue = forms.BooleanField(label=_("Argue the call"), required=False)
    argue_roll = FacesField(label=_("Argue the call D6"), dice="D6")
    bribe = forms.BooleanField(label=_("Use a bribe (if still sent off)"), required=False)
    bribe_roll = FacesField(label=_("Bribe D6"), dice="D6")

    def __init__(self, *args, match, kind, side, **kwargs):
        super().__init__(*args, initial={"kind": kind, "side": side}, **kwargs)
        self.match, self.kind, self.side = match, kind, side
        wanted = {"kind", "side", *self.FIELDS[kind]}
        if not drives.has_apothecary(match, other(side)):
            wanted -= {"apothecary", "apothecary_roll"}
        if kind in drives.SENT_OFF_KINDS and drives.bribes_left(match, side) <= 0:
            wanted -= {"bribe", "bribe_roll"}
        if kind == Event.Kind.CASUALTY:
            regenerates, rerolls = drives.regeneration_options(match, other(side))
            wanted -= set() if regenerates else {"regeneration"}
            wanted -= set() if rerolls else {"regeneration_reroll"}
        for name in set(self.fields) - wanted:
            del self.fields[name]
        if "player" in self.fields:
            self.fields["player"].choices = _team_choices(match, side)
            self.fields["player"].label = self.PLAYER_LABELS[kind]
            self.fields["player"].required = kind not in self.PLAYER_OPTIONAL
        if "victim" in self.fields:
            self.fields["victim"].choices = _team_choices(match, other(side))
        if "catcher" in self.fields:
            self.fields["catcher"].choices = _team_choices(match, side)
        for field in self.fields.values():
            if isinstance(field, FacesField):
                set_dice(field, field.dice, empty_rolls=False)  # the form says it once for all its dice

    @classmethod
    def accepts(cls, kind, side):
        return kind in cls.KINDS and side in SIDES

    def dice_fields(self):
        """The dice typed in from real dice (shown together under one explanation)."""
        return [field for field in self.visible_fields() if isinstance(field.field, FacesField)]

    def choice_fields(self):
        return [field for field in self.visible_fields() if not isinstance(field.field, FacesField)]

    def clean_kind(self):
        if self.cleaned_data["kind"] != self.kind:
            raise ValidationError(_("Unknown event."))
        return self.kind

    def clean_side(self):
        if self.cleaned_data["side"] != self.side:
            raise ValidationError(_("Choose a side."))
        return self.side

    def clean_player(self):
        return _resolve_choice(self.match, self.side, self.cleaned_data["player"])

    def clean_victim(self):
        return _resolve_choice(self.match, other(self.side), self.cleaned_data["victim"])

    def clean_catcher(self):
        return _resolve_choice(self.match, self.side, self.cleaned_data["catcher"])

    def clean(self):
        data = super().clean()
        if data.get("cause") == Event.Cause.BLOCK and data.get("player") == (None, ""):
            self.add_error("player", _("Choose the player who made the block."))
        return data

    def save(self, *, user, dice):
        """Record the event (drives.add_event: the event, its rolls in the dice log, the score). Typed
        apothecary, argue or bribe dice mean the coach used them."""
        data = self.cleaned_data
        player, journeyman = data.get("player", (None, ""))
        victim, victim_journeyman = data.get("victim", (None, ""))
        catcher, catcher_journeyman = data.get("catcher", (None, ""))
        return drives.add_event(
            self.match,
            user=user,
            kind=self.kind,
            side=self.side,
            player=player,
            journeyman=journeyman,
            victim=victim,
            victim_journeyman=victim_journeyman,
            catcher=catcher,
            catcher_journeyman=catcher_journeyman,
            cause=data.get("cause", ""),
            apothecary=data.get("apothecary", False) or bool(data.get("apothecary_roll")),
            argue=data.get("argue", False) or bool(data.get("argue_roll")),
            bribe=data.get("bribe", False) or bool(data.get("bribe_roll")),
            regeneration_reroll=data.get("regeneration_reroll", False),
            dice=dice,
            faces={
                "injury": data.get("injury"),
                "casualty": data.get("casualty"),
                "apothecary": data.get("apothecary_roll"),
                "lasting": data.get("lasting"),
                "argue": data.get("argue_roll"),
                "bribe": data.get("bribe_roll"),
                "regeneration": data.get("regeneration"),
            },
        )


def knocked_out_keys(match):
    """[(side, key)] of the players still in the Knocked-out box: the victims of knocked_out events not
    back since (recovered at an end of half, or injured again as a casualty), in the order knocked out.
    One query, whatever the length of the match."""
    out = {}
    kinds = (Event.Kind.KNOCKED_OUT, Event.Kind.CASUALTY, Event.Kind.END_OF_DRIVE_KO_RECOVERY)
    for event in Event.objects.filter(drive__match=match, kind__in=kinds).order_by("id"):
        if event.kind == Event.Kind.END_OF_DRIVE_KO_RECOVERY:
            for entry in event.rolls.get("recoveries", []):
                key = f"p{entry['player']}" if entry.get("player") else entry.get("journeyman", "")
                if entry.get("recovered"):
                    out.pop((entry["side"], key), None)
            continue
        victim = (other(event.side), event.victim_key)
        if event.kind == Event.Kind.KNOCKED_OUT and event.victim_key:
            out[victim] = True
        else:
            out.pop(victim, None)  # a casualty leaves the pitch for good, not the KO box
    return list(out)


class EndDriveForm(forms.Form):
    """The end of a half: a KO recovery roll for each player still knocked out (only those, grouped by
    team), then the next half or the post-match sequence."""

    knocked_out = forms.MultipleChoiceField(
        label=_("Knocked-out players (KO recovery, 4+)"), required=False, widget=forms.CheckboxSelectMultiple
    )
    faces = FacesField(
        label=_("Recovery dice, one per player (optional)"),
        help_text=_("One D6 per ticked player, in the order listed, e.g. 4 2. Empty: Dugout rolls."),
    )

    def __init__(self, *args, match, **kwargs):
        super().__init__(*args, **kwargs)
        self.match = match
        knocked = set(knocked_out_keys(match))
        self.fields["knocked_out"].choices = [
            (f"{side}:{key}", label)
            for side in SIDES
            for key, label in _player_choices(match, side)[1:]
            if (side, key) in knocked
        ]

    def groups(self):
        """[{"team", "options": [checkbox subwidget]}] of the teams with a knocked-out player."""
        options = list(self["knocked_out"])
        groups = []
        for side in SIDES:
            mine = [option for option in options if option.data["value"].startswith(f"{side}:")]
            if mine:
                groups.append({"side": side, "team": self.match.team(side), "options": mine})
        return groups

    def knocked_out_list(self):
        chosen = []
        for value in self.cleaned_data["knocked_out"]:
            side, key = value.split(":", 1)
            if key.startswith("p"):
                chosen.append((side, self.match.team(side).players.get(pk=key[1:]), ""))
            else:
                chosen.append((side, None, key))
        return chosen

    def faces_list(self):
        faces = self.cleaned_data["faces"]
        return [[face] for face in faces] if faces else None


class ConcedeForm(forms.Form):
    """Who concedes, and whether they declare they can set up too few players to be penalised (the
    number comes from the edition of `match`; drives.concede refuses the declaration mid-drive)."""

    side = forms.ChoiceField(label=_("Conceding team"), choices=Side.choices)
    without_penalty = forms.BooleanField(required=False)

    def __init__(self, *args, match, **kwargs):
        super().__init__(*args, **kwargs)
        edition = get_edition(match.home_team.edition)
        players = edition.settings.concession.free_at_or_below_players
        field = self.fields["without_penalty"]
        field.label = _("We can set up no more than %(count)d players: concede without penalty") % {
            "count": players
        }
        field.help_text = _("Only before set-up: before the match or between drives.")
        self.rules_text = edition.text("concession.desc", get_language())


class WeatherMageForm(forms.Form):
    """A team's Weather Mage: the modifier its coach chooses and, optionally, the real dice rolled."""

    side = forms.ChoiceField(choices=Side.choices, widget=forms.HiddenInput)
    modifier = forms.TypedChoiceField(label=_("Modifier"), coerce=int, initial=0)
    faces = FacesField(label=_("Weather roll (optional)"))

    def __init__(self, *args, match, side, **kwargs):
        super().__init__(*args, initial={"side": side}, **kwargs)
        self.match, self.side = match, side
        self.fields["modifier"].choices = [
            (value, f"{value:+d}") for value in drives.weather_mage_modifiers(match)
        ]
        set_dice(self.fields["faces"], match_table(match, "weather").dice)
        self.auto_id = f"id_mage_{side}_%s"  # both teams' forms on one page

    def clean_side(self):
        if self.cleaned_data["side"] != self.side:
            raise ValidationError(_("Choose a side."))
        return self.side

    def save(self, *, user, dice):
        """Roll the new weather (drives.cast_weather_mage); returns its row id."""
        data = self.cleaned_data
        return drives.cast_weather_mage(
            self.match, side=self.side, modifier=data["modifier"], user=user, dice=dice, faces=data["faces"]
        )
