"""The correction pages: propose from the form, the preview, settle, accept, turn down, undo; who may do
each; the match report lists what was corrected (issue #24)."""

import pytest
from django.urls import reverse

from matches.models import Correction, Event
from matches.services import corrections
from matches.services.corrections.edits import Record
from rosters.models import LedgerEntry
from tests.factories import UserFactory
from tests.matches.corrections_league import fixtures_in_order, make_league, play, player, seeded_dice
from web.matches.forms.corrections import CorrectionForm

pytestmark = pytest.mark.django_db


@pytest.fixture
def played():
    """(match, commissioner): the first fixture of a four-team BB2025 league, one touchdown by #5 at home."""
    _league, season, _teams, commissioner = make_league(5)
    match = play(fixtures_in_order(season)[0], seeded_dice(5), touchdowns=[("home", 5)])
    return match, commissioner


def _form_data(match):
    """What the form holds as it is drawn (every field at the match's recorded value)."""
    form = CorrectionForm(record=Record.load(match), language="en")
    return {name: ("" if field.initial is None else field.initial) for name, field in form.fields.items()}


def test_a_coach_proposes_a_new_scorer_and_sees_what_it_does(client, played):
    match, _commissioner = played
    client.force_login(match.home_team.coach)
    touchdown = Event.objects.get(drive__match=match, kind=Event.Kind.TOUCHDOWN)
    data = _form_data(match) | {
        f"event-{touchdown.pk}-actor": f"p{player(match.home_team, 3).pk}",
        "reason": "The touchdown was #3's",
    }
    response = client.post(reverse("matches:correction_new", args=[match.pk]), data, follow=True)
    correction = Correction.objects.get()
    assert correction.edits[0]["type"] == "actor"
    assert response.redirect_chain[-1][0] == reverse("matches:correction", args=[correction.pk])
    page = response.content.decode()
    assert "Turn 8, Touchdown · player: #5" in page
    assert "SPP earned" in page  # the preview: #5 loses the touchdown's SPP, #3 gains them
    assert "Accept and apply" not in page  # the proposer's opponent accepts
    assert correction.status == Correction.Status.PROPOSED


def test_a_form_with_nothing_changed_proposes_nothing(client, played):
    match, _commissioner = played
    client.force_login(match.home_team.coach)
    data = _form_data(match) | {"reason": "Nothing"}
    response = client.post(reverse("matches:correction_new", args=[match.pk]), data)
    assert "A correction changes at least one thing." in response.content.decode()
    assert not Correction.objects.exists()


def test_the_other_coach_accepts_and_the_report_shows_the_correction(client, played):
    match, _commissioner = played
    correction = corrections.propose_correction(
        match=match,
        by=match.home_team.coach,
        edits=[{"type": "score", "side": "away", "new": 1}],
        reason="The away touchdown was missed",
    )
    client.force_login(match.away_team.coach)
    page = client.get(reverse("matches:correction", args=[correction.pk])).content.decode()
    assert "Accept and apply" in page
    client.post(reverse("matches:correction_accept", args=[correction.pk]))
    assert Correction.objects.get().status == Correction.Status.APPLIED
    report = client.get(reverse("matches:report", args=[match.pk])).content.decode()
    assert "The away touchdown was missed" in report
    assert "score: 0 → 1" in report
    assert client.get(reverse("matches:report", args=[match.pk])).status_code == 200  # kept, verified


def test_settling_a_conflict_from_the_page_is_checked(client, played):
    match, commissioner = played
    correction = corrections.propose_correction(
        match=match, by=commissioner, edits=[{"type": "score", "side": "away", "new": 1}], reason="Why"
    )
    client.force_login(commissioner)
    response = client.post(
        reverse("matches:correction_settle", args=[correction.pk]), {"conflict:made:up:": "keep"}, follow=True
    )
    assert "That choice is not one the rules allow here." in response.content.decode()
    assert Correction.objects.get().resolutions == {}


# The write views: who may use each (True), and who is refused (403 for a stranger, a refusal message
# and nothing changed for a party who may not).
PERSONAS = ("anonymous", "outsider", "proposer", "opponent", "commissioner")
WRITES = {
    "correction_accept": {"opponent", "commissioner"},
    "correction_reject": {"proposer", "opponent", "commissioner"},
    "correction_undo": {"commissioner"},
    "correction_settle": {"proposer", "opponent", "commissioner"},
}


def _persona(name, match, commissioner):
    return {
        "anonymous": None,
        "outsider": UserFactory(),
        "proposer": match.home_team.coach,
        "opponent": match.away_team.coach,
        "commissioner": commissioner,
    }[name]


@pytest.mark.parametrize("persona", PERSONAS)
def test_who_may_propose_a_correction(client, played, persona):
    match, commissioner = played
    user = _persona(persona, match, commissioner)
    if user:
        client.force_login(user)
    url = reverse("matches:correction_new", args=[match.pk])
    response = client.post(url, _form_data(match) | {"score-away": 1, "reason": "Why"})
    if persona == "anonymous":
        assert response.status_code == 302
        assert "/login/" in response["Location"]
    elif persona == "outsider":
        assert response.status_code == 403
    else:
        assert response.status_code in (200, 302)
    assert Correction.objects.exists() == (persona not in ("anonymous", "outsider"))


@pytest.mark.parametrize("view", sorted(WRITES))
@pytest.mark.parametrize("persona", PERSONAS)
def test_who_may_decide_a_correction(client, played, view, persona):
    match, commissioner = played
    correction = corrections.propose_correction(
        match=match,
        by=match.home_team.coach,
        edits=[{"type": "score", "side": "away", "new": 1}],
        reason="Why",
    )
    if view == "correction_undo":
        corrections.apply_correction(correction=correction, by=commissioner)
    before = (Correction.objects.get().status, LedgerEntry.objects.count())
    user = _persona(persona, match, commissioner)
    if user:
        client.force_login(user)
    response = client.post(reverse(f"matches:{view}", args=[correction.pk]))
    after = (Correction.objects.get().status, LedgerEntry.objects.count())
    if persona == "anonymous":
        assert response.status_code == 302
        assert "/login/" in response["Location"]
    elif persona == "outsider":
        assert response.status_code == 403
    else:
        assert response.status_code == 302
    allowed = (
        persona in WRITES[view] and view != "correction_settle"
    )  # settle with no choices changes nothing
    assert (after != before) == allowed


def test_an_outsider_cannot_read_a_correction(client, played):
    match, commissioner = played
    correction = corrections.propose_correction(
        match=match, by=commissioner, edits=[{"type": "score", "side": "away", "new": 1}], reason="Why"
    )
    client.force_login(UserFactory())
    assert client.get(reverse("matches:correction", args=[correction.pk])).status_code == 403
    assert client.get(reverse("matches:correction_new", args=[match.pk])).status_code == 403


def test_a_correction_overtaken_by_another_says_so_on_its_page(client, played):
    match, commissioner = played
    first, second = (
        corrections.propose_correction(
            match=match,
            by=commissioner,
            edits=[{"type": "score", "side": "away", "new": score}],
            reason="Why",
        )
        for score in (1, 2)
    )
    corrections.apply_correction(correction=first, by=commissioner)
    client.force_login(commissioner)
    response = client.get(reverse("matches:correction", args=[second.pk]))
    assert response.status_code == 200
    assert "The match has changed since this correction was proposed" in response.content.decode()
