from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("rosters", "0002_team_chosen_league"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="is_captain",
            field=models.BooleanField(default=False, verbose_name="Team Captain"),
        ),
    ]
