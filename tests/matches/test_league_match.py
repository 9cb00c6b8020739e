"""A league match: played from its fixture, submitted to the league, confirmed there, then applied."""

import random

import pytest
from django.core.exceptions import ValidationError

from league.models import Result, SeasonEntry
from league.services.results import confirm_result
from league.standings.read import season_standings
from matches.models import Match
from matches.services import drives, postmatch, prematch
from matches.services import league as league_link
from rulebook.dice import Dice
from tests.factories import UserFactory
from tests.league.factories import make_fixture, make_league, make_season
from tests.matches.prayers import name_prayer_targets

pytestmark = pytest.mark.django_db


@pytest.fixture
def fixture(home_team, away_team, home_coach, away_coach):
    commissioner = UserFactory(username="commish")
    league = make_league(
        commissioner=commissioner, petty_cash_procedure="2020", optional_rules=["match_balls"]
    )
    season, _entries = make_season(league)
    home = SeasonEntry.objects.create(
        season=season, team=home_team, name=home_team.name, coach=home_coach, status="accepted"
    )
    away = SeasonEntry.objects.create(
        season=season, team=away_team, name=away_team.name, coach=away_coach, status="accepted"
    )
    return make_fixture(season, home, away)


def _play_to_post_match(match, user):
    dice = Dice(random.Random(7))
    prematch.roll_fans(match, dice=dice, user=user)
    prematch.roll_weather(match, dice=dice, user=user)
    prematch.take_journeymen(match, user=user)
    prematch.buy_inducements(match, side="home", counts={}, user=user)
    prematch.buy_inducements(match, side="away", counts={}, user=user)
    prematch.roll_prayers(match, dice=dice, user=user)
    name_prayer_targets(match, user)
    prematch.toss(match, user=user, dice=dice)
    prematch.kick_or_receive(match, user=user, choice=prematch.KICK)
    if "match_balls" in match.optional_rules:
        prematch.roll_match_ball(match, dice=dice, user=user)
    drives.start_drive(match, dice=dice, user=user)
    drives.add_event(
        match, user=user, kind="touchdown", side="home", player=match.home_team.players.first(), turn=3
    )
    drives.start_drive(match, dice=dice, user=user)
    drives.concede(match, side="away", user=user)
    postmatch.roll_postmatch(match, dice=dice, user=user)
    match.refresh_from_db()
    return match


def test_league_match_takes_the_league_settings_and_is_applied_when_the_opponent_confirms(
    client, fixture, home_coach, away_coach
):
    client.force_login(home_coach)
    response = client.post(f"/matches/fixture/{fixture.pk}/")
    match = Match.objects.get(fixture=fixture)
    assert response.url == f"/matches/{match.pk}/"
    assert match.petty_cash_procedure == "2020"
    assert match.optional_rules == ["match_balls"]
    assert not match.is_friendly

    match = _play_to_post_match(match, home_coach)
    with pytest.raises(ValidationError, match="not confirmed"):
        postmatch.apply_postmatch(match, user=home_coach)

    response = client.post(f"/matches/{match.pk}/league/submit/", follow=True)
    match.refresh_from_db()
    assert match.status == Match.Status.SUBMITTED
    result = Result.objects.get(fixture=fixture)
    assert (result.home_score, result.away_score, result.status) == (2, 0, Result.Status.SUBMITTED)
    assert result.conceded_by == fixture.away
    # The submitting coach lands on the match page, which says who confirms and what follows.
    page = response.content.decode()
    assert "Waiting for Away Coach (Bashers) to confirm the result." in page
    assert "Once confirmed, the match is applied to both teams." in page
    assert "Confirm the result" not in page

    treasury = match.home_team.treasury
    confirm_result(result=result, by=away_coach)
    match.refresh_from_db()
    assert match.status == Match.Status.APPLIED
    assert match.applied_by == away_coach
    match.home_team.refresh_from_db()
    assert match.home_team.treasury == match.outcome["home"]["treasury"] != treasury
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert "Apply to both teams" not in page
    assert 'data-stage="applied"' in page
    assert "rosters include the match" in page
    table = season_standings(fixture.season)
    assert (table[0].entry, table[0].points) == (fixture.home_id, 3)


def test_a_fixture_gets_one_match_and_only_its_coaches_start_it(client, fixture, home_coach):
    outsider = UserFactory(username="stranger")
    with pytest.raises(Exception, match="Only a coach"):
        league_link.create_league_match(fixture=fixture, created_by=outsider)
    first = league_link.create_league_match(fixture=fixture, created_by=home_coach)
    with pytest.raises(ValidationError, match="already has a match"):
        league_link.create_league_match(fixture=fixture, created_by=home_coach)
    client.force_login(home_coach)
    assert client.post(f"/matches/fixture/{fixture.pk}/").url == f"/matches/{first.pk}/"


def test_submitting_a_friendly_to_a_league_is_refused(match, home_coach):
    with pytest.raises(ValidationError, match="friendly"):
        league_link.submit_to_league(match, user=home_coach)


def test_fixture_page_offers_to_play_the_match_to_its_coaches_only(client, fixture, home_coach):
    client.force_login(home_coach)
    assert "Play this match with Dugout" in client.get(f"/leagues/fixtures/{fixture.pk}/").content.decode()
    client.force_login(UserFactory(username="reader"))
    assert (
        "Play this match with Dugout" not in client.get(f"/leagues/fixtures/{fixture.pk}/").content.decode()
    )


@pytest.mark.parametrize(("persona", "status"), [("anonymous", 302), ("outsider", 403), ("away", 302)])
def test_starting_the_match_of_a_fixture_when_posted_by_each_persona(
    client, fixture, away_coach, persona, status
):
    user = {"anonymous": None, "outsider": UserFactory(username="stranger"), "away": away_coach}[persona]
    if user:
        client.force_login(user)
    response = client.post(f"/matches/fixture/{fixture.pk}/")
    assert response.status_code == status
    if persona == "anonymous":
        assert "/login" in response["Location"]
    assert Match.objects.filter(fixture=fixture).exists() is (persona == "away")


@pytest.mark.parametrize(("persona", "status"), [("anonymous", 302), ("outsider", 403), ("away", 302)])
def test_submitting_to_the_league_when_posted_by_each_persona(
    client, fixture, home_coach, away_coach, persona, status
):
    match = _play_to_post_match(
        league_link.create_league_match(fixture=fixture, created_by=home_coach), home_coach
    )
    user = {"anonymous": None, "outsider": UserFactory(username="stranger"), "away": away_coach}[persona]
    if user:
        client.force_login(user)
    response = client.post(f"/matches/{match.pk}/league/submit/")
    assert response.status_code == status
    assert Result.objects.filter(fixture=fixture).exists() is (persona == "away")
