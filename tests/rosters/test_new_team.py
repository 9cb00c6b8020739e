"""The new-team page: the edition first (the newest by default), then that edition's team lists, its
Leagues and special rules (each once), and its draft numbers."""

import pytest

from rosters.models import Team
from tests.factories import UserFactory
from tests.league.factories import make_league

pytestmark = pytest.mark.django_db


@pytest.fixture
def client_of(client, coach):
    client.force_login(coach)
    return client


def test_the_newest_edition_is_proposed_with_its_numbers(client_of):
    html = client_of.get("/teams/new/").content.decode()
    assert '<option value="bb2025" selected>Blood Bowl (2025 edition)</option>' in html
    assert '<input type="hidden" name="edition" value="bb2025"' in html
    assert "Dedicated Fans: up to 3 at the draft, 5,000 gp each above 1." in html
    assert "Cheerleader: up to 6, 10,000 gp each." in html
    # No League nor special rule before a team list is chosen: they depend on it.
    assert 'name="chosen_league"' not in html
    assert 'name="chosen_rule"' not in html
    assert 'hx-get="/teams/new/"' in html


HX = {"HTTP_HX_REQUEST": "true"}


def test_choosing_a_team_list_offers_its_own_choices_only(client_of):
    html = client_of.get(
        "/teams/new/", {"edition": "bb2025", "roster": "chaos_renegades"}, **HX
    ).content.decode()
    assert "<html" not in html
    assert html.lstrip().startswith('<div id="draft-choices">')
    # The Chaos Renegades' five Favoured of ..., each once; Hashut is the Chaos Chosen's only.
    assert html.count('<option value="favoured_of_khorne">') == 1
    assert html.count("<option value=") == 5 + 1
    assert "favoured_of_hashut" not in html
    assert 'name="chosen_league"' not in html  # one League: nothing to choose


def test_a_team_list_with_several_leagues_offers_them(client_of):
    html = client_of.get("/teams/new/", {"edition": "bb2025", "roster": "norse"}, **HX).content.decode()
    assert '<option value="chaos_clash">Chaos Clash</option>' in html
    assert '<option value="old_world_classic">Old World Classic</option>' in html
    assert 'name="chosen_rule"' not in html


def test_a_team_list_without_choices_offers_none(client_of):
    html = client_of.get("/teams/new/", {"edition": "bb2025", "roster": "human"}, **HX).content.decode()
    assert html.lstrip().startswith('<div id="draft-choices">')
    assert "<select" not in html


def test_without_htmx_the_roster_in_the_address_shows_its_choices(client_of):
    html = client_of.get("/teams/new/", {"edition": "bb2020", "roster": "norse"}).content.decode()
    assert '<option value="norse" selected>' in html
    assert '<option value="old_world_classic">' in html
    assert "<html" in html


def test_another_edition_shows_its_own_lists_and_numbers(client_of):
    html = client_of.get("/teams/new/?edition=bb2020").content.decode()
    assert "Blood Bowl (2020 edition)</h2>" in html
    assert "Dedicated Fans: up to 6 at the draft, 10,000 gp each above 1." in html
    assert 'name="chosen_league"' not in html  # BB2020 rosters choose no League


def test_an_unknown_edition_falls_back_to_the_newest(client_of):
    html = client_of.get("/teams/new/?edition=bb1987").content.decode()
    assert '<input type="hidden" name="edition" value="bb2025"' in html


def test_a_bb2025_team_is_created_with_its_league(client_of, coach):
    data = {"edition": "bb2025", "roster": "norse", "name": "Skol", "chosen_league": "chaos_clash"}
    response = client_of.post("/teams/new/", data)
    assert response.status_code == 302
    team = Team.objects.get(name="Skol")
    assert (team.edition, team.chosen_league, team.coach) == ("bb2025", "chaos_clash", coach)
    assert team.treasury == 1_000_000


def test_a_missing_league_is_a_form_error(client_of):
    data = {"edition": "bb2025", "roster": "norse", "name": "Skol", "chosen_league": ""}
    html = client_of.post("/teams/new/", data).content.decode()
    assert "This team list needs one of its Leagues: Chaos Clash, Old World Classic." in html
    assert '<option value="chaos_clash">' in html  # the field is shown now, with Norse Leagues only
    assert not Team.objects.exists()


def test_a_special_rule_of_another_list_is_refused(client_of):
    data = {
        "edition": "bb2025",
        "roster": "chaos_renegades",
        "name": "R",
        "chosen_rule": "favoured_of_hashut",
    }
    html = client_of.post("/teams/new/", data).content.decode()
    assert "Select a valid choice." in html
    assert html.count("This team list needs one of its special rules") == 0
    assert not Team.objects.exists()


def test_a_choice_the_team_list_does_not_offer_is_not_stored(client_of):
    data = {"edition": "bb2025", "roster": "human", "name": "H", "chosen_league": "chaos_clash"}
    assert client_of.post("/teams/new/", data).status_code == 302
    assert (Team.objects.get().chosen_league, Team.objects.get().chosen_rule) == ("", "")


def test_a_bb2020_team_is_created_in_bb2020(client_of):
    client_of.post("/teams/new/", {"edition": "bb2020", "roster": "orc", "name": "Old"})
    assert Team.objects.get().edition == "bb2020"


def test_anonymous_creation_goes_to_log_in_and_another_coach_creates_their_own(client):
    response = client.post("/teams/new/", {"edition": "bb2025", "roster": "orc", "name": "X"})
    assert "/accounts/" in response.url
    other = UserFactory(username="otto")
    client.force_login(other)
    client.post("/teams/new/", {"edition": "bb2025", "roster": "orc", "name": "X"})
    assert Team.objects.get().coach == other


def test_from_a_league_page_the_team_is_of_the_leagues_edition(client_of, coach):
    make_league(name="Old Timers", slug="old-timers", edition="bb2020")
    html = client_of.get("/teams/new/?league=old-timers").content.decode()
    assert '<input type="hidden" name="edition" value="bb2020"' in html
    assert '<input type="hidden" name="league" value="old-timers">' in html
    assert (
        'For the league <a href="/leagues/old-timers/">Old Timers</a>, which plays Blood Bowl (2020' in html
    )
    data = {"edition": "bb2020", "league": "old-timers", "roster": "orc", "name": "Gouged Eye"}
    response = client_of.post("/teams/new/", data, follow=True)
    assert Team.objects.get().edition == "bb2020"
    assert "Gouged Eye is created: hire your players, mark it ready, then enter it in Old Timers." in (
        response.content.decode()
    )


@pytest.mark.parametrize("slug", ["nowhere", "hidden"])
def test_an_unknown_or_private_league_changes_nothing(client_of, slug):
    make_league(name="Hidden", slug="hidden", edition="bb2020", public=False)
    html = client_of.get(f"/teams/new/?league={slug}").content.decode()
    assert '<input type="hidden" name="edition" value="bb2025"' in html
    assert 'name="league"' not in html
    assert "Hidden" not in html


@pytest.mark.parametrize("edition", [None, "", "bb1999"])
def test_a_team_posted_without_a_known_edition_is_refused(client_of, edition):
    """The page proposes the newest edition; a post must name one: nothing is drafted by default."""
    data = {"roster": "orc", "name": "Nowhere", **({} if edition is None else {"edition": edition})}
    response = client_of.post("/teams/new/", data)
    assert response.status_code == 200
    assert not Team.objects.filter(name="Nowhere").exists()
