"""The form of the post-match sequence."""

from django import forms
from django.utils.translation import gettext_lazy as _

from matches.forms.fields import FacesField
from matches.models import SIDES
from matches.services import postmatch
from rulebook.edition import get_edition


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
