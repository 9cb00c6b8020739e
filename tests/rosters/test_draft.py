"""Drafting a team: every rule of the draft, broken one at a time, and the words that say so."""

import pytest
from django.core.exceptions import ValidationError

from rosters import names, services
from rosters.models import Player, Team
from tests.rosters.helpers import HUMAN_ELEVEN, make_team

pytestmark = pytest.mark.django_db


def _add_directly(team, position, count):
    """Players the services would refuse (to check that the draft rules catch them anyway)."""
    rules = team.rules.position(position)
    start = team.players.count() + 1
    for number in range(start, start + count):
        Player.objects.create(
            team=team, number=number, name=f"P{number}", position=position, **rules.profile.as_dict()
        )


def test_create_team_starts_a_draft_with_the_starting_treasury(coach):
    team = services.create_team(coach=coach, roster="orc", name="  Gouged Eye  ", edition="bb2020")
    assert team.name == "Gouged Eye"
    assert team.status == Team.Status.DRAFT
    assert team.treasury == 1_000_000
    assert team.dedicated_fans == 1
    assert team.ledger.get().kind == "created"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"roster": "no_such_team", "name": "X"}, "Unknown team list."),
        ({"roster": "chaos_chosen", "name": "X"}, "Choose one of the special rules this team list offers."),
        ({"roster": "orc", "name": "   "}, "Give the team a name."),
    ],
)
def test_create_team_refuses_when_a_rule_is_broken(coach, kwargs, message):
    with pytest.raises(ValidationError) as error:
        services.create_team(coach=coach, edition="bb2020", **kwargs)
    assert error.value.messages == [message]
    assert not Team.objects.exists()


def test_create_team_keeps_the_chosen_special_rule_only_where_offered(coach):
    chosen = services.create_team(
        coach=coach, roster="chaos_chosen", name="A", edition="bb2020", chosen_rule="favoured_of_nurgle"
    )
    assert chosen.has_rule("favoured_of_nurgle")
    plain = services.create_team(
        coach=coach, roster="orc", name="B", edition="bb2020", chosen_rule="favoured_of_nurgle"
    )
    assert plain.chosen_rule == ""


def test_draft_problems_of_a_new_team_say_it_needs_eleven_players(coach):
    team = make_team(coach)
    assert services.draft_problems(team) == ["The team needs at least 11 players (it has 0)."]


def test_draft_problems_say_how_much_over_budget(coach):
    team = make_team(coach, positions=["ogre", *["blitzer"] * 4, *["catcher"] * 4, "thrower", "thrower"])
    services.hire_player(team=team, actor=coach, position="lineman", name="")
    services.hire_player(team=team, actor=coach, position="lineman", name="")
    services.buy_reroll(team=team, actor=coach)
    assert team.treasury == -50_000
    assert services.draft_problems(team) == ["The team is 50,000 gp over budget."]


def test_draft_problems_name_the_position_with_too_many_players(coach):
    team = make_team(coach, positions=HUMAN_ELEVEN)
    _add_directly(team, "blitzer", 3)
    assert services.draft_problems(team) == ["Human Blitzer: 5 players, at most 4."]


def test_draft_problems_count_big_guys_against_the_team_list_limit(coach):
    team = make_team(
        coach,
        roster="chaos_chosen",
        chosen_rule="favoured_of_khorne",
        positions=["beastman_runner_lineman"] * 9,
    )
    _add_directly(team, "chaos_troll", 1)
    _add_directly(team, "chaos_ogre", 1)
    assert services.draft_problems(team) == ["Too many big guys: 2, at most 1."]


def test_draft_problems_refuse_more_than_sixteen_players(coach):
    team = make_team(coach)
    _add_directly(team, "lineman", 17)
    problems = services.draft_problems(team)
    assert "A team may have at most 16 players." in problems
    assert "Human Lineman: 17 players, at most 16." in problems


def test_draft_problems_refuse_too_many_rerolls_and_a_forbidden_apothecary(coach):
    team = make_team(coach, roster="tomb_kings", positions=["skeleton_lineman"] * 11)
    team.rerolls = 9
    team.apothecary = True
    assert services.draft_problems(team) == [
        "A team may have at most 8 team re-rolls.",
        "This team may not hire an apothecary.",
    ]


def test_draft_problems_list_every_broken_rule_at_once(coach):
    team = make_team(coach, positions=["ogre", *["blitzer"] * 4])
    team.treasury = -5_000
    team.rerolls = 9
    assert services.draft_problems(team) == [
        "The team needs at least 11 players (it has 5).",
        "The team is 5,000 gp over budget.",
        "A team may have at most 8 team re-rolls.",
    ]


def test_mark_ready_refuses_a_broken_team_with_every_reason(coach):
    team = make_team(coach, positions=["lineman"] * 3)
    with pytest.raises(ValidationError) as error:
        services.mark_ready(team=team, actor=coach)
    assert error.value.messages == ["The team needs at least 11 players (it has 3)."]
    team.refresh_from_db()
    assert team.is_draft


