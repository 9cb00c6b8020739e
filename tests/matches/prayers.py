"""For tests that play through the pre-match sequence: record what the rolled prayers name, as a quick
coach would, so that the prayers step is done and the match may go on."""

import random

from matches.services import prematch
from rulebook.dice import Dice


def name_prayer_targets(match, user, *, faces=None, dice=None):
    """Record every prayer still waiting: the first player of each list, the first skill offered, random
    players rolled with `dice` (its own seeded dice by default, so that the caller's sequence of rolls
    stays as it was) or entered from `faces` ({prayer id: {"count": [n], "players": [n, ...]}})."""
    dice = dice or Dice(random.Random(0))
    faces = faces or {}
    while pending := prematch.pending_prayers(match):
        prayer = pending[0]
        target = {"side": prayer.side, "prayer": prayer.entry["id"], "user": user}
        if prayer.need == "player":
            candidates = prematch.prayer_candidates(match, prayer.side, prayer.row)
            prematch.choose_prayer_target(match, player=candidates[0]["key"] if candidates else "", **target)
        elif prayer.need == "roll":
            entered = faces.get(prayer.entry["id"], {})
            prematch.roll_prayer_targets(
                match, dice=dice, count_faces=entered.get("count"), faces=entered.get("players"), **target
            )
        else:
            skill = prematch.prayer_skill_options(match, prayer)[0]
            prematch.choose_prayer_skill(match, skill=skill.id, **target)
    return match
