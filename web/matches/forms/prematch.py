"""Forms of the pre-match sequence: the match, its dice, the toss and kicking team, inducements, prayer
targets."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from matches.services import prematch
from rosters.models import Team
from rulebook.edition import get_edition
from web.matches.forms.fields import CountCheckbox, FacesField, PricedSelect, example_faces, set_dice
from web.rule_labels import optional_rule_label

# The optional rules a friendly may be played with (steps of the pre-match sequence), where the edition
# of its teams has them.


class MatchForm(forms.Form):
    """A friendly between two ready teams of the same edition, with that edition's petty cash procedure
    (its default unless one is chosen) and the optional rules it has."""

    home_team = forms.ModelChoiceField(queryset=Team.objects.none(), label=_("Your team"))
    away_team = forms.ModelChoiceField(queryset=Team.objects.none(), label=_("Opponent"))
    petty_cash_procedure = forms.ChoiceField(
        label=_("Petty cash procedure"),
        choices=[
            ("", _("The edition's own")),
            ("2025", _("2025 errata (favourite first)")),
            ("2020", _("2020 rulebook (simultaneous)")),
        ],
        required=False,
        initial="",
    )
    optional_rules = forms.MultipleChoiceField(
        label=_("Optional rules"), required=False, widget=forms.CheckboxSelectMultiple, choices=()
    )

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["home_team"].queryset = Team.objects.ready().for_coach(user)
        self.fields["away_team"].queryset = Team.objects.ready().select_related("coach")
        editions = [get_edition(edition) for edition in _editions_of(self.fields["home_team"].queryset)]
        language = get_language()
        choices = []
        for edition in editions:
            choices += [
                (rule, optional_rule_label(edition, rule, language))
                for rule in edition.match_optional_rules
                if rule not in dict(choices)
            ]
        self.fields["optional_rules"].choices = choices

    def clean(self):
        data = super().clean()
        home, away = data.get("home_team"), data.get("away_team")
        if home and home == away:
            raise ValidationError(_("A team cannot play itself."))
        if home and away and home.edition != away.edition:
            raise ValidationError(_("Both teams must play the same edition of the rules."))
        if home:
            edition = get_edition(home.edition)
            procedures = {p.id for p in edition.settings.petty_cash_procedure}
            if data.get("petty_cash_procedure") and data["petty_cash_procedure"] not in procedures:
                raise ValidationError(
                    _("%(edition)s has no such petty cash procedure.")
                    % {"edition": edition.text("edition.name", get_language())}
                )
            if set(data.get("optional_rules", ())) - set(edition.match_optional_rules):
                raise ValidationError(
                    _("%(edition)s has no such optional rule.")
                    % {"edition": edition.text("edition.name", get_language())}
                )
        return data


def _editions_of(teams):
    return sorted(set(teams.values_list("edition", flat=True)))


class SidesDiceForm(forms.Form):
    """One roll per team (the fan factors); `dice`: its notation, for the help texts."""

    home_faces = FacesField(label=_("Home dice (optional)"))
    away_faces = FacesField(label=_("Away dice (optional)"))

    def __init__(self, *args, dice=None, **kwargs):
        super().__init__(*args, **kwargs)
        if dice:
            for field in self.fields.values():
                set_dice(field, dice)

    def faces(self):
        data = self.cleaned_data
        if data["home_faces"] is None and data["away_faces"] is None:
            return None
        return {"home": data["home_faces"], "away": data["away_faces"]}


class TossForm(forms.Form):
    """The toss of the kicking team step (prematch.toss): its winner, where the coaches tossed a coin or
    rolled off at the table, else a die rolled by Dugout or typed in. The winner then chooses to kick or
    to receive (KickOrReceiveForm). `match` names the teams."""

    winner = forms.ChoiceField(label=_("Who won the toss"), required=False)
    faces = FacesField(label=_("Toss die (optional)"), dice=prematch.TOSS_DIE)

    def __init__(self, *args, match, **kwargs):
        super().__init__(*args, **kwargs)
        home, away = match.home_team.name, match.away_team.name
        field = self.fields["winner"]
        field.choices = [("", _("Dugout tosses")), ("home", home), ("away", away)]
        field.help_text = _(
            "Tossed a coin or rolled off at the table? Choose the winner. Else Dugout tosses a %(dice)s:"
            " 1–3 %(home)s win, 4–6 %(away)s win."
        ) % {"dice": prematch.TOSS_DIE, "home": home, "away": away}

    def clean(self):
        data = super().clean()
        if data.get("winner") and data.get("faces"):
            raise ValidationError(_("Choose who won the toss, or type the toss die: not both."))
        return data


class ChaliceForm(forms.Form):
    """The Jouster's Chalice (prematch.roll_chalice): its holder's coach numbers `count` of `players`
    (prematch.chalice_nominees), one choice per number, the first players offered in their order; then
    its die (`dice`) is rolled by Dugout or typed in."""

    faces = FacesField(label=_("Dice (optional)"))

    def __init__(self, *args, players, count, dice, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [(player["key"], player["name"]) for player in players]
        self.nominee_names = [f"nominee_{number}" for number in range(1, count + 1)]
        for number, name in enumerate(self.nominee_names, start=1):
            self.fields[name] = forms.ChoiceField(
                label=_("Player number %(number)d") % {"number": number},
                choices=choices,
                initial=choices[number - 1][0],
            )
        self.order_fields([*self.nominee_names, "faces"])
        set_dice(self.fields["faces"], dice)

    def nominees(self):
        """The players' keys in the order of their numbers."""
        return [self.cleaned_data[name] for name in self.nominee_names]


