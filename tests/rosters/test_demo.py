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

    assert {team.coach.username for team in teams if team.edition == "bb2020"} == {
        "coach_orc",
        "coach_human",
        "coach_elf",
    }
    drafts = [team for team in teams if team.is_draft]
    assert [team.name for team in drafts] == ["Grotty Gobbos"]
    assert draft_problems(drafts[0]) == ["The team needs at least 11 players (it has 7)."]
    for team in teams:
        if not team.is_draft and team.edition == "bb2020":
            assert team.players.exclude(advancements=[]).exists()
            assert team.treasury >= 0
    reavers = Team.objects.get(name="Reikland Reavers")
    assert reavers.players.filter(status="temporarily_retired").exists()
    assert reavers.current_team_value < reavers.team_value
    assert latest_undoable(reavers) is not None

    again = create_demo_teams(create_demo_users())
    assert [team.pk for team in again] == [team.pk for team in teams]
    assert (Team.objects.count(), Player.objects.count(), LedgerEntry.objects.count()) == counts


def test_demo_bb2025_teams_are_drafted_with_their_choices_and_bb2025_numbers():
    teams = {team.name: team for team in create_demo_teams(create_demo_users()) if team.edition == "bb2025"}
    assert set(teams) == {"Ironjaw Brutes", "Skjold Raiders", "Brass Skull Chosen", "Fungus Fizzers"}
    assert not any(team.is_draft for team in teams.values())
    brutes = teams["Ironjaw Brutes"]
    assert brutes.captain.name == "Gorkil Ironjaw"
    assert ("pro", "captain") in [(ref.id, origin) for ref, origin in brutes.captain.all_skills()]
    # 2 Blitzers 85,000, 2 Big Un Blockers 95,000, a Thrower 75,000, 6 Linemen 50,000, 2 re-rolls
    # 60,000 and an apothecary 50,000 out of 1,000,000 (BB2025 teams.toml, edition.toml [staff]).
    assert brutes.treasury == 1_000_000 - 170_000 - 190_000 - 75_000 - 300_000 - 120_000 - 50_000
    assert teams["Skjold Raiders"].chosen_league == "old_world_classic"
    assert teams["Brass Skull Chosen"].chosen_rule == "favoured_of_khorne"
    snotlings = teams["Fungus Fizzers"]
    assert snotlings.has_rule("low_cost_linemen")
    # Low Cost Linemen: the five Snotling Linemen (15,000 each) count 0 in CTV, not in TV.
    assert snotlings.team_value - snotlings.current_team_value == 5 * 15_000
