"""Export and import of a team as JSON, checked against the rulebook."""

import copy
import json

import pytest
from django.core.exceptions import ValidationError

from rosters import advancement, ledger, services, team_json
from rosters.models import LedgerEntry, Team
from rosters.permissions import Editor
from tests.factories import UserFactory
from tests.rosters.helpers import get_player, give_spp, ready_human_team

pytestmark = pytest.mark.django_db


@pytest.fixture
def seasoned_team(coach):
    """A ready team with an advanced player, an injured one, staff, and a fired former player."""
    team = ready_human_team(coach, name="Reikland Reavers")
    services.buy_reroll(team=team, actor=coach)
    services.change_staff(team=team, actor=coach, staff="apothecary", delta=1)
    blitzer = give_spp(team, get_player(team, "blitzer"), 30)
    editor = Editor(coach, as_commissioner=False)
    advancement.take_chosen_skill(
        team=team, editor=editor, player=blitzer, kind="chosen_primary", skill_id="tackle"
    )
    advancement.roll_characteristic(team=team, editor=editor, player=blitzer, faces=[8])
    advancement.choose_characteristic(team=team, editor=editor, player=blitzer, characteristic="ma")
    catcher = get_player(team, "catcher")
    with ledger.change(team, actor=coach, kind=LedgerEntry.Kind.INJURY, players=[catcher]):
        catcher.miss_next_game = True
        catcher.niggling_injuries = 1
        catcher.lasting_injuries = ["neck_injury"]
        catcher.ag = 4
    services.fire_player(team=team, actor=coach, player=get_player(team, "lineman"))
    team.refresh_from_db()
    return team


def _round_trip(data):
    return json.loads(json.dumps(data))


def test_export_holds_the_team_and_every_player(seasoned_team):
    data = team_json.export_team(seasoned_team)
    assert data["format"] == "dugout-team"
    assert data["version"] == 1
    assert (data["roster"], data["name"], data["status"]) == ("human", "Reikland Reavers", "ready")
    assert (data["rerolls"], data["apothecary"]) == (1, True)
    assert len(data["players"]) == 11
    blitzer = next(p for p in data["players"] if p["advancements"])
    assert blitzer["advancements"][0] == {"kind": "chosen_primary", "skill": "tackle", "spp": 6}
    assert blitzer["ma"] == 8
    assert {p["status"] for p in data["players"]} == {"active", "fired"}


def test_import_of_an_export_gives_the_same_team_to_the_importer(seasoned_team):
    other = UserFactory(username="other")
    exported = _round_trip(team_json.export_team(seasoned_team))

    team = team_json.import_team(coach=other, data=team_json.validate(exported))

    assert team.coach == other
    assert team.pk != seasoned_team.pk
    assert team_json.export_team(team) == exported
    assert (team.team_value, team.current_team_value) == (
        seasoned_team.team_value,
        seasoned_team.current_team_value,
    )
    entry = team.ledger.get()
    assert (entry.kind, entry.actor, entry.details) == ("import", other, {"players": 11})


def test_import_recomputes_values_written_in_the_file(seasoned_team, coach):
    data = _round_trip(team_json.export_team(seasoned_team))
    data["team_value"] = 1
    data["players"][0]["value"] = 999_999_999
    team = team_json.import_team(coach=coach, data=team_json.validate(data))
    assert team.team_value == seasoned_team.team_value


def _seven_more_linemen(data):
    lineman = next(p for p in data["players"] if p["position"] == "lineman" and p["status"] == "active")
    data["players"].extend({**copy.deepcopy(lineman), "number": 20 + n} for n in range(7))


def _broken(seasoned_team, change):
    data = _round_trip(team_json.export_team(seasoned_team))
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="other"), "This is not a Dugout team file"),
        (lambda d: d.update(roster="space_marines"), "Unknown team list “space_marines”."),
        (lambda d: d.update(edition="bb1987"), "Unknown edition “bb1987”."),
        (lambda d: d.pop("edition"), "Unknown edition"),  # a file names its edition: there is no default
        (
            lambda d: d["players"][0].update(position="wizard", name="Hans"),
            "players[0] (#1 Hans): Unknown position “wizard” for the Human team list.",
        ),
        (
            lambda d: (
                d["players"][1].update(name="Gretel"),
                d["players"][1]["advancements"].append({"kind": "random_primary", "skill": "lasers"}),
            ),
            "players[1] (#2 Gretel).advancements[0]: Unknown skill “lasers”.",
        ),
        (
            lambda d: d["players"][1]["advancements"].append({"kind": "bribe", "skill": "block"}),
            "Unknown advancement kind “bribe”.",
        ),
        (
            lambda d: d["players"][2].update(lasting_injuries=["stubbed_toe"]),
            "Unknown lasting injury “stubbed_toe”.",
        ),
        (lambda d: d["players"][2].update(ma=12), "“ma” must be between 1 and 9 (it is 12)."),
        (lambda d: d["players"][2].update(spp_spent=5), "More SPP spent than earned."),
        (lambda d: d["players"][3].update(number=2), "Number 2 is taken by more than one player."),
        (lambda d: d.update(rerolls=9), "“rerolls” must be between 0 and 8 (it is 9)."),
        (lambda d: d.update(name=""), "“name” must be a non-empty text."),
        (
            lambda d: d.update(chosen_rule="favoured_of_khorne"),
            "This team list has no special rule to choose.",
        ),
        (_seven_more_linemen, "A team may have at most 16 players."),
    ],
)
def test_import_refuses_a_file_the_rulebook_does_not_allow(seasoned_team, coach, change, message):
    data = _broken(seasoned_team, change)
    teams = Team.objects.count()
    with pytest.raises(ValidationError) as error:
        team_json.validate(data)
    assert any(message in text for text in error.value.messages), error.value.messages
    assert Team.objects.count() == teams


def test_import_lists_every_problem_at_once(seasoned_team):
    def change(data):
        data["players"][0]["position"] = "wizard"
        data["players"][1]["extra_skills"] = [{"skill": "lasers", "origin": "commissioner"}]
        data["apothecary"] = "yes"

    with pytest.raises(ValidationError) as error:
        team_json.validate(_broken(seasoned_team, change))
    assert len(error.value.messages) == 3


def test_import_refuses_what_is_not_a_team():
    with pytest.raises(ValidationError, match="one JSON object"):
        team_json.validate([1, 2])


def test_a_team_with_a_special_rule_choice_keeps_it(coach):
    team = services.create_team(
        coach=coach, roster="norse", name="Ulf", edition="bb2020", chosen_rule="favoured_of_khorne"
    )
    data = _round_trip(team_json.export_team(team))
    assert team_json.validate(data)["team"]["chosen_rule"] == "favoured_of_khorne"
    data["chosen_rule"] = ""
    with pytest.raises(ValidationError, match="needs one of its special rules"):
        team_json.validate(data)
