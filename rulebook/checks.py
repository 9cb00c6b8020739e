"""The rulebook's system check: every edition loads, so a data file that does not match the code (an
edition.toml key misspelt, missing or of the wrong type: rulebook.settings) stops `runserver`,
`migrate` and `check` at start-up, naming the file and the key, instead of failing in a page later."""

from django.core import checks

from rulebook.edition import available_editions, get_edition
from rulebook.settings import SettingsError


@checks.register()
def editions_load(app_configs=None, **kwargs):
    errors = []
    for edition_id in available_editions():
        try:
            get_edition(edition_id)
        except SettingsError as error:
            errors.append(checks.Error(str(error), id="rulebook.E001"))
    return errors
