"""The pre-match sequence (seed 002, steps 1-9): stadium, fan factor, weather, journeymen, inducements,
prayers to Nuffle, kicking team, match ball. Each step rolls with `dice` or takes the coach's faces and
logs every roll; results are stored on the Match.
"""

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from matches.models import SIDES, Match, other
from matches.services import effects
from matches.services.common import record_roll, require_status
from rosters.services import next_free_number
from rulebook import formulas
from rulebook.data import SkillRef
from rulebook.edition import get_edition

STEP = "pre_match"


def _edition(match):
    return get_edition(match.home_team.edition)


def create_match(*, home_team, away_team, created_by, petty_cash_procedure=None, optional_rules=()):
    """Start a friendly between two ready teams. Side effects: creates the Match."""
    if home_team.pk == away_team.pk:
        raise ValidationError(_("A team cannot play itself."))
    if home_team.is_draft or away_team.is_draft:
        raise ValidationError(_("Both teams must be ready to play."))
    edition = get_edition(home_team.edition)
    procedure = petty_cash_procedure or edition.settings["inducements"]["petty_cash_default"]
    if procedure not in {p["id"] for p in edition.settings["petty_cash_procedure"]}:
        raise ValidationError(_("Unknown petty cash procedure."))
    unknown = set(optional_rules) - set(edition.optional_rules)
    if unknown:
        raise ValidationError(_("Unknown optional rule."))
    return Match.objects.create(
        home_team=home_team,
        away_team=away_team,
        created_by=created_by,
        petty_cash_procedure=procedure,
        optional_rules=list(optional_rules),
    )


def steps(match):
    """The pre-match steps of this match, in seed 002's order."""
    names = ["fans", "weather", "journeymen", "inducements", "prayers", "kicking"]
    if "stadium" in match.optional_rules:
        names.insert(0, "stadium")
    if "match_balls" in match.optional_rules:
        names.append("match_ball")
    return names


def _done(match, step):
    return {
        "stadium": bool(match.stadium),
        "fans": match.home_fan_factor is not None,
        "weather": bool(match.weather),
        "journeymen": match.journeymen_done,
        "inducements": match.home_inducements_done and match.away_inducements_done,
        "prayers": match.prayers_done and not pending_prayers(match),
        "kicking": bool(match.kicking),
        "match_ball": bool(match.match_ball),
    }[step]


def next_step(match):
    """The first pre-match step not done yet, or None when the match may kick off."""
    return next((step for step in steps(match) if not _done(match, step)), None)


def _require_step(match, step):
    require_status(match, Match.Status.PRE_MATCH)
    if next_step(match) != step:
        raise ValidationError(_("This pre-match step is not the current one."))


def _faces(faces, side=None):
    if faces is None:
        return None
    return faces.get(side) if side else faces


# --- steps ------------------------------------------------------------------------------------------


@transaction.atomic
def roll_stadium(match, *, dice, user, faces=None):
    """Optional rule: the stadium (2D6). Side effects: sets match.stadium, logs the roll."""
    _require_step(match, "stadium")
    roll = record_roll(match, dice=dice, notation="2D6", purpose="stadium", step=STEP, user=user, faces=faces)
    match.stadium = _edition(match).table("stadium").row_for(roll.total)["id"]
    match.save()
    return roll


@transaction.atomic
def roll_fans(match, *, dice, user, faces=None):
    """Fan Factor of each team: Dedicated Fans + D3. `faces`: {"home": [n], "away": [n]}.

    Side effects: sets both fan factors, logs two rolls.
    """
    _require_step(match, "fans")
    rolls = {}
    for side in SIDES:
        team = match.team(side)
        roll = record_roll(
            match,
            dice=dice,
            notation="D3",
            purpose="fan_factor",
            step=STEP,
            user=user,
            faces=_faces(faces, side),
            team=team,
        )
        match.set_side_value("fan_factor", side, formulas.fan_factor(team.dedicated_fans, roll.total))
        rolls[side] = roll
    match.save()
    return rolls


