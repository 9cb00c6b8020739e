"""What every rulebook page shares: the edition from the URL, texts in the active language, the
edition switcher, and helpers that turn rulebook data into rows of display texts.

Everything comes from editions loaded once per process (`get_edition`); no page makes a database query.
"""

from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import get_language

from rulebook.edition import editions_newest_first, get_edition


def edition_or_404(edition_id):
    try:
        return get_edition(edition_id)
    except LookupError:
        raise Http404("No such edition") from None


def text(edition, key):
    return edition.text(key, get_language())


def has_text(edition, key):
    """Whether the key has a text (in English at least): optional texts such as table descriptions."""
    return edition.texts.has(key) or edition.texts.has(key, get_language())


def categories(edition, letters):
    return [{"letter": letter, "name": text(edition, f"category.{letter}")} for letter in letters]


def rule(edition, rule_id):
    """A League or team rule with its name and description."""
    key = edition.rule_key(rule_id)
    return {"id": rule_id, "name": text(edition, f"{key}.name"), "desc": text(edition, f"{key}.desc")}


def skills(edition, refs):
    language = get_language()
    return [{"id": ref.id, "label": edition.skill_label(ref, language)} for ref in refs]


def by_name(rows):
    """Sorted by name, ignoring case and leading quotes ('Captain' Karina von Riesz sorts under C)."""
    return sorted(rows, key=lambda row: row["name"].lstrip("'\"‘’“” ").casefold())


def characteristic_headers(edition):
    return [
        {
            "short": text(edition, f"characteristic.{name}.name"),
            "long": text(edition, f"characteristic.{name}.long"),
        }
        for name in ("ma", "st", "ag", "pa", "av")
    ]


def _switcher(edition, url_name, item_id, has_item):
    """The same page in every edition; where an edition lacks the item (a team, a table), its list."""
    links = []
    for other in editions_newest_first():
        if item_id is None:
            url = reverse(f"rulebook:{url_name}", args=[other.id])
        elif has_item(other):
            url = reverse(f"rulebook:{url_name}", args=[other.id, item_id])
        else:
            url = reverse(f"rulebook:{url_name}s", args=[other.id])
        links.append(
            {"id": other.id, "name": text(other, "edition.name"), "url": url, "current": other is edition}
        )
    return links


def render_page(request, template, edition, context, *, url_name, item_id=None, has_item=None):
    """Render a rulebook page with its edition's id and name and the edition switcher."""
    context = {
        "edition_id": edition.id,
        "edition_name": text(edition, "edition.name"),
        "editions": _switcher(edition, url_name, item_id, has_item),
        **context,
    }
    return render(request, template, context)
