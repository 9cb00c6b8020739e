"""The rulebook pages (/rules/): teams and rosters, skills, star players, inducements and every table,
in the active language, plus the JSON export.

Everything comes from the edition loaded once per process (`get_edition`); no page makes a database
query. The helpers below only turn rulebook data into rows of display texts for the templates.
"""

from functools import cache

from django import forms
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import condition, require_safe

from rulebook.edition import get_edition
from rulebook.export import export_json

CATEGORIES = "AGMPST"


# --- helpers ----------------------------------------------------------------------------------------


def _edition(edition_id=None):
    try:
        return get_edition(edition_id)
    except LookupError:
        raise Http404("No such edition") from None


def _text(edition, key):
    return edition.text(key, get_language())


def _has_text(edition, key):
    """Whether the key has a text (in English at least): optional texts such as table descriptions."""
    return edition.texts.has(key) or edition.texts.has(key, get_language())


def _categories(edition, letters):
    return [{"letter": letter, "name": _text(edition, f"category.{letter}")} for letter in letters]


def _rule(edition, rule_id):
    return {
        "id": rule_id,
        "name": _text(edition, f"team_rule.{rule_id}.name"),
        "desc": _text(edition, f"team_rule.{rule_id}.desc"),
    }


def _skills(edition, refs):
    language = get_language()
    return [{"id": ref.id, "label": edition.skill_label(ref, language)} for ref in refs]


def _star_condition(star, team):
    """None when the star always plays for the team, the special rule its coach must have chosen for it
    to play, or False when it never does."""
    if star.plays_for_team(team):
        return None
    for option in team.special_rule_options:
        if star.plays_for_team(team, option):
            return option
    return False


def _by_name(rows):
    """Sorted by name, ignoring case and leading quotes ('Captain' Karina von Riesz sorts under C)."""
    return sorted(rows, key=lambda row: row["name"].lstrip("'\"‘’“” ").casefold())


# --- pages ------------------------------------------------------------------------------------------


@require_safe
def index(request):
    edition = _edition()
    return render(
        request,
        "rulebook/index.html",
        {
            "edition_name": _text(edition, "edition.name"),
            "edition_id": edition.id,
            "counts": {
                "teams": len(edition.teams),
                "skills": len(edition.skills),
                "stars": len(edition.star_players),
                "inducements": len(edition.inducements),
                "tables": len(edition.tables) + len(edition.optional_tables),
            },
        },
    )


@require_safe
def teams(request):
    edition = _edition()
    rows = _by_name(
        {
            "id": team.id,
            "name": edition.name(team, get_language()),
            "tier": team.tier,
            "reroll_cost": team.reroll_cost,
            "apothecary": team.apothecary,
        }
        for team in edition.teams.values()
    )
    return render(request, "rulebook/teams.html", {"teams": rows})


@require_safe
def team(request, team_id):
    edition = _edition()
    roster = edition.teams.get(team_id)
    if roster is None:
        raise Http404("No such team")
    language = get_language()
    positions = [
        {
            "id": position.id,
            "name": edition.name(position, language),
            "max": position.max,
            "cost": position.cost,
            "profile": position.profile,
            "skills": _skills(edition, position.skills),
            "primary": _categories(edition, position.primary),
            "secondary": _categories(edition, position.secondary),
            "lineman": position.lineman,
            "big_guy": position.big_guy,
        }
        for position in roster.positions
    ]
    stars = []
    for star in edition.star_players.values():
        condition = _star_condition(star, roster)
        if condition is False:
            continue
        stars.append(
            {
                "id": star.id,
                "name": edition.name(star, language),
                "cost": star.cost,
                "pair": edition.name(edition.star_players[star.pair], language) if star.pair else None,
                "condition": _text(edition, f"team_rule.{condition}.name") if condition else None,
            }
        )
    return render(
        request,
        "rulebook/team.html",
        {
            "team": roster,
            "team_name": edition.name(roster, language),
            "positions": positions,
            "characteristics": _characteristic_headers(edition),
            "special_rules": [_rule(edition, rule_id) for rule_id in roster.special_rules],
            "special_rule_options": [_rule(edition, rule_id) for rule_id in roster.special_rule_options],
            "stars": _by_name(stars),
        },
    )


def _characteristic_headers(edition):
    return [
        {
            "short": _text(edition, f"characteristic.{name}.name"),
            "long": _text(edition, f"characteristic.{name}.long"),
        }
        for name in ("ma", "st", "ag", "pa", "av")
    ]


