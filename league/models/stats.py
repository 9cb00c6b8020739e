"""Players' statistics: what each player did in each applied match (written by the matches app when it
applies a match) and their totals over a league (kept by league.stats, read by the leaderboards).

They live in the league app, the layer that both the matches (which write them) and the league's
boards (which read them) can see. Their tables keep the names the matches app gave them.
"""

from django.db import models

from league.models.leagues import League
from league.models.seasons import Season, Side
from rosters.models import Player


class PlayerMatchStats(models.Model):
    """What one player did in one applied match, written when the match is applied (and deleted when it
    is undone), so that the players' leaderboards add up rows instead of reading events and JSON.

    The counts are those of the events the player is credited with (casualties of any cause; kills are
    the casualties with a dead outcome); `spp` is what the post-match sequence gave them (prayers,
    awarded touchdowns and the MVP included); `mvp` is 1 for the match's MVP.
    """

    STATS = ("touchdowns", "casualties", "kills", "completions", "deflections", "interceptions", "mvp", "spp")

    match = models.ForeignKey("matches.Match", on_delete=models.CASCADE, related_name="player_stats")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="match_stats")
    side = models.CharField(max_length=4, choices=Side)
    touchdowns = models.PositiveSmallIntegerField(default=0)
    casualties = models.PositiveSmallIntegerField(default=0)
    kills = models.PositiveSmallIntegerField(default=0)
    completions = models.PositiveSmallIntegerField(default=0)
    deflections = models.PositiveSmallIntegerField(default=0)
    interceptions = models.PositiveSmallIntegerField(default=0)
    mvp = models.PositiveSmallIntegerField(default=0)  # 0 or 1
    spp = models.PositiveSmallIntegerField(default=0)

    class Meta:
        db_table = "matches_playermatchstats"  # created by the matches app, whose model this was
        constraints = [
            models.UniqueConstraint(fields=["match", "player"], name="unique_player_match_stats"),
        ]
        # The boards filter on the counted matches and group by player: (match, player) covers the
        # join, (player, match) the grouping.
        indexes = [models.Index(fields=["player", "match"], name="player_match_stats_player")]

    def __str__(self):
        return f"{self.player_id} in {self.match_id}"


class PlayerLeagueStats(models.Model):
    """A player's PlayerMatchStats added up over the matches that count for a league (applied, and their
    fixture's result confirmed): those of one season, or, with `season` null, those of every season of
    `league`. Kept by league.stats whenever a match is applied or undone and whenever a result starts or
    stops counting, so that each players' board reads the top of an index instead of adding up matches.
    """

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="+")
    season = models.ForeignKey(Season, on_delete=models.CASCADE, null=True, blank=True, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="league_stats")
    touchdowns = models.PositiveIntegerField(default=0)
    casualties = models.PositiveIntegerField(default=0)
    kills = models.PositiveIntegerField(default=0)
    completions = models.PositiveIntegerField(default=0)
    deflections = models.PositiveIntegerField(default=0)
    interceptions = models.PositiveIntegerField(default=0)
    mvp = models.PositiveIntegerField(default=0)
    spp = models.PositiveIntegerField(default=0)

    class Meta:
        db_table = "matches_playerleaguestats"  # created by the matches app, whose model this was
        constraints = [
            models.UniqueConstraint(
                fields=["season", "player"],
                condition=models.Q(season__isnull=False),
                name="player_league_stats_season",
            ),
            models.UniqueConstraint(
                fields=["league", "player"],
                condition=models.Q(season__isnull=True),
                name="player_league_stats_league",
            ),
        ]
        # One per board (league.stats.BOARDS): the leaders of a season (or of a league) first.
        indexes = [
            models.Index(fields=["league", "season", "-touchdowns"], name="player_league_stats_td"),
            models.Index(fields=["league", "season", "-casualties"], name="player_league_stats_cas"),
            models.Index(fields=["league", "season", "-kills"], name="player_league_stats_kills"),
            models.Index(fields=["league", "season", "-completions"], name="player_league_stats_comp"),
            models.Index(fields=["league", "season", "-interceptions"], name="player_league_stats_int"),
            models.Index(fields=["league", "season", "-mvp"], name="player_league_stats_mvp"),
            models.Index(fields=["league", "season", "-spp"], name="player_league_stats_spp"),
        ]

    def __str__(self):
        return f"{self.player_id} in {self.season_id or self.league_id}"
