"""The reference sheet catalogue: games and sheets read from `sheets/content/<game>/` (see its README).

Plain data, no Django: `get_catalogue()` loads every game folder once per process; `load_catalogue(root)`
reads any folder (tests use it with temporary content). A malformed `sheets.toml` raises `ContentError`
naming the file and the sheet, so a mistake in content stops the process instead of printing blanks.
"""

import hashlib
import tomllib
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path

from rulebook.edition import available_editions, get_edition
from rulebook.texts import LANGUAGES, SOURCE_LANGUAGE, Texts, flatten

CONTENT_DIR = Path(__file__).resolve().parent / "content"

TEXT_BLOCKS = ("p", "note")
LIST_BLOCKS = ("steps", "list")
# Special blocks drawn from the rulebook: { rulebook = "<one of these>" }.
RULEBOOK_BLOCKS = ("inducements", "skills", "star_players", "teams")
LITERAL_PREFIX = "="


class ContentError(ValueError):
    """A sheets.toml that does not follow sheets/content/README.md."""


@dataclass(frozen=True)
class Block:
    """One block of a section. `kind` is p, note, steps, list, table, rulebook_table or rulebook.

    `value` holds a text key (p, note), a tuple of keys (steps, list), a `TableSpec` (table), a
    rulebook table id (rulebook_table) or the name of a special rulebook block (rulebook).
    """

    kind: str
    value: object

    def text_keys(self):
        if self.kind in TEXT_BLOCKS:
            return [self.value]
        if self.kind in LIST_BLOCKS:
            return list(self.value)
        if self.kind == "table":
            return self.value.text_keys()
        return []


@dataclass(frozen=True)
class TableSpec:
    """A table written in the content: header keys and rows of cells (keys, or "=literal")."""

    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]

    def text_keys(self):
        cells = [*self.head, *(cell for row in self.rows for cell in row)]
        return [cell for cell in cells if not is_literal(cell)]


@dataclass(frozen=True)
class Section:
    heading: str | None
    blocks: tuple[Block, ...]
    optional: str | None = None  # an optional rule id: printed only where that rule is used

    def is_included(self, optional_rules=None):
        """Whether the section is printed for `optional_rules` (None: every optional rule)."""
        return self.optional is None or optional_rules is None or self.optional in optional_rules


@dataclass(frozen=True, eq=False)
class Sheet:
    game: "Game"
    id: str
    title: str
    intro: str | None
    sections: tuple[Section, ...]
    optional: str | None = None  # an optional rule id: printed only where that rule is used

    def __repr__(self):
        return f"<Sheet {self.game.id}/{self.id}>"

    def sections_for(self, optional_rules=None):
        """The sections printed for `optional_rules` (a set of rule ids; None: every optional rule)."""
        if self.optional is not None and optional_rules is not None and self.optional not in optional_rules:
            return ()
        return tuple(section for section in self.sections if section.is_included(optional_rules))

    def is_included(self, optional_rules=None):
        """Whether anything of the sheet is printed for `optional_rules`: a sheet whose sections are all
        left out is not printed at all."""
        return bool(self.sections_for(optional_rules))

    @property
    def slug(self):
        """ "game/sheet", the value a form uses to name a sheet."""
        return f"{self.game.id}/{self.id}"

    def text_keys(self):
        """Every text key the sheet uses, in order of appearance (the game title first)."""
        keys = [self.game.title, self.title]
        if self.intro:
            keys.append(self.intro)
        for section in self.sections:
            if section.heading:
                keys.append(section.heading)
            for block in section.blocks:
                keys.extend(block.text_keys())
        return list(dict.fromkeys(keys))

    @property
    def uses_rulebook(self):
        return any(block.kind in ("rulebook_table", "rulebook") for s in self.sections for block in s.blocks)

    def missing_keys(self, language):
        """Keys of this sheet without a non-empty text in `language` (no fallback to English)."""
        return [key for key in self.text_keys() if not self.game.texts.has(key, language)]

    @cached_property
    def languages(self):
        """The languages in which every text of the sheet exists, in the order of LANGUAGES."""
        return tuple(language for language in self.game.languages if not self.missing_keys(language))

    def text(self, key, language):
        return self.game.text(key, language)

    def title_in(self, language):
        return self.text(self.title, language)


@dataclass(eq=False)
class Game:
    id: str
    title: str
    folder: Path
    texts: Texts
    edition_id: str | None = None
    sheets: dict[str, Sheet] = field(default_factory=dict)

    def __repr__(self):
        return f"<Game {self.id}>"

    @property
    def languages(self):
        return tuple(language for language in LANGUAGES if language in self.texts.by_language)

    def text(self, key, language):
        return self.texts.get(key, language)

    def title_in(self, language):
        """The game's name; a game tied to a rulebook edition is named by it, so that every page and
        printed sheet says which edition it is for ("Blood Bowl (2025 edition)")."""
        if self.edition_id:
            return self.edition.text("edition.name", language)
        return self.text(self.title, language)

    @property
    def edition(self):
        """The rulebook edition that `rulebook_table` and `rulebook` blocks draw from."""
        if not self.edition_id:
            raise LookupError(f"the game {self.id!r} has no rulebook edition")
        return get_edition(self.edition_id)

    @cached_property
    def content_hash(self):
        """Changes whenever sheets.toml or a text file of the game changes."""
        digest = hashlib.sha256()
        for path in sorted(self.folder.rglob("*.toml")):
            digest.update(str(path.relative_to(self.folder)).encode())
            digest.update(path.read_bytes())
        return digest.hexdigest()[:16]

    @property
    def version(self):
        """What a generated sheet of this game depends on: its content and, if any, its rulebook data."""
        if self.edition_id:
            return f"{self.content_hash}+{self.edition.version}"
        return self.content_hash

    def unused_keys(self):
        """English keys no sheet of the game uses (typos in sheets.toml show up here)."""
        used = {key for sheet in self.sheets.values() for key in sheet.text_keys()}
        return sorted(self.texts.by_language.get(SOURCE_LANGUAGE, {}).keys() - used)


