"""Forms of the match pages: dice can always be typed in (real dice) or left empty (Dugout rolls)."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from matches.models import SIDES, Event, Side, other
from matches.services import drives, postmatch, prematch
from rosters.models import Team
from rulebook.edition import get_edition


class FacesField(forms.CharField):
    """Dice faces typed as "3 4" or "3,4"; empty means Dugout rolls. Cleans to a list of ints or None."""

    def __init__(self, **kwargs):
        kwargs.setdefault("required", False)
        kwargs.setdefault("max_length", 40)
        kwargs.setdefault("help_text", _("Leave empty to let Dugout roll."))
        super().__init__(**kwargs)
        self.widget.attrs.update({"inputmode": "numeric", "autocomplete": "off", "class": "dice-input"})

    def clean(self, value):
        value = super().clean(value)
        if not value.strip():
            return None
        try:
            return [int(part) for part in value.replace(",", " ").split()]
        except ValueError as error:
            raise ValidationError(_("Type the dice as numbers, e.g. 3 4.")) from error


class MatchForm(forms.Form):
    home_team = forms.ModelChoiceField(queryset=Team.objects.none(), label=_("Your team"))
    away_team = forms.ModelChoiceField(queryset=Team.objects.none(), label=_("Opponent"))
    petty_cash_procedure = forms.ChoiceField(
        label=_("Petty cash procedure"),
        choices=[("2025", _("2025 errata (favourite first)")), ("2020", _("2020 rulebook (simultaneous)"))],
        initial="2025",
    )
    optional_rules = forms.MultipleChoiceField(
        label=_("Optional rules"), required=False, widget=forms.CheckboxSelectMultiple, choices=()
    )

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["home_team"].queryset = Team.objects.ready().for_coach(user)
        self.fields["away_team"].queryset = Team.objects.ready().select_related("coach")
        self.fields["optional_rules"].choices = [
            (rule, get_edition().text(f"optional.{rule}.name")) for rule in ("stadium", "match_balls")
        ]

    def clean(self):
        data = super().clean()
        if data.get("home_team") and data.get("home_team") == data.get("away_team"):
            raise ValidationError(_("A team cannot play itself."))
        return data


class DiceForm(forms.Form):
    faces = FacesField(label=_("Dice (optional)"))


class SidesDiceForm(forms.Form):
    home_faces = FacesField(label=_("Home dice (optional)"))
    away_faces = FacesField(label=_("Away dice (optional)"))

    def faces(self):
        data = self.cleaned_data
        if data["home_faces"] is None and data["away_faces"] is None:
            return None
        return {"home": data["home_faces"], "away": data["away_faces"]}


class KickingForm(forms.Form):
    side = forms.ChoiceField(
        label=_("Kicking team"), required=False, choices=[("", _("Toss (D6: 1-3 home kicks)")), *Side.choices]
    )
    faces = FacesField(label=_("Toss die (optional)"))


class CountCheckbox(forms.CheckboxInput):
    """A count of at most one as a checkbox: ticked, it posts "1". The field reads what was posted as
    it is, so a forged count still meets the field's limits."""

    def __init__(self, attrs=None):
        super().__init__(attrs, check_test=lambda value: str(value) == "1")

    def format_value(self, value):
        return "1"

    def value_from_datadict(self, data, files, name):
        return data.get(name)


class PricedSelect(forms.Select):
    """A select whose options carry their price (`prices`: {value: gold}) for the page's running total."""

    def __init__(self, attrs=None, choices=(), *, prices):
        super().__init__(attrs, choices)
        self.prices = prices

    def create_option(self, name, value, *args, **kwargs):
        option = super().create_option(name, value, *args, **kwargs)
        if value in self.prices:
            option["attrs"]["data-price"] = self.prices[value]
        return option


# The groups of catalogue items hired by name (the inducement's `choices` in the data); every other
# item is a priced inducement bought by the count.
HIRED_BY_NAME = {
    "star": _("Star players"),
    "famous_staff": _("Famous coaching staff"),
    "wizard": _("Wizards"),
}


