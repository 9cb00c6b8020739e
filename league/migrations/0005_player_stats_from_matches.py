"""PlayerMatchStats and PlayerLeagueStats come from the matches app (matches/migrations/0008): they
enter this app's state only, on the tables the matches app created (db_table), which keep their rows."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('league', '0004_standingsrow_adjustment_pointsadjustment'),
        ('matches', '0008_player_stats_from_matches'),
        ('rosters', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='PlayerLeagueStats',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('touchdowns', models.PositiveIntegerField(default=0)),
                        ('casualties', models.PositiveIntegerField(default=0)),
                        ('kills', models.PositiveIntegerField(default=0)),
                        ('completions', models.PositiveIntegerField(default=0)),
                        ('deflections', models.PositiveIntegerField(default=0)),
                        ('interceptions', models.PositiveIntegerField(default=0)),
                        ('mvp', models.PositiveIntegerField(default=0)),
                        ('spp', models.PositiveIntegerField(default=0)),
                        ('league', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='league.league')),
                        ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='league_stats', to='rosters.player')),
                        ('season', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='league.season')),
                    ],
                    options={
                        'db_table': 'matches_playerleaguestats',
                        'indexes': [models.Index(fields=['league', 'season', '-touchdowns'], name='player_league_stats_td'), models.Index(fields=['league', 'season', '-casualties'], name='player_league_stats_cas'), models.Index(fields=['league', 'season', '-kills'], name='player_league_stats_kills'), models.Index(fields=['league', 'season', '-completions'], name='player_league_stats_comp'), models.Index(fields=['league', 'season', '-interceptions'], name='player_league_stats_int'), models.Index(fields=['league', 'season', '-mvp'], name='player_league_stats_mvp'), models.Index(fields=['league', 'season', '-spp'], name='player_league_stats_spp')],
                        'constraints': [models.UniqueConstraint(condition=models.Q(('season__isnull', False)), fields=('season', 'player'), name='player_league_stats_season'), models.UniqueConstraint(condition=models.Q(('season__isnull', True)), fields=('league', 'player'), name='player_league_stats_league')],
                    },
                ),
                migrations.CreateModel(
                    name='PlayerMatchStats',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('side', models.CharField(choices=[('home', 'Home'), ('away', 'Away')], max_length=4)),
                        ('touchdowns', models.PositiveSmallIntegerField(default=0)),
                        ('casualties', models.PositiveSmallIntegerField(default=0)),
                        ('kills', models.PositiveSmallIntegerField(default=0)),
                        ('completions', models.PositiveSmallIntegerField(default=0)),
                        ('deflections', models.PositiveSmallIntegerField(default=0)),
                        ('interceptions', models.PositiveSmallIntegerField(default=0)),
                        ('mvp', models.PositiveSmallIntegerField(default=0)),
                        ('spp', models.PositiveSmallIntegerField(default=0)),
                        ('match', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='player_stats', to='matches.match')),
                        ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='match_stats', to='rosters.player')),
                    ],
                    options={
                        'db_table': 'matches_playermatchstats',
                        'indexes': [models.Index(fields=['player', 'match'], name='player_match_stats_player')],
                        'constraints': [models.UniqueConstraint(fields=('match', 'player'), name='unique_player_match_stats')],
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
