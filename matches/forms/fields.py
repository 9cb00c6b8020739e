"""The fields and widgets the match forms share: dice faces typed in (or left to Dugout), a checkbox
that counts, a select that shows prices."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _


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


class DiceForm(forms.Form):
    faces = FacesField(label=_("Dice (optional)"))


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
