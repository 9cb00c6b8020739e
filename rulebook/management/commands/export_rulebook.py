from django.core.management.base import BaseCommand, CommandError

from rulebook.edition import DEFAULT_EDITION, available_editions, get_edition
from rulebook.export import export_json


class Command(BaseCommand):
    help = "Print an edition of the rulebook as JSON (schema: rulebook/EXPORT.md)."

    def add_arguments(self, parser):
        parser.add_argument("edition", nargs="?", default=DEFAULT_EDITION, help="edition id, e.g. bb2020")

    def handle(self, *args, edition, **options):
        if edition not in available_editions():
            known = ", ".join(available_editions()) or "none"
            raise CommandError(f"Unknown edition {edition!r}. Available editions: {known}.")
        self.stdout.write(export_json(get_edition(edition)))