class KickOrReceiveForm(forms.Form):
    """The toss winner's choice (prematch.kick_or_receive): one button each."""

    choice = forms.ChoiceField(
        choices=[(prematch.KICK, _("Kick")), (prematch.RECEIVE, _("Receive"))], widget=forms.HiddenInput
    )


# Headings of the groups hired by name where the plural reads better than the edition's name of the
# inducement; every other group (coaching staff, biased referees) is headed by the edition's name.
HIRED_BY_NAME = {
    "star": _("Star players"),
    "wizard": _("Wizards"),
}


class InducementsForm(forms.Form):
    """One count field per item the team may buy (keys as in prematch.catalogue), a checkbox for a
    person hired by name (at most one of each); with a prematch.mercenary_offer, a position and an extra
    skill per mercenary the team may still field; with a prematch.side_bet_offer, the stake. `edition`
    names positions and skills. `withheld`: the items the other team hired (prematch.withheld): not
    offered, but a count posted for one is passed on for buy_inducements to refuse. Every widget holds
    its price in `data-price` (the page's running total). `team`: both teams' forms share one page, so
    every field's accessible name ends with the team's ("Bribe (100,000) · Reavers")."""

    def __init__(
        self, *args, items, edition, mercenaries=None, side_bet=None, withheld=(), team=None, **kwargs
    ):
        super().__init__(*args, **kwargs)
        self._build(items, edition, mercenaries, side_bet, withheld)
        if team is not None:
            for field in self.fields.values():
                field.widget.attrs["aria-label"] = f"{field.label} · {team}"

    def _build(self, items, edition, mercenaries, side_bet, withheld):
        self.edition = edition
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
            if "first_price" in item:  # the first one costs more (the Honourable Referees' Bribe)
                self.fields[key].widget.attrs["data-first-price"] = item["first_price"]
            self._add_dice_field(item)
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
        """The group of `item` hired by name ("star", or a list of the edition's hirelings: "wizard",
        "famous_staff", "biased_referee"), or None."""
        inducement = self.edition.inducements.get(item["id"])
        choices = inducement.choices if inducement is not None else None
        return choices if choices == "star" or choices in self.edition.hirelings else None

    def groups(self):
        """The catalogue's fields in groups, in catalogue order: first the priced inducements, then one
        group per kind hired by name. [{"choices" (None, or the kind hired by name), "name", "rules" (the
        inducement's rules text), "rows": [{"field", "item"}]}]."""
        language = get_language()
        groups = {None: {"choices": None, "name": _("Inducements"), "rules": "", "rows": []}}
        for item in self.items:
            choices = self._hired_by_name(item)
            if choices not in groups:
                inducement = self.edition.inducements[item["id"]]
                groups[choices] = {
                    "choices": choices,
                    "name": HIRED_BY_NAME.get(choices) or self.edition.name(inducement, language),
                    "rules": self.edition.text(f"{inducement.key}.desc", language),
                    "rows": [],
                }
            dice = self[f"{item['key']}_dice"] if f"{item['key']}_dice" in self.fields else None
            groups[choices]["rows"].append({"field": self[item["key"]], "item": item, "dice": dice})
        return [group for group in groups.values() if group["rows"]]

    def _add_mercenary_fields(self, offer, edition):
        language = get_language()
        open_positions = [option for option in offer["positions"] if option["room"] != 0]
        rows = offer["room"] if offer["room"] is not None else edition.settings.max_players
        if open_positions and all(option["room"] is not None for option in open_positions):
            rows = min(rows, sum(option["room"] for option in open_positions))
        if offer["inducement"].max is not None:
            rows = min(rows, offer["inducement"].max)  # BB2025: 0-3 mercenaries
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

    def _add_dice_field(self, item):
        """Real dice for an inducement that rolls when bought (the journeymen of Riotous Rookies)."""
        notation = item["item"].extra.get("journeymen") if hasattr(item["item"], "extra") else None
        if notation:
            self.fields[f"{item['key']}_dice"] = FacesField(
                label=_("%(name)s: how many journeymen, %(dice)s (optional)")
                % {"name": item["label"], "dice": notation},
                dice=notation,
            )

    def dice_faces(self):
        """{inducement id: faces} of the dice typed for what an inducement rolls when bought."""
        return {
            item["id"]: self.cleaned_data[f"{item['key']}_dice"]
            for item in self.items
            if self.cleaned_data.get(f"{item['key']}_dice")
        }

    def counts(self):
        counts = {key: self.cleaned_data[key] or 0 for key in self.count_keys}
        for key in self.withheld_keys:
            posted = str(self.data.get(self.add_prefix(key), "")).strip()
            # ASCII digits only: '²' is a digit to isdigit() but not to int().
            if posted.isascii() and posted.isdigit() and len(posted) <= 9 and int(posted):
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
                    label=_("How many players: %(dice)s (optional)") % {"dice": count}, dice=count
                )
            dice = prematch.random_player_dice(edition)
            self.fields["faces"] = FacesField(
                label=_("Random player: one %(dice)s each (optional)") % {"dice": dice},
                help_text=_(
                    "One %(dice)s per player, separated by a space, e.g. %(example)s."
                    " Leave empty to let Dugout roll."
                )
                % {"dice": dice, "example": f"{example_faces(dice)} 4"},
                dice=dice,
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
