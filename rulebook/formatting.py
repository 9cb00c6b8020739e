"""Rules values as they are printed, in the active language: the same on pages, PDFs and exports."""

from django.utils.formats import number_format


def target(value):
    """A target number as printed: 3 gives "3+", None gives "-"."""
    return "-" if value is None else f"{value}+"


def gold(amount):
    """Gold pieces with the locale's thousands separator: 50000 gives "50,000" in English."""
    if amount is None:
        return "-"
    return number_format(amount, force_grouping=True)
