"""Every view that writes, for every persona: anonymous, outsider, coach, opponent coach, commissioner.

Each case builds its world, names who may act, posts, and checks both the answer and the state.
"""

from datetime import timedelta

import pytest
from django.urls import reverse

from league.models import Division, Fixture, Invitation, League, Result, Season, SeasonEntry
from league.standings.store import rebuild_standings
from tests.league.factories import make_entry, make_fixture

pytestmark = pytest.mark.django_db

PERSONAS = ["anonymous", "outsider", "coach", "opponent", "commissioner"]


def _result(fixture, *, by, status=Result.Status.SUBMITTED):
    return Result.objects.create(fixture=fixture, home_score=1, away_score=0, submitted_by=by, status=status)


def _case_league_create(w):
    return (
        reverse("league:create"),
        {"name": "Brand New", "game": "blood_bowl", "edition": "bb2020"},
        lambda: League.objects.filter(name="Brand New").exists(),
    )


def _case_settings(w):
    data = {
        "name": "Renamed",
        "points_win": 2,
        "points_draw": 1,
        "points_loss": 0,
        "bonus_three_plus_touchdowns": 1,
        "bonus_no_touchdown_conceded": 1,
        "bonus_three_plus_casualties": 1,
        "starting_treasury": 1000000,
        "petty_cash_procedure": "2025",
        "tiebreaker_1": "coin_flip",
    }
    return (
        reverse("league:settings", args=[w.league.slug]),
        data,
        lambda: League.objects.get(pk=w.league.pk).points_win == 2,
    )


def _case_invitation_create(w):
    return (
        reverse("league:invitations", args=[w.league.slug]),
        {"max_uses": 3},
        lambda: Invitation.objects.filter(max_uses=3).exists(),
    )


def _case_invitation_revoke(w):
    invitation = Invitation.objects.create(league=w.league, created_by=w.commissioner)
    url = reverse("league:invitation_revoke", args=[w.league.slug, invitation.pk])
    return url, {}, lambda: not Invitation.objects.filter(pk=invitation.pk).exists()


def _case_season_create(w):
    return (
        reverse("league:season_create", args=[w.league.slug]),
        {"name": "Season 9", "format": "swiss"},
        (lambda: Season.objects.filter(name="Season 9").exists()),
    )


def _case_entries_add(w):
    League.objects.filter(pk=w.league.pk).update(game="rugby", edition="")
    return (
        reverse("league:entries", args=[w.season.pk]),
        {"name": "Mud Larks"},
        (lambda: SeasonEntry.objects.filter(name="Mud Larks").exists()),
    )


def _case_entry_accept(w):
    entry = make_entry(w.season, status=SeasonEntry.Status.PENDING)
    return (
        reverse("league:entry_accept", args=[entry.pk]),
        {},
        lambda: SeasonEntry.objects.get(pk=entry.pk).status == "accepted",
    )


def _case_entry_withdraw(w):
    url = reverse("league:entry_withdraw", args=[w.home.pk])
    return url, {}, lambda: SeasonEntry.objects.get(pk=w.home.pk).status == "withdrawn"


def _case_season_status(w):
    url = reverse("league:season_status", args=[w.season.pk])
    return url, {"status": "finished"}, lambda: Season.objects.get(pk=w.season.pk).status == "finished"


def _case_season_start(w):
    make_fixture(w.season, w.home, w.away)
    Season.objects.filter(pk=w.season.pk).update(status=Season.Status.SCHEDULED)
    url = reverse("league:season_status", args=[w.season.pk])
    return url, {"status": "running"}, lambda: Season.objects.get(pk=w.season.pk).status == "running"


def _case_season_finish_forced(w):
    make_fixture(w.season, w.home, w.away)
    url = reverse("league:season_status", args=[w.season.pk])
    data = {"status": "finished", "force": "on", "reason": "Out of time"}
    return url, data, lambda: Season.objects.get(pk=w.season.pk).finish_reason == "Out of time"


