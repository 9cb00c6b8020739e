"""What every part of the edition settings shares: the error, reading a field by its key, and the
settings as plain TOML data again."""

from dataclasses import fields, is_dataclass
from typing import Any, ClassVar


class SettingsError(ValueError):
    """An edition.toml that does not match the dataclasses below."""


class _ByName[T]:
    """Read a field by its name, as the TOML key: `steps["ag"]` (for keys chosen at run time)."""

    __dataclass_fields__: ClassVar[dict[str, Any]]  # set by @dataclass on the subclasses

    def __getitem__(self, name: str) -> T:
        if name not in self.__dataclass_fields__:
            raise KeyError(name)
        return getattr(self, name)


def _plain(value):
    if is_dataclass(value):
        return {
            field.name: _plain(getattr(value, field.name))
            for field in fields(value)
            if getattr(value, field.name) is not None
        }
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value
