from django.core.management.base import BaseCommand, CommandError

from dugout.freshness import new_epoch
from league.models import Season
from league.standings.store import rebuild_standings


class Command(BaseCommand):
    help = (
        "Rebuild the stored league tables (and each fixture's confirmed mark) from the results: of every "
        "season, of one league's (--league), or of some seasons (--season, repeatable); then every kept "
        "page is drawn again."
    )

    def add_arguments(self, parser):
        parser.add_argument("--league", help="the slug of a league: only its seasons")
        parser.add_argument("--season", type=int, action="append", help="the id of a season (repeatable)")

    def handle(self, *args, league=None, season=None, **options):
        seasons = Season.objects.select_related("league").order_by("id")
        if league:
            seasons = seasons.filter(league__slug=league)
        if season:
            seasons = seasons.filter(pk__in=season)
        if (league or season) and not seasons.exists():
            raise CommandError("no season matches")
        count = 0
        for item in seasons:
            rows = rebuild_standings(season=item)
            count += 1
            if options["verbosity"] > 1:
                self.stdout.write(f"{item}: {len(rows)} teams")
        # What it set right was written around the pages' versions (by hand, an import): team pages and
        # match reports show it too, so nothing kept survives.
        new_epoch()
        self.stdout.write(f"Rebuilt the standings of {count} seasons.")
