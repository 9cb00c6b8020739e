"""The inducements step: the budget of each side (petty cash and treasury), who buys first, the
catalogue it may buy from, and buying."""

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from matches.models import other
from matches.services import jolly_jouster
from matches.services.common import record_roll
from matches.services.prematch.journeymen import add_journeymen, base_ctv, ctv
from matches.services.prematch.offers import mercenaries_bought, mercenary_players, side_bet_bought
from matches.services.prematch.sequence import require_step
from matches.services.prematch.shared import STEP
from rulebook import formulas
from rulebook.coverage import carries_out
from rulebook.data import hireling_available, hireling_price
from rulebook.dice import Dice


def favourite_side(match):
    """The side with the higher CTV after journeymen (None when equal)."""
    home, away = base_ctv(match, "home"), base_ctv(match, "away")
    if home == away:
        return None
    return "home" if home > away else "away"


def _procedure(match):
    edition = match.edition
    return next(p for p in edition.settings.petty_cash_procedure if p.id == match.petty_cash_procedure)


def budget(match, side):
    """{"petty_cash": ..., "treasury": ...}: what `side` may spend on inducements now."""
    favourite = favourite_side(match) or "home"
    underdog = "away" if favourite == "home" else "home"
    spent = (
        match.side_value("treasury_spent", favourite)
        if match.side_value("inducements_done", favourite)
        else 0
    )
    cash = formulas.petty_cash(
        underdog_ctv=base_ctv(match, underdog),
        favourite_ctv=base_ctv(match, favourite),
        underdog_treasury=match.team(underdog).treasury,
        favourite_treasury=match.team(favourite).treasury,
        favourite_spent=spent,
        procedure=match.petty_cash_procedure,
        edition=match.edition,
    )
    if side == favourite and favourite_side(match) is not None:
        return {"petty_cash": 0, "treasury": cash.favourite_treasury}
    if favourite_side(match) is None and not _procedure(match).treasury_when_equal_ctv:
        return {"petty_cash": 0, "treasury": 0}
    if favourite_side(match) is None:
        return {"petty_cash": 0, "treasury": match.team(side).treasury}
    return {"petty_cash": cash.underdog_petty_cash, "treasury": cash.underdog_treasury}


def budget_terms(match, side):
    """Why budget() is what it is, for the page to explain it: {"role": "favourite", "underdog" or
    "equal", "roster_treasury": the team's treasury, "treasury": what of it may be spent, "treasury_max":
    the edition's cap on the underdog's treasury (None: no cap), "treasury_allowed": whether this role
    may spend treasury at all, "ctv_difference", "favourite_spend_added": whether the underdog's petty
    cash grows by what the favourite spends from its treasury}. Numbers from the match's procedure."""
    rules = _procedure(match)
    favourite = favourite_side(match)
    role = "equal" if favourite is None else ("favourite" if side == favourite else "underdog")
    ctvs = [base_ctv(match, each) for each in ("home", "away")]
    if role == "favourite":
        allowed = rules.favourite_may_spend_treasury
    elif role == "underdog":
        allowed = rules.underdog_may_add_treasury
    else:
        allowed = rules.treasury_when_equal_ctv
    cap = rules.underdog_treasury_max if role == "underdog" and rules.underdog_treasury_max >= 0 else None
    return {
        "role": role,
        "roster_treasury": match.team(side).treasury,
        "treasury": budget(match, side)["treasury"],
        "treasury_allowed": bool(allowed) and cap != 0,
        "treasury_max": cap or None,
        "ctv_difference": abs(ctvs[0] - ctvs[1]),
        "favourite_spend_added": bool(rules.favourite_spend_added_to_petty_cash),
    }


def may_buy_now(match, side):
    """2025 procedure: the favourite buys first, then the underdog; 2020: both at once."""
    if match.side_value("inducements_done", side):
        return False
    favourite = favourite_side(match)
    if favourite and "favourite" in _procedure(match).order and side != favourite:
        return match.side_value("inducements_done", favourite)
    return True


