"""A match is written by its pages only (issue #20): the admin shows matches, drives, events and dice
but can neither change nor delete them (an applied match deleted there left both rosters as it made
them, and the tables and leaderboards it fed)."""

import pytest
from django.urls import reverse

from matches.models import Match

pytestmark = pytest.mark.django_db


def test_the_admin_shows_a_match_but_cannot_change_or_delete_it(admin_client, match):
    assert admin_client.get(reverse("admin:matches_match_change", args=[match.pk])).status_code == 200
    delete = reverse("admin:matches_match_delete", args=[match.pk])
    assert admin_client.post(delete, {"post": "yes"}).status_code == 403
    change = reverse("admin:matches_match_change", args=[match.pk])
    assert admin_client.post(change, {"home_score": "3"}).status_code == 403
    assert Match.objects.filter(pk=match.pk, home_score=0).exists()


@pytest.mark.parametrize("model", ["match", "drive", "event", "dicelog"])
def test_nothing_of_a_match_is_added_in_the_admin(admin_client, model):
    assert admin_client.get(reverse(f"admin:matches_{model}_add")).status_code == 403
