"""The admin changes a team's name and coach only (issue #20): its roster, treasury and staff are the
roster pages', which keep the values and the ledger right; a team handed over changes both coaches'
pages (tests/dugout/test_never_stale.py)."""

import pytest
from django.urls import reverse

from rosters.models import Team
from tests.admin_forms import change_form_data
from tests.factories import UserFactory
from tests.freshness import cached_page, page_html
from tests.rosters.helpers import make_team

pytestmark = pytest.mark.django_db


def test_the_admin_renames_a_team_but_leaves_its_treasury(admin_client, client):
    team = make_team(UserFactory(), name="Reavers")
    page = reverse("rosters:team", args=[team.pk])
    cached_page(client, page)
    url = reverse("admin:rosters_team_change", args=[team.pk])
    data = change_form_data(admin_client, url, name="Reikland Reavers", treasury="9999999")
    assert admin_client.post(url, data).status_code == 302
    team.refresh_from_db()
    assert (team.name, team.treasury) == ("Reikland Reavers", 1000000)
    assert "Reikland Reavers" in page_html(client, page)


def test_the_admin_neither_adds_nor_deletes_teams(admin_client):
    team = make_team(UserFactory())
    assert admin_client.get(reverse("admin:rosters_team_add")).status_code == 403
    delete = reverse("admin:rosters_team_delete", args=[team.pk])
    assert admin_client.post(delete, {"post": "yes"}).status_code == 403
    assert Team.objects.filter(pk=team.pk).exists()
