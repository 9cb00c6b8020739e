from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "matches"

    def ready(self):
        """Tell the league (league.hooks) how a confirmed or reopened result changes the rosters of its
        match, and which fixtures were played with Dugout."""
        from league.hooks import register as register_league
        from matches import archive, freshness
        from matches.services import confirmation, league

        freshness.connect()  # every write bumps the versions of the pages that show it
        register_league(
            result_confirmed=confirmation.apply_confirmed,
            result_reopened=confirmation.undo_reopened,
            recorded_matches=league.recorded_matches,
            export_matches=archive.export_matches,
            import_match=archive.import_match,
        )
