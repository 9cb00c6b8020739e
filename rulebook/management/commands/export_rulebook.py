from django.core.management.base import BaseCommand, CommandError

from rulebook.edition import available_editions, get_edition
from rulebook.export import export_json


class Command(BaseCommand):
    help = "Print an edition of the rulebook as JSON (schema: rulebook/EXPORT.md)."

    def add_arguments(self, parser):
        parser.add_argument("edition", help="edition id, e.g. bb2025 (see /rules/)")

    def handle(self, *args, edition, **options):
        if edition not in available_editions():
            known = ", ".join(available_editions()) or "none"
            raise CommandError(f"Unknown edition {edition!r}. Available editions: {known}.")
        self.stdout.write(export_json(get_edition(edition)))
