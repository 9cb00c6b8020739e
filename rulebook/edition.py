"""Load an edition's data folder (rulebook/editions/<id>/) into Python objects, once per process."""

import hashlib
import tomllib
from functools import cache
from pathlib import Path

from rulebook.data import Inducement, Position, Profile, Skill, SkillRef, StarPlayer, Table, Team
from rulebook.settings import EditionSettings, load_settings
from rulebook.texts import Texts

EDITIONS_DIR = Path(__file__).resolve().parent / "editions"
# The /rules/ pages had no edition in their URLs while Dugout knew one edition: those links meant it.
EDITION_OF_UNVERSIONED_URLS = "bb2020"
# Skill categories as the rulebooks list them: Agility, Devious, General, Mutation, Passing, Strength, Traits.
CATEGORY_ORDER = "ADGMPST"


def _read(folder, name):
    path = folder / f"{name}.toml"
    if not path.exists():
        return {}
    with path.open("rb") as file:
        return tomllib.load(file)


def _profile(entry):
    return Profile(ma=entry["ma"], st=entry["st"], ag=entry["ag"], pa=entry.get("pa"), av=entry["av"])


def _skills(entries):
    return tuple(SkillRef.parse(text) for text in entries)


_TEAM_FIELDS = {
    "id",
    "tier",
    "reroll_cost",
    "apothecary",
    "special_rules",
    "special_rule_options",
    "max_big_guys",
    "leagues",
    "league_rules",
    "position",
}


def _team(entry):
    positions = tuple(
        Position(
            team_id=entry["id"],
            id=position["id"],
            max=position["max"],
            cost=position["cost"],
            profile=_profile(position),
            skills=_skills(position.get("skills", [])),
            primary=position.get("primary", ""),
            secondary=position.get("secondary", ""),
            big_guy=position.get("big_guy", False),
            lineman=position.get("lineman", False),
            keywords=tuple(position.get("keywords", [])),
        )
        for position in entry["position"]
    )
    return Team(
        id=entry["id"],
        tier=entry["tier"],
        reroll_cost=entry["reroll_cost"],
        apothecary=entry["apothecary"],
        special_rules=tuple(entry.get("special_rules", [])),
        special_rule_options=tuple(entry.get("special_rule_options", [])),
        max_big_guys=entry.get("max_big_guys"),
        positions=positions,
        leagues=tuple(entry.get("leagues", [])),
        league_rules={league: tuple(rules) for league, rules in entry.get("league_rules", {}).items()},
        extra={key: value for key, value in entry.items() if key not in _TEAM_FIELDS},
    )


def _star(entry):
    return StarPlayer(
        id=entry["id"],
        cost=entry["cost"],
        profile=_profile(entry),
        skills=_skills(entry["skills"]),
        plays_for=tuple(entry.get("plays_for", [])),
        excluded_teams=tuple(entry.get("excluded_teams", [])),
        big_guy=entry.get("big_guy", False),
        pair=entry.get("pair"),
        keywords=tuple(entry.get("keywords", [])),
        extra={key: value for key, value in entry.items() if key not in _STAR_FIELDS},
    )


_STAR_FIELDS = {
    "id",
    "cost",
    "ma",
    "st",
    "ag",
    "pa",
    "av",
    "skills",
    "plays_for",
    "excluded_teams",
    "big_guy",
}
_STAR_FIELDS |= {"pair", "keywords"}


_INDUCEMENT_FIELDS = {
    "id",
    "max",
    "cost",
    "price",
    "only_for",
    "only_for_tiers",
    "requires_apothecary",
    "choices",
}


def _inducement(entry):
    return Inducement(
        id=entry["id"],
        max=None if entry.get("unlimited") else entry["max"],
        cost=None if entry.get("cost_variable") else entry.get("cost"),
        prices=tuple(entry.get("price", [])),
        only_for=tuple(entry.get("only_for", [])),
        only_for_tiers=tuple(entry.get("only_for_tiers", [])),
        requires_apothecary=entry.get("requires_apothecary", False),
        choices=entry.get("choices"),
        extra={key: value for key, value in entry.items() if key not in _INDUCEMENT_FIELDS},
    )


def _tables(document):
    """Every top-level TOML table that has `rows` becomes a Table."""
    tables = {}
    for table_id, entry in document.items():
        if isinstance(entry, dict) and "rows" in entry:
            extra = {key: value for key, value in entry.items() if key not in {"dice", "rows"}}
            tables[table_id] = Table(table_id, entry.get("dice"), tuple(entry["rows"]), extra)
    return tables


