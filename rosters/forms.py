"""Forms of the rosters app. Each one turns the posted fields into domain values (`clean_<field>`), takes
its context (team, editor, player) as keyword-only arguments, and `save()` calls the service.

`submit()` validates and saves in one go: a rule the service enforces ends up as a form error, the same
way as a field error, and nothing is changed.
"""

import json

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from rosters import advancement, redraft, services, transfer
from rosters.ledger import UndoError, undo_latest
from rosters.values import player_value
from rulebook.data import CHARACTERISTICS
from rulebook.dice import Dice
from rulebook.edition import DEFAULT_EDITION, get_edition

MAX_IMPORT_BYTES = 1_000_000


class ServiceForm(forms.Form):
    """A form whose save() calls a service that may refuse with a ValidationError."""

    result = None

    def submit(self):
        """Validate and save; False (with the reasons on the form) when the input or the rules say no."""
        if not self.is_valid():
            return False
        try:
            self.result = self.save()
        except ValidationError as error:
            self.add_error(None, error)
            return False
        return True

    def save(self):
        raise NotImplementedError

    def messages(self):
        """Every error as one plain sentence, field errors prefixed with the field's label."""
        texts = []
        for field, errors in self.errors.items():
            for error in errors:
                if field == forms.forms.NON_FIELD_ERRORS or field not in self.fields:
                    texts.append(str(error))
                else:
                    texts.append(f"{self.fields[field].label}: {error}")
        return texts


class TeamActionForm(ServiceForm):
    """A change to one team, made by an Editor (its coach or a commissioner)."""

    def __init__(self, data=None, *args, team, editor, **kwargs):
        super().__init__(data, *args, **kwargs)
        self.team = team
        self.editor = editor

    @property
    def actor(self):
        return self.editor.as_kwargs()


# --- creating and importing a team ------------------------------------------------------------------


def team_list_choices(edition):
    """Team lists grouped by tier, named in the active language, sorted by name."""
    language = get_language()
    groups = []
    for tier in sorted({team.tier for team in edition.teams.values()}):
        teams = sorted(
            ((team.id, edition.name(team, language)) for team in edition.teams.values() if team.tier == tier),
            key=lambda choice: choice[1].casefold(),
        )
        groups.append((_("Tier %(tier)d") % {"tier": tier}, teams))
    return groups


def special_rule_choices(edition):
    """For each team list offering a choice of special rule: its options, named in the active language."""
    language = get_language()
    groups = []
    for team in sorted(edition.teams.values(), key=lambda team: edition.name(team, language).casefold()):
        if team.special_rule_options:
            options = [
                (rule, edition.text(f"team_rule.{rule}.name", language)) for rule in team.special_rule_options
            ]
            groups.append((edition.name(team, language), options))
    return groups


class NewTeamForm(ServiceForm):
    roster = forms.ChoiceField(label=_("Team list"))
    name = forms.CharField(label=_("Team name"), max_length=80)
    chosen_rule = forms.ChoiceField(
        label=_("Special rule"),
        required=False,
        help_text=_(
            "Only for the team lists that offer a choice (listed here); leave it empty for the others."
        ),
    )

    def __init__(self, data=None, *args, coach, edition=DEFAULT_EDITION, **kwargs):
        super().__init__(data, *args, **kwargs)
        self.coach = coach
        self.edition = get_edition(edition)
        self.fields["roster"].choices = [("", _("Choose a team list")), *team_list_choices(self.edition)]
        self.fields["chosen_rule"].choices = [("", _("None")), *special_rule_choices(self.edition)]

    def clean_name(self):
        name = self.cleaned_data["name"].strip()
        if not name:
            raise ValidationError(_("Give the team a name."))
        return name

    def clean(self):
        cleaned = super().clean()
        rules = self.edition.teams.get(cleaned.get("roster"))
        if rules is None:
            return cleaned
        chosen = cleaned.get("chosen_rule", "")
        if rules.special_rule_options and chosen not in rules.special_rule_options:
            names = ", ".join(
                self.edition.text(f"team_rule.{rule}.name", get_language())
                for rule in rules.special_rule_options
            )
            self.add_error(
                "chosen_rule",
                _("This team list needs one of its special rules: %(names)s.") % {"names": names},
            )
        elif not rules.special_rule_options and chosen:
            self.add_error("chosen_rule", _("This team list has no special rule to choose."))
        return cleaned

    def save(self):
        return services.create_team(
            coach=self.coach,
            roster=self.cleaned_data["roster"],
            name=self.cleaned_data["name"],
            chosen_rule=self.cleaned_data.get("chosen_rule", ""),
            edition=self.edition.id,
        )


