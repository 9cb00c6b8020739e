"""What Dugout carries out of an edition's data, and what it leaves to the pitch (issue #22).

A rule that Dugout sells or shows must also have its effect in Dugout's flows, or say in the data that
it has none to have. Each function that carries out a row of the data registers itself here, with
`carries_out(category, row=...)` for one row by its id, or `carries_out(category, key=...)` for every row
that holds that key (the flows read most effects from the rows' numbers: `bribes = 1`, `completion_spp =
2`). Flows that dispatch on a row look their handlers up here (`handlers_for`).

A row played on the pitch only, with nothing for Dugout to record beyond rolling the dice its table
names, says so in the data: `pitch_only = true`; or `pitch_only = ["key", ...]` for the keys of a row
that the players apply at the table while Dugout carries out the rest. A team rule, which has no row of
its own, is listed in teams.toml `pitch_only_rules`.

A row whose effect Dugout should carry out but does not yet says what is missing, in the data beside
it: `not_carried_out = "..."`. Such a row is an open gap, listed by `open_gaps` (and told to the
coaches where the row is sold or chosen), never a silent one; the mark must go once a handler exists.

`unhandled(edition)` names every row that has neither a handler nor a mark: the coverage test fails on
each, so a row added to the data without its effect cannot go unnoticed; and on every row still marked
as a gap that has a handler now (`closed_gaps`).
"""

from collections.abc import Callable, Iterator
from dataclasses import dataclass

# The categories of rows, in the order of the game: team building, the pre-match, the drive, the
# post-match, and the league's optional rules.
CATEGORIES = (
    "team_rule",
    "inducement",
    "hireling",
    "prayer",
    "kickoff",
    "spp",
    "lasting_injury",
    "advancement",
    "optional_rule",
)
# The category of each rules table's rows.
_TABLES = {
    "prayer": "prayers_to_nuffle",
    "kickoff": "kickoff",
    "spp": "spp",
    "lasting_injury": "lasting_injury",
}
_CATEGORY_OF_TABLE = {table: category for category, table in _TABLES.items()}
# Keys that say where a row sits or what it is, not what it does.
_DESCRIPTIVE_KEYS = frozenset({"id", "roll", "pitch_only", "duration"})


class Registry:
    """{(category, "row:<id>" or "key:<key>"): the function that carries it out}."""

    def __init__(self):
        self._handlers: dict[tuple[str, str], Callable] = {}

    def carries_out(self, category: str, *, row: str | None = None, key: str | None = None):
        """Decorator: the function carries out the row `row` (an id) or every row holding `key`."""
        if category not in CATEGORIES or (row is None) == (key is None):
            raise ValueError(f"carries_out({category!r}, row={row!r}, key={key!r})")
        name = f"row:{row}" if row is not None else f"key:{key}"

        def register(function):
            known = self._handlers.setdefault((category, name), function)
            if known is not function:
                both = f"{known.__qualname__}, {function.__qualname__}"
                raise ValueError(f"{category} {name} has two handlers: {both}")
            return function

        return register

    def handler(self, category: str, *, row: str | None = None, key: str | None = None) -> Callable | None:
        return self._handlers.get((category, f"row:{row}" if row is not None else f"key:{key}"))

    def handlers_for(self, category: str, row: dict) -> list[Callable]:
        """The handlers of a table's row: its own, then those of its keys, each once, in the row's order."""
        found = [self.handler(category, row=row.get("id")), *(self.handler(category, key=key) for key in row)]
        return list(dict.fromkeys(handler for handler in found if handler is not None))

    def covers(self, category: str, row_id: str, keys=()) -> bool:
        """Whether the row is carried out: by a handler of its own, or in every one of its `keys` (the
        row's keys that do something, those the data marks as played on the pitch left out)."""
        if self.handler(category, row=row_id):
            return True
        keys = [key for key in keys if key not in _DESCRIPTIVE_KEYS]
        return bool(keys) and all(self.handler(category, key=key) for key in keys)


HANDLERS = Registry()
carries_out = HANDLERS.carries_out


@dataclass(frozen=True)
class Row:
    """One row of an edition's data, as the coverage test sees it."""

    category: str
    id: str
    keys: tuple[str, ...]  # the keys that do something (those marked as played on the pitch left out)
    pitch_only: bool  # the whole row is played on the pitch
    gap: str = ""  # what Dugout does not carry out yet (data: not_carried_out)

    def __str__(self):
        return f"{self.category} {self.id}"


def _row(category, row_id, entry, *, by_keys=True):
    """The Row of a data entry; `by_keys` False for an entry whose keys say nothing of its effect (a
    hireling's are its price and who may hire it): carried out by a handler of its own only."""
    mark = entry.get("pitch_only", False)
    on_pitch = set(mark) if isinstance(mark, list) else set()
    keys = tuple(key for key in entry if key not in on_pitch and key != "not_carried_out") if by_keys else ()
    return Row(category, row_id, keys, mark is True, entry.get("not_carried_out", ""))


def edition_rows(edition) -> Iterator[Row]:
    """Every row of the edition that Dugout must carry out or leave to the pitch, category by category."""
    pitch_only_rules = set(edition.pitch_only_rules)
    for rule in edition.team_rules:
        yield Row("team_rule", rule, (), rule in pitch_only_rules)
    for inducement in edition.inducements.values():
        yield _row("inducement", inducement.id, {**inducement.extra, "id": inducement.id})
    for kind, entries in edition.hirelings.items():
        for entry in entries.values():
            yield _row("hireling", f"{kind}.{entry['id']}", entry, by_keys=False)
    for category, table_id in _TABLES.items():
        for entry in edition.tables[table_id].rows:
            yield _row(category, entry["id"], entry)
    # An optional rule's own table that stands in for a core one (a regional kick-off table) is carried
    # out as that one is: a row it shares with the core table (an id with no keys) as the core row.
    for table in edition.optional_tables.values():
        replaced = table.extra.get("replaces")
        if replaced not in _CATEGORY_OF_TABLE:
            continue
        core = {row["id"]: row for row in edition.tables[replaced].rows}
        for entry in table.rows:
            yield _row(_CATEGORY_OF_TABLE[replaced], entry["id"], {**core.get(entry["id"], {}), **entry})
    for kind in edition.tables["advancement_costs"].extra["kinds"]:
        yield Row("advancement", kind, (), False)
    for rule in edition.optional_rules:
        yield _row("optional_rule", rule, edition.optional_settings.get(rule, {}), by_keys=False)


def _covered(row, registry):
    return row.pitch_only or registry.covers(row.category, row.id, row.keys)


def unhandled(edition, registry: Registry = HANDLERS) -> list[Row]:
    """The rows of `edition` with no handler in `registry` and no mark in the data."""
    return [row for row in edition_rows(edition) if not row.gap and not _covered(row, registry)]


def open_gaps(edition, registry: Registry = HANDLERS) -> list[Row]:
    """The rows marked as not carried out yet (each with what is missing)."""
    return [row for row in edition_rows(edition) if row.gap and not _covered(row, registry)]


def closed_gaps(edition, registry: Registry = HANDLERS) -> list[Row]:
    """The rows still marked as not carried out that are carried out now: their mark must go."""
    return [row for row in edition_rows(edition) if row.gap and _covered(row, registry)]
