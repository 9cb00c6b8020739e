"""Rules texts: every language has every English key, and every data id has an English name."""

import pytest

from rulebook.edition import available_editions, get_edition
from rulebook.texts import LANGUAGES, SOURCE_LANGUAGE, Texts, flatten

EDITION = get_edition("bb2020")
EDITIONS = [get_edition(edition_id) for edition_id in available_editions()]


def report(language, keys, what):
    by_file = {}
    for key in keys:
        by_file.setdefault(key.split(".")[0], []).append(key)
    lines = [f"{language}: {len(keys)} {what}"]
    for prefix, group in sorted(by_file.items()):
        lines.append(f"  {prefix} ({len(group)}): " + ", ".join(group))
    return "\n".join(lines)


@pytest.mark.parametrize("edition", EDITIONS, ids=lambda edition: edition.id)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_language_has_every_english_text(edition, language):
    """Fails while a translation is incomplete, and lists the keys still missing."""
    missing, extra = edition.texts.gaps(language)
    assert not missing, report(language, missing, "keys missing or empty")
    assert not extra, report(language, extra, "keys that English does not have")


def test_texts_fall_back_to_english_then_to_the_key():
    texts = Texts({"en": {"a.name": "Alpha", "b.name": "Beta"}, "fr": {"a.name": "Alpha (fr)", "b.name": ""}})
    assert texts.get("a.name", "fr") == "Alpha (fr)"
    assert texts.get("a.name", "fr-ca") == "Alpha (fr)"
    assert texts.get("b.name", "fr") == "Beta"
    assert texts.get("c.name", "fr") == "c.name"
    assert texts.gaps("fr") == (["b.name"], [])
    assert texts.all_languages("a.name") == {"en": "Alpha", "fr": "Alpha (fr)"}


def test_flatten_nested_tables_to_dotted_keys():
    assert flatten({"skill": {"block": {"name": "Block"}}, "x": "y"}) == {
        "skill.block.name": "Block",
        "x": "y",
    }


def required_english_keys(edition):
    keys = ["edition.name"]
    for team in edition.teams.values():
        keys.append(f"{team.key}.name")
        keys += [f"{position.key}.name" for position in team.positions]
        keys += [f"keyword.{keyword}.name" for position in team.positions for keyword in position.keywords]
    for rule_id in (*edition.team_rules, *edition.leagues):
        keys += [f"{edition.rule_key(rule_id)}.name", f"{edition.rule_key(rule_id)}.desc"]
    for skill in edition.skills.values():
        keys += [f"{skill.key}.name", f"{skill.key}.desc", f"category.{skill.category}"]
    for star in edition.star_players.values():
        keys += [f"{star.key}.name", f"{star.key}.rule_name", f"{star.key}.rule_desc"]
        keys += [f"keyword.{keyword}.name" for keyword in star.keywords]
    for inducement in edition.inducements.values():
        keys += [f"{inducement.key}.name", f"{inducement.key}.desc"]
    keys += [f"wizard.{wizard_id}.name" for wizard_id in edition.wizards]
    keys += [f"famous_staff.{staff_id}.name" for staff_id in edition.famous_staff]
    for prefix, tables in (("table", edition.tables), ("optional", edition.optional_tables)):
        for table_id, table in tables.items():
            keys.append(f"{prefix}.{table_id}.name")
            keys += [f"{prefix}.{table_id}.{row['id']}.name" for row in table.rows if "id" in row]
            keys += [
                f"{prefix}.{table_id}.modifiers.{item['id']}" for item in table.extra.get("modifiers", [])
            ]
            for field in ("brackets", "outcomes"):
                keys += [f"{prefix}.{table_id}.{item['id']}.name" for item in table.extra.get(field, [])]
            keys += [f"{prefix}.{table_id}.{kind}.name" for kind in table.extra.get("kinds", [])]
    for rule_id in edition.optional_rules:
        keys += [f"optional.{rule_id}.name", f"optional.{rule_id}.desc"]
    for name in ("ma", "st", "ag", "pa", "av"):
        keys += [f"characteristic.{name}.name", f"characteristic.{name}.long"]
    for refs in [position.skills for position in edition.positions()] + [
        star.skills for star in edition.star_players.values()
    ]:
        keys += [f"skill_param.{ref.param}" for ref in refs if edition.skills[ref.id].param == "text"]
    return sorted(set(keys))


@pytest.mark.parametrize("edition", EDITIONS, ids=lambda edition: edition.id)
def test_every_data_id_has_an_english_name(edition):
    keys = required_english_keys(edition)
    missing = [key for key in keys if not edition.texts.has(key, SOURCE_LANGUAGE)]
    assert not missing, report(SOURCE_LANGUAGE, missing, "keys missing")


def test_every_skill_label_renders_its_parameter():
    loner = next(
        ref for ref in EDITION.teams["chaos_chosen"].position("chaos_troll").skills if ref.id == "loner"
    )
    assert EDITION.skill_label(loner) == "Loner (4+)"
    blow = next(
        ref for ref in EDITION.teams["chaos_chosen"].position("chaos_troll").skills if ref.id == "mighty_blow"
    )
    assert EDITION.skill_label(blow) == "Mighty Blow (+1)"
    assert EDITION.skill_label(blow, "fr") == "Châtaigne (+1)"
