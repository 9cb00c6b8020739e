"""Blocks drawn from the rulebook (Blood Bowl): its tables, inducements, skills, star players, teams.

Names and rules texts come from the edition's text files in the sheet's language; the few column
headings the rulebook has no text for are interface strings (gettext), so build these blocks under
`translation.override(language)`.
"""

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from sheets.document import Cell, Definitions, Group, Table, Text

SKILL_CATEGORIES = ("G", "A", "S", "P", "M", "T")
CHARACTERISTICS = ("ma", "st", "ag", "pa", "av")
TARGET_CHARACTERISTICS = ("ag", "pa", "av")
# Tables whose dice are not numbered faces: no roll column.
DICE_WITHOUT_NUMBERS = ("BD",)


def gold(amount):
    return number_format(amount, force_grouping=True)


def roll_range(roll):
    low, high = roll
    return str(low) if low == high else f"{low}–{high}"


class _Lookup:
    """Texts of one edition in one language, with a test for optional keys."""

    def __init__(self, edition, language):
        self.edition = edition
        self.language = language

    def __call__(self, key):
        return self.edition.text(key, self.language)

    def optional(self, key):
        return self(key) if self.edition.texts.has(key, "en") else ""

    def sort_key(self, name):
        return name.casefold()


def rules_table(edition, table_id, language):
    """The blocks showing one rulebook table (tables.toml or optional.toml) in `language`."""
    table = edition.table(table_id)
    text = _Lookup(edition, language)
    prefix = f"table.{table_id}" if table_id in edition.tables else f"optional.{table_id}"
    title = text(f"{prefix}.name")
    intro = text.optional(f"{prefix}.desc")
    notes = tuple(text(f"{prefix}.modifiers.{entry['id']}") for entry in table.extra.get("modifiers", []))
    if "kinds" in table.extra:
        return [_matrix_of_numbers(table, text, prefix, title=title, intro=intro, notes=notes)]
    if "brackets" in table.extra and "outcomes" in table.extra:
        return _matrix_of_outcomes(table, text, prefix, title=title, intro=intro, notes=notes)

    columns = []  # (heading, function of a row giving a Cell)
    rolled = table.dice not in DICE_WITHOUT_NUMBERS and any("roll" in row for row in table.rows)
    if rolled:
        columns.append(
            (
                table.dice or pgettext("table column", "Roll"),
                lambda row: Cell(roll_range(row["roll"]), literal=True),
            )
        )
        if any("roll2" in row for row in table.rows):
            columns.append(
                (table.extra.get("dice2", ""), lambda row: Cell(roll_range(row["roll2"]), literal=True))
            )
    columns.append((_("Result"), lambda row: Cell(text(f"{prefix}.{row['id']}.name"))))
    if all("spp" in row for row in table.rows):
        columns.append((_("SPP"), lambda row: Cell(str(row["spp"]), literal=True)))
    if any(text.optional(f"{prefix}.{row['id']}.effect") for row in table.rows):
        columns.append((_("Effect"), lambda row: Cell(text.optional(f"{prefix}.{row['id']}.effect"))))
    rows = tuple(tuple(cell(row) for _heading, cell in columns) for row in table.rows)
    return [
        Table(
            head=tuple(heading for heading, _cell in columns),
            rows=rows,
            title=title,
            intro=intro,
            notes=notes,
            style="rules",
        )
    ]


def _matrix_of_numbers(table, text, prefix, **labels):
    """Rows of levels, a column per kind (the advancement costs)."""
    kinds = table.extra["kinds"]
    head = ("", *(text(f"{prefix}.{kind}.name") for kind in kinds))
    rows = tuple(
        (Cell(text(f"{prefix}.{row['id']}.name")), *(Cell(str(row[kind]), literal=True) for kind in kinds))
        for row in table.rows
    )
    return Table(head=head, rows=rows, style="rules matrix", **labels)


def _matrix_of_outcomes(table, text, prefix, **labels):
    """A roll per row, a bracket per column, an outcome per cell; then what each outcome does."""
    brackets = table.extra["brackets"]
    head = (
        table.dice or pgettext("table column", "Roll"),
        *(text(f"{prefix}.{bracket['id']}.name") for bracket in brackets),
    )
    rows = tuple(
        (
            Cell(roll_range(row["roll"]), literal=True),
            *(Cell(text(f"{prefix}.{result}.name")) for result in row["results"]),
        )
        for row in table.rows
    )
    outcomes = tuple(
        (
            Cell(text(f"{prefix}.{outcome['id']}.name")),
            Cell(text.optional(f"{prefix}.{outcome['id']}.effect")),
        )
        for outcome in table.extra["outcomes"]
    )
    return [
        Table(head=head, rows=rows, style="rules matrix", **labels),
        Table(head=(_("Result"), _("Effect")), rows=outcomes, style="rules"),
    ]


def special_block(edition, name, language):
    """The blocks of { rulebook = "<name>" }: inducements, skills, star_players or teams."""
    builders = {
        "inducements": _inducements,
        "skills": _skills,
        "star_players": _star_players,
        "teams": _teams,
    }
    return builders[name](edition, _Lookup(edition, language))


def _rule_names(rule_ids, text):
    return ", ".join(text(f"team_rule.{rule_id}.name") for rule_id in rule_ids)


def _only_for(rule_ids, text):
    if not rule_ids:
        return ""
    return _("Only: %(rules)s") % {"rules": _rule_names(rule_ids, text)}