class InducementsForm(forms.Form):
    """One count field per item the team may buy (keys as in prematch.catalogue), a checkbox for a
    person hired by name (at most one of each); with a prematch.mercenary_offer, a position and an extra
    skill per mercenary the team may still field; with a prematch.side_bet_offer, the stake. `edition`
    names positions and skills. `withheld`: the items the other team hired (prematch.withheld): not
    offered, but a count posted for one is passed on for buy_inducements to refuse. Every widget holds
    its price in `data-price` (the page's running total)."""

    def __init__(self, *args, items, mercenaries=None, side_bet=None, edition=None, withheld=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.edition = edition or get_edition()
        self.items = items
        self.withheld = list(withheld)
        self.withheld_keys = [f"{item['id']}:{item['choice']}" for item in withheld]
        self.count_keys = []
        for item in items:
            key = f"{item['id']}:{item['choice']}" if item["choice"] else item["id"]
            item["key"] = key
            self.count_keys.append(key)
            by_name = self._hired_by_name(item) and item["max"] == 1
            widget = CountCheckbox if by_name else forms.NumberInput(attrs={"inputmode": "numeric"})
            self.fields[key] = forms.IntegerField(
                min_value=0,
                max_value=item["max"],
                required=False,
                initial=0,
                label=item["label"],
                widget=widget,
            )
            self.fields[key].widget.attrs["data-price"] = item["price"]
        self.mercenary_offer, self.side_bet_offer = mercenaries, side_bet
        self.mercenary_names = []
        if mercenaries:
            self._add_mercenary_fields(mercenaries, self.edition)
        if side_bet:
            self.fields["side_bet"] = forms.IntegerField(
                label=_("Side bet: stake on your win"),
                min_value=side_bet["min"],
                max_value=side_bet["max"],
                step_size=side_bet["step"],
                required=False,
                # The stake is the gold itself: one gold piece per unit typed.
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "data-price": 1}),
            )

    def _hired_by_name(self, item):
        """The group of `item` among HIRED_BY_NAME ("star", "wizard"...), or None."""
        inducement = self.edition.inducements.get(item["id"])
        choices = inducement.choices if inducement is not None else None
        return choices if choices in HIRED_BY_NAME else None

    def groups(self):
        """The catalogue's fields in groups, in catalogue order: first the priced inducements, then one
        group per kind hired by name. [{"choices" (None, or a HIRED_BY_NAME key), "name", "rules" (the
        inducement's rules text), "rows": [{"field", "item"}]}]."""
        language = get_language()
        groups = {None: {"choices": None, "name": _("Inducements"), "rules": "", "rows": []}}
        for item in self.items:
            choices = self._hired_by_name(item)
            if choices not in groups:
                inducement = self.edition.inducements[item["id"]]
                groups[choices] = {
                    "choices": choices,
                    "name": HIRED_BY_NAME[choices],
                    "rules": self.edition.text(f"{inducement.key}.desc", language),
                    "rows": [],
                }
            groups[choices]["rows"].append({"field": self[item["key"]], "item": item})
        return [group for group in groups.values() if group["rows"]]

    def _add_mercenary_fields(self, offer, edition):
        language = get_language()
        open_positions = [option for option in offer["positions"] if option["room"] != 0]
        rows = offer["room"] if offer["room"] is not None else edition.settings["max_players"]
        if open_positions and all(option["room"] is not None for option in open_positions):
            rows = min(rows, sum(option["room"] for option in open_positions))
        positions = [("", "—")] + [
            (option["position"].id, f"{edition.name(option['position'], language)} ({option['price']:,})")
            for option in open_positions
        ]
        prices = {option["position"].id: option["price"] for option in open_positions}
        skills = [("", "—")] + [
            (
                edition.name(option["position"], language),
                [(skill.id, edition.name(skill, language)) for skill in option["skills"]],
            )
            for option in open_positions
        ]
        for index in range(1, rows + 1):
            name = f"mercenary_{index}"
            self.fields[f"{name}_position"] = forms.ChoiceField(
                label=_("Mercenary %(number)d: position") % {"number": index},
                choices=positions,
                required=False,
                widget=PricedSelect(prices=prices),
            )
            self.fields[f"{name}_skill"] = forms.ChoiceField(
                label=_("Mercenary %(number)d: extra Primary skill (+%(price)s)")
                % {"number": index, "price": f"{offer['skill_surcharge']:,}"},
                choices=skills,
                required=False,
                # Any skill chosen costs the same surcharge.
                widget=forms.Select(attrs={"data-price": offer["skill_surcharge"]}),
            )
            self.mercenary_names.append(name)

    def mercenary_rows(self):
        return [(self[f"{name}_position"], self[f"{name}_skill"]) for name in self.mercenary_names]

    def counts(self):
        counts = {key: self.cleaned_data[key] or 0 for key in self.count_keys}
        for key in self.withheld_keys:
            posted = str(self.data.get(self.add_prefix(key), "")).strip()
            if posted.isdigit() and int(posted):
                counts[key] = int(posted)
        return counts

    def mercenaries(self):
        """[{"position", "skills"}] of the mercenary rows filled in, for prematch.buy_inducements."""
        data = self.cleaned_data
        chosen = [(data[f"{name}_position"], data[f"{name}_skill"]) for name in self.mercenary_names]
        return [
            {"position": position, "skills": [skill] if skill else []}
            for position, skill in chosen
            if position or skill
        ]

    def stake(self):
        """The side bet's stake (0: no bet)."""
        return self.cleaned_data.get("side_bet") or 0


