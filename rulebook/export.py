"""The rulebook as one JSON document, for other tools (schema: rulebook/EXPORT.md).

`export_edition(edition)` is pure: it reads the loaded edition and returns plain dicts, lists, strings,
numbers, booleans and None. Every text comes with all its translations ({"en": ..., "fr": ...});
skills held by positions and star players are also given as English labels ("Loner (4+)").
"""

import json

from rulebook.data import CHARACTERISTICS
from rulebook.texts import LANGUAGES

SCHEMA_VERSION = 1


def export_edition(edition):
    """The whole edition as a JSON-ready dict."""
    texts = edition.texts

    def translations(key):
        return texts.all_languages(key)

    return {
        "schema": SCHEMA_VERSION,
        "edition": edition.id,
        "version": edition.version,
        "name": translations("edition.name"),
        "languages": [language for language in LANGUAGES if language in texts.by_language],
        "settings": edition.settings.as_dict(),
        "categories": [
            {"id": letter, "name": translations(f"category.{letter}")} for letter in edition.categories
        ],
        "leagues": [_named(f"league.{league}", league, translations) for league in edition.leagues],
        "team_rules": [
            _named(f"team_rule.{rule_id}", rule_id, translations) for rule_id in sorted(edition.team_rules)
        ],
        "keywords": [_named(f"keyword.{keyword}", keyword, translations) for keyword in _keywords(edition)],
        "teams": [_team(edition, team, translations) for team in edition.teams.values()],
        "skills": [
            {
                "id": skill.id,
                "name": translations(f"{skill.key}.name"),
                "desc": translations(f"{skill.key}.desc"),
                "category": skill.category,
                "param": skill.param,
                "elite": skill.elite,
            }
            for skill in edition.skills.values()
        ],
        "random_skills": {
            category: {half: list(column[half]) for half in ("low", "high")}
            for category, column in edition.random_skills.items()
        },
        "star_players": [_star(edition, star, translations) for star in edition.star_players.values()],
        "inducements": [_inducement(inducement, translations) for inducement in edition.inducements.values()],
        "wizards": [_hireling(entry, "wizard", translations) for entry in edition.wizards.values()],
        "famous_staff": [
            _hireling(entry, "famous_staff", translations) for entry in edition.famous_staff.values()
        ],
        "hirelings": {
            kind: [_hireling(entry, kind, translations) for entry in entries.values()]
            for kind, entries in edition.hirelings.items()
        },
        "tables": {
            **{
                table_id: _table(table, "table", False, translations)
                for table_id, table in edition.tables.items()
            },
            **{
                table_id: _table(table, "optional", True, translations)
                for table_id, table in edition.optional_tables.items()
            },
        },
        "optional_rules": list(edition.optional_rules),
    }


def export_json(edition):
    """The export as the text `manage.py export_rulebook` prints and /rules/<edition>.json serves."""
    return json.dumps(export_edition(edition), indent=2, ensure_ascii=False)


def _profile(profile):
    return {name: getattr(profile, name) for name in CHARACTERISTICS}


def _skill_labels(edition, refs):
    return [edition.skill_label(ref, "en") for ref in refs]


def _named(key, item_id, translations):
    return {"id": item_id, "name": translations(f"{key}.name"), "desc": translations(f"{key}.desc")}


def _keywords(edition):
    positions = [position.keywords for position in edition.positions()]
    stars = [star.keywords for star in edition.star_players.values()]
    return sorted({keyword for keywords in (*positions, *stars) for keyword in keywords})


def _team(edition, team, translations):
    return {
        "id": team.id,
        "name": translations(f"{team.key}.name"),
        "tier": team.tier,
        "reroll_cost": team.reroll_cost,
        "apothecary": team.apothecary,
        "special_rules": list(team.special_rules),
        "special_rule_options": list(team.special_rule_options),
        "leagues": list(team.leagues),
        "league_rules": {league: list(rules) for league, rules in team.league_rules.items()},
        "max_big_guys": team.max_big_guys,
        **team.extra,
        "positions": [
            {
                "id": position.id,
                "name": translations(f"{position.key}.name"),
                "max": position.max,
                "cost": position.cost,
                **_profile(position.profile),
                "skills": _skill_labels(edition, position.skills),
                "skill_refs": [str(ref) for ref in position.skills],
                "primary": position.primary,
                "secondary": position.secondary,
                "keywords": list(position.keywords),
                "lineman": position.lineman,
                "big_guy": position.big_guy,
            }
            for position in team.positions
        ],
    }


def _star(edition, star, translations):
    return {
        "id": star.id,
        "name": translations(f"{star.key}.name"),
        "cost": star.cost,
        **_profile(star.profile),
        "skills": _skill_labels(edition, star.skills),
        "skill_refs": [str(ref) for ref in star.skills],
        "plays_for": list(star.plays_for),
        "excluded_teams": list(star.excluded_teams),
        "teams": [team.id for team in edition.teams.values() if star.may_play_for_team(team)],
        "keywords": list(star.keywords),
        "big_guy": star.big_guy,
        "pair": star.pair,
        **star.extra,
        "rule_name": translations(f"{star.key}.rule_name"),
        "rule_desc": translations(f"{star.key}.rule_desc"),
    }


def _inducement(inducement, translations):
    return {
        "id": inducement.id,
        "name": translations(f"{inducement.key}.name"),
        "desc": translations(f"{inducement.key}.desc"),
        "max": inducement.max,
        "cost": inducement.cost,
        "prices": [dict(price) for price in inducement.prices],
        "only_for": list(inducement.only_for),
        "only_for_tiers": list(inducement.only_for_tiers),
        "requires_apothecary": inducement.requires_apothecary,
        "choices": inducement.choices,
        **{
            key: value for key, value in inducement.extra.items() if key not in {"unlimited", "cost_variable"}
        },
    }


def _hireling(entry, kind, translations):
    return {
        "id": entry["id"],
        "name": translations(f"{kind}.{entry['id']}.name"),
        "desc": translations(f"{kind}.{entry['id']}.desc"),
        "cost": entry["cost"],
        "prices": [dict(price) for price in entry.get("price", [])],
        "only_for": list(entry.get("only_for", [])),
        "named": entry.get("named", False),
    }


def _table(table, prefix, optional, translations):
    key = f"{prefix}.{table.id}"
    exported = {
        "id": table.id,
        "name": translations(f"{key}.name"),
        "desc": translations(f"{key}.desc"),
        "optional": optional,
        "dice": table.dice,
        **table.extra,
        "rows": [_row(row, key, translations) for row in table.rows],
    }
    if "modifiers" in table.extra:
        exported["modifiers"] = [
            {**modifier, "name": translations(f"{key}.modifiers.{modifier['id']}")}
            for modifier in table.extra["modifiers"]
        ]
    for field in ("brackets", "outcomes"):
        if field in table.extra:
            exported[field] = [
                {**item, "name": translations(f"{key}.{item['id']}.name")} for item in table.extra[field]
            ]
    if "kinds" in table.extra:
        exported["kinds"] = [
            {"id": kind, "name": translations(f"{key}.{kind}.name")} for kind in table.extra["kinds"]
        ]
    return exported


def _row(row, key, translations):
    exported = dict(row)
    if "id" in row:
        exported["name"] = translations(f"{key}.{row['id']}.name")
        exported["effect"] = translations(f"{key}.{row['id']}.effect")
    return exported
