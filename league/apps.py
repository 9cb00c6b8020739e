from django.apps import AppConfig


class LeagueConfig(AppConfig):
    name = "league"

    def ready(self):
        """Tell rosters what only the league knows (rosters.hooks): who commissions a team, and the
        season a team may be re-drafted for, with its games and each player's previous seasons."""
        from league import permissions, redraft
        from rosters.hooks import register

        register(
            commissions_team=permissions.commissions_team,
            redraft_season=redraft.redraft_season,
            league_games=redraft.league_games,
            seasons_played=redraft.seasons_played,
        )
