"""Rows that Dugout sells or offers but does not carry out yet (the data's `not_carried_out` mark,
rulebook.coverage) are told to the coaches where they are chosen."""

import pytest
from django.urls import reverse

from rulebook.edition import get_edition
from tests.matches.conftest import to_inducements
from tests.matches.test_prematch_bb2025 import bb2025_team
from web.matches.forms.prematch import MatchForm
from web.matches.views.inducements_shop import inducements_form

pytestmark = pytest.mark.django_db


def test_the_inducements_shop_says_which_inducement_dugout_does_not_carry_out(client, match, home_coach):
    to_inducements(match, home_coach)
    form = inducements_form(match, "away", match.edition, "en")
    marked = {item["id"] for item in form.items if item["not_carried_out"]}
    assert "giant" in marked  # BB2020's Giant: no profile in the data, it would not join the lineup
    assert "bribe" not in marked
    client.force_login(home_coach)
    page = client.get(reverse("matches:detail", args=[match.pk])).content.decode()
    assert 'data-testid="not-carried-out"' in page


def test_a_friendly_offers_a_variant_that_dugout_carries_out_only_in_part_with_a_warning(
    home_coach, monkeypatch
):
    bb2025_team(home_coach, name="Altdorf")
    rule = get_edition("bb2025").optional_settings["khemri_classic_cup"]
    monkeypatch.setitem(rule, "not_carried_out", "its trophy's Regeneration is not carried out yet")
    labels = dict(MatchForm(user=home_coach).fields["optional_rules"].choices)
    assert "not carried out by Dugout yet" in labels["khemri_classic_cup"]
    assert "not carried out" not in labels["jolly_jouster_cup"]