@transaction.atomic
def roll_weather(match, *, dice, user, faces=None):
    """The weather (2D6). Side effects: sets match.weather, logs the roll."""
    _require_step(match, "weather")
    roll = record_roll(match, dice=dice, notation="2D6", purpose="weather", step=STEP, user=user, faces=faces)
    match.weather = _edition(match).table("weather").row_for(roll.total)["id"]
    match.save()
    return roll


def available_players(team):
    return [player for player in team.players.on_roster() if player.is_available]


def journeymen_needed(team, players=None):
    rules = get_edition(team.edition).settings["journeymen"]
    players = available_players(team) if players is None else players
    return max(0, rules["fill_to"] - len(players))


def base_ctv(match, side):
    """CTV with the journeymen taken on (each adds its position's roster cost; mercenaries count as the
    inducements they are)."""
    team = match.team(side)
    lineman = team.rules.lineman
    return team.current_team_value + lineman.cost * len(match.plain_journeymen(side))


def inducements_value(match, side):
    """What the inducements bought add to CTV (all but those whose data say counts_in_ctv = false)."""
    edition = _edition(match)
    return sum(
        item["price"] * item["count"]
        for item in match.side_value("inducements", side)
        if _counts_in_ctv(edition, item["id"])
    )


def _counts_in_ctv(edition, inducement_id):
    inducement = edition.inducements.get(inducement_id)
    return inducement is None or inducement.extra.get("counts_in_ctv", True)


def ctv(match, side):
    return base_ctv(match, side) + inducements_value(match, side)


@transaction.atomic
def take_journeymen(match, *, user):
    """Fill each team up to 11 available players with journeymen of its lineman position (Loner 4+).

    Side effects: stores the journeymen on the match and the CTVs with them.
    """
    _require_step(match, "journeymen")
    for side in SIDES:
        team = match.team(side)
        roster = list(team.players.on_roster())
        available = [p for p in roster if p.is_available]
        taken = list(roster)
        journeymen = []
        for index in range(1, journeymen_needed(team, available) + 1):
            number = next_free_number(team, taken + [_Numbered(j["number"]) for j in journeymen])
            journeymen.append(
                {
                    "key": f"{side}-{index}",
                    "number": number,
                    "name": _("Journeyman %(index)d") % {"index": index},
                    "position": team.rules.lineman.id,
                }
            )
        match.set_side_value("journeymen", side, journeymen)
        match.set_side_value("ctv", side, base_ctv(match, side))
    match.journeymen_done = True
    match.save()


class _Numbered:
    def __init__(self, number):
        self.number = number


# --- inducements --------------------------------------------------------------------------------------


def favourite_side(match):
    """The side with the higher CTV after journeymen (None when equal)."""
    home, away = base_ctv(match, "home"), base_ctv(match, "away")
    if home == away:
        return None
    return "home" if home > away else "away"


def _procedure(match):
    edition = _edition(match)
    return next(p for p in edition.settings["petty_cash_procedure"] if p["id"] == match.petty_cash_procedure)


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
        edition=_edition(match),
    )
    if side == favourite and favourite_side(match) is not None:
        return {"petty_cash": 0, "treasury": cash.favourite_treasury}
    if favourite_side(match) is None and not _procedure(match)["treasury_when_equal_ctv"]:
        return {"petty_cash": 0, "treasury": 0}
    if favourite_side(match) is None:
        return {"petty_cash": 0, "treasury": match.team(side).treasury}
    return {"petty_cash": cash.underdog_petty_cash, "treasury": cash.underdog_treasury}


def may_buy_now(match, side):
    """2025 procedure: the favourite buys first, then the underdog; 2020: both at once."""
    if match.side_value("inducements_done", side):
        return False
    favourite = favourite_side(match)
    if favourite and "favourite" in _procedure(match)["order"] and side != favourite:
        return match.side_value("inducements_done", favourite)
    return True


# Inducements hired by name from a list of the edition, at the price of the one hired.
HIRELINGS = {"wizard": "wizards", "famous_staff": "famous_staff"}


