"""Which editions a team may be drafted in, and the one a new team's form proposes."""

from django.utils.translation import get_language

from rulebook.edition import editions_newest_first, get_edition, newest_edition_id

__all__ = ["edition_choices", "edition_name", "editions_newest_first", "newest_edition_id"]


def edition_name(edition_id, language=None):
    """ "Blood Bowl (2025 edition)": the edition's name in the active language."""
    return get_edition(edition_id).text("edition.name", language or get_language())


def edition_choices():
    """(id, name) of every edition, the newest first."""
    return [(edition.id, edition_name(edition.id)) for edition in editions_newest_first()]
