from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "matches"

    def ready(self):
        """Tell rosters what only the matches know (rosters.hooks): the friendlies a team played; and the
        league (league.hooks) how a confirmed or reopened result changes the rosters of its match."""
        from league.hooks import register as register_league
        from matches import freshness
        from matches.services import league
        from rosters.hooks import register

        freshness.connect()  # every write bumps the versions of the pages that show it

        register(friendlies_played=league.friendlies_played)
        register_league(
            result_confirmed=league.apply_confirmed,
            result_reopened=league.undo_reopened,
            recorded_matches=league.recorded_matches,
        )
