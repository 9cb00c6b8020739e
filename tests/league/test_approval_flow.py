"""The result approval flow in every state, for every role: who may do what, and what it leads to."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from league.models import Result
from league.services import results as result_services
from league.standings.read import season_standings
from league.tasks import notify_result
from tests.league.factories import make_fixture

pytestmark = pytest.mark.django_db

OK, DENIED, INVALID = "ok", "denied", "invalid"
ROLES = ["outsider", "coach", "opponent", "commissioner"]
STATES = ["none", "submitted", "disputed", "confirmed"]

# (action, state) -> {role: expected}; the coach is the one who submitted, the opponent the other side.
EXPECTED = {
    "submit": {
        "none": {"coach": OK, "opponent": OK},
        "submitted": {"coach": OK, "opponent": OK},
        "disputed": {"coach": OK, "opponent": OK},
        "confirmed": {"coach": INVALID, "opponent": INVALID},
    },
    "confirm": {
        "submitted": {"opponent": OK},
        "disputed": {"opponent": OK},
        "confirmed": {"opponent": INVALID},
    },
    "dispute": {
        "submitted": {"opponent": OK},
        "disputed": {"opponent": INVALID},
        "confirmed": {"opponent": INVALID},
    },
    "decide": {
        "submitted": {"commissioner": OK},
        "disputed": {"commissioner": OK},
        "confirmed": {"commissioner": OK},
    },
    "reopen": {
        "submitted": {"commissioner": INVALID},
        "disputed": {"commissioner": INVALID},
        "confirmed": {"commissioner": OK},
    },
}
# What the result's status is after an action that worked.
AFTER = {"submit": "submitted", "confirm": "confirmed", "dispute": "disputed", "decide": "confirmed",
         "reopen": "submitted"}  # fmt: skip


def _cases():
    for action, by_state in EXPECTED.items():
        for state in STATES:
            if state == "none" and action != "submit":
                continue  # nothing to confirm, dispute, decide or reopen
            for role in ROLES:
                yield action, state, role, by_state.get(state, {}).get(role, DENIED)


def _put_in_state(fixture, state, coach, opponent):
    if state == "none":
        return None
    return Result.objects.create(
        fixture=fixture, home_score=2, away_score=1, submitted_by=coach,
        status=state, comment="It was 1-1" if state == "disputed" else "",
    )  # fmt: skip


def _act(action, fixture, result, user):
    if action == "submit":
        return result_services.submit_result(fixture=fixture, submitted_by=user, home_score=3, away_score=0)
    if action == "confirm":
        return result_services.confirm_result(result=result, by=user)
    if action == "dispute":
        return result_services.dispute_result(result=result, by=user, comment="No")
    if action == "decide":
        return result_services.decide_result(result=result, by=user, home_score=1, away_score=1)
    return result_services.reopen_result(result=result, by=user, reason="Check it")


@pytest.mark.parametrize(("action", "state", "role", "expected"), list(_cases()))
def test_result_action_in_state_by_role(
    action, state, role, expected, season, home, away, coach, opponent, commissioner, outsider
):
    fixture = make_fixture(season, home, away)
    result = _put_in_state(fixture, state, coach, opponent)
    user = {"outsider": outsider, "coach": coach, "opponent": opponent, "commissioner": commissioner}[role]
    before = list(Result.objects.values_list("status", "home_score", "away_score"))
    if expected == OK:
        done = _act(action, fixture, result, user)
        assert done.status == AFTER[action]
        counted = sum(row.played for row in season_standings(season))
        assert counted == (2 if done.status == "confirmed" else 0)
    else:
        with pytest.raises(PermissionDenied if expected == DENIED else ValidationError):
            _act(action, fixture, result, user)
        assert list(Result.objects.values_list("status", "home_score", "away_score")) == before


def test_notify_task_tells_the_opponent_and_ignores_a_vanished_result(season, home, away, coach, opponent):
    from django.core import mail

    fixture = make_fixture(season, home, away)
    result = Result.objects.create(fixture=fixture, home_score=1, away_score=0, submitted_by=coach)
    assert notify_result.apply(kwargs={"result_id": result.pk, "event": "submitted"}).get() == "sent"
    assert [message.to for message in mail.outbox] == [[opponent.email]]
    assert "result submitted, Reikland Reavers 1–0 Gouged Eye" in mail.outbox[0].subject
    assert notify_result.apply(kwargs={"result_id": 999999, "event": "submitted"}).get() == "gone"
