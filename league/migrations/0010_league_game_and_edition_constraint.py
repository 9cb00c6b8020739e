# A Blood Bowl league plays one of the rulebook's editions, another game none (issue 21). The editions
# are those of the rulebook today: a new edition folder comes with a migration that widens the list.

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0009_league_game_and_edition_split"),
    ]

    operations = [
        migrations.AddConstraint(
            model_name="league",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("edition__in", ["bb2020", "bb2025"]), ("game", "blood_bowl")),
                    models.Q(("edition", ""), ("game__in", ["rugby", "hexfootball"])),
                    _connector="OR",
                ),
                name="league_game_and_edition",
            ),
        ),
    ]
