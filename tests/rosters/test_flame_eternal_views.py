"""The Spectacle of the Flame Eternal on the team pages: drafting for such a league (its 1,100,000 gp,
its Elven gods), and choosing a team's god, which only its coach may do, until its first match."""

import pytest

from league.models import SeasonEntry
from rosters.models import Team
from tests.factories import UserFactory
from tests.league.factories import make_league, make_season
from tests.rosters.helpers import give_spp, make_team

pytestmark = pytest.mark.django_db

FLAME = ["flame_eternal"]


@pytest.fixture
def client_of(client, coach):
    client.force_login(coach)
    return client


@pytest.fixture
def flame_league(db):
    return make_league(name="Ulthuan Games", slug="ulthuan", edition="bb2025", optional_rules=FLAME)


def _elves(coach, god="vaul", **kwargs):
    return make_team(
        coach, edition="bb2025", roster="dark_elf", optional_rules=FLAME, dedication_id=god, **kwargs
    )


# --- drafting for the league ---------------------------------------------------------------------------


def test_drafting_for_a_flame_eternal_league_offers_its_budget_and_gods(client_of, flame_league):
    html = client_of.get("/teams/new/?league=ulthuan").content.decode()
    assert "with a budget of 1,100,000 gold pieces" in html
    assert 'name="dedication"' in html
    assert '<option value="khaine">Khaine</option>' in html
    assert "&quot;league&quot;: &quot;ulthuan&quot;" in html  # choosing a team list keeps the league (htmx)


def test_a_team_drafted_for_the_league_gets_its_budget_and_god(client_of, coach, flame_league):
    data = {
        "edition": "bb2025",
        "league": "ulthuan",
        "roster": "dark_elf",
        "name": "Naggaroth Nightmares",
        "dedication": "kurnous",
        "dedication_position": "witch_elf",
    }
    client_of.post("/teams/new/", data)
    team = Team.objects.get()
    assert (team.treasury, team.dedication, team.dedication_position) == (1_100_000, "kurnous", "witch_elf")


def test_only_elven_kingdoms_league_team_lists_are_offered_and_taken(client_of, flame_league):
    html = client_of.get("/teams/new/?league=ulthuan").content.decode()
    for roster in ("dark_elf", "elven_union", "high_elf", "wood_elf"):
        assert f'<option value="{roster}">' in html
    assert '<option value="human">' not in html
    data = {
        "edition": "bb2025",
        "league": "ulthuan",
        "roster": "human",
        "name": "Altdorf",
        "dedication": "vaul",
    }
    response = client_of.post("/teams/new/", data)
    assert response.status_code == 200
    assert not Team.objects.exists()


def test_drafting_for_no_league_asks_for_no_god(client_of):
    html = client_of.get("/teams/new/?edition=bb2025&roster=dark_elf").content.decode()
    assert 'name="dedication"' not in html
    assert "with a budget of 1,000,000 gold pieces" in html


# --- the team page: who may choose the god ---------------------------------------------------------------


def test_the_coach_sees_the_god_and_changes_it(client_of, coach):
    team = _elves(coach, "vaul")
    html = client_of.get(f"/teams/{team.pk}/").content.decode()
    assert "Dedicated to Vaul for the whole league." in html
    assert f'action="/teams/{team.pk}/dedication/"' in html
    client_of.post(
        f"/teams/{team.pk}/dedication/", {"dedication": "khaine", "dedication_position": "blitzer"}
    )
    team.refresh_from_db()
    assert (team.dedication, team.dedication_position) == ("khaine", "blitzer")
    html = client_of.get(f"/teams/{team.pk}/").content.decode()
    assert "Dedicated to Khaine for the whole league." in html
    assert "Brawlin" in html  # Khaine's team rule, among the team's special rules


def test_after_the_first_match_the_god_is_kept(client_of, coach):
    team = _elves(coach, "vaul", positions=["lineman"])
    give_spp(team, team.players.get(), 1)  # a match in the ledger
    html = client_of.get(f"/teams/{team.pk}/").content.decode()
    assert "Dedicated to Vaul" in html
    assert "/dedication/" not in html
    response = client_of.post(f"/teams/{team.pk}/dedication/", {"dedication": "isha"}, follow=True)
    assert "A team keeps its dedication once it has played a match." in response.content.decode()
    team.refresh_from_db()
    assert team.dedication == "vaul"


def test_a_commissioner_of_the_teams_league_may_not_choose_its_god(client, coach, flame_league):
    team = _elves(coach, "vaul")
    Team.objects.filter(pk=team.pk).update(status=Team.Status.READY)
    season, _entries = make_season(flame_league)
    SeasonEntry.objects.create(season=season, team=team, name=team.name, coach=coach, status="accepted")
    commissioner = UserFactory(username="comm")
    flame_league.commissioners.add(commissioner)
    client.force_login(commissioner)
    assert "/dedication/" not in client.get(f"/teams/{team.pk}/").content.decode()
    response = client.post(f"/teams/{team.pk}/dedication/", {"dedication": "isha"})
    assert response.status_code == 403
    team.refresh_from_db()
    assert team.dedication == "vaul"


def test_another_coach_and_a_visitor_may_not_choose_a_teams_god(client, coach):
    team = _elves(coach, "vaul")
    response = client.post(f"/teams/{team.pk}/dedication/", {"dedication": "isha"})
    assert "/accounts/" in response.url
    client.force_login(UserFactory(username="otto"))
    assert client.post(f"/teams/{team.pk}/dedication/", {"dedication": "isha"}).status_code == 403
    team.refresh_from_db()
    assert team.dedication == "vaul"


def test_a_team_no_such_league_would_take_shows_no_dedication(client_of, coach):
    team = make_team(coach, edition="bb2025", roster="human")
    html = client_of.get(f"/teams/{team.pk}/").content.decode()
    assert 'id="team-dedication"' not in html


def test_choosing_a_team_list_offers_the_types_a_god_may_favour(client_of, flame_league):
    html = client_of.get(
        "/teams/new/",
        {"edition": "bb2025", "roster": "dark_elf", "league": "ulthuan"},
        HTTP_HX_REQUEST="true",
    ).content.decode()
    assert html.lstrip().startswith('<div id="draft-choices">')
    assert 'name="dedication"' in html
    # Runner and Special types (Kurnous), Blitzer and Special types (Khaine); never the Linemen.
    for position in ("runner", "assassin", "blitzer", "witch_elf"):
        assert f'<option value="{position}">' in html
    assert '<option value="lineman">' not in html
