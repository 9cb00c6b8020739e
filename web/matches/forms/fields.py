"""The fields and widgets the match forms share: dice faces typed in (or left to Dugout), a checkbox
that counts, a select that shows prices."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from rulebook.dice import DiceSpec

# Example faces for the help text of a dice field: a different number per die, each within its sides.
EXAMPLE_FACES = (3, 5, 2, 6, 1, 4)


def example_faces(notation):
    """How to type one roll of `notation` ("2D6" -> "3 5", "D16" -> "11")."""
    spec = DiceSpec.parse(notation)
    if spec.count == 1 and spec.sides > 6:
        return "11"  # one die of two digits is still one number
    return " ".join(str(min(face, spec.sides)) for face in EXAMPLE_FACES[: spec.count])


def _dice_help(notation, empty_rolls):
    example = example_faces(notation)
    if DiceSpec.parse(notation).count > 1:
        text = gettext("%(dice)s: type each die, separated by a space, e.g. %(example)s.")
    else:
        text = gettext("%(dice)s: type the die, e.g. %(example)s.")
    text %= {"dice": notation, "example": example}
    return f"{text} {gettext('Leave empty to let Dugout roll.')}" if empty_rolls else text


# Lazy: a field made when its module is imported still speaks the language of each request.
dice_help = lazy(_dice_help, str)
dice_help.__doc__ = """The help text of a dice field for `notation`: how to type each die (and that
empty means Dugout rolls, unless `empty_rolls` is false: the form says it once for all its dice)."""


class FacesField(forms.CharField):
    """Dice faces typed as "3 4" or "3,4"; empty means Dugout rolls. Cleans to a list of ints or None.
    `dice`: the notation the field takes ("2D6"), for a help text saying how to type each die. No
    placeholder: a grey example in the box reads as a value already typed (issue #26). Several dice
    fields together are drawn one block each (matches/_dice_field.html)."""

    def __init__(self, *, dice=None, **kwargs):
        kwargs.setdefault("required", False)
        kwargs.setdefault("max_length", 40)
        kwargs.setdefault(
            "help_text", dice_help(dice, True) if dice else _("Leave empty to let Dugout roll.")
        )
        super().__init__(**kwargs)
        self.dice = dice
        self.widget.attrs.update({"inputmode": "numeric", "autocomplete": "off", "class": "dice-input"})

    def clean(self, value):
        value = super().clean(value)
        if not value.strip():
            return None
        try:
            return [int(part) for part in value.replace(",", " ").split()]
        except ValueError as error:
            raise ValidationError(_("Type the dice as numbers, e.g. 3 4.")) from error


class DiceForm(forms.Form):
    """One roll typed in or left to Dugout; `dice`: its notation, for the help text."""

    faces = FacesField(label=_("Dice (optional)"))

    def __init__(self, *args, dice=None, **kwargs):
        super().__init__(*args, **kwargs)
        if dice:
            set_dice(self.fields["faces"], dice)


def set_dice(field, notation, *, empty_rolls=True):
    """Give the FacesField `field` the help text of `notation`."""
    field.dice = notation
    field.help_text = dice_help(notation, empty_rolls)


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
