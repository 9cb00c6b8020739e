"""The tables of one edition: the list, and each table with its rows, modifiers and sub-tables."""

from django.http import Http404
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from web.rulebook.views.common import edition_or_404, has_text, render_page, text


def _table_prefix(edition, table_id):
    return f"table.{table_id}" if table_id in edition.tables else f"optional.{table_id}"


@require_safe
def tables(request, edition_id):
    edition = edition_or_404(edition_id)
    core = [{"id": table_id, "name": text(edition, f"table.{table_id}.name")} for table_id in edition.tables]
    optional = []
    for rule_id in edition.optional_rules:
        parts = [
            {"id": table_id, "name": text(edition, f"optional.{table_id}.name")}
            for table_id, table in edition.optional_tables.items()
            if table_id != rule_id and _rule_of(edition, table) == rule_id
        ]
        optional.append({"id": rule_id, "name": text(edition, f"optional.{rule_id}.name"), "parts": parts})
    context = {"core": core, "optional": optional}
    return render_page(request, "rulebook/tables.html", edition, context, url_name="tables")


def _rule_of(edition, table):
    """The optional rule a table belongs to, following `part_of` up to the rule."""
    while table.extra.get("part_of"):
        table = edition.optional_tables[table.extra["part_of"]]
    return table.id


def _roll_label(roll):
    low, high = roll
    return str(low) if low == high else f"{low}–\u2060{high}"  # a word joiner keeps "4–10" on one line


@require_safe
def table(request, edition_id, table_id):
    edition = edition_or_404(edition_id)
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
                "name": text(edition, f"{prefix}.{row_id}.name") if row_id else "",
                "effect": text(edition, f"{prefix}.{row_id}.effect")
                if row_id and has_text(edition, f"{prefix}.{row_id}.effect")
                else "",
                "value": row.get("spp", row.get("value")),
                "sub_table": row.get("table"),
                "raw": row,
            }
        )
    extra = rules_table.extra
    context = {
        "table_id": table_id,
        "name": text(edition, f"{prefix}.name"),
        "desc": text(edition, f"{prefix}.desc") if has_text(edition, f"{prefix}.desc") else "",
        "dice": rules_table.dice,
        "dice2": extra.get("dice2"),
        "rows": rows,
        "has_roll": any(row["roll"] for row in rows),
        "has_dice": any(row["dice"] for row in rows) and not rules_table.dice,
        "has_value": any(row["value"] is not None for row in rows),
        "value_label": _("SPP") if table_id == "spp" else _("Value"),
        "modifiers": [
            {"name": text(edition, f"{prefix}.modifiers.{modifier['id']}"), **modifier}
            for modifier in extra.get("modifiers", [])
        ],
        "optional": table_id in edition.optional_tables,
        "part_of": extra.get("part_of"),
        "part_of_name": text(edition, f"optional.{extra['part_of']}.name") if extra.get("part_of") else "",
        "layout": table_id
        if table_id in {"expensive_mistakes", "advancement_costs", "value_increases"}
        else "rows",
    }
    if table_id == "expensive_mistakes":
        context.update(_expensive_mistakes(edition, rules_table, prefix))
    elif table_id == "advancement_costs":
        context["kinds"] = [
            {"id": kind, "name": text(edition, f"{prefix}.{kind}.name")} for kind in extra["kinds"]
        ]
        for row, source in zip(rows, rules_table.rows, strict=True):
            row["level"] = source["level"]
            row["costs"] = [source[kind] for kind in extra["kinds"]]
    elif table_id == "value_increases":
        context["value_groups"] = [
            [row for row in rows if row["raw"]["kind"] == kind] for kind in ("skill", "characteristic")
        ]
    return render_page(
        request,
        "rulebook/table.html",
        edition,
        context,
        url_name="table",
        item_id=table_id,
        has_item=lambda other: table_id in other.tables or table_id in other.optional_tables,
    )


def _expensive_mistakes(edition, rules_table, prefix):
    outcomes = {
        outcome["id"]: {
            "id": outcome["id"],
            "name": text(edition, f"{prefix}.{outcome['id']}.name"),
            "effect": text(edition, f"{prefix}.{outcome['id']}.effect"),
        }
        for outcome in rules_table.extra["outcomes"]
    }
    return {
        "brackets": [
            {"name": text(edition, f"{prefix}.{bracket['id']}.name"), **bracket}
            for bracket in rules_table.extra["brackets"]
        ],
        "min_treasury": rules_table.extra["min_treasury"],
        "grid": [
            {"roll": _roll_label(row["roll"]), "cells": [outcomes[result] for result in row["results"]]}
            for row in rules_table.rows
        ],
        "outcomes": list(outcomes.values()),
    }