class Catalogue:
    """Every game and its sheets, in folder order; games in alphabetical order of their id."""

    def __init__(self, games):
        self.games = {game.id: game for game in games}

    def __iter__(self):
        return iter(self.games.values())

    def game(self, game_id):
        return self.games[game_id]

    def sheet(self, game_id, sheet_id):
        """The sheet, or KeyError."""
        return self.games[game_id].sheets[sheet_id]

    def sheet_by_slug(self, slug):
        game_id, _, sheet_id = slug.partition("/")
        return self.sheet(game_id, sheet_id)

    def sheets(self):
        for game in self:
            yield from game.sheets.values()


def is_literal(cell):
    return cell.startswith(LITERAL_PREFIX)


def _fail(path, where, message):
    raise ContentError(f"{path}: {where}: {message}")


def _keys(value, path, where):
    if not isinstance(value, list) or not value or not all(isinstance(key, str) and key for key in value):
        _fail(path, where, "expected a non-empty list of text keys")
    return tuple(value)


def _block(entry, path, where, edition_id):
    if not isinstance(entry, dict) or len(entry) != 1:
        _fail(path, where, f"a block is a table with exactly one key, not {entry!r}")
    ((kind, value),) = entry.items()
    if kind in TEXT_BLOCKS:
        if not isinstance(value, str) or not value:
            _fail(path, where, f"{kind} takes one text key")
        return Block(kind, value)
    if kind in LIST_BLOCKS:
        return Block(kind, _keys(value, path, f"{where}: {kind}"))
    if kind == "table":
        head = _keys(value.get("head"), path, f"{where}: table head")
        rows = value.get("rows")
        if not isinstance(rows, list) or not rows:
            _fail(path, where, "a table needs rows")
        for row in rows:
            if _keys(row, path, f"{where}: table row") and len(row) != len(head):
                _fail(path, where, f"row {row!r} has {len(row)} cells for {len(head)} columns")
        return Block(kind, TableSpec(head, tuple(tuple(row) for row in rows)))
    if kind in ("rulebook_table", "rulebook"):
        if not edition_id:
            _fail(path, where, f"{kind} blocks need a rulebook edition (set [game] edition)")
        edition = get_edition(edition_id)
        if kind == "rulebook_table":
            if value not in edition.tables and value not in edition.optional_tables:
                _fail(path, where, f"the edition {edition_id} has no table {value!r}")
        elif value not in RULEBOOK_BLOCKS:
            _fail(path, where, f"unknown rulebook block {value!r}; known: {', '.join(RULEBOOK_BLOCKS)}")
        return Block(kind, value)
    return _fail(path, where, f"unknown block {kind!r}")


def _optional(value, path, where, edition_id):
    """The `optional = "<rule id>"` of a sheet or section: None, or a rule of the game's edition."""
    if value is None:
        return None
    if not edition_id:
        _fail(path, where, "optional rules need a rulebook edition (set [game] edition)")
    rules = get_edition(edition_id).optional_rules
    if value not in rules:
        _fail(path, where, f"unknown optional rule {value!r}; known: {', '.join(rules)}")
    return value


def _read_toml(path):
    try:
        with path.open("rb") as file:
            return tomllib.load(file)
    except tomllib.TOMLDecodeError as error:
        raise ContentError(f"{path}: {error}") from error


def load_game(folder):
    """One game folder: sheets.toml and text/<lang>.toml."""
    folder = Path(folder)
    path = folder / "sheets.toml"
    document = _read_toml(path)
    settings = document.get("game", {})
    if "title" not in settings:
        _fail(path, "[game]", "title is required")
    edition_id = settings.get("edition") or (folder.name if folder.name in available_editions() else None)
    texts = Texts(
        {
            language: flatten(_read_toml(folder / "text" / f"{language}.toml"))
            for language in LANGUAGES
            if (folder / "text" / f"{language}.toml").exists()
        }
    )
    game = Game(id=folder.name, title=settings["title"], folder=folder, texts=texts, edition_id=edition_id)
    for entry in document.get("sheet", []):
        sheet_id = entry.get("id")
        if not sheet_id or not entry.get("title"):
            _fail(path, f"sheet {sheet_id!r}", "id and title are required")
        if sheet_id in game.sheets:
            _fail(path, f"sheet {sheet_id!r}", "the id is used twice")
        sections = []
        for number, section in enumerate(entry.get("section", []), start=1):
            where = f"sheet {sheet_id!r}, section {number}"
            blocks = tuple(_block(block, path, where, edition_id) for block in section.get("blocks", []))
            optional = _optional(section.get("optional"), path, where, edition_id)
            sections.append(Section(heading=section.get("heading"), blocks=blocks, optional=optional))
        game.sheets[sheet_id] = Sheet(
            game=game,
            id=sheet_id,
            title=entry["title"],
            intro=entry.get("intro"),
            sections=tuple(sections),
            optional=_optional(entry.get("optional"), path, f"sheet {sheet_id!r}", edition_id),
        )
    return game


def load_catalogue(root=CONTENT_DIR):
    root = Path(root)
    folders = sorted(path for path in root.iterdir() if (path / "sheets.toml").is_file())
    return Catalogue(load_game(folder) for folder in folders)


@cache
def get_catalogue():
    """The catalogue of sheets/content/, read once per process."""
    return load_catalogue(CONTENT_DIR)