def _case_season_reopen(w):
    Season.objects.filter(pk=w.season.pk).update(status=Season.Status.FINISHED)
    url = reverse("league:season_status", args=[w.season.pk])
    return url, {"status": "running"}, lambda: Season.objects.get(pk=w.season.pk).status == "running"


def _case_round_robin(w):
    url = reverse("league:schedule_round_robin", args=[w.season.pk])
    return url, {"days_between": 7}, lambda: w.season.fixtures.count() == 1


def _case_swiss(w):
    Season.objects.filter(pk=w.season.pk).update(format=Season.Format.SWISS)
    url = reverse("league:schedule_swiss", args=[w.season.pk])
    return url, {}, lambda: w.season.fixtures.count() == 1


def _case_playoffs(w):
    url = reverse("league:schedule_playoffs", args=[w.season.pk])
    return url, {"size": 2}, lambda: w.season.fixtures.playoff().count() == 1


def _case_advance_playoffs(w):
    semi_a = make_fixture(w.season, w.home, w.away, stage=Fixture.Stage.PLAYOFF)
    third, fourth = make_entry(w.season), make_entry(w.season)
    semi_b = make_fixture(w.season, third, fourth, stage=Fixture.Stage.PLAYOFF)
    Fixture.objects.filter(pk=semi_b.pk).update(bracket_slot=1)
    Fixture.objects.filter(pk=semi_a.pk).update(bracket_slot=0)
    _result(semi_a, by=w.coach, status=Result.Status.CONFIRMED)
    _result(semi_b, by=third.coach, status=Result.Status.CONFIRMED)
    url = reverse("league:advance_playoffs", args=[w.season.pk])
    return url, {}, lambda: w.season.fixtures.playoff().count() == 3


def _case_fixture_add(w):
    Season.objects.filter(pk=w.season.pk).update(format=Season.Format.MANUAL)
    url = reverse("league:fixture_add", args=[w.season.pk])
    return (
        url,
        {"home": w.home.pk, "away": w.away.pk, "round_number": 4},
        (lambda: w.season.fixtures.filter(round__number=4).exists()),
    )


def _case_submit(w):
    fixture = make_fixture(w.season, w.home, w.away)
    data = {"home_score": 2, "away_score": 0, "home_cas": 1, "away_cas": 0}
    return (
        reverse("league:result_submit", args=[fixture.pk]),
        data,
        lambda: Result.objects.filter(fixture=fixture).exists(),
    )


def _submitted_by_coach(w):
    fixture = make_fixture(w.season, w.home, w.away)
    return fixture, _result(fixture, by=w.coach)


def _case_confirm(w):
    fixture, result = _submitted_by_coach(w)
    return (
        reverse("league:result_confirm", args=[fixture.pk]),
        {},
        lambda: Result.objects.get(pk=result.pk).status == "confirmed",
    )


def _case_dispute(w):
    fixture, result = _submitted_by_coach(w)
    return (
        reverse("league:result_dispute", args=[fixture.pk]),
        {"comment": "No"},
        lambda: Result.objects.get(pk=result.pk).status == "disputed",
    )


def _case_decide(w):
    fixture, result = _submitted_by_coach(w)
    return (
        reverse("league:result_decide", args=[fixture.pk]),
        {"action": "confirm"},
        lambda: Result.objects.get(pk=result.pk).status == "confirmed",
    )


def _case_decide_score(w):
    fixture = make_fixture(w.season, w.home, w.away)
    data = {"home_score": 0, "away_score": 4, "home_cas": 0, "away_cas": 0}
    return (
        reverse("league:result_decide", args=[fixture.pk]),
        data,
        lambda: Result.objects.filter(fixture=fixture, away_score=4, status="confirmed").exists(),
    )


