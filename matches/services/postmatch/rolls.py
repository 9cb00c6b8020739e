"""Rolling the post-match dice (or taking the coach's): dedicated fans, the MVP, a conceding team's
veterans, expensive mistakes; the journeymen hired and the awarded touchdowns' SPP are checked here."""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from matches.models import SIDES, Event, Match, other
from matches.services import prematch
from matches.services.common import record_side_roll, require_status
from matches.services.outcome import (
    awarded_touchdowns,
    events,
    final_score,
    injuries,
    match_edition,
    mvp_candidates,
    penalised_conceder,
    result,
)
from matches.services.postmatch import hunt, mvp, soul, undeath
from rulebook import dedication, formulas
from rulebook.coverage import carries_out
from rulebook.edition import get_edition

STEP = "post_match"


def _roll(match, dice, user, notation, purpose, faces, side):
    return record_side_roll(
        match, dice=dice, user=user, notation=notation, purpose=purpose, faces=faces, side=side, step=STEP
    )


def hired_journeymen(match, side, record):
    """The journeymen of `side` its coach hires after the match (record: its stored post-match record)."""
    return [j for j in match.plain_journeymen(side) if j["key"] in record.get("hire", [])]


def journeyman_position(team, journeyman):
    """The rulebook position a journeyman plays (the one the match recorded, else the team's Lineman)."""
    rules = team.rules
    return next((p for p in rules.positions if p.id == journeyman.get("position")), rules.lineman)


def hire_cost(team, journeyman):
    """What hiring a journeyman costs (edition.toml [journeymen] hire_cost "current_value": the position's
    cost plus the value of advancements gained in the game; none are taken before the hiring step)."""
    return journeyman_position(team, journeyman).cost


def _treasury_before_mistakes(match, side, hired_cost):
    team = match.team(side)
    gained = winnings(match, side) + side_bet_payout(match, side)
    return team.treasury - match.side_value("treasury_spent", side) + gained - hired_cost


def winnings(match, side):
    """The edition's winnings, and what the team's dedication adds for the casualties it caused (Khaine:
    15,000 for three or more; not for a team that concedes, which gets no winnings)."""
    gained = formulas.winnings(
        fan_factors=(match.home_fan_factor or 0, match.away_fan_factor or 0),
        touchdowns=final_score(match)[side],
        conceded=penalised_conceder(match) == side,
        opponent_conceded=penalised_conceder(match) == other(side),
        stalled=match.stalled(side),
        edition=match_edition(match),
    )
    row = match.team(side).dedication_row
    if row is None or penalised_conceder(match) == side:
        return gained
    caused = sum(1 for event in events(match) if event.kind == Event.Kind.CASUALTY and event.side == side)
    return gained + dedication.casualty_winnings(row, caused)


@carries_out("inducement", row="side_bet")
def side_bet_payout(match, side):
    """What `side`'s side bet returns: the stake times the payout multiplier on a win, else nothing."""
    stake = prematch.side_bet_stake(match, side)
    if not stake or result(match, side) != "win":
        return 0
    return stake * match_edition(match).inducements["side_bet"].extra["payout_multiplier"]