@dataclass(frozen=True)
class Hireling:
    """A wizard, (in)famous coaching staff member or biased referee, named through edition.name()."""

    kind: str
    id: str

    @property
    def key(self):
        return f"{self.kind}.{self.id}"


def catalogue(match, side):
    """[{id, choice, max, price, item}] of what `side` may buy: priced inducements (Prayers to Nuffle
    among them where the edition sells them), the star players who play for its team and the
    hirelings (wizards, (in)famous coaching staff, biased referees) it may hire, each at the price its
    team pays, but none the other team has already hired where the edition forbids that (see withheld).
    Mercenaries and the side bet are bought through mercenary_offer and side_bet_offer."""
    taken = hired_by_opponent(match, side)
    return [item for item in _all_items(match, side) if (item["id"], item["choice"]) not in taken]


def withheld(match, side):
    """The catalogue items `side` would be offered but the other team has hired already."""
    taken = hired_by_opponent(match, side)
    return [item for item in _all_items(match, side) if (item["id"], item["choice"]) in taken]


def hired_by_opponent(match, side):
    """{(id, choice)} of the star players and named hirelings hired by the other team that `side` may
    not hire too: in BB2020 one person cannot play or work for both teams, so the team that buys
    second may not; an inducement with both_teams_may_hire (BB2025) withholds nothing."""
    edition = match.edition
    taken = set()
    for item in match.side_value("inducements", other(side)):
        inducement = edition.inducements.get(item["id"])
        if inducement is None or not item["choice"] or inducement.extra.get("both_teams_may_hire"):
            continue
        if inducement.choices == "star" or (
            inducement.choices in edition.hirelings
            and edition.hirelings[inducement.choices].get(item["choice"], {}).get("named")
        ):
            taken.add((item["id"], item["choice"]))
    return taken


def inducement_max(inducement, team):
    """How many of `inducement` the team may buy: its `max`, or the limit for a rule of the team
    ([[inducement.limit]]: Bribes 0-6 with Bribery and Corruption); None: no limit."""
    rules = team.rules_in_force
    limits = [limit["max"] for limit in inducement.extra.get("limit", []) if limit.get("for_rule") in rules]
    return max(limits) if limits else inducement.max


def _offered_to(inducement, team, match):
    """Whether `team` may buy `inducement` in `match`: a league variant item (Spike! Journals) only in a
    match played with that variant (an optional rule of its league), never in a normal one."""
    variant = inducement.extra.get("league_variant")
    if variant and variant not in match.optional_rules:
        return False
    return inducement.available_to(team.rules, team.draft_choices)


def _all_items(match, side):
    edition = match.edition
    team = match.team(side)
    rules, chosen = team.rules, team.draft_choices
    items = []
    for inducement in edition.inducements.values():
        if not _offered_to(inducement, team, match):
            continue
        if inducement.choices == "star":
            for star in edition.star_players.values():
                if star.plays_for_team(rules, chosen) and not star.is_pair_partner:
                    items.append(
                        {"id": "star_player", "choice": star.id, "max": 1, "price": star.cost, "item": star}
                    )
            continue
        if inducement.choices in edition.hirelings:
            for entry in edition.hirelings[inducement.choices].values():
                if hireling_available(entry, rules, chosen):
                    items.append(
                        {
                            "id": inducement.id,
                            "choice": entry["id"],
                            "max": 1,
                            "price": hireling_price(entry, rules, chosen),
                            "item": Hireling(inducement.choices, entry["id"]),
                        }
                    )
            continue
        price = inducement.price_for(rules, chosen)
        if price is None:
            # Mercenaries and the side bet have offers of their own; specialist mercenaries have no
            # price in the data (the league sets them), so they are not offered.
            continue
        item = _priced_item(match, team, inducement, price)
        if item is not None:
            items.append(item)
    return items