def test_mark_ready_ends_the_draft_of_a_valid_team(coach):
    team = make_team(coach, positions=HUMAN_ELEVEN)
    assert services.draft_problems(team) == []
    services.mark_ready(team=team, actor=coach)
    team.refresh_from_db()
    assert team.status == Team.Status.READY
    assert team.ledger.first().kind == "ready"
    with pytest.raises(ValidationError, match="already ready"):
        services.mark_ready(team=team, actor=coach)


def test_hiring_problems_stop_at_the_position_maximum(coach):
    team = make_team(coach, positions=["ogre"])
    assert services.hiring_problems(team, "ogre") == ["This team may have at most 1 of this position."]
    with pytest.raises(ValidationError, match="at most 1 of this position"):
        services.hire_player(team=team, actor=coach, position="ogre", name="")


def test_hiring_problems_stop_at_the_team_list_big_guy_limit(coach):
    team = make_team(
        coach, roster="chaos_chosen", chosen_rule="favoured_of_khorne", positions=["chaos_troll"]
    )
    assert services.hiring_problems(team, "minotaur") == ["This team may have at most 1 big guys."]


def test_hiring_problems_stop_at_sixteen_players(coach):
    team = make_team(coach, positions=["lineman"] * 16)
    assert services.hiring_problems(team, "lineman") == [
        "A team may have at most 16 players.",
        "This team may have at most 16 of this position.",
    ]


def test_hiring_problems_refuse_an_unknown_position(coach):
    team = make_team(coach)
    assert services.hiring_problems(team, "wizard") == ["This team list has no such position."]


def test_hire_player_refuses_a_number_already_taken(coach):
    team = make_team(coach, positions=["lineman"])
    with pytest.raises(ValidationError, match="Number 1 is already taken."):
        services.hire_player(team=team, actor=coach, position="lineman", name="Twin", number=1)


def test_hire_player_gives_the_first_free_number_and_a_name_from_the_list(coach):
    team = make_team(coach, positions=["lineman", "lineman"])
    first = team.players.get(number=1)
    services.fire_player(team=team, actor=coach, player=first)
    player = services.hire_player(team=team, actor=coach, position="blitzer", name="")
    given, family = player.name.split(" ", 1)
    human = names.names().families["human"]
    assert player.number == 1
    assert (given in human.first, family in human.last) == (True, True)
    assert player.name != team.players.get(number=2).name


@pytest.mark.parametrize(("fans", "treasury"), [(1, 1_000_000), (4, 970_000), (6, 950_000)])
def test_dedicated_fans_cost_ten_thousand_each_above_one(coach, fans, treasury):
    team = make_team(coach)
    services.set_dedicated_fans(team=team, actor=coach, dedicated_fans=fans)
    assert (team.dedicated_fans, team.treasury) == (fans, treasury)


@pytest.mark.parametrize("fans", [0, 7])
def test_dedicated_fans_stay_between_one_and_six_at_the_draft(coach, fans):
    team = make_team(coach)
    with pytest.raises(ValidationError, match="between 1 and 6"):
        services.set_dedicated_fans(team=team, actor=coach, dedicated_fans=fans)


def test_dedicated_fans_cannot_be_bought_after_the_draft(coach):
    team = make_team(coach, positions=HUMAN_ELEVEN, ready=True)
    with pytest.raises(ValidationError, match="only be bought while drafting"):
        services.set_dedicated_fans(team=team, actor=coach, dedicated_fans=2)


def test_staff_respects_maximums_and_the_team_list_apothecary(coach):
    team = make_team(coach)
    for _ in range(6):
        services.change_staff(team=team, actor=coach, staff="assistant_coaches", delta=1)
    with pytest.raises(ValidationError, match="At most 6 of these may be hired."):
        services.change_staff(team=team, actor=coach, staff="assistant_coaches", delta=1)
    with pytest.raises(ValidationError, match="no one to let go"):
        services.change_staff(team=team, actor=coach, staff="cheerleaders", delta=-1)
    undead = make_team(coach, roster="tomb_kings", name="Dusty")
    with pytest.raises(ValidationError, match="may not hire an apothecary"):
        services.change_staff(team=undead, actor=coach, staff="apothecary", delta=1)


# --- what the budget left can still buy (issue #26: "Mark ready" with gold unspent) ----------------------


def test_draft_purchases_name_what_the_budget_left_still_pays_for(coach):
    team = make_team(coach, positions=HUMAN_ELEVEN)  # 680,000 of 1,000,000 spent
    assert services.draft_purchases(team) == ["players", "rerolls", "staff", "fans"]
    team.treasury = 20_000  # less than any player or a re-roll: staff and fans still fit
    assert services.draft_purchases(team) == ["staff", "fans"]
    team.treasury, team.dedicated_fans = 10_000, 6
    team.assistant_coaches, team.cheerleaders = 6, 12  # the most of both: only an apothecary is left
    assert services.draft_purchases(team) == []


def test_draft_purchases_are_none_when_nothing_is_left_or_after_the_draft(coach):
    team = make_team(coach, positions=HUMAN_ELEVEN)
    team.treasury = 0
    assert services.draft_purchases(team) == []
    ready = make_team(coach, name="Ready", positions=HUMAN_ELEVEN, ready=True)
    assert ready.treasury > 0
    assert services.draft_purchases(ready) == []
