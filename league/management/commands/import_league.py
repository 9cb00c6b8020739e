import json

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from accounts.claims import claim_path, unclaimed
from league.archive import coaches_and_staff, import_league


class Command(BaseCommand):
    help = (
        "Create a league from a file written by export_league (its slug must be free); prints the link with"
        " which each new account's owner sets a password."
    )

    def add_arguments(self, parser):
        parser.add_argument("file")

    def handle(self, *args, file, **options):
        try:
            with open(file, encoding="utf-8") as handle:
                data = json.load(handle)
            league = import_league(data)
        except (OSError, json.JSONDecodeError, KeyError, ValidationError) as error:
            raise CommandError(f"cannot import {file}: {error}") from error
        self.stdout.write(f"Imported {league.name} ({league.slug}): {league.seasons.count()} seasons")
        claims = unclaimed(coaches_and_staff(league))
        if claims:
            self.stdout.write("Accounts to claim: send each person their link (after this site's address):")
        for user in claims:
            self.stdout.write(f"  {user.username}: {claim_path(user)}")
