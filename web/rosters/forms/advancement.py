"""Forms of a player's advancement: a random or chosen skill, a characteristic (rolled or entered)."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from rosters import advancement
from rulebook.data import CHARACTERISTICS, SkillRef
from rulebook.dice import Dice
from rulebook.edition import get_edition
from web.rosters.forms.base import PlayerActionForm


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

    third_die = forms.IntegerField(label=_("Third D6"), min_value=1, max_value=6, required=False)
    fourth_die = forms.IntegerField(label=_("Fourth D6"), min_value=1, max_value=6, required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["category"].choices = [(c, _category_name(self.edition, c)) for c in self.categories()]
        rolls = self.edition.settings.advancement.random_skill_rolls
        self.draws = 1 if rolls is None else rolls
        if self.draws < 2:
            del self.fields["third_die"], self.fields["fourth_die"]
        else:
            self.fields["second_die"].help_text = _(
                "Two skills are drawn (two D6 each) and you keep one: the first two dice draw the first."
            )

    def clean(self):
        cleaned = super().clean()
        names = ["first_die", "second_die", "third_die", "fourth_die"][: 2 * self.draws]
        dice = [cleaned.get(name) for name in names]
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
        held = advancement.held_skill_ids(self.player) | advancement.unchoosable_skill_ids(self.player)
        choices = skill_choices(self.edition, self.categories(), held)
        traits = (
            advancement.secondary_trait_ids(self.player)
            if self.advancement_kind == "chosen_secondary"
            else []
        )
        if traits:
            # A trait the team's dedication lets a Secondary advancement take (valued as a Primary one).
            language = get_language()
            named = [(trait, self.edition.name(self.edition.skills[trait], language)) for trait in traits]
            choices.append((_category_name(self.edition, "T"), named))
        self.fields["skill"].choices = choices
        self._offer_free_skill(held)

    def _offer_free_skill(self, held):
        """Where the team's dedication gives a second skill of a category on a roll (Loec: Devious, D6,
        5+), the skill the coach names for it and the die (or Dugout rolls)."""
        rules = [(letter, advancement.free_skill_rule(self.player, letter)) for letter in self.categories()]
        rule = next((rule for _letter, rule in rules if rule is not None), None)
        if rule is None:
            return
        letter = rule["category"]
        self.fields["free_skill"] = forms.ChoiceField(
            label=_("Free second skill (%(category)s)") % {"category": _category_name(self.edition, letter)},
            help_text=_(
                "Taken too if the %(dice)s rolls %(target)d+ when you choose a skill of this category."
            )
            % {"dice": rule["dice"], "target": rule["target"]},
            required=False,
            choices=[
                ("", "—"),
                *[choice for _group, group in skill_choices(self.edition, letter, held) for choice in group],
            ],
        )
        self.fields["free_die"] = forms.IntegerField(
            label=_("Your %(die)s") % {"die": rule["dice"]},
            min_value=1,
            max_value=int(rule["dice"][1:]),
            required=False,
            help_text=_("Leave empty to let Dugout roll."),
        )

    def save(self):
        free_die = self.cleaned_data.get("free_die")
        return advancement.take_chosen_skill(
            team=self.team,
            editor=self.editor,
            player=self.player,
            kind=self.cleaned_data["kind"],
            skill_id=self.cleaned_data["skill"],
            free_skill_id=self.cleaned_data.get("free_skill", ""),
            dice=None if free_die else self.make_dice(),
            free_faces=[free_die] if free_die else None,
        )


class RandomSkillKeepForm(PlayerActionForm):
    """Of the skills drawn at random (BB2025: two), the one the coach keeps."""

    skill = forms.ChoiceField(label=_("Skill kept"), widget=forms.RadioSelect)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        edition = get_edition(self.team.edition)
        self.fields["skill"].choices = [
            (option, edition.skill_label(SkillRef.parse(option), get_language()))
            for option in advancement.random_skill_options(self.player)
        ]

    def save(self):
        return advancement.keep_random_skill(
            team=self.team, editor=self.editor, player=self.player, skill=self.cleaned_data["skill"]
        )


class CharacteristicRollForm(PlayerActionForm):
    # The field keeps its first name (d16) whatever the edition's die (BB2025: a D8).
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
        die = advancement.characteristic_die(self.team)
        sides = int(die[1:])
        if sides != 16:
            self.fields["d16"] = forms.IntegerField(
                label=_("Your %(die)s") % {"die": die},
                min_value=1,
                max_value=sides,
                required=False,
                help_text=_("Leave empty to let Dugout roll."),
            )

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
        held = advancement.held_skill_ids(self.player) | advancement.unchoosable_skill_ids(self.player)
        letters = advancement.categories(self.player, "chosen_primary")
        letters += advancement.categories(self.player, "chosen_secondary")
        skills = [
            (group, [(f"skill:{skill_id}", label) for skill_id, label in options])
            for group, options in skill_choices(edition, letters, held)
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
