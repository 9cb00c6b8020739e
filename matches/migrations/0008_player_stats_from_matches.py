"""PlayerMatchStats and PlayerLeagueStats move to the league app (league/models/stats.py): the models
leave this app's state only. Their tables, rows, indexes and constraints stay as they are: the league's
models name the same tables (db_table), and league/migrations/0005 adds them to the league's state."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0007_match_conceded_without_penalty"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="PlayerLeagueStats"),
                migrations.DeleteModel(name="PlayerMatchStats"),
            ],
            database_operations=[],
        ),
    ]
