from django.apps import AppConfig


class RostersConfig(AppConfig):
    name = "rosters"

    def ready(self):
        from rosters import freshness

        freshness.connect()  # every write bumps the versions of the pages that show it
