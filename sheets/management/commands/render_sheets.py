"""Render reference sheets to PDF files now, without Celery:

python manage.py render_sheets --game rugby --language ko --out var/pdf
python manage.py render_sheets --list
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from sheets.catalogue import get_catalogue
from sheets.models import Paper
from sheets.render import render_sheet_pdf


class Command(BaseCommand):
    help = "Write reference sheet PDFs to a folder (one line per file), or list the catalogue."

    def add_arguments(self, parser):
        parser.add_argument("--list", action="store_true", help="print the catalogue: game, sheet, languages")
        parser.add_argument("--game", help="the game's id (see --list)")
        parser.add_argument("--sheet", help="one sheet of the game (default: all)")
        parser.add_argument("--language", help="one language (default: every language of each sheet)")
        parser.add_argument("--paper", choices=Paper.values, default=Paper.A4)
        parser.add_argument("--out", type=Path, help="the folder to write into (created if missing)")

    def handle(self, *args, **options):
        catalogue = get_catalogue()
        if options["list"]:
            for sheet in catalogue.sheets():
                self.stdout.write(f"{sheet.game.id}\t{sheet.id}\t{' '.join(sheet.languages)}")
            return
        if not options["game"] or not options["out"]:
            raise CommandError("--game and --out are required (or use --list)")
        try:
            game = catalogue.game(options["game"])
        except KeyError:
            raise CommandError(f"no game {options['game']!r}; known: {', '.join(catalogue.games)}") from None
        if options["sheet"]:
            if options["sheet"] not in game.sheets:
                raise CommandError(
                    f"no sheet {options['sheet']!r} in {game.id}; known: {', '.join(game.sheets)}"
                )
            sheets = [game.sheets[options["sheet"]]]
        else:
            sheets = list(game.sheets.values())
        language = options["language"]
        if language and not any(language in sheet.languages for sheet in sheets):
            raise CommandError(f"no sheet of {game.id} is available in {language!r}")
        out = options["out"]
        out.mkdir(parents=True, exist_ok=True)
        for sheet in sheets:
            for code in [language] if language else sheet.languages:
                if code not in sheet.languages:
                    self.stderr.write(f"skipped {sheet.game.id}/{sheet.id}: not available in {code}")
                    continue
                path = out / f"{sheet.game.id}-{sheet.id}-{code}-{options['paper']}.pdf"
                path.write_bytes(render_sheet_pdf(sheet, language=code, paper=options["paper"]))
                self.stdout.write(str(path))