@dataclass(frozen=True)
class Hireling:
    """A wizard or (in)famous coaching staff member, named through edition.name()."""

    kind: str
    id: str

    @property
    def key(self):
        return f"{self.kind}.{self.id}"


def catalogue(match, side):
    """[{id, choice, max, price, item}] of what `side` may buy: priced inducements, the star players,
    wizards and (in)famous coaching staff who may play or work for its team (each at its own price),
    but none the other team has already hired (see withheld). Mercenaries and the side bet are bought
    through mercenary_offer and side_bet_offer."""
    taken = hired_by_opponent(match, side)
    return [item for item in _all_items(match, side) if (item["id"], item["choice"]) not in taken]


def withheld(match, side):
    """The catalogue items `side` would be offered but the other team has hired already."""
    taken = hired_by_opponent(match, side)
    return [item for item in _all_items(match, side) if (item["id"], item["choice"]) in taken]


def hired_by_opponent(match, side):
    """{(id, choice)} of the star players and named wizards or (in)famous coaching staff hired by the
    other team: one person cannot play or work for both teams, so the team that buys second may not."""
    edition = _edition(match)
    taken = set()
    for item in match.side_value("inducements", other(side)):
        inducement = edition.inducements.get(item["id"])
        if inducement is None or not item["choice"]:
            continue
        if inducement.choices == "star" or (
            inducement.choices in HIRELINGS
            and getattr(edition, HIRELINGS[inducement.choices]).get(item["choice"], {}).get("named")
        ):
            taken.add((item["id"], item["choice"]))
    return taken


def _all_items(match, side):
    edition = _edition(match)
    team = match.team(side)
    rules = team.rules
    items = []
    for inducement in edition.inducements.values():
        if not inducement.available_to(rules, team.chosen_rule):
            continue
        if inducement.choices == "star":
            for star in edition.star_players.values():
                if star.plays_for_team(rules, team.chosen_rule) and not star.is_pair_partner:
                    items.append(
                        {"id": "star_player", "choice": star.id, "max": 1, "price": star.cost, "item": star}
                    )
            continue
        if inducement.choices in HIRELINGS:
            for entry in getattr(edition, HIRELINGS[inducement.choices]).values():
                if not entry.get("only_for") or any(
                    rules.has_rule(rule, team.chosen_rule) for rule in entry["only_for"]
                ):
                    items.append(
                        {
                            "id": inducement.id,
                            "choice": entry["id"],
                            "max": 1,
                            "price": entry["cost"],
                            "item": Hireling(inducement.choices, entry["id"]),
                        }
                    )
            continue
        price = inducement.price_for(rules, team.chosen_rule)
        if price is None:
            # Mercenaries and the side bet have offers of their own; specialist mercenaries have no
            # price in the data (the league sets them), so they are not offered.
            continue
        items.append(
            {"id": inducement.id, "choice": "", "max": inducement.max, "price": price, "item": inducement}
        )
    return items


def _offered(edition, team, inducement_id):
    inducement = edition.inducements.get(inducement_id)
    if inducement is None or not inducement.available_to(team.rules, team.chosen_rule):
        return None
    return inducement


def mercenary_skills(edition, position):
    """The skills a mercenary of `position` may take as its extra skill: its Primary categories' skills
    that the position does not have already."""
    held = {ref.id for ref in position.skills}
    return [
        skill
        for skill in edition.skills.values()
        if skill.category in position.primary and skill.id not in held
    ]


