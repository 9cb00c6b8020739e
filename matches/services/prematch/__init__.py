"""The pre-match sequence (seed 002, steps 1-9): stadium, fan factor, weather, journeymen, inducements,
prayers to Nuffle, kicking team (a toss, then its winner's choice), match ball. Each step rolls with
`dice` or takes the coach's faces and logs every roll; results are stored on the Match.

The modules follow the sequence: `sequence` (creating the match, its steps, the current one),
`rolls` (the steps of one roll or choice: stadium, fans, weather, kicking team, match ball),
`jouster` (the Jolly Jouster Cup's Dukedom and Jouster's Chalice, at the start of the game),
`journeymen` (and the CTVs), `inducements` (budget, catalogue, buying) with `offers` (mercenaries,
side bet), `prayers` (rolling them, the players they may name), `pending` and `prayer_targets` (what a
rolled prayer still needs, and recording it); `shared` holds what they all use. Callers use this
package: `from matches.services import prematch`, then `prematch.<name>`.
"""

from matches.services.prematch.inducements import (
    Hireling,
    budget,
    budget_terms,
    buy_inducements,
    buy_inducements_of_both,
    catalogue,
    favourite_side,
    hired_by_opponent,
    inducement_max,
    may_buy_now,
    withheld,
)
from matches.services.prematch.journeymen import (
    available_players,
    base_ctv,
    ctv,
    inducements_value,
    journeyman_cost,
    journeyman_positions,
    journeymen_needed,
    nobody_needs_journeymen,
    take_journeymen,
)
from matches.services.prematch.jouster import chalice_nominees, roll_chalice, roll_dukedom
from matches.services.prematch.offers import (
    mercenary_offer,
    mercenary_skills,
    side_bet_offer,
    side_bet_stake,
)
from matches.services.prematch.pending import PendingPrayer, pending_prayer, pending_prayers, prayer_needs
from matches.services.prematch.prayer_targets import (
    choose_prayer_skill,
    choose_prayer_target,
    roll_prayer_targets,
)
from matches.services.prematch.prayers import (
    match_players,
    prayer_candidates,
    prayer_skill_options,
    prayers_side,
    prayers_to_roll,
    random_player_dice,
    roll_prayers,
    target_side,
)
from matches.services.prematch.rolls import (
    KICK,
    RECEIVE,
    TOSS_DIE,
    choose_kicking,
    kick_or_receive,
    roll_fans,
    roll_match_ball,
    roll_stadium,
    roll_weather,
    toss,
)
from matches.services.prematch.sequence import (
    create_match,
    next_step,
    prayers_bought,
    prayers_bought_as_inducement,
    steps,
)
from matches.services.prematch.shared import STEP

__all__ = [
    "KICK",
    "RECEIVE",
    "STEP",
    "TOSS_DIE",
    "Hireling",
    "PendingPrayer",
    "available_players",
    "base_ctv",
    "budget",
    "budget_terms",
    "buy_inducements",
    "buy_inducements_of_both",
    "catalogue",
    "chalice_nominees",
    "choose_kicking",
    "choose_prayer_skill",
    "choose_prayer_target",
    "create_match",
    "ctv",
    "favourite_side",
    "hired_by_opponent",
    "inducement_max",
    "inducements_value",
    "journeyman_cost",
    "journeyman_positions",
    "journeymen_needed",
    "kick_or_receive",
    "match_players",
    "may_buy_now",
    "mercenary_offer",
    "mercenary_skills",
    "next_step",
    "nobody_needs_journeymen",
    "pending_prayer",
    "pending_prayers",
    "prayer_candidates",
    "prayer_needs",
    "prayers_bought",
    "prayers_bought_as_inducement",
    "prayer_skill_options",
    "prayers_side",
    "prayers_to_roll",
    "random_player_dice",
    "roll_chalice",
    "roll_dukedom",
    "roll_fans",
    "roll_match_ball",
    "roll_prayer_targets",
    "roll_prayers",
    "roll_stadium",
    "roll_weather",
    "side_bet_offer",
    "side_bet_stake",
    "steps",
    "take_journeymen",
    "target_side",
    "toss",
    "withheld",
]
