"""The API with personal tokens: what a token reads (never a private league its owner is not in), the
result submission's permission matrix (the page's service and approval flow), throttling and JSON
errors."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from accounts import tokens
from league.models import Result
from league.services import results as result_services
from tests.factories import UserFactory
from tests.league.factories import make_entry, make_fixture, make_league, make_season, play

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_counts():
    """Each test starts with no API request counted: the throttle's windows live in the shared cache."""
    cache.clear()


def bearer(user, name="bot"):
    _token, clear = tokens.create_token(user=user, name=name)
    return {"HTTP_AUTHORIZATION": f"Bearer {clear}"}


@pytest.fixture
def private(commissioner):
    """A private league: a season with two coaches' teams, a fixture between them, and a member."""
    league = make_league(commissioner=commissioner, name="Secret League", slug="secret", public=False)
    season, _entries = make_season(league)
    home = make_entry(season, coach=UserFactory(username="home"), name="Home Team")
    away = make_entry(season, coach=UserFactory(username="away"), name="Away Team")
    league.members.add(UserFactory(username="member"))
    return league, season, make_fixture(season, home, away)


# --- What a token reads -------------------------------------------------------------------------------


@pytest.mark.parametrize("who", ["commissioner", "member", "home"])
def test_token_of_someone_in_a_private_league_reads_it(client, private, who):
    league, season, _fixture = private
    user = {"commissioner": league.commissioners.get(), "member": league.members.get()}.get(who)
    headers = bearer(user or season.entries.get(coach__username=who).coach)
    listed = client.get(reverse("league:api_leagues"), **headers).json()["leagues"]
    assert [item["slug"] for item in listed] == ["secret"]
    assert client.get(reverse("league:api_league", args=["secret"]), **headers).json()["public"] is False
    teams = client.get(reverse("league:api_teams", args=[season.pk]), **headers).json()["teams"]
    assert {team["name"] for team in teams} == {"Home Team", "Away Team"}


def test_token_never_reads_a_private_league_its_owner_is_not_in(client, private, outsider):
    _league, season, _fixture = private
    headers = bearer(outsider)
    assert client.get(reverse("league:api_leagues"), **headers).json()["leagues"] == []
    urls = [reverse("league:api_league", args=["secret"])] + [
        reverse(f"league:{name}", args=[season.pk])
        for name in ("api_season", "api_standings", "api_fixtures", "api_results", "api_teams")
    ]
    for url in urls:
        response = client.get(url, **headers)
        assert (response.status_code, response.json()) == (404, {"detail": "Not found."}), url


def test_token_decides_who_reads_whatever_the_session(client, private, outsider):
    league, season, _fixture = private
    client.force_login(league.commissioners.get())
    assert client.get(reverse("league:api_season", args=[season.pk])).status_code == 200
    assert client.get(reverse("league:api_season", args=[season.pk]), **bearer(outsider)).status_code == 404


def test_without_a_token_a_visitor_reads_public_leagues_only(client, private, league):
    _private, season, _fixture = private
    assert [item["slug"] for item in client.get(reverse("league:api_leagues")).json()["leagues"]] == [
        "old-world"
    ]
    assert client.get(reverse("league:api_season", args=[season.pk])).status_code == 404


@pytest.mark.parametrize("state", ["revoked", "unknown"])
def test_a_revoked_or_unknown_token_is_refused_even_for_public_leagues(client, league, commissioner, state):
    token, clear = tokens.create_token(user=commissioner, name="bot")
    if state == "revoked":
        tokens.revoke_token(token=token, by=commissioner)
    else:
        clear = clear[:-4] + "AAAA"
    response = client.get(reverse("league:api_leagues"), HTTP_AUTHORIZATION=f"Bearer {clear}")
    assert response.status_code == 401
    assert response.json() == {"detail": "This API token is not valid: it is unknown or was revoked."}
    assert response["WWW-Authenticate"] == "Bearer"


def test_query_count_of_a_token_read_does_not_grow_with_the_league(client, commissioner):
    headers = bearer(commissioner)
    counts = []
    for teams in (4, 12):
        season, _entries = make_season(make_league(commissioner=commissioner, public=False), teams=teams)
        url = reverse("league:api_teams", args=[season.pk])
        client.get(url, **headers)  # the token's use is recorded once a minute: not in the count below
        with CaptureQueriesContext(connection) as context:
            assert client.get(url, **headers).json()["count"] == teams
        counts.append(len(context.captured_queries))
    assert counts[0] == counts[1] <= 6


