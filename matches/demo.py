"""Demo data: one applied friendly and one in progress between the demo users' ready teams.

In the applied one the favourite stakes a side bet on its own win, the underdog hires a mercenary with
its petty cash, and the mercenary injures a player of the favourite (the apothecary rolls again): the
report shows the inducements, the casualty and its dice under the victim's name.
"""

import random

from matches.models import Match, other
from matches.services import drives, postmatch, prematch
from rosters.models import Team
from rulebook.dice import Dice

DEMO_COACHES = ("coach_orc", "coach_human")
# Inducements in the applied match: the favourite's stake, and the underdog's mercenaries.
SIDE_BET = 20_000
MERCENARIES = {"orc": [{"position": "orc_lineman", "skills": []}]}


def _prematch(match, user, dice, *, inducements=False):
    prematch.roll_fans(match, dice=dice, user=user)
    prematch.roll_weather(match, dice=dice, user=user)
    prematch.take_journeymen(match, user=user)
    favourite = prematch.favourite_side(match) or "home"
    underdog = other(favourite)
    for buyer in (favourite, underdog):
        bought = _demo_inducements(match, buyer, favourite) if inducements else {}
        prematch.buy_inducements(match, side=buyer, counts={}, user=user, **bought)
    prematch.roll_prayers(match, dice=dice, user=user)
    _answer_prayers(match, user, dice)
    prematch.toss(match, user=user, dice=dice)
    prematch.kick_or_receive(match, user=user, choice=prematch.KICK)


def _answer_prayers(match, user, dice):
    """Name the players the prayers call for: the first one the coach may choose (and the first skill
    offered), or random players rolled by Dugout."""
    for _answer in range(32):  # bounded: each prayer takes one or two answers
        pending = next(iter(prematch.pending_prayers(match)), None)
        if pending is None:
            return
        named = {"side": pending.side, "prayer": pending.entry["id"], "user": user}
        if pending.need == "player":
            candidates = prematch.prayer_candidates(match, pending.side, pending.row)
            prematch.choose_prayer_target(match, player=candidates[0]["key"] if candidates else "", **named)
        elif pending.need == "roll":
            prematch.roll_prayer_targets(match, dice=dice, **named)
        else:
            skill = prematch.prayer_skill_options(match, pending)[0]
            prematch.choose_prayer_skill(match, skill=skill.id, **named)


def _demo_inducements(match, side, favourite):
    """The favourite's side bet (spent from its treasury, so it adds to the underdog's petty cash), or
    the underdog's mercenaries."""
    if side == favourite:
        return {"side_bet": SIDE_BET}
    return {"mercenaries": MERCENARIES.get(match.team(side).roster, [])}


def _injure_the_favourite(match, user, dice):
    """The underdog's mercenary (or first player) injures a player of the favourite, whose apothecary
    (if any) rolls again: the casualty dice are logged under the victim's name."""
    favourite = prematch.favourite_side(match) or "home"
    underdog = other(favourite)
    mercenary = next(iter(match.mercenaries(underdog)), None)
    attacker = {"journeyman": mercenary["key"]} if mercenary else {"player": _first_player(match, underdog)}
    drives.add_event(
        match,
        user=user,
        kind="casualty",
        side=underdog,
        cause="block",
        victim=_first_player(match, favourite),
        dice=dice,
        apothecary=bool(drives.has_apothecary(match, favourite)),
        turn=3,
        **attacker,
    )


def _first_player(match, side):
    return match.team(side).players.on_roster().order_by("number", "id").first()


def create_demo_matches(users):
    """Create demo matches between the ready teams of two demo coaches (idempotent: once only).

    `users`: username -> User, as returned by accounts.demo.create_demo_users.
    Side effects: creates matches with their inducements (a side bet, a mercenary), drives, events (a
    touchdown, a casualty) and dice logs; applies one match to both teams.
    """
    teams = [Team.objects.ready().for_coach(users[name]).first() for name in DEMO_COACHES if name in users]
    if len(teams) < 2 or None in teams:
        return []
    home, away = teams
    existing = Match.objects.filter(home_team__in=teams, away_team__in=teams)
    if existing.exists():
        return list(existing)
    dice = Dice(random.Random(2020))
    user = home.coach
    played = prematch.create_match(home_team=home, away_team=away, created_by=user)
    _prematch(played, user, dice, inducements=True)
    drives.start_drive(played, dice=dice, user=user)
    _injure_the_favourite(played, user, dice)
    scorer = home.players.on_roster().first()
    drives.add_event(played, user=user, kind="touchdown", side="home", player=scorer, turn=5)
    drives.start_drive(played, dice=dice, user=user)
    drives.end_drive(played, user=user, dice=dice)
    drives.start_drive(played, dice=dice, user=user)
    drives.end_drive(played, user=user, dice=dice)
    postmatch.roll_postmatch(played, dice=dice, user=user)
    played = postmatch.apply_postmatch(played, user=user)
    live = prematch.create_match(home_team=away, away_team=home, created_by=away.coach)
    _prematch(live, away.coach, dice)
    drives.start_drive(live, dice=dice, user=away.coach)
    return [played, live]