def mercenary_offer(match, side):
    """What `side` may hire as mercenary players, or None when its team may not: {"inducement",
    "room" (players it may still field, None: no limit), "big_guy_room", "skill_surcharge", "skill_max",
    "positions": [{"position", "price", "room", "skills"}]}: each position of its own roster at the
    roster cost plus the surcharge, with the room its maximum leaves after the available players and
    journeymen of that position (players missing the game do not count)."""
    edition = _edition(match)
    team = match.team(side)
    inducement = _offered(edition, team, "mercenary_player")
    if inducement is None:
        return None
    rules = inducement.extra
    limits = rules.get("roster_limits", False)
    fielded = [player.position for player in available_players(team)]
    fielded += [entry["position"] for entry in match.plain_journeymen(side)]
    big_guys = sum(1 for position_id in fielded if team.rules.position(position_id).big_guy)
    max_big_guys = team.rules.max_big_guys
    positions = [
        {
            "position": position,
            "price": position.cost + rules["surcharge"],
            "room": max(0, position.max - fielded.count(position.id)) if limits else None,
            "skills": mercenary_skills(edition, position),
        }
        for position in team.rules.positions
    ]
    return {
        "inducement": inducement,
        "room": max(0, edition.settings["max_players"] - len(fielded)) if limits else None,
        "big_guy_room": max(0, max_big_guys - big_guys) if limits and max_big_guys is not None else None,
        "skill_surcharge": rules["skill_surcharge"],
        "skill_max": rules["skill_max"],
        "positions": positions,
    }


def side_bet_offer(match, side):
    """The stake `side` may bet on its own win ({"inducement", "min", "max", "step", "multiplier"}), or
    None when its team may not."""
    edition = _edition(match)
    inducement = _offered(edition, match.team(side), "side_bet")
    if inducement is None:
        return None
    rules = inducement.extra
    return {
        "inducement": inducement,
        "min": rules["stake_min"],
        "max": rules["stake_max"],
        "step": rules.get("stake_step", 1),
        "multiplier": rules["payout_multiplier"],
    }


def side_bet_stake(match, side):
    """What `side` staked on its own win (0 without a side bet)."""
    return sum(
        item["price"] * item["count"]
        for item in match.side_value("inducements", side)
        if item["id"] == "side_bet"
    )


def _mercenaries_bought(match, side, chosen, *, stars):
    """The inducement items of the mercenaries `chosen` ([{"position": id, "skills": [skill id]}]).

    Raises ValidationError for an unknown position, a skill its position cannot take, too many skills,
    or more players than the roster limits allow (`stars`: star players bought with them)."""
    chosen = [entry for entry in chosen if entry.get("position") or entry.get("skills")]
    if not chosen:
        return []
    offer = mercenary_offer(match, side)
    if offer is None:
        raise ValidationError(_("This inducement is not available to this team."))
    positions = {option["position"].id: option for option in offer["positions"]}
    bought = []
    for entry in chosen:
        option = positions.get(entry.get("position"))
        if option is None:
            raise ValidationError(_("Choose a position of the team's own roster for each mercenary."))
        skills = [skill for skill in entry.get("skills", []) if skill]
        if len(skills) > offer["skill_max"]:
            raise ValidationError(
                ngettext(
                    "A mercenary may take at most %(max)d extra skill.",
                    "A mercenary may take at most %(max)d extra skills.",
                    offer["skill_max"],
                )
                % {"max": offer["skill_max"]}
            )
        allowed = {skill.id for skill in option["skills"]}
        if any(skill not in allowed for skill in skills):
            raise ValidationError(
                _("A mercenary's extra skill must be a Primary skill its position does not have already.")
            )
        price = option["price"] + offer["skill_surcharge"] * len(skills)
        bought.append(
            {
                "id": "mercenary_player",
                "choice": option["position"].id,
                "count": 1,
                "price": price,
                "skills": skills,
            }
        )
    _check_room(offer, positions, bought, stars)
    return bought