class PrayerTargetForm(forms.Form):
    """What one rolled prayer still needs (`pending`: a prematch.PendingPrayer): the player its coach
    chooses among `candidates`, the dice of its random players (empty: Dugout rolls) or the Primary
    skill among `skills`. `edition` names the skills and the dice."""

    def __init__(self, *args, pending, edition, candidates=(), skills=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.pending = pending
        if pending.need == "player":
            choices = [(player["key"], player["name"]) for player in candidates]
            self.fields["player"] = forms.ChoiceField(
                label=_("Player"),
                choices=choices or [("", _("No player may be named"))],
                required=bool(choices),
            )
        elif pending.need == "roll":
            count = pending.row.get("target_count", 1)
            if isinstance(count, str):
                self.fields["count_faces"] = FacesField(
                    label=_("How many players: %(dice)s (optional)") % {"dice": count}
                )
            self.fields["faces"] = FacesField(
                label=_("Random player: one %(dice)s each (optional)")
                % {"dice": prematch.random_player_dice(edition)}
            )
        else:
            language = get_language()
            choices = [(skill.id, edition.name(skill, language)) for skill in skills]
            self.fields["skill"] = forms.ChoiceField(label=_("Primary skill"), choices=choices)

    def save(self, *, match, user, dice):
        """Record what the form holds through the prematch service of its need."""
        data, pending = self.cleaned_data, self.pending
        target = {"side": pending.side, "prayer": pending.entry["id"], "user": user}
        if pending.need == "player":
            return prematch.choose_prayer_target(match, player=data["player"], **target)
        if pending.need == "roll":
            return prematch.roll_prayer_targets(
                match, dice=dice, count_faces=data.get("count_faces"), faces=data["faces"], **target
            )
        return prematch.choose_prayer_skill(match, skill=data["skill"], **target)


class DriveStartForm(forms.Form):
    kickoff = FacesField(label=_("Kick-off event 2D6 (optional)"))
    event = FacesField(label=_("The event's own dice (optional)"))


def _player_choices(match, side):
    """Who plays for `side`: the available roster players, then the journeymen, mercenaries and star
    players of this match."""
    players = [(f"p{p.pk}", str(p)) for p in match.team(side).players.on_roster() if p.is_available]
    players += list(match.match_only_players(side).items())
    return [("", "—"), *players]


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


class QuickEventForm(forms.Form):
    """One kind of event of one team, with only the fields that kind needs (the one-tap buttons of the
    live match page). `save()` records it with drives.add_event."""

    KINDS = (
        Event.Kind.TOUCHDOWN,
        Event.Kind.CASUALTY,
        Event.Kind.KNOCKED_OUT,
        Event.Kind.COMPLETION,
        Event.Kind.INTERCEPTION,
        Event.Kind.DEFLECTION,
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
        ),
        Event.Kind.KNOCKED_OUT: ("player", "victim", "cause", "injury"),
        Event.Kind.COMPLETION: ("player",),
        Event.Kind.INTERCEPTION: ("player",),
        Event.Kind.DEFLECTION: ("player",),
        Event.Kind.FOUL: ("player", "victim"),
        Event.Kind.SENT_OFF: ("player", "argue", "argue_roll"),
        Event.Kind.SECRET_WEAPON_SENT_OFF: ("player",),
    }
    PLAYER_OPTIONAL = {Event.Kind.CASUALTY, Event.Kind.KNOCKED_OUT}  # a crowd push, a failed dodge
    PLAYER_LABELS = {
        Event.Kind.TOUCHDOWN: _("Scorer"),
        Event.Kind.CASUALTY: _("Player responsible (if any)"),
        Event.Kind.KNOCKED_OUT: _("Player responsible (if any)"),
        Event.Kind.COMPLETION: _("Thrower"),
        Event.Kind.INTERCEPTION: _("Intercepting player"),
        Event.Kind.DEFLECTION: _("Deflecting player"),
        Event.Kind.FOUL: _("Fouler"),
        Event.Kind.SENT_OFF: _("Sent-off player"),
        Event.Kind.SECRET_WEAPON_SENT_OFF: _("Sent-off player"),
    }

    kind = forms.CharField(widget=forms.HiddenInput)
    side = forms.CharField(widget=forms.HiddenInput)
    player = forms.ChoiceField(label=_("Player"))
    victim = forms.ChoiceField(label=_("Victim"))
    cause = forms.ChoiceField(label=_("Cause"), choices=Event.Cause.choices, initial=Event.Cause.BLOCK)
    injury = FacesField(label=_("Injury roll 2D6 (kept only if typed)"), help_text="")
    casualty = FacesField(label=_("Casualty roll D16"))
    apothecary = forms.BooleanField(label=_("Use the apothecary"), required=False)
    apothecary_roll = FacesField(label=_("Apothecary's roll D16"))
    lasting = FacesField(label=_("Lasting injury D6 (if any)"))
    argue = forms.BooleanField(label=_("Argue the call"), required=False)
    argue_roll = FacesField(label=_("Argue the call D6"))

    def __init__(self, *args, match, kind, side, **kwargs):
        super().__init__(*args, initial={"kind": kind, "side": side}, **kwargs)
        self.match, self.kind, self.side = match, kind, side
        wanted = {"kind", "side", *self.FIELDS[kind]}
        if not drives.has_apothecary(match, other(side)):
            wanted -= {"apothecary", "apothecary_roll"}
        for name in set(self.fields) - wanted:
            del self.fields[name]
        if "player" in self.fields:
            self.fields["player"].choices = _player_choices(match, side)
            self.fields["player"].label = self.PLAYER_LABELS[kind]
            self.fields["player"].required = kind not in self.PLAYER_OPTIONAL
        if "victim" in self.fields:
            self.fields["victim"].choices = _player_choices(match, other(side))
        for field in self.fields.values():
            if isinstance(field, FacesField):
                field.help_text = ""  # the form says it once for all its dice

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

    def clean(self):
        data = super().clean()
        if data.get("cause") == Event.Cause.BLOCK and data.get("player") == (None, ""):
            self.add_error("player", _("Choose the player who made the block."))
        return data

    def save(self, *, user, dice):
        """Record the event (drives.add_event: the event, its rolls in the dice log, the score). Typed
        apothecary or argue dice mean the coach used them."""
        data = self.cleaned_data
        player, journeyman = data.get("player", (None, ""))
        victim, victim_journeyman = data.get("victim", (None, ""))
        return drives.add_event(
            self.match,
            user=user,
            kind=self.kind,
            side=self.side,
            player=player,
            journeyman=journeyman,
            victim=victim,
            victim_journeyman=victim_journeyman,
            cause=data.get("cause", ""),
            apothecary=data.get("apothecary", False) or bool(data.get("apothecary_roll")),
            argue=data.get("argue", False) or bool(data.get("argue_roll")),
            dice=dice,
            faces={
                "injury": data.get("injury"),
                "casualty": data.get("casualty"),
                "apothecary": data.get("apothecary_roll"),
                "lasting": data.get("lasting"),
                "argue": data.get("argue_roll"),
            },
        )


