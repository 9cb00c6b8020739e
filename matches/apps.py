from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "matches"

    def ready(self):
        """Tell rosters what only the matches know (rosters.hooks): the friendlies a team played."""
        from matches.services.league import friendlies_played
        from rosters.hooks import register

        register(friendlies_played=friendlies_played)
