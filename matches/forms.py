"""Forms of the match pages: dice can always be typed in (real dice) or left empty (Dugout rolls)."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from matches.models import SIDES, Event, Side
from matches.services import postmatch
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


class InducementsForm(forms.Form):
    """One count field per item the team may buy (keys as in prematch.catalogue)."""

    def __init__(self, *args, items, **kwargs):
        super().__init__(*args, **kwargs)
        self.items = items
        for item in items:
            key = f"{item['id']}:{item['choice']}" if item["choice"] else item["id"]
            item["key"] = key
            self.fields[key] = forms.IntegerField(
                min_value=0, max_value=item["max"], required=False, initial=0, label=item["label"]
            )

    def counts(self):
        return {key: value or 0 for key, value in self.cleaned_data.items()}


class DriveStartForm(forms.Form):
    kickoff = FacesField(label=_("Kick-off event 2D6 (optional)"))
    event = FacesField(label=_("The event's own dice (optional)"))


def _player_choices(match, side):
    players = [(f"p{p.pk}", str(p)) for p in match.team(side).players.on_roster() if p.is_available]
    players += [(j["key"], f"#{j['number']} {j['name']}") for j in match.journeymen(side)]
    return [("", "—"), *players]


class EventForm(forms.Form):
    KINDS = [
        (k, label)
        for k, label in Event.Kind.choices
        if k not in {Event.Kind.KICK_OFF, Event.Kind.END_OF_DRIVE_KO_RECOVERY}
    ]
    kind = forms.ChoiceField(label=_("What happened"), choices=KINDS)
    side = forms.ChoiceField(label=_("Team"), choices=Side.choices)
    turn = forms.IntegerField(label=_("Turn"), min_value=1, max_value=8, required=False)
    player = forms.ChoiceField(label=_("Player"), required=False)
    victim = forms.ChoiceField(label=_("Opponent"), required=False)
    cause = forms.ChoiceField(label=_("Cause"), choices=Event.Cause.choices, required=False)
    apothecary = forms.BooleanField(label=_("Use the apothecary"), required=False)
    injury = FacesField(label=_("Injury 2D6 (optional)"))
    casualty = FacesField(label=_("Casualty D16 (optional)"))
    apothecary_roll = FacesField(label=_("Apothecary D16 (optional)"))
    lasting = FacesField(label=_("Lasting injury D6 (optional)"))

    def __init__(self, *args, match, **kwargs):
        super().__init__(*args, **kwargs)
        self.match = match
        both = _player_choices(match, "home")[1:] + _player_choices(match, "away")[1:]
        self.fields["player"].choices = [("", "—"), *both]
        self.fields["victim"].choices = [("", "—"), *both]

    def _resolve(self, key, side):
        """(Player or None, journeyman key) for a choice key of `side`."""
        if not key:
            return None, ""
        if key.startswith("p"):
            player = self.match.team(side).players.filter(pk=key[1:]).first()
            if player is None:
                raise ValidationError(_("This player does not play for this team."))
            return player, ""
        if key not in {j["key"] for j in self.match.journeymen(side)}:
            raise ValidationError(_("This player does not play for this team."))
        return None, key

    def clean(self):
        data = super().clean()
        side = data.get("side")
        if side not in SIDES:
            return data
        other_side = "away" if side == "home" else "home"
        data["player_obj"], data["journeyman"] = self._resolve(data.get("player"), side)
        data["victim_obj"], data["victim_journeyman"] = self._resolve(data.get("victim"), other_side)
        return data

    def faces(self):
        data = self.cleaned_data
        return {
            "injury": data["injury"],
            "casualty": data["casualty"],
            "apothecary": data["apothecary_roll"],
            "lasting": data["lasting"],
        }


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
    side = forms.ChoiceField(label=_("Conceding team"), choices=Side.choices)


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
                choices=[(j["key"], f"#{j['number']} {j['name']}") for j in match.journeymen(side)],
            )
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

    def awarded(self):
        """{side: [player key per awarded touchdown]} (the winner of a concession chooses)."""
        chosen = {}
        for name in self.awarded_fields:
            side = name.split("_", 1)[0]
            chosen.setdefault(side, []).append(self.cleaned_data[name])
        return chosen

    def faces(self):
        data = self.cleaned_data
        return {
            side: {
                name: data[f"{side}_{name}"]
                for name in ("fans", "mvp", "mistake", "mistake_dice")
                if data[f"{side}_{name}"]
            }
            for side in SIDES
        }

    def hire(self):
        return {side: self.cleaned_data[f"{side}_hire"] for side in SIDES}
