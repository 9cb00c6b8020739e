from django.apps import AppConfig


class LeagueConfig(AppConfig):
    name = "league"

    def ready(self):
        from league import freshness

        freshness.connect()  # every write bumps the versions of the pages that show it