def _priced_item(match, team, inducement, price):
    """The catalogue item of an inducement sold by the count, or None where none may be bought: the
    Jolly Jouster Cup's Dukedom may forbid buying it, and what it gives for free fills its limit. Under
    the Honourable Referees the first one may cost more than the next (`first_price`)."""
    if inducement.id in jolly_jouster.not_for_sale(match):
        return None
    limit = inducement_max(inducement, team)
    if limit is not None:
        limit -= jolly_jouster.free_count(match, inducement.id)
        if limit <= 0:
            return None
    item = {"id": inducement.id, "choice": "", "max": limit, "price": price, "item": inducement}
    first = jolly_jouster.first_bribe_price(match, team, inducement.id)
    if first is not None:
        item["first_price"], item["price"] = first
    return item


def _check_excluded_stars(edition, bought):
    """A hireling with excludes_star (Josef Bugman) may not be hired with that star player."""
    stars = {item["choice"] for item in bought if item["id"] == "star_player"}
    for item in bought:
        inducement = edition.inducements[item["id"]]
        entry = edition.hirelings.get(inducement.choices or "", {}).get(item["choice"], {})
        if entry.get("excludes_star") in stars:
            raise ValidationError(
                _("%(name)s cannot be hired together with the star player of the same name.")
                % {"name": edition.name(Hireling(inducement.choices, item["choice"]), get_language())}
            )


@carries_out("inducement", key="journeymen")
def _bring_journeymen(match, side, bought, *, dice, faces, user):
    """The journeymen an inducement brings for this game (data: `journeymen`), rolled and logged."""
    edition = match.edition
    for item in bought:
        inducement = edition.inducements.get(item["id"])
        notation = inducement.extra.get("journeymen") if inducement else None
        if not notation:
            continue
        for _count in range(item["count"]):
            roll = record_roll(
                match,
                dice=dice,
                notation=notation,
                purpose=item["id"],
                step=STEP,
                user=user,
                faces=faces.get(item["id"]),
                team=match.team(side),
            )
            add_journeymen(match, side, roll.total, prefix="r")


@carries_out("inducement", key="fan_factor")
def _raise_fan_factor(match, side, bought):
    """What each inducement bought adds to the team's Fan Factor for the game (data: `fan_factor`,
    Cavorting Nurglings): bought after the Fan Factor is rolled, so added to the rolled one."""
    edition = match.edition
    raised = sum(
        item["count"] * edition.inducements[item["id"]].extra.get("fan_factor", 0)
        for item in bought
        if item["id"] in edition.inducements
    )
    if raised:
        match.set_side_value("fan_factor", side, (match.side_value("fan_factor", side) or 0) + raised)


@carries_out("inducement", key="rerolls")
def rerolls_bought(match, side):
    """The team re-rolls `side`'s inducements add for the game (data: `rerolls`: Extra Team Training,
    the Team Mascot): the scoreboard shows them beside the team's own."""
    edition = match.edition
    return sum(
        item["count"] * edition.inducements[item["id"]].extra.get("rerolls", 0)
        for item in match.side_value("inducements", side)
        if item["id"] in edition.inducements
    )


@carries_out("inducement", row="bribe")
def bribes_bought(match, side):
    """The bribes `side` bought for the game: the scoreboard shows them (with those of Get the Ref)."""
    return sum(item["count"] for item in match.side_value("inducements", side) if item["id"] == "bribe")


@transaction.atomic
def buy_inducements_of_both(match, *, purchases, user):
    """Buy the inducements of both teams at once: `purchases` maps each side still buying to the keyword
    arguments of buy_inducements (counts, mercenaries, side_bet). The favourite buys first (where the
    procedure has it first, its treasury spending then adds to the underdog's petty cash), then the
    other team; a refusal for either buys nothing for both.

    Side effects: those of buy_inducements, for each side.
    """
    require_step(match, "inducements")
    favourite = favourite_side(match) or "home"
    bought = {}
    for side in sorted(purchases, key=lambda side: side != favourite):
        try:
            bought[side] = buy_inducements(match, side=side, user=user, **purchases[side])
        except ValidationError as error:
            # Say which team's choice was refused: both are on one form.
            raise ValidationError([f"{match.team(side)}: {message}" for message in error.messages]) from error
    return bought


