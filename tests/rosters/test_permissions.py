"""Who may change a team, view by view: a visitor is sent to log in, another coach gets 403 and changes
nothing, the team's coach changes it. (The commissioner's column is in test_permissions_commissioner.py.)"""

import pytest
from django.urls import reverse

from rosters import advancement, ledger
from rosters.models import LedgerEntry, Team
from rosters.permissions import Editor
from tests.rosters.helpers import HUMAN_ELEVEN, full_state, get_player, give_spp, make_team, ready_human_team

pytestmark = pytest.mark.django_db


def draft_team(coach):
    return make_team(coach, positions=HUMAN_ELEVEN)


def seasoned_team(coach):
    """Ready, with a Lineman who has SPP to spend and a lasting injury, and a change that may be undone."""
    team = ready_human_team(coach)
    lineman = give_spp(team, get_player(team, "lineman"), 40)
    with ledger.change(team, actor=coach, kind=LedgerEntry.Kind.INJURY, players=[lineman]):
        lineman.lasting_injuries = ["head_injury"]
    return team


def _temporarily_retired(team, coach):
    from rosters import services

    services.retire_player(team=team, actor=coach, player=get_player(team, "lineman"), temporarily=True)


def _pending(team, coach):
    advancement.roll_characteristic(
        team=team, editor=Editor(coach, as_commissioner=False), player=get_player(team, "lineman"), faces=[16]
    )


def _lineman(team):
    return get_player(team, "lineman")


def _url(name, team, player=None):
    kwargs = {"pk": team.pk} | ({"player_pk": player.pk} if player else {})
    return reverse(f"rosters:{name}", kwargs=kwargs)


# Every view that writes: (id, team builder, a step before or None, url, POST data).
WRITES = [
    ("hire", draft_team, None, lambda t: _url("hire", t), {"position": "catcher"}),
    ("fill", make_team, None, lambda t: _url("hire", t), {"lineup": "minimum"}),
    ("fire", draft_team, None, lambda t: _url("fire", t, _lineman(t)), {}),
    ("rerolls", draft_team, None, lambda t: _url("rerolls", t), {"action": "buy"}),
    ("staff", draft_team, None, lambda t: _url("staff", t), {"staff": "cheerleaders", "delta": "1"}),
    ("fans", draft_team, None, lambda t: _url("fans", t), {"dedicated_fans": "2"}),
    ("ready", draft_team, None, lambda t: _url("ready", t), {}),
    ("undo", seasoned_team, None, lambda t: _url("undo", t), {}),
    (
        "rename",
        seasoned_team,
        None,
        lambda t: _url("player", t, _lineman(t)),
        {"name": "Hans", "number": "33"},
    ),
    ("retire", seasoned_team, None, lambda t: _url("retire", t, _lineman(t)), {"temporarily": "on"}),
    (
        "return",
        seasoned_team,
        _temporarily_retired,
        lambda t: _url("return", t, t.players.get(status="temporarily_retired")),
        {},
    ),
    (
        "advance_random",
        seasoned_team,
        None,
        lambda t: _url("advance_random", t, _lineman(t)),
        {"kind": "random_primary", "category": "G", "first_die": "4", "second_die": "1"},
    ),
    (
        "advance_chosen",
        seasoned_team,
        None,
        lambda t: _url("advance_chosen", t, _lineman(t)),
        {"kind": "chosen_primary", "skill": "block"},
    ),
    ("advance_roll", seasoned_team, None, lambda t: _url("advance_roll", t, _lineman(t)), {"d16": "3"}),
    (
        "advance_choose",
        seasoned_team,
        _pending,
        lambda t: _url("advance_choose", t, _lineman(t)),
        {"choice": "characteristic:st"},
    ),
]
WRITE_IDS = [case[0] for case in WRITES]
WRITE_CASES = [case[1:] for case in WRITES]

# Pages only an editor may open: (id, url).
EDITOR_PAGES = [
    ("manage", lambda t: _url("manage", t)),
    ("player", lambda t: _url("player", t, _lineman(t))),
    ("advance", lambda t: _url("advance", t, _lineman(t))),
]


def prepared(builder, prepare, coach):
    team = builder(coach)
    if prepare:
        prepare(team, coach)
    return team


@pytest.mark.parametrize(("builder", "prepare", "url", "data"), WRITE_CASES, ids=WRITE_IDS)
def test_a_visitor_is_sent_to_log_in_and_changes_nothing(client, owner, builder, prepare, url, data):
    team = prepared(builder, prepare, owner)
    before = full_state(team)
    response = client.post(url(team), data)
    assert response.status_code == 302
    assert response.url.startswith(reverse("accounts:login"))
    assert full_state(team) == before


@pytest.mark.parametrize(("builder", "prepare", "url", "data"), WRITE_CASES, ids=WRITE_IDS)
def test_another_coach_is_forbidden_and_changes_nothing(client, owner, outsider, builder, prepare, url, data):
    team = prepared(builder, prepare, owner)
    before = full_state(team)
    client.force_login(outsider)
    response = client.post(url(team), data)
    assert response.status_code == 403
    assert full_state(team) == before


@pytest.mark.parametrize(("builder", "prepare", "url", "data"), WRITE_CASES, ids=WRITE_IDS)
def test_the_coach_changes_the_team(client, owner, builder, prepare, url, data):
    team = prepared(builder, prepare, owner)
    before = full_state(team)
    client.force_login(owner)
    response = client.post(url(team), data)
    assert response.status_code == 302
    after = full_state(team)
    assert after != before
    if after["ledger"] and after["ledger"] != before["ledger"][1:]:
        entry = LedgerEntry.objects.get(pk=after["ledger"][0])
        assert (entry.actor, entry.as_commissioner) == (owner, False)


@pytest.mark.parametrize("url", [case[1] for case in EDITOR_PAGES], ids=[case[0] for case in EDITOR_PAGES])
def test_editor_pages_are_for_the_coach_only(client, owner, outsider, url):
    team = seasoned_team(owner)
    assert client.get(url(team)).url.startswith(reverse("accounts:login"))
    client.force_login(outsider)
    assert client.get(url(team)).status_code == 403
    client.force_login(owner)
    assert client.get(url(team)).status_code == 200


def test_an_unknown_team_or_player_is_not_found(client, owner):
    team = seasoned_team(owner)
    client.force_login(owner)
    assert (
        client.post(reverse("rosters:hire", kwargs={"pk": 999}), {"position": "lineman"}).status_code == 404
    )
    other = seasoned_team(owner)
    player_of_other = get_player(other, "lineman")
    assert client.post(_url("fire", team, player_of_other)).status_code == 404


@pytest.mark.parametrize("path", ["/teams/new/", "/teams/import/"])
def test_creating_or_importing_needs_a_login(client, path):
    response = client.post(path, {"roster": "orc", "name": "X"})
    assert response.url.startswith(reverse("accounts:login"))
    assert not Team.objects.exists()


def test_any_coach_creates_teams_of_their_own(client, outsider):
    client.force_login(outsider)
    client.post("/teams/new/", {"edition": "bb2025", "roster": "orc", "name": "Mine"})
    assert Team.objects.get().coach == outsider


def test_reading_pages_are_public(client, owner):
    team = seasoned_team(owner)
    assert client.get("/teams/").status_code == 200
    assert client.get(_url("team", team)).status_code == 200
    assert client.get(_url("export", team)).status_code == 200