class ImportForm(ServiceForm):
    file = forms.FileField(label=_("Team file (JSON)"))

    def __init__(self, data=None, files=None, *args, coach, **kwargs):
        super().__init__(data, files, *args, **kwargs)
        self.coach = coach

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_IMPORT_BYTES:
            raise ValidationError(_("The file is too large for a team (at most 1 MB)."))
        try:
            data = json.loads(upload.read().decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            raise ValidationError(_("The file is not JSON: %(error)s") % {"error": error}) from error
        return transfer.validate(data)

    def save(self):
        return transfer.import_team(coach=self.coach, data=self.cleaned_data["file"])


# --- the draft panel and between matches ------------------------------------------------------------


class HireForm(TeamActionForm):
    position = forms.ChoiceField(label=_("Position"))
    name = forms.CharField(label=_("Name"), max_length=60, required=False)
    number = forms.IntegerField(label=_("Number"), min_value=1, max_value=99, required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["position"].choices = [(p.id, p.id) for p in self.team.rules.positions]

    def clean_position(self):
        position = self.cleaned_data["position"]
        problems = services.hiring_problems(self.team, position)
        if problems:
            raise ValidationError(problems)
        return position

    def save(self):
        return services.hire_player(
            team=self.team,
            position=self.cleaned_data["position"],
            name=self.cleaned_data.get("name") or "",
            number=self.cleaned_data.get("number"),
            **self.actor,
        )


class PlayerActionForm(TeamActionForm):
    def __init__(self, *args, player, **kwargs):
        super().__init__(*args, **kwargs)
        self.player = player


class FireForm(PlayerActionForm):
    def save(self):
        services.fire_player(team=self.team, player=self.player, **self.actor)
        return self.player


class RerollForm(TeamActionForm):
    action = forms.ChoiceField(choices=[("buy", _("Buy")), ("drop", _("Give back"))])

    def save(self):
        if self.cleaned_data["action"] == "buy":
            return services.buy_reroll(team=self.team, **self.actor)
        return services.drop_reroll(team=self.team, **self.actor)


class StaffForm(TeamActionForm):
    staff = forms.ChoiceField(choices=[(staff, staff) for staff in services.STAFF])
    delta = forms.TypedChoiceField(choices=[("1", "+1"), ("-1", "-1")], coerce=int)

    def save(self):
        return services.change_staff(
            team=self.team, staff=self.cleaned_data["staff"], delta=self.cleaned_data["delta"], **self.actor
        )


class FansForm(TeamActionForm):
    dedicated_fans = forms.TypedChoiceField(label=_("Dedicated fans"), coerce=int)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        rules = get_edition(self.team.edition).settings["dedicated_fans"]
        self.fields["dedicated_fans"].choices = [
            (str(n), str(n)) for n in range(rules["start"], rules["max_draft"] + 1)
        ]
        self.fields["dedicated_fans"].initial = self.team.dedicated_fans

    def save(self):
        return services.set_dedicated_fans(
            team=self.team, dedicated_fans=self.cleaned_data["dedicated_fans"], **self.actor
        )


class ReadyForm(TeamActionForm):
    def clean(self):
        cleaned = super().clean()
        if not self.team.is_draft:
            raise ValidationError(_("The team is already ready."))
        problems = services.draft_problems(self.team)
        if problems:
            raise ValidationError(problems)
        return cleaned

    def save(self):
        return services.mark_ready(team=self.team, **self.actor)


class UndoForm(TeamActionForm):
    def save(self):
        try:
            return undo_latest(self.team, actor=self.editor.user)
        except UndoError as error:
            raise ValidationError(str(error)) from error


# --- one player -----------------------------------------------------------------------------------


class PlayerForm(PlayerActionForm):
    name = forms.CharField(label=_("Name"), max_length=60)
    number = forms.IntegerField(label=_("Number"), min_value=1, max_value=99)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["name"].initial = self.player.name
        self.fields["number"].initial = self.player.number

    def clean_name(self):
        name = self.cleaned_data["name"].strip()
        if not name:
            raise ValidationError(_("A player needs a name."))
        return name

    def save(self):
        services.rename_player(
            team=self.team,
            player=self.player,
            name=self.cleaned_data["name"],
            number=self.cleaned_data["number"],
            **self.actor,
        )
        return self.player


class RetireForm(PlayerActionForm):
    temporarily = forms.BooleanField(required=False)

    def save(self):
        services.retire_player(
            team=self.team, player=self.player, temporarily=self.cleaned_data["temporarily"], **self.actor
        )
        return self.player


class ReturnForm(PlayerActionForm):
    def save(self):
        services.return_from_retirement(team=self.team, player=self.player, **self.actor)
        return self.player


# --- advancement ---------------------------------------------------------------------------------


def _category_name(edition, letter):
    return edition.text(f"category.{letter}", get_language())


class AdvancementForm(PlayerActionForm):
    """An advancement of one kind; `kind` comes from the page (unbound) or the posted data."""

    kinds = ()
    kind = forms.ChoiceField(widget=forms.HiddenInput)

    def __init__(self, data=None, *args, kind=None, dice=None, **kwargs):
        posted = data.get("kind") if data is not None else None
        self.advancement_kind = kind or (posted if posted in self.kinds else self.kinds[0])
        # Several of these forms share a page: keep their ids apart (the field names stay the same).
        kwargs.setdefault("auto_id", f"id_{self.advancement_kind}_%s")
        super().__init__(data, *args, **kwargs)
        self.edition = get_edition(self.team.edition)
        self.dice = dice
        self.fields["kind"].choices = [(k, k) for k in self.kinds]
        self.fields["kind"].initial = self.advancement_kind

    def categories(self):
        return advancement.categories(self.player, self.advancement_kind)

    def make_dice(self):
        return self.dice or Dice()


class RandomSkillForm(AdvancementForm):
    kinds = ("random_primary", "random_secondary")
    category = forms.ChoiceField(label=_("Skill category"))
    first_die = forms.IntegerField(label=_("First D6"), min_value=1, max_value=6, required=False)
    second_die = forms.IntegerField(label=_("Second D6"), min_value=1, max_value=6, required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["category"].choices = [(c, _category_name(self.edition, c)) for c in self.categories()]

    def clean(self):
        cleaned = super().clean()
        dice = [cleaned.get("first_die"), cleaned.get("second_die")]
        if any(d is not None for d in dice) and not all(d is not None for d in dice):
            raise ValidationError(_("Enter both dice, or leave both empty to let Dugout roll."))
        cleaned["faces"] = dice if all(d is not None for d in dice) else None
        return cleaned

    def save(self):
        return advancement.take_random_skill(
            team=self.team,
            editor=self.editor,
            player=self.player,
            kind=self.cleaned_data["kind"],
            category=self.cleaned_data["category"],
            dice=None if self.cleaned_data["faces"] else self.make_dice(),
            faces=self.cleaned_data["faces"],
        )


def skill_choices(edition, categories, held):
    """Skills of these categories the player does not hold, grouped by category (traits excluded)."""
    language = get_language()
    groups = []
    for letter in categories:
        skills = sorted(
            (
                (skill.id, edition.name(skill, language))
                for skill in edition.skills.values()
                if skill.category == letter and skill.id not in held
            ),
            key=lambda choice: choice[1].casefold(),
        )
        if skills:
            groups.append((_category_name(edition, letter), skills))
    return groups


class ChosenSkillForm(AdvancementForm):
    kinds = ("chosen_primary", "chosen_secondary")
    skill = forms.ChoiceField(label=_("Skill"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        held = advancement.held_skill_ids(self.player)
        self.fields["skill"].choices = skill_choices(self.edition, self.categories(), held)

    def save(self):
        return advancement.take_chosen_skill(
            team=self.team,
            editor=self.editor,
            player=self.player,
            kind=self.cleaned_data["kind"],
            skill_id=self.cleaned_data["skill"],
        )


class CharacteristicRollForm(PlayerActionForm):
    d16 = forms.IntegerField(
        label=_("Your D16"),
        min_value=1,
        max_value=16,
        required=False,
        help_text=_("Leave empty to let Dugout roll."),
    )

    def __init__(self, *args, dice=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.dice = dice

    def save(self):
        d16 = self.cleaned_data.get("d16")
        return advancement.roll_characteristic(
            team=self.team,
            editor=self.editor,
            player=self.player,
            dice=None if d16 else (self.dice or Dice()),
            faces=[d16] if d16 else None,
        )


class CharacteristicChoiceForm(PlayerActionForm):
    """After the D16: one of the allowed characteristics, or a primary or secondary skill instead."""

    choice = forms.ChoiceField(label=_("Improvement"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        edition = get_edition(self.team.edition)
        language = get_language()
        allowed = advancement.characteristic_choices(self.player)
        characteristics = [
            (f"characteristic:{name}", edition.text(f"characteristic.{name}.long", language))
            for name in CHARACTERISTICS
            if name in allowed
        ]
        position = self.player.position_rules
        held = advancement.held_skill_ids(self.player)
        skills = [
            (group, [(f"skill:{skill_id}", label) for skill_id, label in options])
            for group, options in skill_choices(edition, position.primary + position.secondary, held)
        ]
        choices = []
        if characteristics:
            choices.append((_("Characteristic"), characteristics))
        self.fields["choice"].choices = choices + skills

    def clean_choice(self):
        kind, _sep, value = self.cleaned_data["choice"].partition(":")
        return (kind, value)

    def save(self):
        kind, value = self.cleaned_data["choice"]
        if kind == "characteristic":
            return advancement.choose_characteristic(
                team=self.team, editor=self.editor, player=self.player, characteristic=value
            )
        return advancement.choose_characteristic(
            team=self.team, editor=self.editor, player=self.player, skill_id=value
        )


# --- the re-draft between seasons -----------------------------------------------------------------------


class RedraftForm(TeamActionForm):
    """Re-hire players, keep or buy re-rolls and staff; the dice of rest and recovery may be entered.

    One `rehire_<player id>` checkbox per player who may be re-hired and one `<niggling|retired>_<player
    id>_<n>` die per roll rest and recovery asks of them (empty: Dugout rolls it). A commissioner may
    cap the budget.
    """

    apothecary = forms.BooleanField(label=_("Apothecary"), required=False)
    capped = forms.BooleanField(required=False)

    def __init__(self, *args, record, seasons=None, dice=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.record = record
        self.dice = dice
        edition = get_edition(self.team.edition)
        settings, language = edition.settings, get_language()
        staff = settings["staff"]
        numbers = {
            "rerolls": (edition.text("rerolls.name", language), settings["max_rerolls"]),
            "assistant_coaches": (
                edition.text("staff.assistant_coach.name", language),
                staff["assistant_coach"]["max"],
            ),
            "cheerleaders": (edition.text("staff.cheerleader.name", language), staff["cheerleader"]["max"]),
        }
        for field, (label, maximum) in numbers.items():
            self.fields[field] = forms.IntegerField(
                label=label, min_value=0, max_value=maximum, initial=min(getattr(self.team, field), maximum)
            )
        self.fields["apothecary"].label = edition.text("staff.apothecary.name", language)
        self.fields["apothecary"].initial = self.team.apothecary
        if not self.team.rules.apothecary:
            del self.fields["apothecary"]
        cap = redraft.rules(edition).get("optional_cap")
        if self.editor.as_commissioner and cap:
            self.fields["capped"].label = _("Cap the budget at %(cap)s gp") % {"cap": f"{cap:,}"}
        else:
            del self.fields["capped"]
        self.players = redraft.rehirable(self.team)
        self.seasons = seasons if seasons is not None else redraft.seasons_played(self.team, self.players)
        for player in self.players:
            self.fields[f"rehire_{player.pk}"] = forms.BooleanField(
                label=_("Re-hire #%(number)d %(name)s") % {"number": player.number, "name": player.name},
                required=False,
                initial=True,
            )
            for what, index in redraft.recovery_dice(player):
                self.fields[f"{what}_{player.pk}_{index}"] = forms.IntegerField(
                    label=self._die_label(player, what, index),
                    min_value=1,
                    max_value=6,
                    required=False,
                )

    @staticmethod
    def _die_label(player, what, index):
        if what == "niggling":
            return _("#%(number)d %(name)s: D6 for niggling injury %(n)d") % {
                "number": player.number,
                "name": player.name,
                "n": index + 1,
            }
        injury = player.lasting_injuries[index]
        name = get_edition(player.team.edition).text(f"table.lasting_injury.{injury}.name", get_language())
        return _("#%(number)d %(name)s: D6 to recover from %(injury)s") % {
            "number": player.number,
            "name": player.name,
            "injury": name,
        }

    def player_fields(self, player):
        """The bound re-hire checkbox and the bound dice fields of one player."""
        dice = [self[f"{what}_{player.pk}_{index}"] for what, index in redraft.recovery_dice(player)]
        return self[f"rehire_{player.pk}"], dice

    def price(self, player):
        return redraft.rehire_cost(player_value(player), self.seasons.get(player.pk, 0))

    def clean(self):
        cleaned = super().clean()
        cleaned["rehire"] = [p.pk for p in self.players if cleaned.get(f"rehire_{p.pk}")]
        faces = {}
        for player in self.players:
            entered = {
                (what, index): cleaned.get(f"{what}_{player.pk}_{index}")
                for what, index in redraft.recovery_dice(player)
            }
            faces[player.pk] = {key: face for key, face in entered.items() if face}
        cleaned["faces"] = faces
        cleaned["capped"] = bool(cleaned.get("capped")) and self.editor.as_commissioner
        cleaned["apothecary"] = bool(cleaned.get("apothecary")) and self.team.rules.apothecary
        return cleaned

    def _fields_valid(self):
        """Whether every field is valid (a refusal of the service, a non-field error, may remain)."""
        return self.is_bound and not any(field != NON_FIELD_ERRORS for field in self.errors)

    def budget(self):
        capped = self._fields_valid() and self.cleaned_data.get("capped", False)
        return redraft.raise_funds(
            treasury=self.team.treasury,
            games_played=self.record.games_played,
            league_wins=self.record.league_wins,
            league_draws=self.record.league_draws,
            capped=capped,
            edition=get_edition(self.team.edition),
        )

    def total(self):
        """What the posted choices cost (None when the form is not valid)."""
        if not self._fields_valid():
            return None
        data = self.cleaned_data
        chosen = [p for p in self.players if p.pk in data["rehire"]]
        return redraft.redraft_cost(
            rehired=[(player_value(p), self.seasons.get(p.pk, 0)) for p in chosen],
            rerolls=data["rerolls"],
            staff={
                "assistant_coaches": data["assistant_coaches"],
                "cheerleaders": data["cheerleaders"],
                "apothecary": data["apothecary"],
            },
            reroll_cost=self.team.rules.reroll_cost,
            edition=get_edition(self.team.edition),
        )

    def save(self):
        data = self.cleaned_data
        return redraft.redraft_team(
            team=self.team,
            record=self.record,
            rehire=data["rehire"],
            rerolls=data["rerolls"],
            assistant_coaches=data["assistant_coaches"],
            cheerleaders=data["cheerleaders"],
            apothecary=data["apothecary"],
            capped=data["capped"],
            seasons=self.seasons,
            dice=self.dice,
            faces=data["faces"],
            **self.actor,
        )
