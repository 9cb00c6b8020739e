"""The inducements page of one edition: prices, limits, who may buy them, wizards and famous staff."""

from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from web.rulebook.views.common import edition_or_404, has_text, render_page, text


def _special_prices(edition, inducement):
    prices = []
    for price in inducement.prices:
        if price["cost"] == inducement.cost:
            continue  # the usual price, restated for the teams that may buy it
        if "for_rule" in price:
            prices.append(
                {"cost": price["cost"], "rule": edition.rule_name(price["for_rule"], get_language())}
            )
        elif "for_team" in price:
            team_name = edition.name(edition.teams[price["for_team"]], get_language())
            prices.append({"cost": price["cost"], "rule": team_name})
        else:
            prices.append({"cost": price["cost"], "tier": price["for_tier"]})
    return prices


def _hirelings(edition, entries, kind):
    return [
        {
            "id": entry["id"],
            "name": text(edition, f"{kind}.{entry['id']}.name"),
            "desc": text(edition, f"{kind}.{entry['id']}.desc")
            if has_text(edition, f"{kind}.{entry['id']}.desc")
            else "",
            "cost": entry["cost"],
            "named": entry.get("named", False),
            "only_for": [edition.rule_name(rule_id, get_language()) for rule_id in entry.get("only_for", [])],
        }
        for entry in entries
    ]


@require_safe
def inducements(request, edition_id):
    edition = edition_or_404(edition_id)
    rows = [
        {
            "id": inducement.id,
            "name": edition.name(inducement, get_language()),
            "desc": text(edition, f"{inducement.key}.desc"),
            "max": inducement.max,
            "cost": inducement.cost,
            "prices": _special_prices(edition, inducement),
            "only_for": [edition.rule_name(rule_id, get_language()) for rule_id in inducement.only_for],
            "only_for_tiers": inducement.only_for_tiers,
            "requires_apothecary": inducement.requires_apothecary,
            "choices": inducement.choices,
        }
        for inducement in edition.inducements.values()
    ]
    context = {
        "inducements": rows,
        "wizards": _hirelings(edition, edition.wizards.values(), "wizard"),
        "famous_staff": _hirelings(edition, edition.famous_staff.values(), "famous_staff"),
    }
    return render_page(request, "rulebook/inducements.html", edition, context, url_name="inducements")