def _check_room(offer, positions, bought, stars):
    """The roster limits (when the data apply them): each position's maximum, the big guys' and the
    team's players, star players included."""
    for position_id, option in positions.items():
        room = option["room"]
        if room is not None and sum(1 for item in bought if item["choice"] == position_id) > room:
            raise ValidationError(
                ngettext(
                    "The roster allows only %(count)d more player of this position.",
                    "The roster allows only %(count)d more players of this position.",
                    room,
                )
                % {"count": room}
            )
    big_guys = sum(1 for item in bought if positions[item["choice"]]["position"].big_guy)
    if offer["big_guy_room"] is not None and big_guys > offer["big_guy_room"]:
        raise ValidationError(
            ngettext(
                "The roster allows only %(count)d more big guy.",
                "The roster allows only %(count)d more big guys.",
                offer["big_guy_room"],
            )
            % {"count": offer["big_guy_room"]}
        )
    if offer["room"] is not None and len(bought) + stars > offer["room"]:
        raise ValidationError(
            ngettext(
                "The team may field only %(count)d more player, mercenaries and star players included.",
                "The team may field only %(count)d more players, mercenaries and star players included.",
                offer["room"],
            )
            % {"count": offer["room"]}
        )


def _side_bet_bought(match, side, stake):
    if not stake:
        return []
    offer = side_bet_offer(match, side)
    if offer is None:
        raise ValidationError(_("This inducement is not available to this team."))
    if not offer["min"] <= stake <= offer["max"] or stake % offer["step"]:
        raise ValidationError(
            _("Stake between %(min)s and %(max)s gold pieces, in steps of %(step)s.")
            % {"min": f"{offer['min']:,}", "max": f"{offer['max']:,}", "step": f"{offer['step']:,}"}
        )
    return [{"id": "side_bet", "choice": "", "count": 1, "price": stake}]


def _mercenary_players(match, side, bought):
    """The match players of the mercenaries `bought` (numbered after the roster and journeymen); gives
    each item the key of its player. Loner and the other skills every mercenary has come from data."""
    edition = _edition(match)
    team = match.team(side)
    given = list(edition.inducements["mercenary_player"].extra.get("skills", []))
    taken = list(team.players.on_roster()) + [_Numbered(entry["number"]) for entry in match.journeymen(side)]
    players = []
    for index, item in enumerate(bought, start=1):
        position = team.rules.position(item["choice"])
        item["key"] = f"{side}-m{index}"
        number = next_free_number(team, taken)
        taken.append(_Numbered(number))
        players.append(
            {
                "key": item["key"],
                "number": number,
                "name": _("Mercenary %(position)s") % {"position": edition.name(position, get_language())},
                "position": position.id,
                "mercenary": True,
                "skills": given + [_skill_ref(edition.skills[skill]) for skill in item["skills"]],
            }
        )
    return players


def _skill_ref(skill):
    # A chosen skill with a parameter (Mighty Blow, Dirty Player) is taken at +1, as in advancement.
    return str(SkillRef(skill.id, "1" if skill.param == "plus" else None))


@transaction.atomic
def buy_inducements(match, *, side, counts, user, mercenaries=(), side_bet=0):
    """Buy inducements for `side`: `counts` maps "id" or "star_player:<star id>" to a count;
    `mercenaries`: [{"position": id, "skills": [skill id]}], one per mercenary player; `side_bet`: the
    stake (0: none).

    Petty cash is spent first, then the treasury (taken from the team when the match is applied).
    Side effects: stores the inducements, treasury spent, petty cash and the new CTV on the match, and
    the mercenaries as players of the match (with the journeymen).
    """
    _require_step(match, "inducements")
    if not may_buy_now(match, side):
        raise ValidationError(_("The other team buys its inducements first."))
    edition = _edition(match)
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
    if stars > edition.inducements["star_player"].max:
        raise ValidationError(_("Too many star players."))
    for inducement_id in {item["id"] for item in bought if item["choice"] and item["id"] != "star_player"}:
        hired = sum(item["count"] for item in bought if item["id"] == inducement_id)
        if hired > edition.inducements[inducement_id].max:
            raise ValidationError(_("Too many of one inducement."))
    hired_mercenaries = _mercenaries_bought(match, side, mercenaries, stars=stars)
    bought += hired_mercenaries + _side_bet_bought(match, side, side_bet)
    total = sum(item["count"] * item["price"] for item in bought)
    available = budget(match, side)
    if total > available["petty_cash"] + available["treasury"]:
        raise ValidationError(_("These inducements cost more than the team may spend."))
    if hired_mercenaries:
        players = _mercenary_players(match, side, hired_mercenaries)
        match.set_side_value("journeymen", side, match.journeymen(side) + players)
    match.set_side_value("inducements", side, bought)
    match.set_side_value("petty_cash", side, available["petty_cash"])
    match.set_side_value("treasury_spent", side, max(0, total - available["petty_cash"]))
    match.set_side_value("inducements_done", side, True)
    match.set_side_value("ctv", side, ctv(match, side))
    match.save()
    return bought


