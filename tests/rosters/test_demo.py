import pytest

from accounts.demo import create_demo_users
from rosters.demo import create_demo_teams
from rosters.ledger import latest_undoable
from rosters.models import LedgerEntry, Player, Team
from rosters.services import draft_problems

pytestmark = pytest.mark.django_db


def test_demo_teams_cover_played_teams_and_a_draft_and_can_be_loaded_twice():
    users = create_demo_users()
    teams = create_demo_teams(users)
    counts = (Team.objects.count(), Player.objects.count(), LedgerEntry.objects.count())

    assert {team.coach.username for team in teams} == {"coach_orc", "coach_human", "coach_elf"}
    drafts = [team for team in teams if team.is_draft]
    assert [team.name for team in drafts] == ["Grotty Gobbos"]
    assert draft_problems(drafts[0]) == ["The team needs at least 11 players (it has 7)."]
    for team in teams:
        if not team.is_draft:
            assert team.players.exclude(advancements=[]).exists()
            assert team.treasury >= 0
    reavers = Team.objects.get(name="Reikland Reavers")
    assert reavers.players.filter(status="temporarily_retired").exists()
    assert reavers.current_team_value < reavers.team_value
    assert latest_undoable(reavers) is not None

    again = create_demo_teams(create_demo_users())
    assert [team.pk for team in again] == [team.pk for team in teams]
    assert (Team.objects.count(), Player.objects.count(), LedgerEntry.objects.count()) == counts
