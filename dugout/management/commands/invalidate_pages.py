from django.core.management.base import BaseCommand

from dugout.freshness import new_epoch


class Command(BaseCommand):
    help = (
        "Makes every kept page and remembered relation unreachable at once (a new epoch): run it after "
        "restoring the database, or after changing data around Django (SQL by hand)."
    )

    def handle(self, *args, **options):
        new_epoch()
        self.stdout.write("Every kept page will be drawn again.")
