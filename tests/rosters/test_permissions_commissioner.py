"""The commissioner's column of the permission matrix: a commissioner of a league the team plays in may
change it, and every change is recorded in the ledger as made by a commissioner."""

import pytest

from league.models import League, Season, SeasonEntry
from rosters.models import LedgerEntry
from tests.factories import UserFactory
from tests.rosters.helpers import full_state
from tests.rosters.test_permissions import EDITOR_PAGES, WRITE_CASES, WRITE_IDS, prepared, seasoned_team
from web.rosters.permissions import editor_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def commissioner(db):
    return UserFactory(username="carla", display_name="Carla the Commissioner")


def enter_in_a_league(team, commissioner, *, slug="old-world-cup"):
    league = League.objects.create(name="Old World Cup", slug=slug, game="blood_bowl", edition=team.edition)
    league.commissioners.add(commissioner)
    season = Season.objects.create(league=league, name="Season 1")
    SeasonEntry.objects.create(season=season, team=team, coach=team.coach)
    return league


@pytest.mark.parametrize(("builder", "prepare", "url", "data"), WRITE_CASES, ids=WRITE_IDS)
def test_the_commissioner_changes_the_team_and_the_ledger_says_so(
    client, owner, commissioner, builder, prepare, url, data
):
    team = prepared(builder, prepare, owner)
    enter_in_a_league(team, commissioner)
    before = full_state(team)
    client.force_login(commissioner)

    response = client.post(url(team), data)

    assert response.status_code == 302
    after = full_state(team)
    assert after != before
    if after["ledger"] == before["ledger"][1:]:
        return  # undo: the entry is gone, nothing new is written
    entry = LedgerEntry.objects.get(pk=after["ledger"][0])
    assert (entry.actor, entry.as_commissioner) == (commissioner, True)


@pytest.mark.parametrize("url", [case[1] for case in EDITOR_PAGES], ids=[case[0] for case in EDITOR_PAGES])
def test_the_commissioner_opens_the_editor_pages(client, owner, commissioner, url):
    team = seasoned_team(owner)
    enter_in_a_league(team, commissioner)
    client.force_login(commissioner)
    assert client.get(url(team)).status_code == 200


def test_a_commissioner_of_another_league_may_not_change_the_team(client, owner, commissioner):
    team = seasoned_team(owner)
    other = League.objects.create(name="Elsewhere", slug="elsewhere", game="blood_bowl", edition=team.edition)
    other.commissioners.add(commissioner)
    assert editor_for(commissioner, team) is None
    client.force_login(commissioner)
    assert client.post(f"/teams/{team.pk}/rerolls/", {"action": "buy"}).status_code == 403


def test_the_draft_page_tells_the_commissioner_changes_are_recorded_as_such(client, owner, commissioner):
    team = seasoned_team(owner)
    enter_in_a_league(team, commissioner)
    client.force_login(commissioner)
    html = client.get(f"/teams/{team.pk}/manage/").content.decode()
    assert "You are changing this team as a league commissioner" in html


def test_the_team_page_marks_the_commissioner_changes(client, owner, commissioner):
    team = seasoned_team(owner)
    enter_in_a_league(team, commissioner)
    client.force_login(commissioner)
    client.post(f"/teams/{team.pk}/rerolls/", {"action": "buy"})
    html = client.get(f"/teams/{team.pk}/").content.decode()
    assert "by commissioner" in html
    assert "Carla the Commissioner" in html
