"""A BB2025 team as JSON: the file carries its edition, its League and its Team Captain, and an import
checks them against that edition."""

import copy
import json

import pytest
from django.core.exceptions import ValidationError

from rosters import advancement, captain, services, team_json
from rosters.permissions import Editor
from tests.factories import UserFactory
from tests.rosters.helpers import bb2025_team, get_player, give_spp, ready_human_team

pytestmark = pytest.mark.django_db

# Norse (BB2025) play for the Old World Classic or the Chaos Clash: 6 Raiders and 5 more.
NORSE_ELEVEN = ["norse_raider_lineman"] * 6 + ["berzerker"] * 2 + ["valkyrie"] * 2 + ["beer_boar"]


def _round_trip(data):
    return json.loads(json.dumps(data))


@pytest.fixture
def human(coach):
    """A ready Human team with a Team Captain and a Lineman who kept Block of a random draw."""
    team = bb2025_team(coach)
    captain.nominate_captain(team=team, actor=coach, player=get_player(team, "thrower"))
    services.mark_ready(team=team, actor=coach)
    lineman = give_spp(team, get_player(team, "lineman"), 20)
    editor = Editor(coach, as_commissioner=False)
    advancement.take_random_skill(
        team=team, editor=editor, player=lineman, kind="random_primary", category="G", faces=[1, 1, 1, 2]
    )
    lineman.refresh_from_db()
    advancement.keep_random_skill(team=team, editor=editor, player=lineman, skill="block")
    team.refresh_from_db()
    return team


def test_a_bb2025_team_survives_the_round_trip(human):
    exported = _round_trip(team_json.export_team(human))
    assert (exported["edition"], exported["chosen_league"]) == ("bb2025", "")
    assert [p["position"] for p in exported["players"] if p["is_captain"]] == ["thrower"]

    team = team_json.import_team(coach=UserFactory(username="other"), data=team_json.validate(exported))

    assert team.edition == "bb2025"
    assert team.captain.position == "thrower"
    assert team_json.export_team(team) == exported
    # 695,000 + random Primary 20,000 + Elite surcharge 10,000 for Block
    assert team.team_value == human.team_value == 725_000


def test_the_league_chosen_survives_the_round_trip(coach):
    team = bb2025_team(coach, roster="norse", positions=NORSE_ELEVEN, chosen_league="chaos_clash")
    exported = _round_trip(team_json.export_team(team))
    imported = team_json.import_team(coach=coach, data=team_json.validate(exported))
    assert imported.chosen_league == "chaos_clash"
    assert imported.has_rule("favoured_of_khorne")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(chosen_league=""), "needs one of its Leagues"),
        (lambda d: d.update(chosen_league="woodland_league"), "needs one of its Leagues"),
        (lambda d: d.update(edition="bb1987"), "Unknown edition"),
    ],
)
def test_import_checks_the_league_against_the_files_edition(coach, change, message):
    team = bb2025_team(coach, roster="norse", positions=NORSE_ELEVEN, chosen_league="chaos_clash")
    data = copy.deepcopy(team_json.export_team(team))
    change(data)
    with pytest.raises(ValidationError, match=message):
        team_json.validate(data)


def test_import_refuses_two_captains_and_a_random_secondary(human):
    data = copy.deepcopy(team_json.export_team(human))
    for player in data["players"]:
        player["is_captain"] = True
    data["players"][0]["advancements"] = [{"kind": "random_secondary", "skill": "sprint", "spp": 6}]
    with pytest.raises(ValidationError) as error:
        team_json.validate(data)
    text = " ".join(error.value.messages)
    assert "at most one Team Captain" in text
    assert "Unknown advancement kind “random_secondary”" in text


def test_a_bb2020_file_cannot_have_a_captain(coach):
    data = copy.deepcopy(team_json.export_team(ready_human_team(coach)))
    data["players"][0]["is_captain"] = True
    with pytest.raises(ValidationError, match="This team has no Team Captain"):
        team_json.validate(data)
