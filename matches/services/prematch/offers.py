"""The inducements bought through offers of their own rather than the catalogue: mercenary players
(a position of the team's own roster, with extra skills) and the side bet."""

from django.core.exceptions import ValidationError
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from matches.services.prematch.journeymen import available_players
from matches.services.prematch.shared import Numbered, skill_ref
from rosters.services import next_free_number
from rulebook.coverage import carries_out


def _offered(edition, team, inducement_id):
    inducement = edition.inducements.get(inducement_id)
    if inducement is None or not inducement.available_to(team.rules, team.draft_choices):
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
    edition = match.edition
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
        "room": max(0, edition.settings.max_players - len(fielded)) if limits else None,
        "big_guy_room": max(0, max_big_guys - big_guys) if limits and max_big_guys is not None else None,
        "skill_surcharge": rules["skill_surcharge"],
        "skill_max": rules["skill_max"],
        "positions": positions,
    }


def side_bet_offer(match, side):
    """The stake `side` may bet on its own win ({"inducement", "min", "max", "step", "multiplier"}), or
    None when its team may not."""
    edition = match.edition
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


def mercenaries_bought(match, side, chosen, *, stars):
    """The inducement items of the mercenaries `chosen` ([{"position": id, "skills": [skill id]}]).

    Raises ValidationError for more mercenaries than the inducement's max (BB2025: 0-3), an unknown
    position, a skill its position cannot take, too many skills, or more players than the roster limits
    allow (`stars`: star players bought with them)."""
    chosen = [entry for entry in chosen if entry.get("position") or entry.get("skills")]
    if not chosen:
        return []
    offer = mercenary_offer(match, side)
    if offer is None:
        raise ValidationError(_("This inducement is not available to this team."))
    positions = {option["position"].id: option for option in offer["positions"]}
    most = offer["inducement"].max
    if most is not None and len(chosen) > most:
        raise ValidationError(
            ngettext(
                "A team may hire at most %(max)d mercenary.",
                "A team may hire at most %(max)d mercenaries.",
                most,
            )
            % {"max": most}
        )
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


def side_bet_bought(match, side, stake):
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


@carries_out("inducement", row="mercenary_player")
def mercenary_players(match, side, bought):
    """The match players of the mercenaries `bought` (numbered after the roster and journeymen); gives
    each item the key of its player. Loner and the other skills every mercenary has come from data."""
    edition = match.edition
    team = match.team(side)
    given = list(edition.inducements["mercenary_player"].extra.get("skills", []))
    taken = list(team.players.on_roster()) + [Numbered(entry["number"]) for entry in match.journeymen(side)]
    players = []
    for index, item in enumerate(bought, start=1):
        position = team.rules.position(item["choice"])
        item["key"] = f"{side}-m{index}"
        number = next_free_number(team, taken)
        taken.append(Numbered(number))
        players.append(
            {
                "key": item["key"],
                "number": number,
                "name": _("Mercenary %(position)s") % {"position": edition.name(position, get_language())},
                "position": position.id,
                "mercenary": True,
                "skills": given + [skill_ref(edition.skills[skill]) for skill in item["skills"]],
            }
        )
    return players
