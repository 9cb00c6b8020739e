"""The keys of an edition's edition.toml, typed: one frozen dataclass per section.

`load_settings` builds an `EditionSettings` from the TOML document and checks it as it goes: a key the
dataclass does not declare, a required key that is missing, or a value of the wrong type raises
`SettingsError` naming the file, the section and the key, when the edition is loaded (the rulebook's
system check loads every edition at start-up). Code then reads the settings by attribute,
`edition.settings.league.points.win`, which the type checker (mypy) follows: a misspelt key is an error
before anything runs.

A key that only some editions have is declared `X | None = None` (None: the edition has no such rule);
every other key is required. Sections and sub-tables are dataclasses; arrays of tables are tuples of
dataclasses; TOML arrays are tuples. `EditionSettings.as_dict()` gives the TOML document back.
"""

from rulebook.settings.base import SettingsError
from rulebook.settings.edition import EditionSettings
from rulebook.settings.loader import load_settings

__all__ = ["EditionSettings", "SettingsError", "load_settings"]
