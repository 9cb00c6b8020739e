"""Rolling the MVP by the edition's [mvp] selection: a D16 on the list of eligible players ("random",
misses rolled again), or a D6 on the six players the coach nominated ("nominated_d6"). After a
concession with penalties the winner may award more MVPs (conceder_opponent_extra_mvps), each a
different player."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from matches.services.common import record_side_roll
from matches.services.outcome import match_edition, mvp_candidates, penalised_conceder
from rulebook.coverage import carries_out

STEP = "post_match"
MAX_ROLLS = 100


def mvp_count(match, side):
    """How many MVPs `side` awards: the edition's [mvp] count, plus its extra MVPs when the opponent
    conceded with penalties; none for a conceder without the edition's conceder_mvp."""
    settings = match_edition(match).settings
    conceder = penalised_conceder(match)
    if conceder == side and not settings.concession.conceder_mvp:
        return 0
    count = settings.mvp.count
    if conceder is not None and conceder != side:
        count += settings.mvp.conceder_opponent_extra_mvps or 0
    return count


def nominee_count(match):
    """How many players a coach nominates for the MVP (0: the edition picks among all eligible)."""
    rules = match_edition(match).settings.mvp
    return (rules.nominees or 0) if rules.selection == "nominated_d6" else 0


def check_nominees(match, side, keys, *, hurt):
    """The nominated players (keys) of `side`, checked: distinct players eligible for the MVP, as many
    as the edition asks (all the eligible ones if there are fewer)."""
    eligible = [key for key, _label in mvp_candidates(match, side, hurt=hurt)]
    wanted = min(nominee_count(match), len(eligible))
    keys = list(dict.fromkeys(key for key in keys if key))
    if wanted == len(eligible) and not keys:
        return eligible
    if any(key not in eligible for key in keys):
        raise ValidationError(_("Only players who played may be nominated for the MVP."))
    if len(keys) != wanted:
        raise ValidationError(_("Nominate %(count)d players for the MVP.") % {"count": wanted})
    return keys


def draw_nominees(match, side, *, dice, user, hurt):
    """Nominees drawn by Dugout for a coach who nominated none, as it rolls a die left empty: one D16
    a nominee on the list of eligible players, each roll in the match's dice log (re-rolled past the
    list's end or on a player already drawn)."""
    eligible = [key for key, _label in mvp_candidates(match, side, hurt=hurt)]
    wanted = min(nominee_count(match), len(eligible))
    if wanted == len(eligible):
        return eligible
    drawn: list[str] = []
    for _attempt in range(MAX_ROLLS * wanted):
        if len(drawn) == wanted:
            break
        roll = record_side_roll(
            match,
            dice=dice,
            user=user,
            notation="D16",
            purpose="mvp_nominee",
            faces=None,
            side=side,
            step=STEP,
        )
        if roll["total"] <= len(eligible) and eligible[roll["total"] - 1] not in drawn:
            drawn.append(eligible[roll["total"] - 1])
    return drawn


@carries_out("spp", row="mvp")
def roll_mvps(match, side, *, dice, user, faces, nominees, hurt):
    """[{"roll": roll, "player": key}] of `side`'s MVPs, or [] when it awards none. `faces`: [[n], ...]
    one list of faces per MVP (real dice; the others rolled by Dugout); `nominees`: the nominated keys
    (nominated_d6), else unused."""
    count = mvp_count(match, side)
    if not count:
        return []
    rules = match_edition(match).settings.mvp
    if rules.selection == "nominated_d6":
        pool, notation = check_nominees(match, side, nominees, hurt=hurt), rules.nominee_dice
    else:
        pool, notation = [key for key, _label in mvp_candidates(match, side, hurt=hurt)], "D16"
    picked: list[dict] = []
    for index in range(min(count, len(pool))):
        given = faces[index] if index < len(faces) else None
        picked.append(_roll_one(match, side, dice, user, notation, given, pool, picked))
    return picked


def _roll_one(match, side, dice, user, notation, faces, pool, picked):
    taken = {entry["player"] for entry in picked}
    for _attempt in range(MAX_ROLLS):
        roll = record_side_roll(
            match, dice=dice, user=user, notation=notation, purpose="mvp", faces=faces, side=side, step=STEP
        )
        if roll["total"] <= len(pool) and pool[roll["total"] - 1] not in taken:
            return {"roll": roll, "player": pool[roll["total"] - 1]}
        if faces:
            raise ValidationError(_("No eligible player has that place on the list: roll again."))
    raise ValidationError(_("No MVP could be rolled."))
