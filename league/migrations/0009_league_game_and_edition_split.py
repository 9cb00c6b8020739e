# Every league keeps what it plays (issue 21). Before, "game" was a Blood Bowl edition's id ("bb2020",
# "bb2025") or another game's ("rugby", "hexfootball"); now a Blood Bowl league has the game
# "blood_bowl" and its edition in "edition", another game keeps its game and an empty edition. The
# values are written here as they were, not read from the models or the rulebook, which change.

from django.db import migrations
from django.db.models import F

BLOOD_BOWL = "blood_bowl"
OTHER_GAMES = ("rugby", "hexfootball")


def split_game_and_edition(apps, schema_editor):
    """Forward: a league whose game is not another game's id played the Blood Bowl edition of that id."""
    League = apps.get_model("league", "League")
    League.objects.exclude(game__in=(BLOOD_BOWL, *OTHER_GAMES)).update(game=BLOOD_BOWL, edition=F("game"))
    League.objects.filter(game__in=OTHER_GAMES).update(edition="")


def join_game_and_edition(apps, schema_editor):
    """Backward: a Blood Bowl league's game is its edition's id again."""
    League = apps.get_model("league", "League")
    League.objects.filter(game=BLOOD_BOWL).update(game=F("edition"), edition="")


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0008_league_edition_field"),
    ]

    operations = [
        migrations.RunPython(split_game_and_edition, join_game_and_edition),
    ]
