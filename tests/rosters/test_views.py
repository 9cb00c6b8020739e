"""The roster pages, as a coach sees them: what they show and what their forms change."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from rosters import ledger, services, team_json
from rosters.models import LedgerEntry, Player, Team
from tests.factories import UserFactory
from tests.rosters.helpers import HUMAN_ELEVEN, get_player, give_spp, make_team, ready_human_team

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def client_of(client, coach):
    client.force_login(coach)
    return client


def _url(name, team, player=None):
    kwargs = {"pk": team.pk}
    if player is not None:
        kwargs["player_pk"] = player.pk
    return reverse(f"rosters:{name}", kwargs=kwargs)


def _messages(response):
    return [str(m) for m in response.context["messages"]] if response.context else []


# --- lists and creation -------------------------------------------------------------------------------


def test_team_list_shows_my_teams_and_all_teams(client_of, coach):
    make_team(coach, name="Reikland Reavers")
    make_team(UserFactory(username="rival", display_name="Rival"), roster="orc", name="Gouged Eye")
    html = client_of.get("/teams/").content.decode()
    mine, everyone = html.split('id="all-teams"')
    assert "Reikland Reavers" in mine
    assert "Gouged Eye" not in mine
    assert "Reikland Reavers" in everyone
    assert "Gouged Eye" in everyone
    assert "Orc" in everyone
    assert "Rival" in everyone


def test_team_list_for_a_visitor_shows_all_teams_only(client, coach):
    make_team(coach)
    html = client.get("/teams/").content.decode()
    assert "My teams" not in html
    assert "Reikland Reavers" in html


def test_new_team_page_groups_team_lists_by_tier_in_the_active_language(client_of):
    html = client_of.get("/teams/new/?edition=bb2020").content.decode()
    assert '<optgroup label="Tier 1">' in html
    assert '<optgroup label="Tier 3">' in html
    assert '<option value="human">Human</option>' in html
    # The special rules of the chosen team list only, each once.
    html_norse = client_of.get("/teams/new/?edition=bb2020&roster=norse").content.decode()
    assert html_norse.count('<option value="favoured_of_khorne">Favoured of Khorne</option>') == 1
    assert "favoured_of_nurgle" not in html_norse
    client_of.cookies["django_language"] = "fr"
    html = client_of.get("/teams/new/?edition=bb2020").content.decode()
    assert '<option value="human">Humains</option>' in html


def test_new_team_creates_a_draft_and_opens_the_draft_page(client_of, coach):
    response = client_of.post(
        "/teams/new/", {"edition": "bb2025", "roster": "orc", "name": "Gouged Eye", "chosen_rule": ""}
    )
    team = Team.objects.get(name="Gouged Eye")
    assert response.status_code == 302
    assert response.url == _url("manage", team)
    assert (team.coach, team.roster, team.status) == (coach, "orc", "draft")


def test_new_team_of_a_list_with_rule_options_needs_one(client_of):
    response = client_of.post(
        "/teams/new/", {"edition": "bb2025", "roster": "chaos_chosen", "name": "Spiky", "chosen_rule": ""}
    )
    assert "This team list needs one of its special rules" in response.content.decode()
    assert not Team.objects.exists()
    client_of.post(
        "/teams/new/",
        {"edition": "bb2025", "roster": "chaos_chosen", "name": "Spiky", "chosen_rule": "favoured_of_khorne"},
    )
    assert Team.objects.get().chosen_rule == "favoured_of_khorne"


# --- the draft panel ----------------------------------------------------------------------------------


def test_draft_page_lists_positions_with_cost_count_and_add(client_of, coach):
    team = make_team(coach, positions=["ogre", "blitzer"])
    html = client_of.get(_url("manage", team)).content.decode()
    assert "Human Blitzer" in html
    assert "85,000" in html
    assert "1 / 4" in html
    assert 'aria-label="Add a Human Blitzer">' in html
    # The Ogre slot is full: its button is disabled and says why.
    assert 'aria-label="Add a Ogre" disabled aria-describedby="reason-ogre"' in html
    assert "This team may have at most 1 of this position." in html
    assert "The team needs at least 11 players (it has 2)." in html
    assert "Mark ready</button>" in html
    assert 'disabled aria-describedby="draft-problems">Mark ready' in html


def test_adding_a_player_with_htmx_returns_the_panel_only(client_of, coach):
    team = make_team(coach)
    response = client_of.post(_url("hire", team), {"position": "blitzer"}, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert html.lstrip().startswith('<section id="team-panel"')
    player = team.players.get()
    assert f"Hired {player.name} (Human Blitzer) for 85,000 gp." in html
    assert "915,000" in html
    assert player.position == "blitzer"


def test_adding_a_player_without_javascript_redirects_back_with_a_message(client_of, coach):
    team = make_team(coach)
    response = client_of.post(_url("hire", team), {"position": "lineman"}, follow=True)
    assert response.redirect_chain == [(_url("manage", team), 302)]
    assert f"Hired {team.players.get().name} (Human Lineman) for 50,000 gp." in _messages(response)


def test_adding_a_player_the_rules_refuse_says_why_and_changes_nothing(client_of, coach):
    team = make_team(coach, positions=["ogre"])
    response = client_of.post(_url("hire", team), {"position": "ogre"}, follow=True)
    assert "Position: This team may have at most 1 of this position." in _messages(response)
    assert team.players.count() == 1


def test_removing_a_player_at_the_draft_refunds_him(client_of, coach):
    team = make_team(coach, positions=["blitzer"])
    player = get_player(team)
    html = client_of.post(_url("fire", team, player), **HTMX).content.decode()
    assert f"Removed {player.name}; 85,000 gp back in the budget." in html
    assert not team.players.exists()


def test_panel_rerolls_fans_and_staff(client_of, coach):
    team = make_team(coach)
    client_of.post(_url("rerolls", team), {"action": "buy"})
    client_of.post(_url("fans", team), {"dedicated_fans": "3"})
    client_of.post(_url("staff", team), {"staff": "apothecary", "delta": "1"})
    client_of.post(_url("staff", team), {"staff": "cheerleaders", "delta": "1"})
    html = client_of.post(
        _url("staff", team), {"staff": "assistant_coaches", "delta": "1"}, **HTMX
    ).content.decode()
    team.refresh_from_db()
    assert (
        team.rerolls,
        team.dedicated_fans,
        team.apothecary,
        team.cheerleaders,
        team.assistant_coaches,
    ) == (
        1,
        3,
        True,
        1,
        1,
    )
    assert team.treasury == 1_000_000 - 50_000 - 20_000 - 50_000 - 10_000 - 10_000
    assert "Hired: Assistant Coach." in html
    assert '<option value="3" selected>3</option>' in html


def test_panel_says_when_an_apothecary_is_not_allowed(client_of, coach):
    team = make_team(coach, roster="tomb_kings", name="Dusty")
    html = client_of.get(_url("manage", team)).content.decode()
    assert "not allowed for this team list" in html
    response = client_of.post(_url("staff", team), {"staff": "apothecary", "delta": "1"}, follow=True)
    assert "This team may not hire an apothecary." in _messages(response)


def test_mark_ready_opens_the_team_page(client_of, coach):
    team = make_team(coach, positions=HUMAN_ELEVEN)
    html = client_of.get(_url("manage", team)).content.decode()
    assert "The team follows every rule: it can be marked ready." in html
    response = client_of.post(_url("ready", team))
    assert response.url == _url("team", team)
    team.refresh_from_db()
    assert team.status == "ready"


def test_mark_ready_with_htmx_redirects_the_browser(client_of, coach):
    team = make_team(coach, positions=HUMAN_ELEVEN)
    response = client_of.post(_url("ready", team), **HTMX)
    assert response["HX-Redirect"] == _url("team", team)


def test_mark_ready_of_a_broken_team_lists_every_problem(client_of, coach):
    team = make_team(coach, positions=["lineman"])
    html = client_of.post(_url("ready", team), **HTMX).content.decode()
    assert "The team needs at least 11 players (it has 1)." in html
    team.refresh_from_db()
    assert team.is_draft


def test_between_matches_hire_uses_the_treasury_and_rerolls_cost_double(client_of, coach):
    team = ready_human_team(coach)
    html = client_of.get(_url("manage", team)).content.decode()
    assert "Between matches" in html
    assert "Price now: 100,000 gp." in html
    assert "Dedicated fans (10,000" not in html
    client_of.post(_url("hire", team), {"position": "catcher"})
    client_of.post(_url("rerolls", team), {"action": "buy"})
    team.refresh_from_db()
    assert team.treasury == 320_000 - 65_000 - 100_000
    Team.objects.filter(pk=team.pk).update(treasury=60_000)
    response = client_of.post(_url("hire", team), {"position": "catcher"}, follow=True)
    assert "Position: The treasury cannot pay for this player." in _messages(response)


# --- the team page ------------------------------------------------------------------------------------


@pytest.fixture
def sheet_team(coach):
    team = ready_human_team(coach)
    blitzer = give_spp(team, get_player(team, "blitzer"), 3 + 20)
    from rosters import advancement
    from rosters.permissions import Editor

    editor = Editor(coach, as_commissioner=False)
    advancement.take_random_skill(
        team=team, editor=editor, player=blitzer, kind="random_primary", category="G", faces=[4, 5]
    )
    advancement.roll_characteristic(team=team, editor=editor, player=blitzer, faces=[16])
    blitzer.refresh_from_db()
    advancement.choose_characteristic(team=team, editor=editor, player=blitzer, characteristic="ag")
    catcher = get_player(team, "catcher")
    with ledger.change(team, actor=coach, kind=LedgerEntry.Kind.INJURY, players=[catcher]):
        catcher.miss_next_game = True
        catcher.niggling_injuries = 1
        catcher.lasting_injuries = ["smashed_knee"]
        catcher.ma = 7
    return team


def test_team_page_shows_the_roster_sheet(client, sheet_team):
    html = client.get(_url("team", sheet_team)).content.decode()
    blitzer = get_player(sheet_team, "blitzer")
    row = html.split(f'id="player-{blitzer.pk}"')[1].split("</tr>")[0]
    assert blitzer.name in row
    assert "Human Blitzer" in row
    assert (
        'class="num stat-up" data-label="AG">2+<span class="visually-hidden"> (improved from 3+)</span>'
        in row
    )
    assert "Block" in row
    assert 'class="skill-gained">Tackle <span class="skill-origin">(Random Primary skill)</span>' in row
    assert "135,000" in row  # 85,000 + 10,000 for a random primary skill + 40,000 for AG
    catcher = get_player(sheet_team, "catcher")
    row = html.split(f'id="player-{catcher.pk}"')[1].split("</tr>")[0]
    assert (
        'class="num stat-down" data-label="MA">7<span class="visually-hidden"> (reduced from 8)</span>' in row
    )
    assert ">MNG</abbr>" in row
    assert "1 niggling injury" in row
    assert "Smashed Knee" in row


def test_team_page_shows_the_team_panel(client, sheet_team):
    html = client.get(_url("team", sheet_team)).content.decode()
    sheet_team.refresh_from_db()
    assert sheet_team.team_value == 680_000 + 10_000 + 40_000
    assert sheet_team.current_team_value == sheet_team.team_value - 65_000
    assert "<dd>730,000</dd>" in html
    assert "<dd>665,000</dd>" in html
    assert "<dd>320,000</dd>" in html
    assert "Old World Classic" in html


def test_team_page_shows_the_ledger_as_a_timeline(client, sheet_team):
    html = client.get(_url("team", sheet_team) + "?ledger=all").content.decode()
    ledger_html = html.split('id="ledger-heading"')[1]
    assert "Team created from the Human team list with 1,000,000 gp." in ledger_html
    first = sheet_team.players.get(number=1)
    assert f"Hired {first.name} (Human Lineman) for 50,000 gp." in ledger_html
    assert "Treasury: 1,000,000 → 950,000" in ledger_html
    assert "-50,000 gp" in ledger_html
    assert "gained Tackle (Random Primary skill) for 3 SPP. 2D6: 4, 5 (entered)" in ledger_html
    assert "Coach Kim" in ledger_html
    assert "by commissioner" not in ledger_html


def test_team_page_marks_changes_made_by_a_commissioner(client, sheet_team):
    LedgerEntry.objects.filter(team=sheet_team, kind="advancement").update(as_commissioner=True)
    html = client.get(_url("team", sheet_team)).content.decode()
    assert "by commissioner" in html


def test_team_page_offers_undo_to_its_coach_only(client_of, coach, sheet_team):
    services.buy_reroll(team=sheet_team, actor=coach)
    assert "Undo the last change" not in Client().get(_url("team", sheet_team)).content.decode()
    html = client_of.get(_url("team", sheet_team)).content.decode()
    assert "Undo the last change" in html
    assert "Bought a team re-roll for 100,000 gp." in html
    response = client_of.post(_url("undo", sheet_team), follow=True)
    assert "Undone: Bought a team re-roll for 100,000 gp." in _messages(response)
    sheet_team.refresh_from_db()
    assert (sheet_team.rerolls, sheet_team.treasury) == (0, 320_000)


def test_team_page_says_when_there_is_nothing_to_undo(client_of, coach):
    team = make_team(coach)
    assert "Undo the last change" not in client_of.get(_url("team", team)).content.decode()
    response = client_of.post(_url("undo", team), follow=True)
    assert "There is nothing to undo since the last match." in _messages(response)


def test_team_page_of_a_long_ledger_links_to_the_whole_of_it(client, coach):
    team = make_team(coach, positions=["lineman"] * 16)
    html = client.get(_url("team", team)).content.decode()
    assert (
        html.count("(Human Lineman) for 50,000 gp.") == 20 - 0
        and "The whole ledger" in html
        or html.count("(Human Lineman) for 50,000 gp.") == 16
    )
    html = client.get(_url("team", team) + "?ledger=all").content.decode()
    assert "Team created from the Human team list" in html


# --- players and advancement --------------------------------------------------------------------------


def test_player_page_renames_and_renumbers(client_of, coach):
    team = ready_human_team(coach)
    player = get_player(team, "thrower")
    drafted_name = player.name
    html = client_of.get(_url("player", team, player)).content.decode()
    assert "Human Thrower" in html
    assert "Sure Hands" in html
    response = client_of.post(_url("player", team, player), {"name": "Hans", "number": "12"}, follow=True)
    player.refresh_from_db()
    assert (player.name, player.number) == ("Hans", 12)
    assert f"{drafted_name} is now #12 Hans." in _messages(response)


def test_player_page_refuses_a_number_already_taken(client_of, coach):
    team = ready_human_team(coach)
    player = get_player(team, "thrower")
    response = client_of.post(_url("player", team, player), {"name": "Hans", "number": "1"})
    assert "Number 1 is already taken." in response.content.decode()
    player.refresh_from_db()
    assert player.name != "Hans"


def test_player_retires_temporarily_and_comes_back(client_of, coach):
    team = ready_human_team(coach)
    player = get_player(team, "lineman")
    response = client_of.post(_url("retire", team, player), {"temporarily": "on"}, follow=True)
    assert "Only a player with a lasting injury may retire temporarily." in _messages(response)
    Player.objects.filter(pk=player.pk).update(lasting_injuries=["head_injury"])
    html = client_of.get(_url("player", team, player)).content.decode()
    assert "Retire temporarily" in html
    client_of.post(_url("retire", team, player), {"temporarily": "on"})
    player.refresh_from_db()
    assert player.status == "temporarily_retired"
    assert "Back from retirement" in client_of.get(_url("player", team, player)).content.decode()
    client_of.post(_url("return", team, player))
    player.refresh_from_db()
    assert player.status == "active"


def test_player_retires_for_good(client_of, coach):
    team = ready_human_team(coach)
    player = get_player(team, "lineman")
    client_of.post(_url("retire", team, player))
    player.refresh_from_db()
    assert player.status == "retired"
    html = client_of.get(_url("team", team)).content.decode()
    assert "Former players" in html


def test_advancement_page_lists_options_with_their_spp_costs(client_of, coach):
    team = ready_human_team(coach)
    player = give_spp(team, get_player(team, "lineman"), 7)
    html = client_of.get(_url("advance", team, player)).content.decode()
    assert "Random Primary skill" in html
    assert "Chosen Secondary skill" in html
    assert "Random characteristic improvement" in html
    assert "Needs 12 SPP; the player has 7." in html
    assert "Needs 18 SPP; the player has 7." in html
    assert '<option value="G">General</option>' in html
    # The chosen skill selects list allowed skills the player does not have.
    assert '<option value="block">Block</option>' in html
    assert '<option value="dodge">Dodge</option>' not in html  # Agility is a secondary of a Lineman


def test_random_skill_with_entered_dice_through_the_page(client_of, coach):
    team = ready_human_team(coach)
    player = give_spp(team, get_player(team, "lineman"), 3)
    response = client_of.post(
        _url("advance_random", team, player),
        {"kind": "random_primary", "category": "G", "first_die": "1", "second_die": "1"},
        follow=True,
    )
    player.refresh_from_db()
    assert player.advancements[0]["skill"] == "block"
    assert f"{player.name} gained Block (Random Primary skill) for 3 SPP. 2D6: 1, 1 (entered)" in (
        _messages(response)
    )


def test_random_skill_rolled_by_dugout_through_the_page(client_of, coach, monkeypatch):
    import random

    from rulebook.dice import Dice

    monkeypatch.setattr("web.rosters.forms.advancement.Dice", lambda: Dice(random.Random(11)))
    team = ready_human_team(coach)
    player = give_spp(team, get_player(team, "lineman"), 3)
    response = client_of.post(
        _url("advance_random", team, player), {"kind": "random_primary", "category": "G"}, follow=True
    )
    player.refresh_from_db()
    assert len(player.advancements) == 1
    assert "(rolled by Dugout)" in _messages(response)[0]


def test_random_skill_with_one_die_only_is_refused(client_of, coach):
    team = ready_human_team(coach)
    player = give_spp(team, get_player(team, "lineman"), 3)
    response = client_of.post(
        _url("advance_random", team, player), {"kind": "random_primary", "category": "G", "first_die": "3"}
    )
    assert "Enter both dice, or leave both empty to let Dugout roll." in response.content.decode()
    player.refresh_from_db()
    assert player.advancements == []


def test_chosen_skill_through_the_page(client_of, coach):
    team = ready_human_team(coach)
    player = give_spp(team, get_player(team, "lineman"), 12)
    client_of.post(_url("advance_chosen", team, player), {"kind": "chosen_secondary", "skill": "dodge"})
    player.refresh_from_db()
    assert player.advancements == [{"kind": "chosen_secondary", "skill": "dodge", "spp": 12}]


def test_characteristic_through_the_page_roll_then_choose(client_of, coach):
    team = ready_human_team(coach)
    player = give_spp(team, get_player(team, "lineman"), 18)
    client_of.post(_url("advance_roll", team, player), {"d16": "14"})
    html = client_of.get(_url("advance", team, player)).content.decode()
    assert "The D16 came up 14." in html
    assert '<option value="characteristic:ag">Agility</option>' in html
    assert '<option value="characteristic:ma">' not in html
    assert '<option value="skill:block">Block</option>' in html
    client_of.post(_url("advance_choose", team, player), {"choice": "characteristic:ag"})
    player.refresh_from_db()
    assert (player.ag, player.pending_advancement, player.spp) == (2, None, 0)


# --- import and export ------------------------------------------------------------------------------


def test_export_downloads_the_team_as_json(client, coach):
    team = ready_human_team(coach, name="Reikland Reavers")
    response = client.get(_url("export", team))
    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="reikland-reavers.json"'
    assert json.loads(response.content) == team_json.export_team(team)


def test_import_page_creates_a_team_for_the_current_user(client_of, coach):
    other = UserFactory(username="other")
    source = ready_human_team(other, name="Copied")
    upload = SimpleUploadedFile("team.json", json.dumps(team_json.export_team(source)).encode())
    response = client_of.post("/teams/import/", {"file": upload})
    team = Team.objects.filter(coach=coach).get()
    assert response.url == _url("team", team)
    assert team.ledger.get().kind == "import"


def test_import_page_lists_the_problems_and_creates_nothing(client_of, coach):
    data = team_json.export_team(ready_human_team(UserFactory(username="other")))
    data["players"][0]["position"] = "wizard"
    upload = SimpleUploadedFile("team.json", json.dumps(data).encode())
    html = client_of.post("/teams/import/", {"file": upload}).content.decode()
    assert "Unknown position “wizard” for the Human team list." in html
    assert not Team.objects.filter(coach=coach).exists()


def test_import_page_refuses_a_file_that_is_not_json(client_of, coach):
    upload = SimpleUploadedFile("team.json", b"not json")
    html = client_of.post("/teams/import/", {"file": upload}).content.decode()
    assert "The file is not JSON" in html


@pytest.mark.parametrize("content", ["9" * 5000, "[" * 100_000 + "]" * 100_000], ids=["long number", "deep"])
def test_import_page_refuses_json_python_cannot_read_and_creates_nothing(client_of, coach, content):
    upload = SimpleUploadedFile("team.json", content.encode())
    response = client_of.post("/teams/import/", {"file": upload})
    assert response.status_code == 200
    assert "The file is not JSON" in response.content.decode()
    assert not Team.objects.filter(coach=coach).exists()


@pytest.mark.parametrize("language", ["en", "fr", "de", "ko", "es", "it", "pt", "el"])
def test_roster_pages_name_rules_in_the_active_language(client_of, coach, language):
    from rulebook.edition import get_edition

    team = ready_human_team(coach)
    edition = get_edition("bb2020")
    client_of.cookies["django_language"] = language
    html = client_of.get(_url("team", team)).content.decode()
    assert edition.name(team.rules.position("blitzer"), language) in html
    assert edition.text("dedicated_fans.name", language) in html
    html = client_of.get(_url("manage", team)).content.decode()
    assert edition.name(team.rules.position("ogre"), language) in html
    html = client_of.get(_url("advance", team, get_player(team, "lineman"))).content.decode()
    assert edition.text("table.advancement_costs.characteristic.name", language) in html


def test_mark_ready_says_how_much_gold_is_unspent_and_links_to_what_it_buys(client_of, coach):
    team = make_team(coach, positions=HUMAN_ELEVEN)
    html = client_of.get(_url("manage", team)).content.decode()
    assert 'aria-describedby="unspent">Mark ready</button>' in html  # not disabled: a question
    unspent = html.split('<p id="unspent">', 1)[1].split("</p>", 1)[0]
    assert "320,000 gp unspent" in unspent
    for anchor in ("hire-heading", "rerolls-heading", "staff-heading", "fans-heading"):
        assert f'href="#{anchor}"' in unspent
        assert f'id="{anchor}"' in html
    services.set_dedicated_fans(team=team, actor=coach, dedicated_fans=6)
    team.refresh_from_db()
    html = client_of.get(_url("manage", team)).content.decode()
    assert "270,000 gp unspent" in html
    assert 'href="#fans-heading"' not in html


def test_the_unspent_gold_is_not_mentioned_while_the_draft_breaks_a_rule(client_of, coach):
    team = make_team(coach, positions=["lineman"] * 3)
    html = client_of.get(_url("manage", team)).content.decode()
    assert 'id="unspent"' not in html
