"""The inducements page of the pre-match sequence: each team's part of the one form of both (its
budget and why, what it may buy) and buying for both teams from it."""

from django.contrib import messages
from django.shortcuts import redirect
from django.utils.translation import gettext as _

from matches.models import SIDES
from matches.services import prematch
from rulebook.data import SkillRef
from web.matches.forms import InducementsForm
from web.matches.views.access import _back, _done, _texts
from web.matches.views.jouster import inducement_notes
from web.rule_labels import inducement_not_carried_out
from web.service_calls import attempt


def shop_entry(match, side, edition, language, data=None):
    """What the inducements page shows of one team: its budget (and why it is what it is), its form."""
    form = inducements_form(match, side, edition, language, data)
    budget = prematch.budget(match, side)
    return {
        "side": side,
        "team": match.team(side),
        "budget": budget,
        "terms": prematch.budget_terms(match, side),
        # What the team may spend in all: items that cost more are marked, not hidden.
        "spendable": budget["petty_cash"] + budget["treasury"],
        "done": match.side_value("inducements_done", side),
        "form": form,
        "mercenaries": _mercenary_terms(form.mercenary_offer, edition, language),
        "side_bet": form.side_bet_offer,
        "withheld": [edition.name(item["item"], language) for item in form.withheld],
        # What the Jolly Jouster Cup's Dukedom gives the team for free, and what no team may buy.
        "dukedom_notes": inducement_notes(match, edition, language),
    }


def inducements_form(match, side, edition, language, data=None):
    """The inducements form of `side`: what it may buy, with prices in the labels."""
    items = prematch.catalogue(match, side)
    for item in items:
        item["label"] = f"{edition.name(item['item'], language)} ({item['price']:,})"
        if "first_price" in item:  # the Jolly Jouster Cup's Honourable Referees: a dearer first Bribe
            item["label"] = _("%(name)s (the first %(first)s, then %(price)s each)") % {
                "name": edition.name(item["item"], language),
                "first": f"{item['first_price']:,}",
                "price": f"{item['price']:,}",
            }
        item["not_carried_out"] = inducement_not_carried_out(edition, item["id"], item.get("choice", ""))
    mercenaries, side_bet = prematch.mercenary_offer(match, side), prematch.side_bet_offer(match, side)
    return InducementsForm(
        data,
        items=items,
        mercenaries=mercenaries,
        side_bet=side_bet,
        edition=edition,
        withheld=prematch.withheld(match, side),
        prefix=side,
        team=match.team(side),
    )


def _mercenary_terms(offer, edition, language):
    """The numbers of the mercenary rule for the form's help text (all from data), or None."""
    if offer is None:
        return None
    extra = offer["inducement"].extra
    return {
        "name": edition.name(offer["inducement"], language),
        "surcharge": extra["surcharge"],
        "skill_surcharge": extra["skill_surcharge"],
        "skills": ", ".join(
            edition.skill_label(SkillRef.parse(ref), language) for ref in extra.get("skills", [])
        ),
        "room": offer["room"],
    }


# The `side` of the inducements URL that buys for every team still buying, from the one form of both.
BOTH = "both"


def inducements_of_both(request, match):
    """Both teams' inducements from one form: every team still buying, the favourite first where it buys
    first (its spending then adds to the underdog's petty cash); all bought, or nothing."""
    edition, language = _texts(match)
    purchases = {}
    for side in SIDES:
        if match.side_value("inducements_done", side):
            continue
        form = inducements_form(match, side, edition, language, request.POST)
        if not form.is_valid():
            for errors in form.errors.values():
                for message in errors:
                    messages.error(request, f"{match.team(side)}: {message}")
            return redirect("matches:detail", pk=match.pk)
        purchases[side] = {
            "counts": form.counts(),
            "mercenaries": form.mercenaries(),
            "side_bet": form.stake(),
            "faces": form.dice_faces(),
        }
    if not attempt(
        request, lambda: prematch.buy_inducements_of_both(match, purchases=purchases, user=request.user)
    ):
        return _back(match)
    return _done(request, match)