class SkillFilterForm(forms.Form):
    """?category=A: the skills of one category; empty or absent: every skill."""

    category = forms.ChoiceField(label=_("Category"), required=False)

    def __init__(self, *args, edition, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["category"].choices = [("", _("All categories"))] + [
            (item["letter"], item["name"]) for item in _categories(edition, CATEGORIES)
        ]
        self.fields["category"].widget.attrs["data-autosubmit"] = ""

    def clean_category(self):
        return self.cleaned_data["category"] or None


@require_safe
def skills(request):
    """One URL, two renderings: the page, or (htmx) only the list of skills."""
    edition = _edition()
    form = SkillFilterForm(request.GET or None, edition=edition)
    category = form.cleaned_data["category"] if form.is_valid() else None
    groups = []
    for letter in CATEGORIES:
        if category and letter != category:
            continue
        rows = _by_name(
            {
                "id": skill.id,
                "name": edition.name(skill, get_language()),
                "desc": _text(edition, f"{skill.key}.desc"),
            }
            for skill in edition.skills.values()
            if skill.category == letter
        )
        if rows:
            groups.append({"letter": letter, "name": _text(edition, f"category.{letter}"), "skills": rows})
    fragment = request.htmx and not request.htmx.history_restore_request
    template = "rulebook/skills.html#skill_list" if fragment else "rulebook/skills.html"
    response = render(request, template, {"form": form, "groups": groups, "category": category})
    patch_vary_headers(response, ["HX-Request"])
    return response


@require_safe
def star_players(request):
    """Each star lists the leagues it plays in; the leagues' teams are listed once, below the stars."""
    edition = _edition()
    language = get_language()
    rows = [
        {
            "id": star.id,
            "name": edition.name(star, language),
            "cost": star.cost,
            "profile": star.profile,
            "skills": _skills(edition, star.skills),
            "rule_name": _text(edition, f"{star.key}.rule_name"),
            "rule_desc": _text(edition, f"{star.key}.rule_desc"),
            "any_team": "any" in star.plays_for,
            "leagues": [_rule(edition, rule_id) for rule_id in star.plays_for if rule_id != "any"],
            "excluded": [edition.name(edition.teams[team_id], language) for team_id in star.excluded_teams],
            "pair": edition.name(edition.star_players[star.pair], language) if star.pair else None,
            "big_guy": star.big_guy,
        }
        for star in edition.star_players.values()
    ]
    league_ids = sorted(
        {rule_id for star in edition.star_players.values() for rule_id in star.plays_for} - {"any"}
    )
    leagues = []
    for rule_id in league_ids:
        teams = [
            {
                "id": roster.id,
                "name": edition.name(roster, language),
                "chosen": rule_id not in roster.special_rules,
            }
            for roster in edition.teams.values()
            if rule_id in roster.special_rules or rule_id in roster.special_rule_options
        ]
        leagues.append({**_rule(edition, rule_id), "teams": _by_name(teams)})
    return render(
        request,
        "rulebook/star_players.html",
        {
            "stars": _by_name(rows),
            "leagues": _by_name(leagues),
            "characteristics": _characteristic_headers(edition),
        },
    )


@require_safe
def inducements(request):
    edition = _edition()
    rows = []
    for inducement in edition.inducements.values():
        prices = []
        for price in inducement.prices:
            if price["cost"] == inducement.cost:
                continue  # the usual price, restated for the teams that may buy it
            if "for_rule" in price:
                prices.append(
                    {"cost": price["cost"], "rule": _text(edition, f"team_rule.{price['for_rule']}.name")}
                )
            else:
                prices.append({"cost": price["cost"], "tier": price["for_tier"]})
        rows.append(
            {
                "id": inducement.id,
                "name": edition.name(inducement, get_language()),
                "desc": _text(edition, f"{inducement.key}.desc"),
                "max": inducement.max,
                "cost": inducement.cost,
                "prices": prices,
                "only_for": [_text(edition, f"team_rule.{rule_id}.name") for rule_id in inducement.only_for],
                "only_for_tiers": inducement.only_for_tiers,
                "requires_apothecary": inducement.requires_apothecary,
                "choices": inducement.choices,
            }
        )
    return render(
        request,
        "rulebook/inducements.html",
        {
            "inducements": rows,
            "wizards": _hirelings(edition, edition.wizards.values(), "wizard"),
            "famous_staff": _hirelings(edition, edition.famous_staff.values(), "famous_staff"),
        },
    )


def _hirelings(edition, entries, kind):
    return [
        {
            "id": entry["id"],
            "name": _text(edition, f"{kind}.{entry['id']}.name"),
            "desc": _text(edition, f"{kind}.{entry['id']}.desc")
            if _has_text(edition, f"{kind}.{entry['id']}.desc")
            else "",
            "cost": entry["cost"],
            "named": entry.get("named", False),
            "only_for": [
                _text(edition, f"team_rule.{rule_id}.name") for rule_id in entry.get("only_for", [])
            ],
        }
        for entry in entries
    ]


# --- tables -----------------------------------------------------------------------------------------


def _table_prefix(edition, table_id):
    return f"table.{table_id}" if table_id in edition.tables else f"optional.{table_id}"


@require_safe
def tables(request):
    edition = _edition()
    core = [{"id": table_id, "name": _text(edition, f"table.{table_id}.name")} for table_id in edition.tables]
    optional = []
    for rule_id in edition.optional_rules:
        parts = [
            {"id": table_id, "name": _text(edition, f"optional.{table_id}.name")}
            for table_id, table in edition.optional_tables.items()
            if table_id != rule_id and _rule_of(edition, table) == rule_id
        ]
        optional.append({"id": rule_id, "name": _text(edition, f"optional.{rule_id}.name"), "parts": parts})
    return render(request, "rulebook/tables.html", {"core": core, "optional": optional})


def _rule_of(edition, table):
    """The optional rule a table belongs to, following `part_of` up to the rule."""
    while table.extra.get("part_of"):
        table = edition.optional_tables[table.extra["part_of"]]
    return table.id


def _roll_label(roll):
    low, high = roll
    return str(low) if low == high else f"{low}–\u2060{high}"  # a word joiner keeps "4–10" on one line


@require_safe
def table(request, table_id):
    edition = _edition()
    if table_id not in edition.tables and table_id not in edition.optional_tables:
        raise Http404("No such table")
    rules_table = edition.table(table_id)
    prefix = _table_prefix(edition, table_id)
    rows = []
    for row in rules_table.rows:
        row_id = row.get("id")
        rows.append(
            {
                "id": row_id,
                "roll": _roll_label(row["roll"]) if "roll" in row else None,
                "roll2": _roll_label(row["roll2"]) if "roll2" in row else None,
                "dice": ", ".join(row.get("rolls", [])),
                "name": _text(edition, f"{prefix}.{row_id}.name") if row_id else "",
                "effect": _text(edition, f"{prefix}.{row_id}.effect")
                if row_id and _has_text(edition, f"{prefix}.{row_id}.effect")
                else "",
                "value": row.get("spp", row.get("value")),
                "sub_table": row.get("table"),
                "raw": row,
            }
        )
    extra = rules_table.extra
    context = {
        "table_id": table_id,
        "name": _text(edition, f"{prefix}.name"),
        "desc": _text(edition, f"{prefix}.desc") if _has_text(edition, f"{prefix}.desc") else "",
        "dice": rules_table.dice,
        "dice2": extra.get("dice2"),
        "rows": rows,
        "has_roll": any(row["roll"] for row in rows),
        "has_dice": any(row["dice"] for row in rows) and not rules_table.dice,
        "has_value": any(row["value"] is not None for row in rows),
        "value_label": _("SPP") if table_id == "spp" else _("Value"),
        "modifiers": [
            {"name": _text(edition, f"{prefix}.modifiers.{modifier['id']}"), **modifier}
            for modifier in extra.get("modifiers", [])
        ],
        "optional": table_id in edition.optional_tables,
        "part_of": extra.get("part_of"),
        "part_of_name": _text(edition, f"optional.{extra['part_of']}.name") if extra.get("part_of") else "",
        "layout": table_id
        if table_id in {"expensive_mistakes", "advancement_costs", "value_increases"}
        else "rows",
    }
    if table_id == "expensive_mistakes":
        context.update(_expensive_mistakes(edition, rules_table, prefix))
    elif table_id == "advancement_costs":
        context["kinds"] = [
            {"id": kind, "name": _text(edition, f"{prefix}.{kind}.name")} for kind in extra["kinds"]
        ]
        for row, source in zip(rows, rules_table.rows, strict=True):
            row["level"] = source["level"]
            row["costs"] = [source[kind] for kind in extra["kinds"]]
    elif table_id == "value_increases":
        context["value_groups"] = [
            [row for row in rows if row["raw"]["kind"] == kind] for kind in ("skill", "characteristic")
        ]
    return render(request, "rulebook/table.html", context)


def _expensive_mistakes(edition, rules_table, prefix):
    outcomes = {
        outcome["id"]: {
            "id": outcome["id"],
            "name": _text(edition, f"{prefix}.{outcome['id']}.name"),
            "effect": _text(edition, f"{prefix}.{outcome['id']}.effect"),
        }
        for outcome in rules_table.extra["outcomes"]
    }
    return {
        "brackets": [
            {"name": _text(edition, f"{prefix}.{bracket['id']}.name"), **bracket}
            for bracket in rules_table.extra["brackets"]
        ],
        "min_treasury": rules_table.extra["min_treasury"],
        "grid": [
            {"roll": _roll_label(row["roll"]), "cells": [outcomes[result] for result in row["results"]]}
            for row in rules_table.rows
        ],
        "outcomes": list(outcomes.values()),
    }


# --- export -----------------------------------------------------------------------------------------


@cache
def _export_text(edition_id):
    """The serialised export, made once per process: the edition never changes while it runs."""
    return export_json(get_edition(edition_id))


def _export_etag(request, edition_id):
    try:
        return get_edition(edition_id).version
    except LookupError:
        return None


@require_safe
@condition(etag_func=_export_etag)
def export(request, edition_id):
    """The edition as JSON: the same text `manage.py export_rulebook <edition>` prints."""
    _edition(edition_id)
    return HttpResponse(_export_text(edition_id), content_type="application/json")
