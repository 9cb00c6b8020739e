import json

from django.core.management.base import BaseCommand, CommandError

from league.archive import export_league
from league.models import League


class Command(BaseCommand):
    help = "Write a league (settings, teams, seasons, fixtures, results) as JSON, to stdout or a file."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--output", "-o", help="file to write (default: standard output)")
        parser.add_argument(
            "--with-emails",
            action="store_true",
            help="write each person's e-mail address, so that the receiving site finds their accounts by it",
        )

    def handle(self, *args, slug, output=None, with_emails=False, **options):
        league = League.objects.filter(slug=slug).first()
        if league is None:
            raise CommandError(f"no league with the slug {slug!r}")
        text = json.dumps(export_league(league, emails=with_emails), indent=2, ensure_ascii=False)
        if output:
            with open(output, "w", encoding="utf-8") as file:
                file.write(text + "\n")
            self.stderr.write(f"Wrote {league.name} to {output}")
        else:
            self.stdout.write(text)