class Edition:
    """One edition of the game: its settings, teams, skills, star players, inducements, tables, texts."""

    def __init__(self, folder):
        folder = Path(folder)
        self.folder = folder
        # edition.toml, typed and checked (rulebook.settings): a key it does not declare raises here.
        self.settings: EditionSettings = load_settings(_read(folder, "edition"), folder / "edition.toml")
        self.id: str = self.settings.id
        teams = _read(folder, "teams")
        self.teams = {entry["id"]: _team(entry) for entry in teams.get("team", [])}
        # Team rules played on the pitch only: nothing for Dugout to carry out (rulebook.coverage).
        self.pitch_only_rules = tuple(teams.get("pitch_only_rules", []))
        self.skills = {
            entry["id"]: Skill(entry["id"], entry["category"], entry.get("param"), entry.get("elite", False))
            for entry in _read(folder, "skills").get("skill", [])
        }
        self.star_players = {
            entry["id"]: _star(entry) for entry in _read(folder, "star_players").get("star", [])
        }
        inducements = _read(folder, "inducements")
        self.inducements = {entry["id"]: _inducement(entry) for entry in inducements.get("inducement", [])}
        # The lists an inducement with `choices` hires from (wizard, famous_staff, biased_referee ...).
        self.hirelings = {
            kind: {entry["id"]: entry for entry in entries}
            for kind, entries in inducements.items()
            if kind != "inducement" and isinstance(entries, list)
        }
        self.wizards = self.hirelings.get("wizard", {})
        self.famous_staff = self.hirelings.get("famous_staff", {})
        self.tables = _tables(_read(folder, "tables"))
        optional = _read(folder, "optional")
        self.optional_rules = tuple(optional.get("rules", []))
        # The optional rules that one game can use on its own (a friendly), not only a whole league.
        self.match_optional_rules = tuple(optional.get("match_rules", []))
        self.optional_tables = _tables(optional)
        self.optional_settings = optional
        self.random_skills = _read(folder, "random_skills").get("random_skill", {})
        self.texts = Texts.from_folder(folder / "text")
        self.version = self._content_hash()

    def _content_hash(self):
        """Changes whenever any data or text file changes: part of cache keys of generated sheets."""
        digest = hashlib.sha256()
        for path in sorted(self.folder.rglob("*.toml")):
            digest.update(str(path.relative_to(self.folder)).encode())
            digest.update(path.read_bytes())
        return digest.hexdigest()[:16]

    def text(self, key, language="en"):
        return self.texts.get(key, language)

    def name(self, item, language="en"):
        """The display name of anything with a text key (team, position, skill, star, inducement...)."""
        return self.texts.get(f"{item.key}.name", language)

    def skill_label(self, ref, language="en"):
        """ "Loner (4+)", "Mighty Blow (+1)", "Animosity (all team-mates)"."""
        skill = self.skills[ref.id]
        name = self.name(skill, language)
        if not ref.param:
            return name
        if skill.param == "plus":
            return f"{name} (+{ref.param})"
        if skill.param == "target":
            return f"{name} ({ref.param}+)"
        return f"{name} ({self.texts.get(f'skill_param.{ref.param}', language)})"

    @property
    def leagues(self):
        """Every League some team may play for, in the order the teams name them."""
        return tuple(dict.fromkeys(league for team in self.teams.values() for league in team.leagues))

    @property
    def team_rules(self):
        """Every team special rule (and, in editions without Leagues, league affiliation) teams name."""
        rules = []
        for team in self.teams.values():
            rules += [*team.special_rules, *team.special_rule_options]
            rules += [rule for league_rules in team.league_rules.values() for rule in league_rules]
        return tuple(dict.fromkeys(rule for rule in rules if rule not in self.leagues))

    @property
    def categories(self):
        """The skill category letters this edition uses, in the order of the rulebook's lists."""
        used = {skill.category for skill in self.skills.values()}
        return tuple(letter for letter in CATEGORY_ORDER if letter in used)

    def rule_key(self, rule_id):
        """The text key of a League or team rule: "league.chaos_clash" or "team_rule.swarming"."""
        return f"league.{rule_id}" if rule_id in self.leagues else f"team_rule.{rule_id}"

    def rule_name(self, rule_id, language="en"):
        return self.texts.get(f"{self.rule_key(rule_id)}.name", language)

    def table(self, table_id):
        if table_id in self.tables:
            return self.tables[table_id]
        return self.optional_tables[table_id]

    def team(self, team_id):
        return self.teams[team_id]

    def positions(self):
        for team in self.teams.values():
            yield from team.positions


def get_edition(edition_id: str) -> Edition:
    """The edition, loaded once per process. There is no default: a caller names the edition of its
    team, league, match or sheet (tests/rulebook/test_edition_calls.py keeps it so)."""
    return _load_edition(edition_id)


@cache
def _load_edition(edition_id: str) -> Edition:
    if edition_id not in available_editions():
        raise LookupError(f"no edition {edition_id!r} in {EDITIONS_DIR}")
    return Edition(EDITIONS_DIR / edition_id)


# mypy does not let a function grow attributes; tests call get_edition.cache_clear().
get_edition.cache_clear = _load_edition.cache_clear  # type: ignore[attr-defined]


def available_editions():
    return sorted(path.name for path in EDITIONS_DIR.iterdir() if (path / "edition.toml").exists())


def editions_newest_first():
    """Every edition, the newest first (edition.toml `released`)."""
    editions = [get_edition(edition_id) for edition_id in available_editions()]
    return sorted(editions, key=lambda edition: edition.settings.released, reverse=True)


def newest_edition_id():
    """The edition proposed where nothing else is known (a new league's or team's form): the newest."""
    return editions_newest_first()[0].id
