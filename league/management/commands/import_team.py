import json
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from league import naflm_xml
from rosters import team_json
from rulebook.edition import available_editions


class Command(BaseCommand):
    help = (
        "Create teams for a coach from a team file: a Dugout team file (--format dugout, JSON, its edition "
        "inside) or NAFLM's team XML (--format naflm, into the edition --edition names)."
    )

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--format", choices=("dugout", "naflm"), required=True)
        parser.add_argument("--coach", required=True, help="the username of the coach who gets the teams")
        parser.add_argument("--edition", choices=available_editions(), help="the edition (NAFLM files)")
        parser.add_argument("--league", default="", help="the League of a team list that plays in several")
        parser.add_argument(
            "--special-rule", default="", help="the special rule of a team list that has a choice"
        )

    def handle(self, *args, file, format, coach, edition, league, special_rule, **options):
        user = get_user_model().objects.filter(username=coach).first()
        if user is None:
            raise CommandError(f"no coach with the username {coach!r}")
        try:
            content = Path(file).read_bytes()
            if format == "dugout":
                teams = [team_json.import_team(coach=user, data=team_json.validate(json.loads(content)))]
            elif edition is None:
                raise CommandError("--edition is required with --format naflm")
            else:
                teams = naflm_xml.import_teams(
                    content, coach=user, edition_id=edition, chosen_league=league, chosen_rule=special_rule
                )
        except (OSError, ValueError) as error:
            raise CommandError(f"cannot read {file}: {error}") from error
        except ValidationError as refused:
            raise CommandError("nothing imported:\n" + "\n".join(refused.messages)) from refused
        for team in teams:
            self.stdout.write(f"Imported {team.name} ({team.edition}, {team.roster}) for {coach}")