def _inducements(edition, text):
    rows = []
    for inducement in edition.inducements.values():
        availability = _only_for(inducement.only_for, text)
        if inducement.only_for_tiers:
            tiers = ", ".join(str(tier) for tier in inducement.only_for_tiers)
            availability = _("Only tier %(tiers)s teams") % {"tiers": tiers}
        prices = [
            "{cost}: {rule}".format(
                cost=gold(price["cost"]), rule=text(f"team_rule.{price['for_rule']}.name")
            )
            for price in inducement.prices
            if "for_rule" in price and price["cost"] != inducement.cost
        ]
        rows.append(
            (
                Cell(text(f"{inducement.key}.name"), detail=availability),
                Cell("∞" if inducement.max is None else f"0–{inducement.max}", literal=True),
                Cell(
                    pgettext("cost", "varies") if inducement.cost is None else gold(inducement.cost),
                    detail="; ".join(prices),
                    literal=True,
                ),
                Cell(text.optional(f"{inducement.key}.desc")),
            )
        )
    blocks = [
        Table(head=(_("Inducement"), _("Max"), _("Cost"), _("Effect")), rows=tuple(rows), style="rules")
    ]
    for inducement_id, hires in (
        ("wizard", edition.wizards),
        ("famous_coaching_staff", edition.famous_staff),
    ):
        if not hires:
            continue
        key = "wizard" if inducement_id == "wizard" else "famous_staff"
        hire_rows = tuple(
            (
                Cell(text(f"{key}.{hire_id}.name"), detail=_only_for(entry.get("only_for", []), text)),
                Cell(gold(entry["cost"]), literal=True),
                Cell(text.optional(f"{key}.{hire_id}.desc")),
            )
            for hire_id, entry in hires.items()
        )
        blocks.append(
            Table(
                head=(text(f"inducement.{inducement_id}.name"), _("Cost"), _("Effect")),
                rows=hire_rows,
                style="rules",
            )
        )
    return blocks


def _skills(edition, text):
    blocks = []
    for category in SKILL_CATEGORIES:
        skills = [skill for skill in edition.skills.values() if skill.category == category]
        if not skills:
            continue
        items = sorted(
            ((edition.name(skill, text.language), text.optional(f"{skill.key}.desc")) for skill in skills),
            key=lambda item: text.sort_key(item[0]),
        )
        blocks.append(Definitions(title=text(f"category.{category}"), items=tuple(items)))
    return blocks


def _characteristics(profile):
    cells = []
    for name in CHARACTERISTICS:
        value = getattr(profile, name)
        if value is None:
            cells.append(Cell("–", literal=True))
        else:
            cells.append(Cell(f"{value}+" if name in TARGET_CHARACTERISTICS else str(value), literal=True))
    return cells


def _characteristic_heads(text):
    return tuple(text(f"characteristic.{name}.name") for name in CHARACTERISTICS)


def _skill_list(edition, refs, language):
    return ", ".join(edition.skill_label(ref, language) for ref in refs)


def _star_players(edition, text):
    stars = sorted(
        edition.star_players.values(), key=lambda star: text.sort_key(edition.name(star, text.language))
    )
    rows = []
    for star in stars:
        plays_for = _("Any team") if "any" in star.plays_for else _rule_names(star.plays_for, text)
        rule = text.optional(f"{star.key}.rule_name")
        rule_desc = text.optional(f"{star.key}.rule_desc")
        rows.append(
            (
                Cell(edition.name(star, text.language), detail=plays_for),
                Cell(gold(star.cost) if star.cost else "–", literal=True),
                *_characteristics(star.profile),
                Cell(
                    _skill_list(edition, star.skills, text.language),
                    detail=f"{rule}: {rule_desc}" if rule else "",
                ),
            )
        )
    head = (_("Star player"), _("Cost"), *_characteristic_heads(text), _("Skills and special rule"))
    return [Table(head=head, rows=tuple(rows), style="stars")]


def _teams(edition, text):
    teams = sorted(edition.teams.values(), key=lambda team: text.sort_key(edition.name(team, text.language)))
    head = (
        _("Max"),
        _("Position"),
        _("Cost"),
        *_characteristic_heads(text),
        _("Skills"),
        pgettext("skill access", "Primary"),
        pgettext("skill access", "Secondary"),
    )
    groups = []
    for team in teams:
        rows = tuple(
            (
                Cell(f"0–{position.max}", literal=True),
                Cell(edition.name(position, text.language)),
                Cell(gold(position.cost), literal=True),
                *_characteristics(position.profile),
                Cell(_skill_list(edition, position.skills, text.language)),
                Cell(position.primary, literal=True),
                Cell(position.secondary, literal=True),
            )
            for position in team.positions
        )
        facts = [
            _("Tier %(tier)s") % {"tier": team.tier},
            _("Team re-roll: %(cost)s") % {"cost": gold(team.reroll_cost)},
            _("Apothecary: yes") if team.apothecary else _("Apothecary: no"),
        ]
        if team.special_rules:
            facts.append(_rule_names(team.special_rules, text))
        groups.append(
            Group(
                title=edition.name(team, text.language),
                facts=tuple(facts),
                blocks=(Table(head=head, rows=rows, style="positions"),),
            )
        )
    legend = ", ".join(f"{category} = {text(f'category.{category}')}" for category in SKILL_CATEGORIES[:-1])
    return [Text("note", legend), *groups]
