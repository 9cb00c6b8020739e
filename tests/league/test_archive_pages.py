"""The league archive's pages (web.league.views.archive): the commissioner's download, and the upload a
site administrator makes a league of; who may do each."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from league import archive
from league.models import League
from rosters.models import Team
from tests.factories import UserFactory
from tests.league.factories import make_league, make_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def league(commissioner):
    league = make_league(commissioner=commissioner, name="Old World Bowl")
    make_season(league, teams=4)
    return league


def _upload(document):
    return SimpleUploadedFile("league.json", json.dumps(document).encode(), content_type="application/json")


def test_the_commissioner_downloads_the_whole_league_from_its_settings(client, commissioner, league):
    client.force_login(commissioner)
    url = reverse("league:export", args=[league.slug])
    assert url in client.get(reverse("league:settings", args=[league.slug])).content.decode()
    response = client.get(url)
    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert f'filename="{league.slug}.json"' in response["Content-Disposition"]
    assert json.loads(response.content) == json.loads(json.dumps(archive.export_league(league)))


@pytest.mark.parametrize("who", ["visitor", "coach", "member"])
def test_only_a_commissioner_downloads_the_league(client, league, who):
    if who != "visitor":
        user = UserFactory()
        if who == "member":
            league.members.add(user)
        client.force_login(user)
    response = client.get(reverse("league:export", args=[league.slug]))
    assert response.status_code == (302 if who == "visitor" else 403)


def test_a_site_administrator_imports_a_league_file(client, league):
    document = archive.export_league(league)
    league.delete()
    admin = UserFactory(is_staff=True)
    client.force_login(admin)
    assert reverse("league:import") in client.get(reverse("league:list")).content.decode()
    assert client.get(reverse("league:import")).status_code == 200

    response = client.post(reverse("league:import"), {"file": _upload(document)})

    imported = League.objects.get(slug=document["league"]["slug"])
    assert response.url == reverse("league:detail", args=[imported.slug])
    assert imported.seasons.get().entries.count() == 4


def test_a_wrong_league_file_is_refused_and_creates_nothing(client, league):
    client.force_login(UserFactory(is_staff=True))
    response = client.post(
        reverse("league:import"),
        {"file": SimpleUploadedFile("league.json", b"{not json", "application/json")},
    )
    assert response.status_code == 200
    assert "The file is not JSON" in response.content.decode()
    taken = archive.export_league(league)  # its slug is taken on this site
    response = client.post(reverse("league:import"), {"file": _upload(taken)})
    assert response.status_code == 200
    assert League.objects.count() == 1


@pytest.mark.parametrize("who", ["visitor", "commissioner", "coach"])
def test_only_a_site_administrator_may_import_a_league(client, commissioner, league, who):
    document = archive.export_league(league)
    league.delete()
    if who == "commissioner":
        client.force_login(commissioner)
    elif who == "coach":
        client.force_login(UserFactory())
    for response in (
        client.get(reverse("league:import")),
        client.post(reverse("league:import"), {"file": _upload(document)}),
    ):
        assert response.status_code == 302
        assert "/login/" in response.url
    assert not League.objects.exists()


def _send_away(league):
    """The league's archive, the league and its coaches gone from this site."""
    document = archive.export_league(league)
    coaches = list(archive.coaches_and_staff(league))
    league.delete()
    Team.objects.filter(coach__in=coaches).delete()
    for user in coaches:
        user.delete()
    return document


def test_people_new_to_the_site_get_a_link_to_claim_their_accounts(client, league):
    document = _send_away(league)
    client.force_login(UserFactory(is_staff=True))

    response = client.post(reverse("league:import"), {"file": _upload(document)})

    assert response.status_code == 200
    html = response.content.decode()
    imported = League.objects.get(slug=document["league"]["slug"])
    coach = imported.seasons.get().entries.order_by("id").first().coach
    assert not coach.has_usable_password()
    link = next(line for line in html.split("<tr>") if f"<td>{coach.username}</td>" in line)
    path = link.split('class="claim-link">http://testserver', 1)[1].split("<", 1)[0]
    client.logout()
    form_page = client.get(path, follow=True)
    assert form_page.status_code == 200
    set_password = form_page.redirect_chain[-1][0]
    done = client.post(
        set_password, {"new_password1": "A long new pass 42", "new_password2": "A long new pass 42"}
    )
    assert done.status_code == 302
    coach.refresh_from_db()
    assert coach.check_password("A long new pass 42")
    assert client.get(path, follow=True).context["validlink"] is False  # spent


def test_a_league_whose_people_all_have_accounts_here_goes_straight_to_its_page(client, league):
    document = archive.export_league(league)
    league.delete()
    client.force_login(UserFactory(is_staff=True))
    response = client.post(reverse("league:import"), {"file": _upload(document)})
    assert response.status_code == 302


def test_people_are_found_by_their_email_address_then_by_a_username_that_is_theirs(commissioner, league):
    coach = league.seasons.get().entries.order_by("id").first().coach
    coach.email = "grim@example.com"
    coach.save()
    document = archive.export_league(league, emails=True)
    assert [coach.username, coach.display_name, "grim@example.com"] in document["users"]
    _send_away(league)
    renamed = UserFactory(username="grim-here", email="Grim@Example.com")
    someone_else = UserFactory(username=coach.username, email="another@example.com")

    imported = archive.import_league(document)

    entry_coaches = {entry.coach for entry in imported.seasons.get().entries.all()}
    assert renamed in entry_coaches  # found by the e-mail address
    assert someone_else not in entry_coaches  # the same username, someone else's address


def test_the_commissioners_download_names_nobodys_email_address(client, commissioner, league):
    commissioner.email = "boss@example.com"
    commissioner.save()
    client.force_login(commissioner)
    response = client.get(reverse("league:export", args=[league.slug]))
    assert b"boss@example.com" not in response.content
    assert all(len(person) == 2 for person in json.loads(response.content)["users"])
