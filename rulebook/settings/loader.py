"""Reading edition.toml into the dataclasses, checking every key and value on the way."""

import difflib
import types
from dataclasses import MISSING, dataclass, fields, is_dataclass
from pathlib import Path
from typing import Any, NoReturn, Union, get_args, get_origin, get_type_hints

from rulebook.settings.base import SettingsError
from rulebook.settings.edition import EditionSettings

PROJECT_DIR = Path(__file__).resolve().parent.parent.parent


# --- loading and checking ----------------------------------------------------------------------------------


def load_settings(document: dict[str, Any], path: Path | str) -> EditionSettings:
    """The settings of one edition.toml (`document`, as tomllib read it from `path`), checked."""
    return _build(EditionSettings, document, _Where(_shown(Path(path))))


def _shown(path):
    """The file as an error names it: relative to the project when it is inside."""
    try:
        return str(path.resolve().relative_to(PROJECT_DIR))
    except ValueError:
        return str(path)


@dataclass(frozen=True)
class _Where:
    """A place in the file, for error messages: the file, the TOML table ("" at the top) and how the
    message shows it ("[staff.apothecary]", "[[petty_cash_procedure]] #2")."""

    file: str
    table: str = ""
    shown: str = ""

    def inside(self, key):
        table = f"{self.table}.{key}" if self.table else key
        return _Where(self.file, table, f"[{table}]")

    def item(self, key, number):
        table = f"{self.table}.{key}" if self.table else key
        return _Where(self.file, table, f"[[{table}]] #{number}")

    def fail(self, message: str) -> NoReturn:
        raise SettingsError(
            f"{self.file}: {self.shown} {message}" if self.shown else f"{self.file}: {message}"
        )


def _build(cls, table, where):
    if not isinstance(table, dict):
        where.fail(f"should be a table, not {table!r}")
    declared = {field.name: field for field in fields(cls)}
    for key in table:
        if key not in declared:
            close = difflib.get_close_matches(key, declared, n=1)
            where.fail(f"unknown key {key!r}" + (f" (did you mean {close[0]!r}?)" if close else ""))
    hints = get_type_hints(cls)
    values = {}
    for name, field in declared.items():
        if name in table:
            values[name] = _value(hints[name], table[name], where, name)
        elif field.default is MISSING:
            where.fail(f"missing key {name!r}")
    return cls(**values)


def _value(kind, value, where, key):
    """`value` converted to `kind` (a dataclass, a tuple, a scalar or a union of them), or an error."""
    origin, args = get_origin(kind), get_args(kind)
    if origin in (Union, types.UnionType):
        options = [arg for arg in args if arg is not type(None)]  # None: the key is absent
        if len(options) == 1:
            return _value(options[0], value, where, key)
        for option in options:
            try:
                return _value(option, value, where, key)
            except SettingsError:
                continue
        where.fail(f"key {key!r} should be {_describe(kind)}, not {value!r}")
    if is_dataclass(kind):
        return _build(kind, value, where.inside(key))
    if origin is tuple:
        if not isinstance(value, list):
            where.fail(f"key {key!r} should be an array, not {value!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            if is_dataclass(args[0]):
                return tuple(
                    _build(args[0], item, where.item(key, number))
                    for number, item in enumerate(value, start=1)
                )
            return tuple(_value(args[0], item, where, key) for item in value)
        if len(value) != len(args):
            where.fail(f"key {key!r} should be an array of {len(args)}, not {value!r}")
        return tuple(_value(arg, item, where, key) for arg, item in zip(args, value, strict=True))
    if kind is int and isinstance(value, bool):
        where.fail(f"key {key!r} should be {_describe(kind)}, not {value!r}")
    if not isinstance(value, kind):
        where.fail(f"key {key!r} should be {_describe(kind)}, not {value!r}")
    return value


def _describe(kind):
    names = {int: "an integer", str: "a string", bool: "true or false"}
    if get_origin(kind) in (Union, types.UnionType):
        return " or ".join(_describe(arg) for arg in get_args(kind) if arg is not type(None))
    return names.get(kind, getattr(kind, "__name__", str(kind)))