@transaction.atomic
def roll_postmatch(
    match,
    *,
    dice,
    user,
    faces=None,
    hire=None,
    awarded=None,
    nominees=None,
    raised=None,
    stalled=None,
    hunted=None,
    souls=None,
):
    """Roll every post-match die: dedicated fans (or the conceder's D3 loss), the MVP (postmatch.mvp:
    a D16 on the eligible players or a D6 on the coach's nominees, by the edition), the expensive
    mistake D6 and its own dice.
    A penalised concession (penalised_conceder) also rolls the veteran die of each of the conceding
    team's veterans (see veterans). `faces`: {side: {"fans": [n], "mvp": [n], "mistake": [n],
    "mistake_dice": [...], "veterans": {player key: [n]}}}; `hire`:
    {side: [journeyman keys to hire]}; `awarded`: {side: [player key per touchdown awarded by a
    concession]}: the winner's choice of who earns their SPP ("" or missing: nobody); `nominees`:
    {side: [player keys nominated for the MVP]}; `raised`: {side: {"victim", "position", "name"}} of a
    team with Masters of Undeath raising a player it killed (postmatch.undeath); `stalled`: {side:
    whether any of its players was Stalling} (stored on the match: the no-stalling bonus of winnings);
    `hunted`: {side: [ids of the knock-out and casualty events that hit a player marked by Kurnous's Wild
    Hunt]} (postmatch.hunt); `souls`: {side: {"victim": "side:key", "name"}} of an Enthralled Elven Soul
    kept by a team dedicated to Ereth Khial (postmatch.soul).
    The faces of a second MVP (after a concession) are "mvp_extra".

    Side effects: stores the rolls and choices in match.postmatch, logs every roll (a veteran's
    naming the player).
    """
    require_status(match, Match.Status.POST_MATCH)
    if match.postmatch:
        raise ValidationError(_("The post-match dice are already rolled."))
    faces, hire, awarded, nominees = faces or {}, hire or {}, awarded or {}, nominees or {}
    raised = raised or {}
    for side, value in (stalled or {}).items():
        match.set_side_value("stalled", side, bool(value))
    edition = match_edition(match)
    hurt = injuries(match)
    counts = awarded_touchdowns(match)
    conceder = penalised_conceder(match)
    stored = {}
    for side in SIDES:
        team, given = match.team(side), faces.get(side, {})
        record = {"hire": _check_hires(match, side, hire.get(side, []), hurt)}
        if chosen := undeath.check_raised(match, side, raised.get(side), hurt=hurt):
            record["raised"] = chosen
        if chosen := hunt.check_hunted(match, side, (hunted or {}).get(side)):
            record["hunted"] = chosen
        if chosen := soul.check_soul(match, side, (souls or {}).get(side), hurt=hurt):
            record["soul"] = chosen
        if counts[side]:
            record["awarded"] = _check_awarded(match, side, awarded.get(side, []), counts[side], hurt)
        outcome = result(match, side)
        if conceder == side:
            dice_name = edition.settings.concession.conceder_dedicated_fans_loss
            record["fans"] = _roll(
                match, dice, user, dice_name, "conceder_fans_loss", given.get("fans"), side
            )
            record["veterans"] = _roll_veterans(match, side, dice, user, given.get("veterans") or {}, hurt)
        elif outcome != "draw":
            record["fans"] = _roll(match, dice, user, "D6", "dedicated_fans", given.get("fans"), side)
        chosen = [key for key in nominees.get(side, []) if key]
        if mvp.nominee_count(match) and mvp.mvp_count(match, side) and not chosen:
            chosen = mvp.draw_nominees(match, side, dice=dice, user=user, hurt=hurt)
        mvps = mvp.roll_mvps(
            match,
            side,
            dice=dice,
            user=user,
            faces=[given.get("mvp"), given.get("mvp_extra")],
            nominees=chosen,
            hurt=hurt,
        )
        if mvps or conceder != side:
            record["mvp"] = mvps[0] if mvps else None
            record["mvps"] = mvps
        if mvp.nominee_count(match) and mvps:
            record["nominees"] = mvp.check_nominees(match, side, chosen, hurt=hurt)
        cost = sum(hire_cost(team, journeyman) for journeyman in hired_journeymen(match, side, record))
        treasury = _treasury_before_mistakes(match, side, cost)
        if formulas.expensive_mistakes_bracket(treasury, edition=edition) is not None:
            record["mistake"] = _roll(
                match, dice, user, "D6", "expensive_mistake", given.get("mistake"), side
            )
            mistake = formulas.expensive_mistake(treasury, record["mistake"]["total"], edition=edition)
            extra = formulas.dice_for_expensive_mistake(mistake, edition=edition)
            if extra:
                record["mistake_dice"] = _roll(
                    match, dice, user, extra, "expensive_mistake_dice", given.get("mistake_dice"), side
                )
        stored[side] = record
    match.postmatch = stored
    match.save()
    return stored


def veterans(match, side, *, hurt=None):
    """The players of `side` who roll to stay after a penalised concession: on the roster, not killed
    in this match, with at least the edition's veteran_min_advancements advancements (one query)."""
    hurt = injuries(match) if hurt is None else hurt
    dead = {key for key, results in hurt[side].items() if any(r["dead"] for r in results)}
    minimum = match_edition(match).settings.concession.veteran_min_advancements
    return [
        player
        for player in match.team(side).players.on_roster()
        if len(player.advancements) >= minimum and f"p{player.pk}" not in dead
    ]


def veteran_leaves(match, total):
    """True when a veteran's roll of `total` makes them quit (edition.toml [concession] veteran_leaves_on)."""
    low, high = match_edition(match).settings.concession.veteran_leaves_on
    return low <= total <= high


def _roll_veterans(match, side, dice, user, faces, hurt):
    """[{"player": key, "name", "roll", "leaves"}] for each veteran of the conceding `side`; `faces`:
    {player key: [n]} of real dice (the others are rolled by Dugout)."""
    notation = match_edition(match).settings.concession.veteran_dice
    rolled = []
    for player in veterans(match, side, hurt=hurt):
        key = f"p{player.pk}"
        roll = record_side_roll(
            match,
            dice=dice,
            user=user,
            notation=notation,
            purpose="veteran_leaves",
            faces=faces.get(key),
            side=side,
            step=STEP,
            player=player,
            subject=str(player),
        )
        rolled.append(
            {"player": key, "name": str(player), "roll": roll, "leaves": veteran_leaves(match, roll["total"])}
        )
    return rolled


def _check_hires(match, side, keys, hurt):
    known = {j["key"] for j in match.plain_journeymen(side)}  # mercenaries are never hired
    keys = [key for key in keys if key]
    if set(keys) - known:
        raise ValidationError(_("Unknown journeyman."))
    if any(any(r["dead"] for r in hurt[side].get(key, [])) for key in keys):
        raise ValidationError(_("A dead journeyman cannot be hired."))
    team = match.team(side)
    rules = get_edition(team.edition).settings.journeymen
    permanent = team.players.on_roster().filter(journeyman=False).count()
    if permanent + len(keys) > rules.hire_requires_fewer_than:
        raise ValidationError(_("The team has no room for these journeymen."))
    return keys


def _check_awarded(match, side, keys, count, hurt):
    """The players (keys, one per awarded touchdown, "" for nobody) who earn the awarded SPP."""
    keys = list(keys)[:count]
    eligible = {key for key, _label in mvp_candidates(match, side, hurt=hurt)}
    if any(key and key not in eligible for key in keys):
        raise ValidationError(_("Choose a player of the team to earn the SPP of the awarded touchdown."))
    return keys + [""] * (count - len(keys))
