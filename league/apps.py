from django.apps import AppConfig


class LeagueConfig(AppConfig):
    name = "league"

    def ready(self):
        """Tell rosters what only the league knows (rosters.hooks): who commissions a team, the season
        a team may be re-drafted for, with its games and each player's previous seasons, and the league
        a new team is drafted for."""
        from league import freshness, new_team, permissions, redraft
        from rosters.hooks import register

        freshness.connect()  # every write bumps the versions of the pages that show it
        register(
            commissions_team=permissions.commissions_team,
            redraft_season=redraft.redraft_season,
            league_games=redraft.league_games,
            seasons_played=redraft.seasons_played,
            league_for_new_team=new_team.league_for_new_team,
        )