# --- Submitting a result ------------------------------------------------------------------------------

SCORE = {"home_score": 2, "away_score": 1, "home_cas": 1, "away_cas": 0, "conceded": None, "comment": "GG"}


def submit(client, fixture, body=SCORE, **headers):
    url = reverse("league:api_result_submit", args=[fixture.pk])
    return client.post(url, body, content_type="application/json", **headers)


@pytest.mark.parametrize("side", ["home", "away"])
def test_a_coach_submits_the_result_of_their_own_fixture_and_the_opponent_confirms_it(client, private, side):
    _league, _season, fixture = private
    coach = getattr(fixture, side).coach
    response = submit(client, fixture, **bearer(coach))
    assert response.status_code == 200
    assert response.json() == {
        "fixture": fixture.pk, "status": "submitted", "home_score": 2, "away_score": 1,
        "home_cas": 1, "away_cas": 0, "conceded_by": None,
    }  # fmt: skip
    result = Result.objects.get(fixture=fixture)
    assert (result.status, result.submitted_by, result.comment) == ("submitted", coach, "GG")
    other = fixture.away.coach if side == "home" else fixture.home.coach
    result_services.confirm_result(result=result, by=other)  # the approval flow of the page follows
    fixture.refresh_from_db()
    assert fixture.confirmed


def test_a_coach_submits_a_concession_by_side(client, private):
    _league, _season, fixture = private
    body = {**SCORE, "conceded": "away"}
    assert (
        submit(client, fixture, body, **bearer(fixture.home.coach)).json()["conceded_by"] == fixture.away_id
    )


@pytest.mark.parametrize("who", ["commissioner", "member", "other coach"])
def test_submitting_the_result_of_someone_elses_fixture_is_forbidden(client, private, who):
    league, season, fixture = private
    user = {
        "commissioner": league.commissioners.get(),
        "member": league.members.get(),
        "other coach": make_entry(season, coach=UserFactory(username="third")).coach,
    }[who]
    response = submit(client, fixture, **bearer(user))
    assert response.status_code == 403
    assert response.json() == {"detail": "Only a coach of one of the two teams may submit the result."}
    assert not Result.objects.exists()


def test_submitting_to_a_private_league_one_is_not_in_is_not_found(client, private, outsider):
    assert submit(client, private[2], **bearer(outsider)).status_code == 404
    assert not Result.objects.exists()


def test_submitting_without_a_token_is_unauthorized_even_with_a_session(client, private):
    _league, _season, fixture = private
    response = submit(client, fixture)
    assert response.status_code == 401
    assert response.json() == {
        "detail": "This needs a personal API token: send Authorization: Bearer <token>."
    }
    client.force_login(fixture.home.coach)  # a session would need CSRF: the API takes tokens only
    assert submit(client, fixture).status_code == 401
    assert not Result.objects.exists()


def test_submitting_with_a_revoked_token_is_unauthorized(client, private):
    _league, _season, fixture = private
    token, clear = tokens.create_token(user=fixture.home.coach, name="bot")
    tokens.revoke_token(token=token, by=fixture.home.coach)
    assert submit(client, fixture, HTTP_AUTHORIZATION=f"Bearer {clear}").status_code == 401
    assert not Result.objects.exists()


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({**SCORE, "home_score": -1}, "Ensure this value is greater than or equal to 0."),
        ({**SCORE, "away_cas": 100}, "Ensure this value is less than or equal to 99."),
    ],
)
def test_submitting_scores_out_of_range_is_refused_with_the_forms_message(client, private, body, message):
    _league, _season, fixture = private
    response = submit(client, fixture, body, **bearer(fixture.home.coach))
    assert response.status_code == 400
    assert message in response.json()["detail"]
    assert list(response.json()["errors"].values()) == [[message]]
    assert not Result.objects.exists()


@pytest.mark.parametrize(
    "body",
    [
        {**SCORE, "home_score": "two"},
        {"away_score": 1},
        {**SCORE, "conceded": "both"},
        {**SCORE, "home_score": 1e309},
        "not json",
    ],
)
def test_submitting_a_body_of_the_wrong_shape_is_refused_with_json(client, private, body):
    _league, _season, fixture = private
    response = submit(client, fixture, body, **bearer(fixture.home.coach))
    assert response.status_code in (400, 422)
    assert response.json()["detail"].startswith("The request is not valid")
    assert not Result.objects.exists()