class EndDriveForm(forms.Form):
    knocked_out = forms.MultipleChoiceField(
        label=_("Knocked-out players (KO recovery, 4+)"), required=False, widget=forms.CheckboxSelectMultiple
    )
    faces = FacesField(label=_("Recovery dice, one per player (optional)"))

    def __init__(self, *args, match, **kwargs):
        super().__init__(*args, **kwargs)
        self.match = match
        self.fields["knocked_out"].choices = [
            (f"{side}:{key}", label) for side in SIDES for key, label in _player_choices(match, side)[1:]
        ]

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

    def __init__(self, *args, match=None, **kwargs):
        super().__init__(*args, **kwargs)
        edition = get_edition(match.home_team.edition) if match is not None else get_edition()
        players = edition.settings["concession"]["free_at_or_below_players"]
        field = self.fields["without_penalty"]
        field.label = _("We can set up no more than %(count)d players: concede without penalty") % {
            "count": players
        }
        field.help_text = _("Only before set-up: before the match or between drives.")
        self.rules_text = edition.text("concession.desc", get_language())


class PostmatchForm(forms.Form):
    def __init__(self, *args, match, **kwargs):
        super().__init__(*args, **kwargs)
        self.match = match
        for side in SIDES:
            label = str(match.team(side))
            self.fields[f"{side}_fans"] = FacesField(
                label=_("%(team)s: dedicated fans die") % {"team": label}
            )
            self.fields[f"{side}_mvp"] = FacesField(label=_("%(team)s: MVP D16") % {"team": label})
            self.fields[f"{side}_mistake"] = FacesField(
                label=_("%(team)s: expensive mistake D6") % {"team": label}
            )
            self.fields[f"{side}_mistake_dice"] = FacesField(
                label=_("%(team)s: expensive mistake's own dice") % {"team": label}
            )
            self.fields[f"{side}_hire"] = forms.MultipleChoiceField(
                label=_("%(team)s: journeymen to hire") % {"team": label},
                required=False,
                widget=forms.CheckboxSelectMultiple,
                choices=[(j["key"], f"#{j['number']} {j['name']}") for j in match.plain_journeymen(side)],
            )
        self.veteran_fields = self._add_veteran_fields(match)
        self.awarded_fields = []
        for side, count in postmatch.awarded_touchdowns(match).items():
            if not count:
                continue
            choices = [("", "—"), *postmatch.mvp_candidates(match, side)]
            for index in range(1, count + 1):
                name = f"{side}_awarded_{index}"
                self.fields[name] = forms.ChoiceField(
                    label=_("%(team)s: player earning the SPP of awarded touchdown %(number)d")
                    % {"team": str(match.team(side)), "number": index},
                    choices=choices,
                    required=False,
                )
                self.awarded_fields.append(name)

    def _add_veteran_fields(self, match):
        """One die per veteran of a team that concedes with penalties: {field name: (side, key)}."""
        side = postmatch.penalised_conceder(match)
        if side is None:
            return {}
        rules = get_edition(match.team(side).edition).settings["concession"]
        low, high = rules["veteran_leaves_on"]
        names = {}
        for player in postmatch.veterans(match, side):
            name = f"{side}_veteran_{player.pk}"
            self.fields[name] = FacesField(
                label=_("%(team)s: veteran %(player)s rolls %(dice)s (leaves on %(low)d-%(high)d)")
                % {
                    "team": str(match.team(side)),
                    "player": str(player),
                    "dice": rules["veteran_dice"],
                    "low": low,
                    "high": high,
                }
            )
            names[name] = (side, f"p{player.pk}")
        return names

    def awarded(self):
        """{side: [player key per awarded touchdown]} (the winner of a concession chooses)."""
        chosen = {}
        for name in self.awarded_fields:
            side = name.split("_", 1)[0]
            chosen.setdefault(side, []).append(self.cleaned_data[name])
        return chosen

    def faces(self):
        data = self.cleaned_data
        faces = {
            side: {
                name: data[f"{side}_{name}"]
                for name in ("fans", "mvp", "mistake", "mistake_dice")
                if data[f"{side}_{name}"]
            }
            for side in SIDES
        }
        for name, (side, key) in self.veteran_fields.items():
            if data[name]:
                faces[side].setdefault("veterans", {})[key] = data[name]
        return faces

    def hire(self):
        return {side: self.cleaned_data[f"{side}_hire"] for side in SIDES}
