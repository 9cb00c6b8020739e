"""Demo data: one applied friendly and one in progress between the demo users' ready teams."""

import random

from matches.models import Match
from matches.services import drives, postmatch, prematch
from rosters.models import Team
from rulebook.dice import Dice


def _prematch(match, user, dice):
    prematch.roll_fans(match, dice=dice, user=user)
    prematch.roll_weather(match, dice=dice, user=user)
    prematch.take_journeymen(match, user=user)
    favourite = prematch.favourite_side(match) or "home"
    for buyer in (favourite, "away" if favourite == "home" else "home"):
        prematch.buy_inducements(match, side=buyer, counts={}, user=user)
    prematch.roll_prayers(match, dice=dice, user=user)
    prematch.choose_kicking(match, user=user, dice=dice)


DEMO_COACHES = ("coach_orc", "coach_human")


def create_demo_matches(users):
    """Create demo matches between the ready teams of two demo coaches (idempotent: once only).

    `users`: username -> User, as returned by accounts.demo.create_demo_users.
    Side effects: creates matches, drives, events and dice logs; applies one match to both teams.
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
    _prematch(played, user, dice)
    drives.start_drive(played, dice=dice, user=user)
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