# --- prayers, kicking team, match ball ----------------------------------------------------------------


def prayers_side(match):
    home, away = ctv(match, "home"), ctv(match, "away")
    if home == away:
        return None, 0
    count = formulas.prayers_count(home, away, edition=_edition(match))
    return ("home" if home < away else "away"), count


@transaction.atomic
def roll_prayers(match, *, dice, user, faces=None):
    """The underdog rolls one D16 per full 50,000 of CTV difference; duplicates are re-rolled.

    `faces`: the entered D16 results in order (a duplicate is refused: roll it again). The step is
    done once the players named by these prayers are recorded too (see pending_prayers).
    Side effects: stores the prayers on the match, logs every roll (re-rolls included).
    """
    _require_step(match, "prayers")
    side, count = prayers_side(match)
    results = []
    if side:
        table = _edition(match).table("prayers_to_nuffle")
        team = match.team(side)
        entered = list(faces or [])
        if entered and len(entered) != count:
            raise ValidationError(_("Enter one D16 per prayer (%(count)d).") % {"count": count})
        while len(results) < min(count, 16):
            face = [entered[len(results)]] if entered else None
            roll = record_roll(
                match,
                dice=dice,
                notation="D16",
                purpose="prayer",
                step=STEP,
                user=user,
                faces=face,
                team=team,
            )
            row = table.row_for(roll.total)["id"]
            if row in results:
                if entered:
                    raise ValidationError(_("Prayer results must differ: roll the duplicate again."))
                continue
            results.append(row)
        # Entries, not bare ids: the players a prayer names are added to its entry (see prayer_needs).
        match.set_side_value("prayers", side, [{"id": row} for row in results])
    match.prayers_done = True
    match.save()
    return side, results


# --- the players named by prayers ------------------------------------------------------------------


@dataclass(frozen=True)
class PendingPrayer:
    """A rolled prayer still waiting for `need`: "player" (the coach chooses), "roll" (random players,
    rolled by Dugout or entered) or "skill" (the Primary skill of Intensive Training)."""

    side: str
    row: dict
    entry: dict
    need: str


def prayer_needs(row, entry):
    """What is still to record for a rolled prayer (its table row and stored entry), or None."""
    if "target" not in row:
        return None
    if "targets" not in entry:
        return "player" if row["target"].endswith("_chosen") else "roll"
    if row.get("skill") == "chosen_primary" and entry["targets"] and not entry.get("skill"):
        return "skill"
    return None


def pending_prayers(match):
    """The PendingPrayers of both sides, in the order rolled (no query)."""
    table = _edition(match).table("prayers_to_nuffle")
    pending = []
    for side in SIDES:
        for entry in effects.prayer_entries(match, side):
            row = table.row(entry["id"])
            if need := prayer_needs(row, entry):
                pending.append(PendingPrayer(side, row, entry, need))
    return pending


def pending_prayer(match, side, prayer):
    """The PendingPrayer of `side` for the prayer id `prayer`, or None when it needs nothing."""
    return next((p for p in pending_prayers(match) if p.side == side and p.entry["id"] == prayer), None)


def target_side(side, row):
    """The team whose players a prayer of `side` names."""
    return other(side) if row["target"].startswith("opponent") else side


