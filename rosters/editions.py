"""Which editions a team may be drafted in, and the one a new team's form proposes."""

from django.utils.translation import get_language

from rulebook.edition import available_editions, get_edition


def editions_newest_first():
    """Every edition, the newest first (edition.toml `released`)."""
    editions = [get_edition(edition_id) for edition_id in available_editions()]
    return sorted(editions, key=lambda edition: edition.settings.get("released", 0), reverse=True)


def newest_edition_id():
    """The edition a new team is drafted in unless its coach chooses another: the newest one."""
    return editions_newest_first()[0].id


def edition_name(edition_id, language=None):
    """ "Blood Bowl (2025 edition)": the edition's name in the active language."""
    return get_edition(edition_id).text("edition.name", language or get_language())


def edition_choices():
    """(id, name) of every edition, the newest first."""
    return [(edition.id, edition_name(edition.id)) for edition in editions_newest_first()]