def _case_reopen(w):
    fixture = make_fixture(w.season, w.home, w.away)
    result = _result(fixture, by=w.coach, status=Result.Status.CONFIRMED)
    return (
        reverse("league:result_reopen", args=[fixture.pk]),
        {"reason": "x"},
        lambda: Result.objects.get(pk=result.pk).status == "submitted",
    )


def _case_reschedule(w):
    fixture = make_fixture(w.season, w.home, w.away)
    data = {"scheduled_at": "2026-03-01T18:00"}
    return (
        reverse("league:fixture_reschedule", args=[fixture.pk]),
        data,
        lambda: Fixture.objects.get(pk=fixture.pk).scheduled_at is not None,
    )


def _case_fixture_delete(w):
    fixture = make_fixture(w.season, w.home, w.away)
    return (
        reverse("league:fixture_delete", args=[fixture.pk]),
        {},
        lambda: not Fixture.objects.filter(pk=fixture.pk).exists(),
    )


def _case_register(w):
    from tests.league.factories import make_team

    w.league.public = False
    w.league.save()
    w.league.members.add(w.coach, w.opponent)
    teams = {user.pk: make_team(coach=user, name=f"Fresh {user.username}") for user in w.users if user}

    def data_for(user):
        return {"team": teams[user.pk].pk} if user and user.pk in teams else {}

    return (
        reverse("league:register", args=[w.season.pk]),
        data_for,
        lambda: SeasonEntry.objects.filter(name__startswith="Fresh").exists(),
    )


def _open_for_divisions(w):
    """The season back in registration (teams move between divisions only before it starts), with a
    North division holding the home team."""
    Season.objects.filter(pk=w.season.pk).update(status=Season.Status.REGISTRATION)
    north = Division.objects.create(season=w.season, name="North", order=1)
    SeasonEntry.objects.filter(pk=w.home.pk).update(division=north)
    return north


def _case_division_create(w):
    _open_for_divisions(w)
    return (
        reverse("league:divisions", args=[w.season.pk]),
        {"name": "South"},
        lambda: Division.objects.filter(season=w.season, name="South").exists(),
    )


def _case_division_rename(w):
    north = _open_for_divisions(w)
    return (
        reverse("league:division_rename", args=[north.pk]),
        {"name": "Far North"},
        lambda: Division.objects.get(pk=north.pk).name == "Far North",
    )


def _case_division_move(w):
    north = _open_for_divisions(w)
    south = Division.objects.create(season=w.season, name="South", order=2)
    return (
        reverse("league:division_move", args=[south.pk]),
        {"step": "up"},
        lambda: Division.objects.get(pk=north.pk).order == 2,
    )


def _case_division_delete(w):
    north = _open_for_divisions(w)
    return (
        reverse("league:division_delete", args=[north.pk]),
        {},
        lambda: not Division.objects.filter(pk=north.pk).exists(),
    )


def _case_entry_division(w):
    north = _open_for_divisions(w)
    return (
        reverse("league:entry_division", args=[w.away.pk]),
        {"division": north.pk},
        lambda: SeasonEntry.objects.get(pk=w.away.pk).division_id == north.pk,
    )


def _case_divisions_balance(w):
    north = _open_for_divisions(w)
    return (
        reverse("league:divisions_balance", args=[w.season.pk]),
        {"way": "team_value"},
        lambda: SeasonEntry.objects.get(pk=w.away.pk).division_id == north.pk,
    )


def _case_divisions_promotion(w):
    last = Season.objects.create(league=w.league, name="Season 0", status=Season.Status.FINISHED)
    Season.objects.filter(pk=last.pk).update(created_at=w.season.created_at - timedelta(days=1))
    Season.objects.filter(pk=w.season.pk).update(status=Season.Status.REGISTRATION)
    top = Division.objects.create(season=last, name="Top", order=1)
    SeasonEntry.objects.create(
        season=last, team=w.home.team, name=w.home.name, coach=w.home.coach, status="accepted", division=top
    )
    rebuild_standings(season=last)
    return (
        reverse("league:divisions_promotion", args=[w.season.pk]),
        {"up": 1, "down": 1, f"entry_{w.home.pk}": "Top"},
        lambda: SeasonEntry.objects.get(pk=w.home.pk).division is not None,
    )