def match_players(match, side):
    """Everyone `side` may field in this match, by number: {"key", "name", "number", "position" (rulebook
    Position), "skills" (skill ids), "player" (roster row or None)}: the roster players available, the
    journeymen (with the edition's journeyman skills) and the mercenaries of the match (one query)."""
    team = match.team(side)
    players = [
        {
            "key": f"p{player.pk}",
            "name": str(player),
            "number": player.number,
            "position": player.position_rules,
            "skills": {ref.id for ref, _origin in player.all_skills()},
            "player": player,
        }
        for player in available_players(team)
    ]
    journeyman_skills = _edition(match).settings["journeymen"]["skills"]
    for entry in match.journeymen(side):
        position = team.rules.position(entry["position"])
        skills = entry.get("skills", []) if entry.get("mercenary") else journeyman_skills
        players.append(
            {
                "key": entry["key"],
                "name": f"#{entry['number']} {entry['name']}",
                "number": entry["number"],
                "position": position,
                "skills": {ref.id for ref in position.skills} | {SkillRef.parse(ref).id for ref in skills},
                "player": None,
            }
        )
    return sorted(players, key=lambda player: player["number"])


def prayer_candidates(match, side, row, *, players=None):
    """The players a prayer of `side` (its table row) may name: match_players of the target team
    (`players`, when already read) but those with a skill the row excludes."""
    players = match_players(match, target_side(side, row)) if players is None else players
    excluded = set(row.get("excludes", []))
    return [player for player in players if not player["skills"] & excluded]


def prayer_skill_options(match, pending, *, players=None):
    """The skills Intensive Training may give its player: the Primary skills of the player's position
    that they do not have already (no player: none)."""
    key = pending.entry["targets"][0]["key"]
    players = match_players(match, target_side(pending.side, pending.row)) if players is None else players
    player = next((p for p in players if p["key"] == key), None)
    if player is None:
        return []
    return [
        skill
        for skill in _edition(match).skills.values()
        if skill.category in player["position"].primary and skill.id not in player["skills"]
    ]


def random_player_dice(edition):
    """The die that picks a random player on the list (tables.toml [game_terms] random_player)."""
    return edition.table("game_terms").row("random_player")["rolls"][0]


def _prayer_to_record(match, side, prayer, need):
    """The entries of `side` and the one of `prayer`, which must be waiting for `need`."""
    _require_step(match, "prayers")
    pending = pending_prayer(match, side, prayer) if side in SIDES else None
    if pending is None or pending.need != need:
        raise ValidationError(_("This prayer has nothing of this kind to record."))
    entries = effects.prayer_entries(match, side)
    entry = next(entry for entry in entries if entry["id"] == prayer)
    return entries, entry, pending.row


def _named(player):
    return {"key": player["key"], "name": player["name"]}


def _save_prayers(match, side, entries):
    match.set_side_value("prayers", side, entries)
    match.save()


@transaction.atomic
def choose_prayer_target(match, *, side, prayer, player, user):
    """The player (`player`: a key of prayer_candidates) that a prayer of `side` lets its coach choose;
    "" only when no player may be named (the prayer then names nobody).

    Side effects: stores the target in the prayer's entry on the match.
    """
    entries, entry, row = _prayer_to_record(match, side, prayer, "player")
    candidates = prayer_candidates(match, side, row)
    chosen = next((candidate for candidate in candidates if candidate["key"] == player), None)
    if chosen is None and (candidates or player):
        raise ValidationError(_("Choose one of the players this prayer may name."))
    entry["targets"] = [_named(chosen)] if chosen else []
    _save_prayers(match, side, entries)
    return entry


