"""The form of the post-match sequence."""

from django import forms
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from matches.models import SIDES
from matches.services import postmatch
from web.matches.forms.fields import FacesField


class PostmatchForm(forms.Form):
    """The post-match dice (each may be typed from real dice or left to Dugout) and the coaches'
    choices, in the names and numbers of the match's edition: whether each team stalled (an edition
    with a no-stalling bonus), the MVP nominees (an edition whose MVP is a D6 on nominees), the
    journeymen hired, the awarded touchdowns' SPP, a raised player (Masters of Undeath)."""

    def __init__(self, *args, match, **kwargs):
        super().__init__(*args, **kwargs)
        self.match = match
        edition = match.edition
        hurt = postmatch.injuries(match)
        nominees = postmatch.mvp.nominee_count(match)
        mvp_dice = edition.settings.mvp.nominee_dice if nominees else "D16"
        for side in SIDES:
            label = str(match.team(side))
            if edition.settings.winnings.no_stalling_bonus:
                self.fields[f"{side}_stalled"] = forms.BooleanField(
                    label=_("%(team)s: a player was Stalling during the match") % {"team": label},
                    required=False,
                    initial=match.stalled(side),
                )
            self.fields[f"{side}_fans"] = FacesField(
                label=_("%(team)s: dedicated fans die") % {"team": label},
                dice=edition.table("dedicated_fans_roll").dice,
            )
            if nominees:
                self.fields[f"{side}_nominees"] = forms.MultipleChoiceField(
                    label=_("%(team)s: the %(count)d players nominated for the MVP, in order")
                    % {"team": label, "count": nominees},
                    help_text=_("Leave them all unticked to let Dugout draw %(count)d nominees at random.")
                    % {"count": nominees},
                    required=False,
                    widget=forms.CheckboxSelectMultiple,
                    choices=postmatch.mvp_candidates(match, side, hurt=hurt),
                )
            self.fields[f"{side}_mvp"] = FacesField(
                label=_("%(team)s: MVP %(dice)s") % {"team": label, "dice": mvp_dice}, dice=mvp_dice
            )
            if postmatch.mvp.mvp_count(match, side) > edition.settings.mvp.count:
                self.fields[f"{side}_mvp_extra"] = FacesField(
                    label=_("%(team)s: second MVP %(dice)s") % {"team": label, "dice": mvp_dice},
                    dice=mvp_dice,
                )
            self.fields[f"{side}_mistake"] = FacesField(
                label=_("%(team)s: expensive mistake D6") % {"team": label}, dice="D6"
            )
            self.fields[f"{side}_mistake_dice"] = FacesField(
                label=_("%(team)s: expensive mistake's own dice") % {"team": label},
                help_text=_(
                    "Only if the mistake rolls dice of its own: one number per die, e.g. 3 5."
                    " Leave empty to let Dugout roll."
                ),
            )
            journeymen = match.plain_journeymen(side)
            if journeymen:  # no question (and no empty list) for a team that played none
                self.fields[f"{side}_hire"] = forms.MultipleChoiceField(
                    label=_("%(team)s: journeymen to hire") % {"team": label},
                    required=False,
                    widget=forms.CheckboxSelectMultiple,
                    choices=[(j["key"], f"#{j['number']} {j['name']}") for j in journeymen],
                )
            self._add_raise_fields(match, side, hurt)
            self._add_soul_fields(match, side, hurt)
            hunted = postmatch.hunt.huntable(match, side)
            if hunted:
                self.fields[f"{side}_hunted"] = forms.TypedMultipleChoiceField(
                    label=_("%(team)s: knock-outs and casualties of a player marked by the Wild Hunt")
                    % {"team": label},
                    help_text=_("Each earns its player %(spp)d SPP more; each opposing player once per game.")
                    % {"spp": postmatch.hunt.bonus_spp(match, side)},
                    required=False,
                    coerce=int,
                    widget=forms.CheckboxSelectMultiple,
                    choices=hunted,
                )
        self.veteran_fields = self._add_veteran_fields(match)
        self.awarded_fields = []
        for side, count in postmatch.awarded_touchdowns(match).items():
            if not count:
                continue
            choices = [("", "—"), *postmatch.mvp_candidates(match, side, hurt=hurt)]
            for index in range(1, count + 1):
                name = f"{side}_awarded_{index}"
                self.fields[name] = forms.ChoiceField(
                    label=_("%(team)s: player earning the SPP of awarded touchdown %(number)d")
                    % {"team": str(match.team(side)), "number": index},
                    choices=choices,
                    required=False,
                )
                self.awarded_fields.append(name)

    def _add_raise_fields(self, match, side, hurt):
        """Masters of Undeath: the killed opponent to raise (or none), its Lineman position, its name."""
        victims = postmatch.undeath.raisable(match, side, hurt=hurt)
        if not victims:
            return
        edition, label = match.edition, str(match.team(side))
        rule = edition.rule_name(postmatch.undeath.raising_rule(match, side), get_language())
        self.fields[f"{side}_raise"] = forms.ChoiceField(
            label=_("%(team)s, %(rule)s: the killed player raised") % {"team": label, "rule": rule},
            choices=[("", "—"), *victims],
            required=False,
        )
        self.fields[f"{side}_raise_position"] = forms.ChoiceField(
            label=_("%(team)s: position of the raised player") % {"team": label},
            choices=[
                (position.id, edition.name(position, get_language()))
                for position in postmatch.undeath.positions(match, side)
            ],
            required=False,
        )
        self.fields[f"{side}_raise_name"] = forms.CharField(
            label=_("%(team)s: name of the raised player") % {"team": label}, max_length=60, required=False
        )

    def _add_soul_fields(self, match, side, hurt):
        """Ereth Khial: the dead Elf whose Enthralled Elven Soul is kept (or none), and its name."""
        victims = postmatch.soul.soul_victims(match, side, hurt=hurt)
        if not victims:
            return
        label = str(match.team(side))
        self.fields[f"{side}_soul"] = forms.ChoiceField(
            label=_("%(team)s: keep the Enthralled Elven Soul of") % {"team": label},
            help_text=_("Free, at its full value in Team Value, while the team has room for it."),
            choices=[("", "—"), *victims],
            required=False,
        )
        self.fields[f"{side}_soul_name"] = forms.CharField(
            label=_("%(team)s: name of the Enthralled Elven Soul") % {"team": label},
            max_length=60,
            required=False,
        )

    def _add_veteran_fields(self, match):
        """One die per veteran of a team that concedes with penalties: {field name: (side, key)}."""
        side = postmatch.penalised_conceder(match)
        if side is None:
            return {}
        rules = match.edition.settings.concession
        low, high = rules.veteran_leaves_on
        names = {}
        for player in postmatch.veterans(match, side):
            name = f"{side}_veteran_{player.pk}"
            self.fields[name] = FacesField(
                label=_("%(team)s: veteran %(player)s rolls %(dice)s (leaves on %(low)d-%(high)d)")
                % {
                    "team": str(match.team(side)),
                    "player": str(player),
                    "dice": rules.veteran_dice,
                    "low": low,
                    "high": high,
                },
                dice=rules.veteran_dice,
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
                for name in ("fans", "mvp", "mvp_extra", "mistake", "mistake_dice")
                if data.get(f"{side}_{name}")
            }
            for side in SIDES
        }
        for name, (side, key) in self.veteran_fields.items():
            if data[name]:
                faces[side].setdefault("veterans", {})[key] = data[name]
        return faces

    def hunted(self):
        """{side: [event ids]} of Kurnous's Wild Hunt (postmatch.hunt)."""
        return {side: self.cleaned_data.get(f"{side}_hunted") or [] for side in SIDES}

    def souls(self):
        """{side: {"victim", "name"}} of the Enthralled Elven Souls kept (postmatch.soul)."""
        data = self.cleaned_data
        return {
            side: {"victim": data[f"{side}_soul"], "name": data[f"{side}_soul_name"]}
            for side in SIDES
            if data.get(f"{side}_soul")
        }

    def hire(self):
        return {side: self.cleaned_data.get(f"{side}_hire", []) for side in SIDES}

    def stalled(self):
        """{side: True/False} where the edition records stalling, else {}."""
        data = self.cleaned_data
        return {side: data[f"{side}_stalled"] for side in SIDES if f"{side}_stalled" in data}

    def nominees(self):
        """{side: [player keys nominated for the MVP]} in the order of the team's list."""
        return {side: self.cleaned_data.get(f"{side}_nominees") or [] for side in SIDES}

    def raised(self):
        """{side: {"victim", "position", "name"}} of the players raised by Masters of Undeath."""
        data = self.cleaned_data
        return {
            side: {
                "victim": data[f"{side}_raise"],
                "position": data[f"{side}_raise_position"],
                "name": data[f"{side}_raise_name"],
            }
            for side in SIDES
            if data.get(f"{side}_raise")
        }
