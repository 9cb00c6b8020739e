"""Recording what a rolled prayer names: the player its coach chooses, the random players rolled for it,
and the Primary skill of Intensive Training."""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from matches.models import SIDES
from matches.services import effects
from matches.services.common import log_roll, record_roll, roll_dice
from matches.services.prematch.pending import pending_prayer
from matches.services.prematch.prayers import prayer_candidates, prayer_skill_options, random_player_dice
from matches.services.prematch.sequence import require_step
from matches.services.prematch.shared import STEP, skill_ref
from rulebook.coverage import carries_out


def _prayer_to_record(match, side, prayer, need):
    """The entries of `side` and the one of `prayer`, which must be waiting for `need`."""
    require_step(match, "prayers")
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


@carries_out("prayer", key="target_count")
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


def _dice_subject(candidate):
    """DiceLog.subject for a picked candidate: a roster player's name, else its match key."""
    if candidate is None:
        return ""
    return candidate["name"] if candidate["player"] is not None else candidate["key"]


def _pick_at_random(match, side, prayer, candidates, count, *, dice, user, faces):
    """`count` different players of `candidates` (in list order), one die each, misses re-rolled."""
    notation = random_player_dice(match.edition)
    entered = list(faces or [])
    if entered and len(entered) != count:
        raise ValidationError(
            _("Enter one %(dice)s per player to name (%(count)d).") % {"dice": notation, "count": count}
        )
    picked: list[dict] = []
    for _attempt in range(100 * count):
        if len(picked) == count:
            break
        purpose = f"prayer_target.{prayer}"
        roll = roll_dice(dice, notation, purpose=purpose, faces=[entered[len(picked)]] if entered else None)
        player = candidates[roll.total - 1] if roll.total <= len(candidates) else None
        # The log names whom the die picked (a miss names nobody: it is rolled again).
        log_roll(
            match,
            roll,
            purpose=purpose,
            step=STEP,
            user=user,
            team=match.team(side),
            player=player["player"] if player else None,
            subject=_dice_subject(player),
        )
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


@carries_out("prayer", key="skill")
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
    entry["skill"] = skill_ref(chosen)
    _save_prayers(match, side, entries)
    return entry