def test_submitting_over_a_confirmed_result_is_refused_and_changes_nothing(client, season, home, away):
    fixture = play(season, home, away, 1, 1)
    response = submit(client, fixture, **bearer(home.coach))
    assert response.status_code == 400
    assert response.json() == {"detail": "This result is confirmed: a commissioner must reopen it first."}
    assert (Result.objects.get().home_score, Result.objects.get().status) == (1, "confirmed")


def test_a_playoff_without_a_winner_is_refused_by_the_service(client, season, home, away):
    fixture = make_fixture(season, home, away, stage="playoff")
    response = submit(client, fixture, {**SCORE, "away_score": 2}, **bearer(home.coach))
    assert (response.status_code, response.json()) == (400, {"detail": "A playoff game needs a winner."})
    assert not Result.objects.exists()


def test_errors_come_in_the_language_of_the_request(client, private):
    _league, _season, fixture = private
    response = submit(
        client, fixture, {**SCORE, "home_score": -1}, HTTP_ACCEPT_LANGUAGE="fr", **bearer(fixture.home.coach)
    )
    assert "Assurez-vous que cette valeur est supérieure ou égale à 0." in response.json()["detail"]


# --- Throttling ---------------------------------------------------------------------------------------


def test_requests_past_the_rate_of_a_token_are_refused_with_429(client, settings, commissioner, league):
    settings.API_TOKEN_RATE = "3/min"
    headers, other = bearer(commissioner), bearer(commissioner, name="other")
    url = reverse("league:api_league", args=[league.slug])
    assert [client.get(url, **headers).status_code for _n in range(3)] == [200, 200, 200]
    refused = client.get(url, **headers)
    assert refused.status_code == 429
    assert refused.json()["detail"].startswith("Too many requests: try again in ")
    assert 1 <= int(refused["Retry-After"]) <= 60
    assert client.get(url, **other).status_code == 200  # counted per token


def test_requests_without_a_token_are_counted_per_client_address(client, settings, league):
    settings.API_ANONYMOUS_RATE = "2/min"
    url = reverse("league:api_leagues")
    assert [client.get(url, REMOTE_ADDR="10.0.0.1").status_code for _n in range(3)] == [200, 200, 429]
    assert client.get(url, REMOTE_ADDR="10.0.0.2").status_code == 200


def test_wrong_tokens_are_counted_per_client_address_like_requests_without_one(client, settings, league):
    settings.API_ANONYMOUS_RATE = "2/min"
    url = reverse("league:api_leagues")
    guesses = [client.get(url, HTTP_AUTHORIZATION=f"Bearer dg_guess{n}").status_code for n in range(3)]
    assert guesses == [401, 401, 429]
    assert 1 <= int(client.get(url, HTTP_AUTHORIZATION="Bearer dg_x")["Retry-After"]) <= 60


def test_a_cache_that_is_down_throttles_nobody(client, settings, monkeypatch, league):
    settings.API_ANONYMOUS_RATE = "1/min"

    def down(*args, **kwargs):
        raise ConnectionError("cache down")

    monkeypatch.setattr("web.league.api.auth.cache.add", down)
    url = reverse("league:api_leagues")
    assert [client.get(url).status_code for _n in range(3)] == [200, 200, 200]


# --- Errors are JSON --------------------------------------------------------------------------------


def test_an_unknown_url_under_the_api_is_a_json_404(client):
    response = client.get("/leagues/api/no/such/thing/")
    assert (response.status_code, response.json()) == (404, {"detail": "Not found."})
    assert client.get("/leagues/api/leagues").status_code == 301  # a missing slash is still added


def test_a_method_an_endpoint_does_not_take_is_a_json_405(client, league, commissioner):
    response = client.delete(reverse("league:api_league", args=[league.slug]))
    assert (response.status_code, response["Allow"]) == (405, "GET")
    assert response.json() == {"detail": "This URL does not take DELETE."}
    fixture_url = reverse("league:api_result_submit", args=[1])
    assert client.get(fixture_url, **bearer(commissioner)).status_code == 405


def test_an_error_of_ours_is_a_json_500_and_logged(client, monkeypatch, season, caplog):
    def broken(season):
        raise RuntimeError("boom")

    monkeypatch.setattr("web.league.api.reads.season_json", broken)
    response = client.get(reverse("league:api_season", args=[season.pk]))
    assert response.status_code == 500
    assert response.json()["detail"].startswith("Something went wrong on our side")
    assert "boom" not in response.content.decode()
    assert any(record.exc_info and "boom" in str(record.exc_info[1]) for record in caplog.records)