EVERYONE = {"coach", "opponent", "commissioner", "outsider"}
COMMISSIONER = {"commissioner"}
CASES = {
    "league_create": (_case_league_create, EVERYONE),
    "settings": (_case_settings, COMMISSIONER),
    "invitation_create": (_case_invitation_create, COMMISSIONER),
    "invitation_revoke": (_case_invitation_revoke, COMMISSIONER),
    "season_create": (_case_season_create, COMMISSIONER),
    "entries_add": (_case_entries_add, COMMISSIONER),
    "entry_accept": (_case_entry_accept, COMMISSIONER),
    "entry_withdraw": (_case_entry_withdraw, {"coach", "commissioner"}),
    "season_status": (_case_season_status, COMMISSIONER),
    "season_start": (_case_season_start, COMMISSIONER),
    "season_finish_forced": (_case_season_finish_forced, COMMISSIONER),
    "season_reopen": (_case_season_reopen, COMMISSIONER),
    "round_robin": (_case_round_robin, COMMISSIONER),
    "swiss": (_case_swiss, COMMISSIONER),
    "playoffs": (_case_playoffs, COMMISSIONER),
    "advance_playoffs": (_case_advance_playoffs, COMMISSIONER),
    "fixture_add": (_case_fixture_add, COMMISSIONER),
    "register": (_case_register, {"coach", "opponent", "commissioner"}),
    "result_submit": (_case_submit, {"coach", "opponent"}),
    "result_confirm": (_case_confirm, {"opponent"}),
    "result_dispute": (_case_dispute, {"opponent"}),
    "result_decide": (_case_decide, COMMISSIONER),
    "result_decide_score": (_case_decide_score, COMMISSIONER),
    "result_reopen": (_case_reopen, COMMISSIONER),
    "fixture_reschedule": (_case_reschedule, COMMISSIONER),
    "fixture_delete": (_case_fixture_delete, COMMISSIONER),
    "division_create": (_case_division_create, COMMISSIONER),
    "division_rename": (_case_division_rename, COMMISSIONER),
    "division_move": (_case_division_move, COMMISSIONER),
    "division_delete": (_case_division_delete, COMMISSIONER),
    "entry_division": (_case_entry_division, COMMISSIONER),
    "divisions_balance": (_case_divisions_balance, COMMISSIONER),
    "divisions_promotion": (_case_divisions_promotion, COMMISSIONER),
}


class World:
    def __init__(self, league, season, home, away, commissioner, coach, opponent, outsider):
        self.league, self.season, self.home, self.away = league, season, home, away
        self.commissioner, self.coach, self.opponent, self.outsider = commissioner, coach, opponent, outsider
        self.users = [commissioner, coach, opponent, outsider]


@pytest.mark.parametrize("persona", PERSONAS)
@pytest.mark.parametrize("case", CASES)
def test_writing_view_is_allowed_only_to_the_right_people(
    case, persona, client, league, season, home, away, commissioner, coach, opponent, outsider
):
    world = World(league, season, home, away, commissioner, coach, opponent, outsider)
    build, allowed = CASES[case]
    url, data, changed = build(world)
    user = {
        "anonymous": None,
        "outsider": outsider,
        "coach": coach,
        "opponent": opponent,
        "commissioner": commissioner,
    }[persona]
    if user:
        client.force_login(user)
    response = client.post(url, data(user) if callable(data) else data)
    if persona == "anonymous":
        assert response.status_code == 302
        assert response.url.startswith("/accounts/login/")
        assert not changed()
    elif persona in allowed:
        assert response.status_code == 302, response.content[:500]
        assert changed(), f"{case} by {persona} changed nothing"
    else:
        assert response.status_code in (403, 404)
        assert not changed()
