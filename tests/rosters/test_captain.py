"""Team Captain (BB2025 team rule team_captain, the_teams.md and the FAQ's change of page 155): one
player nominated at the draft, Pro at no cost, fired only after an injury reduced a characteristic,
replaced once removed from the roster. And who may nominate one, view by view."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from rosters import advancement, captain, ledger, ledger_display, lineup, services
from rosters.models import LedgerEntry, Player
from rosters.permissions import Editor
from tests.factories import UserFactory
from tests.rosters.helpers import HUMAN_ELEVEN, bb2025_team, full_state, get_player, give_spp, make_team
from tests.rosters.test_permissions_commissioner import enter_in_a_league

pytestmark = pytest.mark.django_db


def _fresh(obj):
    obj.refresh_from_db()
    return obj


def _extra_lineman(team, coach):
    return services.hire_player(team=team, actor=coach, position="lineman", name="Spare")


def test_a_draft_nominates_a_captain_who_gains_pro_at_no_cost(coach):
    team = bb2025_team(coach)
    lineman = get_player(team, "lineman")
    captain.nominate_captain(team=team, actor=coach, player=lineman)
    lineman = _fresh(lineman)
    assert team.captain == lineman
    assert ("pro", "captain") in [(ref.id, origin) for ref, origin in lineman.all_skills()]
    assert lineman.value == 50_000
    assert _fresh(team).team_value == 695_000


def test_the_captain_may_change_while_drafting_and_only_one_is_captain(coach):
    team = bb2025_team(coach)
    first, second = list(team.players.filter(position="lineman"))[:2]
    captain.nominate_captain(team=team, actor=coach, player=first)
    captain.nominate_captain(team=team, actor=coach, player=second)
    assert list(team.players.filter(is_captain=True)) == [second]


def test_a_draft_is_not_ready_until_it_names_its_captain(coach):
    """The rule: "When drafting, one player who is not a Big Guy is named Team Captain" (issue #26: the
    draft's problems never said so, while every page after nagged for it)."""
    team = bb2025_team(coach)
    needs = "The team needs a Team Captain: nominate one of its players."
    assert services.draft_problems(team) == [needs]
    with pytest.raises(ValidationError, match="needs a Team Captain"):
        services.mark_ready(team=team, actor=coach)
    captain.nominate_captain(team=team, actor=coach, player=get_player(team, "blitzer"))
    assert services.draft_problems(team) == []
    services.mark_ready(team=team, actor=coach)


def test_a_team_without_the_rule_needs_no_captain(coach):
    assert services.draft_problems(make_team(coach, positions=HUMAN_ELEVEN)) == []
    norse = bb2025_team(
        coach, roster="norse", positions=["norse_raider_lineman"] * 11, chosen_league="old_world_classic"
    )
    assert services.draft_problems(norse) == []


def test_the_minimum_lineup_names_a_captain_in_the_same_change(coach):
    team = bb2025_team(coach, positions=[])
    lineup.fill_to_minimum(team=team, actor=coach)
    chosen = team.captain
    assert chosen is not None
    assert chosen.position == "lineman"
    assert services.draft_problems(team) == []
    assert ledger_display.entry_summary(team, team.ledger.first()).endswith(
        f"{chosen.name} is the Team Captain."
    )
    ledger.undo_latest(team, actor=coach)
    assert (team.players.count(), team.captain) == (0, None)


def test_the_minimum_lineup_keeps_a_captain_already_nominated(coach):
    team = bb2025_team(coach, positions=["blitzer"])
    blitzer = get_player(team, "blitzer")
    captain.nominate_captain(team=team, actor=coach, player=blitzer)
    lineup.fill_to_minimum(team=team, actor=coach)
    assert list(team.players.filter(is_captain=True)) == [blitzer]


def test_the_draft_panel_lists_the_missing_captain_and_says_the_lineup_names_one(client, owner):
    client.force_login(owner)
    team = bb2025_team(owner, positions=[])
    html = client.get(reverse("rosters:manage", kwargs={"pk": team.pk})).content.decode()
    assert "The first of them who may be is nominated Team Captain" in html
    team = bb2025_team(owner, name="Nuln Nobles")
    html = client.get(reverse("rosters:manage", kwargs={"pk": team.pk})).content.decode()
    problems = html.split('id="draft-problems"', 1)[1].split("</div>", 1)[0]
    assert "The team needs a Team Captain: nominate one of its players." in problems
    assert 'disabled aria-describedby="draft-problems">Mark ready' in html


def test_a_big_guy_cannot_be_captain(coach):
    team = bb2025_team(coach, positions=["ogre"])
    with pytest.raises(ValidationError, match="cannot be the Team Captain"):
        captain.nominate_captain(team=team, actor=coach, player=get_player(team, "ogre"))


def test_a_bb2020_team_has_no_captain(coach):
    team = make_team(coach, positions=HUMAN_ELEVEN)
    assert not captain.has_captain_rule(team)
    with pytest.raises(ValidationError, match="no Team Captain"):
        captain.nominate_captain(team=team, actor=coach, player=get_player(team, "lineman"))


def test_after_the_draft_the_captain_stays(coach):
    team = bb2025_team(coach)
    first, second = list(team.players.filter(position="lineman"))[:2]
    captain.nominate_captain(team=team, actor=coach, player=first)
    services.mark_ready(team=team, actor=coach)
    with pytest.raises(ValidationError, match="only be changed while drafting"):
        captain.nominate_captain(team=team, actor=coach, player=second)


def test_the_captain_is_fired_only_after_a_characteristic_reducing_injury(coach):
    team = bb2025_team(coach)
    _extra_lineman(team, coach)
    boss = get_player(team, "lineman")
    captain.nominate_captain(team=team, actor=coach, player=boss)
    services.mark_ready(team=team, actor=coach)
    with pytest.raises(ValidationError, match="only be fired after an injury"):
        services.fire_player(team=team, actor=coach, player=_fresh(boss))
    boss = _fresh(boss)
    with ledger.change(team, actor=coach, kind=LedgerEntry.Kind.INJURY, players=[boss]):
        boss.lasting_injuries = ["smashed_knee"]
        boss.ma -= 1
    services.fire_player(team=team, actor=coach, player=boss)
    assert _fresh(boss).status == Player.Status.FIRED


def test_a_dead_captain_is_replaced(coach):
    team = bb2025_team(coach)
    first, second = list(team.players.filter(position="lineman"))[:2]
    captain.nominate_captain(team=team, actor=coach, player=first)
    services.mark_ready(team=team, actor=coach)
    with ledger.change(team, actor=coach, kind=LedgerEntry.Kind.MATCH, players=[first]):
        first.status = Player.Status.DEAD
    assert team.captain is None
    assert captain.may_nominate(team)
    captain.nominate_captain(team=team, actor=coach, player=second)
    assert team.captain == second


# --- who may nominate (the captain view) and keep a random skill (the advance_keep view) ---------------


def _captain_url(team):
    return reverse("rosters:captain", kwargs={"pk": team.pk})


def _keep_url(team, player):
    return reverse("rosters:advance_keep", kwargs={"pk": team.pk, "player_pk": player.pk})


@pytest.fixture
def owner(db):
    return UserFactory(username="olga")


def _drawn(owner):
    """A ready BB2025 team whose Lineman drew Block and Dauntless and has yet to keep one."""
    team = bb2025_team(owner, ready=True)
    lineman = give_spp(team, get_player(team, "lineman"), 20)
    advancement.take_random_skill(
        team=team,
        editor=Editor(owner, as_commissioner=False),
        player=lineman,
        kind="random_primary",
        category="G",
        faces=[1, 1, 1, 2],
    )
    return team, _fresh(lineman)


@pytest.mark.parametrize("view", ["captain", "advance_keep"])
def test_a_visitor_and_another_coach_change_nothing(client, owner, view):
    if view == "captain":
        team = bb2025_team(owner)
        url, data = _captain_url(team), {"player": get_player(team, "lineman").pk}
    else:
        team, lineman = _drawn(owner)
        url, data = _keep_url(team, lineman), {"skill": "block"}
    before = full_state(team)
    response = client.post(url, data)
    assert response.url.startswith(reverse("accounts:login"))
    client.force_login(UserFactory(username="otto"))
    assert client.post(url, data).status_code == 403
    assert full_state(team) == before


def test_the_owner_nominates_the_captain(client, owner):
    team = bb2025_team(owner)
    lineman = get_player(team, "lineman")
    client.force_login(owner)
    response = client.post(_captain_url(team), {"player": lineman.pk})
    assert response.status_code == 302
    assert _fresh(lineman).is_captain


def test_the_owner_keeps_a_random_skill(client, owner):
    team, lineman = _drawn(owner)
    client.force_login(owner)
    assert client.post(_keep_url(team, lineman), {"skill": "dauntless"}).status_code == 302
    assert _fresh(lineman).advancements[-1]["skill"] == "dauntless"


def test_a_commissioner_nominates_and_the_ledger_says_so(client, owner):
    team = bb2025_team(owner)
    commissioner = UserFactory(username="carla")
    enter_in_a_league(team, commissioner)
    lineman = get_player(team, "lineman")
    client.force_login(commissioner)
    assert client.post(_captain_url(team), {"player": lineman.pk}).status_code == 302
    entry = team.ledger.first()
    assert (entry.actor, entry.as_commissioner, _fresh(lineman).is_captain) == (commissioner, True, True)


def test_a_commissioner_keeps_a_random_skill(client, owner):
    team, lineman = _drawn(owner)
    commissioner = UserFactory(username="carla")
    enter_in_a_league(team, commissioner)
    client.force_login(commissioner)
    assert client.post(_keep_url(team, lineman), {"skill": "block"}).status_code == 302
    assert team.ledger.first().as_commissioner


def test_the_team_page_offers_the_captain_form_to_its_coach(client, owner):
    team = bb2025_team(owner)
    client.force_login(owner)
    html = client.get(reverse("rosters:team", kwargs={"pk": team.pk})).content.decode()
    assert "Blood Bowl (2025 edition)" in html
    assert f'action="/teams/{team.pk}/captain/"' in html


def test_the_ledger_names_the_captain_and_the_skills_drawn(client, owner):
    team, _lineman = _drawn(owner)
    summary = ledger_display.entry_summary(team, team.ledger.first())
    assert "drew Block, Dauntless at random: one is to be kept." in summary
    draft = bb2025_team(owner)
    captain.nominate_captain(team=draft, actor=owner, player=get_player(draft, "thrower"))
    assert ledger_display.entry_summary(draft, draft.ledger.first()).endswith("is the Team Captain.")
