"""Hooks: how a lower app receives functions from the apps above it without importing them (CONTRIBUTING,
"Layers"). The lower app declares a dataclass of hooks with harmless defaults; the apps above register
their functions into it when Django starts (AppConfig.ready)."""

from dataclasses import fields


def register_hooks(hooks, functions, *, owner):
    """Set the named hooks of the dataclass instance `hooks` to `functions` ({name: function}). An unknown
    name raises TypeError naming `owner`.

    Side effects: replaces the hooks for the whole process (apps register once, at start-up).
    """
    known = {field.name for field in fields(hooks)}
    unknown = set(functions) - known
    if unknown:
        raise TypeError(f"unknown {owner} hooks: {', '.join(sorted(unknown))}")
    for name, function in functions.items():
        setattr(hooks, name, function)