@transaction.atomic
def roll_prayer_targets(match, *, side, prayer, dice, user, count_faces=None, faces=None):
    """The random players a prayer of `side` names: first how many (its target_count die, e.g. D3),
    then one random_player_dice per player on the list of prayer_candidates, misses and players
    already named re-rolled. With as many players to name as candidates, all are named unrolled.

    `count_faces` / `faces`: entered dice (the count must be entered with entered players' dice; an
    entered miss is refused: roll it again). Side effects: stores the targets (and the count) in the
    prayer's entry on the match, logs every roll.
    """
    entries, entry, row = _prayer_to_record(match, side, prayer, "roll")
    count = row.get("target_count", 1)
    if isinstance(count, str):
        if faces and not count_faces:
            raise ValidationError(_("Enter the %(dice)s for how many players too.") % {"dice": count})
        roll = record_roll(
            match,
            dice=dice,
            notation=count,
            purpose=f"prayer_count.{prayer}",
            step=STEP,
            user=user,
            faces=count_faces,
            team=match.team(side),
        )
        count = entry["count"] = roll.total
    candidates = prayer_candidates(match, side, row)
    if count >= len(candidates):
        picked = candidates
    else:
        picked = _pick_at_random(match, side, prayer, candidates, count, dice=dice, user=user, faces=faces)
    entry["targets"] = [_named(player) for player in picked]
    _save_prayers(match, side, entries)
    return entry


def _pick_at_random(match, side, prayer, candidates, count, *, dice, user, faces):
    """`count` different players of `candidates` (in list order), one die each, misses re-rolled."""
    notation = random_player_dice(_edition(match))
    entered = list(faces or [])
    if entered and len(entered) != count:
        raise ValidationError(
            _("Enter one %(dice)s per player to name (%(count)d).") % {"dice": notation, "count": count}
        )
    picked = []
    for _attempt in range(100 * count):
        if len(picked) == count:
            break
        roll = record_roll(
            match,
            dice=dice,
            notation=notation,
            purpose=f"prayer_target.{prayer}",
            step=STEP,
            user=user,
            faces=[entered[len(picked)]] if entered else None,
            team=match.team(side),
        )
        player = candidates[roll.total - 1] if roll.total <= len(candidates) else None
        if player is None or player in picked:
            if entered:
                raise ValidationError(
                    _("No player still to name has place %(place)d on the list of %(count)d: roll again.")
                    % {"place": roll.total, "count": len(candidates)}
                )
            continue
        picked.append(player)
    if len(picked) < count:
        raise ValidationError(_("No player could be picked at random."))
    return picked


@transaction.atomic
def choose_prayer_skill(match, *, side, prayer, skill, user):
    """The Primary skill (an id of prayer_skill_options) the player named by a prayer of `side` gains.

    Side effects: stores the skill in the prayer's entry on the match.
    """
    entries, entry, _row = _prayer_to_record(match, side, prayer, "skill")
    options = prayer_skill_options(match, pending_prayer(match, side, prayer))
    chosen = next((option for option in options if option.id == skill), None)
    if chosen is None:
        raise ValidationError(_("Choose a Primary skill of the player's position that they do not have yet."))
    entry["skill"] = _skill_ref(chosen)
    _save_prayers(match, side, entries)
    return entry


@transaction.atomic
def choose_kicking(match, *, user, side=None, dice=None, faces=None):
    """The kicking team: chosen by the coaches, or a D6 toss (1-3: home kicks, 4-6: away kicks).

    Side effects: sets match.kicking (and logs the toss); without further steps the match starts.
    """
    _require_step(match, "kicking")
    if side not in (None, "", "home", "away"):
        raise ValidationError(_("Choose a side."))
    if not side:
        roll = record_roll(
            match, dice=dice, notation="D6", purpose="coin_toss", step=STEP, user=user, faces=faces
        )
        side = "home" if roll.total <= 3 else "away"
    match.kicking = side
    _start_if_ready(match)
    match.save()
    return side


@transaction.atomic
def roll_match_ball(match, *, dice, user, faces=None):
    """Optional rule: the match ball (D16). Side effects: sets match.match_ball, logs the roll."""
    _require_step(match, "match_ball")
    roll = record_roll(
        match, dice=dice, notation="D16", purpose="match_ball", step=STEP, user=user, faces=faces
    )
    match.match_ball = _edition(match).table("match_balls").row_for(roll.total)["id"]
    _start_if_ready(match)
    match.save()
    return roll


def _start_if_ready(match):
    if next_step(match) is None:
        match.status = Match.Status.IN_PROGRESS