@transaction.atomic
def buy_inducements(match, *, side, counts, user, mercenaries=(), side_bet=0, dice=None, faces=None):
    """Buy inducements for `side`: `counts` maps "id" or "star_player:<star id>" to a count;
    `mercenaries`: [{"position": id, "skills": [skill id]}], one per mercenary player; `side_bet`: the
    stake (0: none). An inducement that brings journeymen for the game (data: `journeymen`, a dice
    expression: Riotous Rookies) rolls how many with `dice` (default: Dugout's), or takes the entered
    `faces` ({inducement id: [faces]}); one that raises the Fan Factor (data: `fan_factor`) raises it.
    What the Jolly Jouster Cup's Dukedom gives for free is kept beside what is bought (at no cost), and
    the Honourable Referees' first Bribe is priced apart (`first_price`: jolly_jouster.bought_cost).

    Petty cash is spent first, then the treasury (taken from the team when the match is applied).
    Side effects: stores the inducements, treasury spent, petty cash, the new CTV and Fan Factor on the
    match, and the mercenaries as players of the match (with the journeymen).
    """
    require_step(match, "inducements")
    if not may_buy_now(match, side):
        raise ValidationError(_("The other team buys its inducements first."))
    edition = match.edition
    offered = {f"{i['id']}:{i['choice']}" if i["choice"] else i["id"]: i for i in catalogue(match, side)}
    taken = {f"{i['id']}:{i['choice']}": i for i in withheld(match, side)}
    bought = []
    stars = 0
    for key, count in counts.items():
        if not count:
            continue
        if key in taken:
            raise ValidationError(
                _("%(name)s is already hired by the other team.")
                % {"name": edition.name(taken[key]["item"], get_language())}
            )
        item = offered.get(key)
        if item is None or count < 0:
            raise ValidationError(_("This inducement is not available to this team."))
        if item["max"] is not None and count > item["max"]:
            raise ValidationError(_("Too many of one inducement."))
        if item["id"] == "star_player":
            stars += count * item["item"].players
        bought.append({"id": item["id"], "choice": item["choice"], "count": count, "price": item["price"]})
        if "first_price" in item:
            bought[-1]["first_price"] = item["first_price"]
    if stars > edition.inducements["star_player"].max:
        raise ValidationError(_("Too many star players."))
    for inducement_id in {item["id"] for item in bought if item["choice"] and item["id"] != "star_player"}:
        hired = sum(item["count"] for item in bought if item["id"] == inducement_id)
        if hired > inducement_max(edition.inducements[inducement_id], match.team(side)):
            raise ValidationError(_("Too many of one inducement."))
    _check_excluded_stars(edition, bought)
    hired_mercenaries = mercenaries_bought(match, side, mercenaries, stars=stars)
    bought += hired_mercenaries + side_bet_bought(match, side, side_bet)
    total = sum(jolly_jouster.bought_cost(item) for item in bought)
    available = budget(match, side)
    if total > available["petty_cash"] + available["treasury"]:
        raise ValidationError(_("These inducements cost more than the team may spend."))
    if hired_mercenaries:
        players = mercenary_players(match, side, hired_mercenaries)
        match.set_side_value("journeymen", side, match.journeymen(side) + players)
    _bring_journeymen(match, side, bought, dice=dice or Dice(), faces=faces or {}, user=user)
    _raise_fan_factor(match, side, bought)
    match.set_side_value("inducements", side, [*jolly_jouster.free_inducements(match), *bought])
    match.set_side_value("petty_cash", side, available["petty_cash"])
    match.set_side_value("treasury_spent", side, max(0, total - available["petty_cash"]))
    match.set_side_value("inducements_done", side, True)
    match.set_side_value("ctv", side, ctv(match, side))
    match.save()
    return bought
