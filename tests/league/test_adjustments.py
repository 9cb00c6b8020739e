"""Points adjustments: a commissioner docks or awards league points with a reason; the stored table, the
tables after each round and the standings page follow, and bad input changes nothing."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.models import CoachRecord, PointsAdjustment, Season, StandingsRow
from league.services import scheduling
from league.services.adjustments import add_adjustment, no_show_penalty, remove_adjustment
from league.services.leagues import set_season_status
from rulebook.edition import get_edition
from tests.factories import UserFactory
from tests.league.factories import make_entry, make_league, make_season, play

pytestmark = pytest.mark.django_db


def _table(season):
    """(name, points, adjustment, tiebreaker) of the stored rows, best first."""
    rows = StandingsRow.objects.for_season(season).with_names()
    return [(row.name, row.points, row.adjustment, row.tiebreaker) for row in rows]


@pytest.fixture
def played(season, home, away):
    """Reikland Reavers (home) beat Gouged Eye 2-0: 3 points to 0."""
    play(season, home, away, 2, 0)
    return season


def _add(season, entry, points, by, reason="Penalty"):
    return add_adjustment(season=season, entry=entry, points=points, reason=reason, by=by)


# --- the service -------------------------------------------------------------------------------------


def test_adding_an_adjustment_rebuilds_the_stored_table(played, home, away, commissioner):
    adjustment = _add(played, away, 4, commissioner, reason="Opponent fielded an illegal team")

    assert (adjustment.points, adjustment.created_by, adjustment.created_at is not None) == (
        4,
        commissioner,
        True,
    )
    assert _table(played) == [("Gouged Eye", 4, 4, ""), ("Reikland Reavers", 3, 0, "")]


def test_adjustments_of_a_team_add_up(played, home, commissioner):
    _add(played, home, -3, commissioner)
    _add(played, home, 1, commissioner)

    assert StandingsRow.objects.get(entry=home).points == 3 - 3 + 1


def test_a_tie_made_by_an_adjustment_is_broken_by_the_tiebreakers(played, home, away, commissioner):
    _add(played, home, -3, commissioner, reason="No-show")

    # Level on 0 points: the league's first tie-breaker (touchdown difference) puts the Reavers first.
    assert _table(played) == [
        ("Reikland Reavers", 0, -3, "td_difference"),
        ("Gouged Eye", 0, 0, "td_difference"),
    ]


def test_removing_an_adjustment_restores_the_table(played, home, away, commissioner):
    before = _table(played)
    adjustment = _add(played, home, -5, commissioner)
    assert _table(played)[0][0] == "Gouged Eye"

    remove_adjustment(adjustment=adjustment, by=commissioner)

    assert _table(played) == before
    assert not PointsAdjustment.objects.exists()


def test_coach_records_leave_adjustments_out(played, home, coach, commissioner):
    _add(played, home, -3, commissioner)

    assert CoachRecord.objects.get(coach=coach).points == 3


def test_rebuild_standings_command_counts_adjustments_written_by_hand(played, home, commissioner):
    PointsAdjustment.objects.create(entry=home, points=-2, reason="Fixed by hand")
    assert StandingsRow.objects.get(entry=home).points == 3

    call_command("rebuild_standings", "--season", str(played.pk))

    assert StandingsRow.objects.get(entry=home).points == 1


@pytest.mark.parametrize(
    ("points", "reason", "message"),
    [
        (0, "Penalty", "An adjustment adds or docks at least one point."),
        (-3, "   ", "Give the reason for the adjustment."),
        (5000, "Penalty", "An adjustment is at most 999 points either way."),
    ],
)
def test_adding_refuses_bad_input_and_changes_nothing(played, home, commissioner, points, reason, message):
    before = _table(played)

    with pytest.raises(ValidationError) as error:
        _add(played, home, points, commissioner, reason=reason)

    assert error.value.messages == [message]
    assert _table(played) == before
    assert not PointsAdjustment.objects.exists()


def test_adding_refuses_a_team_of_another_season(played, league, commissioner):
    other, _entries = make_season(league, name="Season 2")
    stranger = make_entry(other)

    with pytest.raises(ValidationError) as error:
        _add(played, stranger, -3, commissioner)

    assert error.value.messages == ["This team is not in this season."]
    assert not PointsAdjustment.objects.exists()


def test_adding_and_removing_are_refused_in_a_finished_season(played, home, commissioner):
    adjustment = _add(played, home, -1, commissioner)
    set_season_status(season=played, status=Season.Status.FINISHED, by=commissioner)

    with pytest.raises(ValidationError):
        _add(played, home, -3, commissioner)
    with pytest.raises(ValidationError):
        remove_adjustment(adjustment=adjustment, by=commissioner)

    assert list(PointsAdjustment.objects.values_list("points", flat=True)) == [-1]


def test_only_a_commissioner_of_the_league_may_adjust(played, home, coach, commissioner):
    elsewhere = UserFactory(username="elsewhere")
    make_league(commissioner=elsewhere)
    adjustment = _add(played, home, -1, commissioner)

    for user in (coach, elsewhere):
        with pytest.raises(PermissionDenied):
            _add(played, home, -3, user)
        with pytest.raises(PermissionDenied):
            remove_adjustment(adjustment=adjustment, by=user)

    assert PointsAdjustment.objects.count() == 1


def test_no_show_penalty_comes_from_the_rulebook_and_only_for_blood_bowl(league, commissioner):
    assert no_show_penalty(league) == get_edition("bb2020").settings.league.no_show_penalty == 3
    assert no_show_penalty(make_league(commissioner=commissioner, game="rugby", edition="")) is None


# --- the pages ---------------------------------------------------------------------------------------

PERSONAS = ["anonymous", "coach", "elsewhere", "commissioner"]


@pytest.fixture
def elsewhere(db):
    """The commissioner of another league."""
    user = UserFactory(username="elsewhere", display_name="Elsewhere")
    make_league(commissioner=user, name="Another League", slug="another")
    return user


def _log_in(client, persona, users):
    if users[persona] is not None:
        client.force_login(users[persona])


@pytest.mark.parametrize("persona", PERSONAS)
def test_adding_from_the_page_is_allowed_to_the_commissioner_only(
    client, persona, played, home, coach, commissioner, elsewhere
):
    _log_in(
        client,
        persona,
        {"anonymous": None, "coach": coach, "elsewhere": elsewhere, "commissioner": commissioner},
    )
    url = reverse("league:adjustments", args=[played.pk])

    response = client.post(url, {"entry": home.pk, "points": -2, "reason": "Late fixture"})

    if persona == "anonymous":
        assert response.status_code == 302
        assert response.url.startswith("/accounts/login/")
    elif persona == "commissioner":
        assert response.status_code == 302
        assert response.url == url
        assert StandingsRow.objects.get(entry=home).points == 1
    else:
        assert response.status_code == 403
    assert PointsAdjustment.objects.exists() == (persona == "commissioner")


@pytest.mark.parametrize("persona", PERSONAS)
def test_removing_from_the_page_is_allowed_to_the_commissioner_only(
    client, persona, played, home, coach, commissioner, elsewhere
):
    adjustment = _add(played, home, -2, commissioner)
    _log_in(
        client,
        persona,
        {"anonymous": None, "coach": coach, "elsewhere": elsewhere, "commissioner": commissioner},
    )

    response = client.post(reverse("league:adjustment_remove", args=[adjustment.pk]))

    if persona == "anonymous":
        assert response.status_code == 302
        assert response.url.startswith("/accounts/login/")
    elif persona == "commissioner":
        assert response.status_code == 302
        assert StandingsRow.objects.get(entry=home).points == 3
    else:
        assert response.status_code == 403
    assert PointsAdjustment.objects.exists() == (persona != "commissioner")


@pytest.mark.parametrize("persona", ["coach", "elsewhere"])
def test_adjustments_page_is_refused_to_others(client, persona, played, coach, elsewhere):
    client.force_login({"coach": coach, "elsewhere": elsewhere}[persona])

    assert client.get(reverse("league:adjustments", args=[played.pk])).status_code == 403


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"points": 0, "reason": "Penalty"}, "An adjustment adds or docks at least one point."),
        ({"points": "", "reason": "Penalty"}, "Enter the league points to add or dock."),
        ({"points": -3, "reason": ""}, "Give the reason for the adjustment."),
        ({"points": -3, "reason": "Penalty", "entry": "other"}, "Choose a team of this season&#x27;s table."),
    ],
    ids=["zero", "no-points", "no-reason", "other-season"],
)
def test_adjustments_page_shows_bad_input_and_changes_nothing(
    client, played, league, home, commissioner, data, message
):
    if data.get("entry") == "other":
        other, _entries = make_season(league, name="Season 2")
        data = {**data, "entry": make_entry(other).pk}
    client.force_login(commissioner)
    before = _table(played)

    response = client.post(reverse("league:adjustments", args=[played.pk]), {"entry": home.pk, **data})

    assert response.status_code == 200
    assert message in response.content.decode()
    assert _table(played) == before
    assert not PointsAdjustment.objects.exists()


def test_no_show_preset_docks_the_rulebook_penalty_in_one_click(client, played, home, commissioner):
    client.force_login(commissioner)
    url = reverse("league:adjustments", args=[played.pk])
    assert "No-show (-3)" in client.get(url).content.decode()

    response = client.post(
        url, {"entry": home.pk, "points": "", "reason": "", "preset": "no_show"}, follow=True
    )

    adjustment = PointsAdjustment.objects.get()
    assert (adjustment.entry, adjustment.points, adjustment.reason) == (home, -3, "No-show")
    content = response.content.decode()
    assert "Reikland Reavers loses 3 league points." in content
    assert "No-show" in content
    assert "Carla" in content


def test_no_show_preset_is_not_offered_outside_blood_bowl(client, commissioner):
    league = make_league(commissioner=commissioner, game="rugby", edition="")
    season, (entry, _other) = make_season(league, teams=2)
    client.force_login(commissioner)
    url = reverse("league:adjustments", args=[season.pk])

    assert "No-show" not in client.get(url).content.decode()
    response = client.post(url, {"entry": entry.pk, "points": "", "reason": "", "preset": "no_show"})

    assert "Enter the league points to add or dock." in response.content.decode()
    assert not PointsAdjustment.objects.exists()


def test_entries_and_season_pages_link_to_the_adjustments(client, played, home, commissioner):
    client.force_login(commissioner)
    url = reverse("league:adjustments", args=[played.pk])

    assert (
        f"{url}?entry={home.pk}" in client.get(reverse("league:entries", args=[played.pk])).content.decode()
    )
    assert url in client.get(reverse("league:season", args=[played.pk])).content.decode()
    chosen = client.get(url, {"entry": home.pk}).content.decode()
    assert f'<option value="{home.pk}" selected>' in chosen


def test_standings_page_marks_the_adjusted_row_and_gives_the_reason(
    client, league, played, home, commissioner
):
    _add(played, home, -3, commissioner, reason="No-show in round 2")

    content = client.get(reverse("league:standings", args=[played.pk])).content.decode()

    assert f'href="#adjustment-{home.pk}"' in content
    assert ">-3</a></sup>" in content
    assert f'<dt id="adjustment-{home.pk}">Reikland Reavers</dt>' in content
    assert "No-show in round 2" in content
    league_page = client.get(reverse("league:detail", args=[league.slug])).content.decode()
    assert f'href="{reverse("league:standings", args=[played.pk])}#adjustment-{home.pk}"' in league_page


def test_standings_page_without_adjustments_has_no_footnote(client, played):
    content = client.get(reverse("league:standings", args=[played.pk])).content.decode()

    assert "Points adjustments" not in content
    assert "#adjustment-" not in content


def test_table_after_a_round_counts_the_adjustments(client, played, home, away, commissioner):
    play(played, away, home, 1, 0, round_number=2)
    _add(played, away, 2, commissioner, reason="Bonus for painting")

    content = client.get(reverse("league:standings", args=[played.pk]), {"after": 1}).content.decode()

    # After round 1: the Reavers' 3 points, the Eye's 0 + 2.
    assert "The table as it stood after round 1." in content
    assert "Bonus for painting" in content
    assert ">+2</a></sup>" in content
    assert content.index("Reikland Reavers</td>") < content.index("Gouged Eye</td>")


def _queries(client, url):
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200
    return len(captured)


def test_query_count_of_the_standings_page_does_not_grow_with_the_adjustments(
    client, played, home, away, commissioner
):
    url = reverse("league:standings", args=[played.pk])
    _add(played, home, -1, commissioner)
    one = (_queries(client, url), _queries(client, f"{url}?after=1"))
    for number in range(15):
        _add(played, away if number % 2 else home, number + 1, commissioner, reason=f"Decision {number}")

    assert (_queries(client, url), _queries(client, f"{url}?after=1")) == one


def test_query_count_of_the_adjustments_page_does_not_grow_with_the_adjustments(
    client, played, home, away, commissioner
):
    client.force_login(commissioner)
    url = reverse("league:adjustments", args=[played.pk])
    _add(played, home, -1, commissioner)
    one = _queries(client, url)
    for number in range(15):
        _add(played, away, number + 1, commissioner, reason=f"Decision {number}")

    assert _queries(client, url) == one


def test_playoff_seeding_counts_the_adjustments(played, home, away, commissioner):
    _add(played, home, -5, commissioner, reason="No-show")
    scheduling.schedule_playoffs(season=played, by=commissioner, size=2)
    final = played.fixtures.playoff().get()
    # Gouged Eye (0) now ranks above the Reavers (3 - 5): the top seed plays at home.
    assert (final.home, final.away) == (away, home)
