"""`manage.py load_demo`: the demo data of every app, in the order of the layers (users, teams, the
league, matches), then the BB2025 demo league, whose first season is played match by match. It lives
in matches, the highest app with demo data, since it calls all of them.
"""

from django.core.management.base import BaseCommand
from django.db import transaction

from accounts.demo import DEMO_PASSWORD, DEMO_USERS, create_demo_users
from league.demo import create_demo_league
from matches.demo import create_demo_matches
from matches.demo_bb2025 import create_demo_bb2025_matches
from rosters.demo import create_demo_teams


class Command(BaseCommand):
    help = "Load Dugout's demo data. Safe to run again: it updates rather than duplicates."

    @transaction.atomic
    def handle(self, *args, **options):
        users = create_demo_users()
        create_demo_teams(users)
        create_demo_league(users)
        create_demo_matches(users)
        create_demo_bb2025_matches(users)
        names = ", ".join(spec["username"] for spec in DEMO_USERS)
        self.stdout.write(f"Demo logins: {names} (password: {DEMO_PASSWORD})")
