import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.models import Fixture, League, Result, Season
from league.services import scheduling
from league.standings.store import rebuild_standings
from tests.league.factories import make_league, make_season, play

pytestmark = pytest.mark.django_db


def _played_season(commissioner, teams, *, name="Big League"):
    """A season of `teams` teams, round robin scheduled and every game confirmed."""
    league = make_league(
        commissioner=commissioner, name=name, tiebreakers=["head_to_head_points", "td_difference"]
    )
    season, entries = make_season(league, teams=teams)
    scheduling.schedule_round_robin(season=season, by=commissioner)
    for number, fixture in enumerate(season.fixtures.all()):
        Result.objects.create(
            fixture=fixture,
            home_score=number % 3,
            away_score=number % 2,
            home_cas=number % 4,
            submitted_by=commissioner,
            status=Result.Status.CONFIRMED,
        )
    rebuild_standings(season=season)
    return league, season


def _queries(client, url):
    with CaptureQueriesContext(connection) as context:
        response = client.get(url)
    assert response.status_code == 200
    return len(context.captured_queries)


@pytest.mark.parametrize(
    "page", ["league:standings", "league:fixtures", "league:season", "api_standings", "calendar"]
)
def test_query_count_of_season_pages_does_not_grow_with_the_league(client, commissioner, page):
    names = {"api_standings": "league:api_standings", "calendar": "league:season_calendar"}
    counts = []
    for teams in (4, 12):
        league, season = _played_season(commissioner, teams, name=f"League of {teams}")
        counts.append(_queries(client, reverse(names.get(page, page), args=[season.pk])))
    assert counts[0] == counts[1]


def test_query_count_of_league_pages_does_not_grow_with_the_league(client, commissioner):
    counts = []
    for teams in (4, 12):
        league, season = _played_season(commissioner, teams, name=f"League of {teams}")
        counts.append(
            (
                _queries(client, reverse("league:leaderboards", args=[league.slug])),
                _queries(client, reverse("league:detail", args=[league.slug])),
            )
        )
    assert counts[0] == counts[1]


def test_standings_page_shows_points_and_the_tiebreak_reason(
    client, commissioner, league, season, home, away
):
    play(season, home, away, 1, 0, round_number=1)
    play(season, away, home, 2, 0, round_number=2)
    response = client.get(reverse("league:standings", args=[season.pk]))
    content = response.content.decode()
    assert "Gouged Eye" in content
    assert "Reikland Reavers" in content
    assert "Level on points with Reikland Reavers; placed by Touchdown difference (1)." in content
    assert content.index("Gouged Eye") < content.index("Reikland Reavers</")


def test_standings_page_shows_the_table_after_a_given_round(client, season, home, away):
    play(season, home, away, 1, 0, round_number=1)
    play(season, away, home, 3, 0, round_number=2)
    url = reverse("league:standings", args=[season.pk])
    after_first = client.get(url, {"after": 1}).content.decode()
    assert "The table as it stood after round 1." in after_first
    assert after_first.index("Reikland Reavers</") < after_first.index("Gouged Eye</")
    now = client.get(url).content.decode()
    assert now.index("Gouged Eye</") < now.index("Reikland Reavers</")


def test_fixtures_page_lists_rounds_and_results(client, season, home, away):
    play(season, home, away, 3, 1, round_number=2)
    play(season, away, home, 0, 0, round_number=3, status=Result.Status.SUBMITTED)
    url = reverse("league:fixtures", args=[season.pk])
    content = client.get(url, {"round": "all"}).content.decode()
    assert "Round 2" in content
    assert "Round 3" in content
    assert "3–1" in content
    assert "Submitted" in content
    # By default, one round: the first with a game still to confirm.
    content = client.get(url).content.decode()
    assert "<h2>Round 3" in content
    assert "<h2>Round 2" not in content
    content = client.get(url, {"round": 2}).content.decode()
    assert "<h2>Round 2" in content
    assert "<h2>Round 3" not in content


def test_private_league_is_hidden_from_outsiders_and_shown_to_members(client, commissioner, outsider, coach):
    league = make_league(commissioner=commissioner, public=False, name="Secret League")
    season, _entries = make_season(league)
    assert client.get(reverse("league:detail", args=[league.slug])).status_code == 404
    assert client.get(reverse("league:standings", args=[season.pk])).status_code == 404
    assert client.get(reverse("league:api_standings", args=[season.pk])).status_code == 404
    assert "Secret League" not in client.get(reverse("league:list")).content.decode()
    league.members.add(coach)
    client.force_login(coach)
    assert client.get(reverse("league:detail", args=[league.slug])).status_code == 200
    assert "Secret League" in client.get(reverse("league:list")).content.decode()


def test_league_page_shows_seasons_and_commissioner_links(client, commissioner, league, season):
    client.force_login(commissioner)
    content = client.get(reverse("league:detail", args=[league.slug])).content.decode()
    assert "Season 1" in content
    assert reverse("league:settings", args=[league.slug]) in content


def test_commissioner_pages_render(client, commissioner, league, season, home, away):
    fixture = play(season, home, away, 1, 1, status=Result.Status.DISPUTED)
    client.force_login(commissioner)
    for url in (
        reverse("league:settings", args=[league.slug]),
        reverse("league:invitations", args=[league.slug]),
        reverse("league:season_create", args=[league.slug]),
        reverse("league:entries", args=[season.pk]),
        reverse("league:schedule", args=[season.pk]),
        reverse("league:decisions", args=[season.pk]),
        reverse("league:fixture", args=[fixture.pk]),
    ):
        response = client.get(url)
        assert response.status_code == 200, url
    decisions = client.get(reverse("league:decisions", args=[season.pk])).content.decode()
    assert "Disputed" in decisions


def test_settings_form_saves_ordered_tiebreakers_and_optional_rules(client, commissioner, league):
    client.force_login(commissioner)
    data = {
        "name": "Old World League",
        "points_win": 3,
        "points_draw": 1,
        "points_loss": 0,
        "bonus_three_plus_touchdowns": 1,
        "bonus_no_touchdown_conceded": 1,
        "bonus_three_plus_casualties": 1,
        "starting_treasury": 1100000,
        "petty_cash_procedure": "2020",
        "tiebreaker_1": "head_to_head_points",
        "tiebreaker_2": "cas_difference",
        "optional_rules": ["sponsorship", "match_balls"],
    }
    response = client.post(reverse("league:settings", args=[league.slug]), data)
    assert response.status_code == 302
    league.refresh_from_db()
    assert league.tiebreakers == ["head_to_head_points", "cas_difference"]
    assert league.optional_rules == ["sponsorship", "match_balls"]
    assert (league.starting_treasury, league.petty_cash_procedure) == (1100000, "2020")
    data["tiebreaker_3"] = "cas_difference"
    response = client.post(reverse("league:settings", args=[league.slug]), data)
    assert "Choose each tie-breaker at most once." in response.content.decode()


def test_settings_form_refuses_a_plain_http_webhook(client, commissioner, league):
    client.force_login(commissioner)
    data = {
        "name": "X",
        "points_win": 3,
        "points_draw": 1,
        "points_loss": 0,
        "bonus_three_plus_touchdowns": 1,
        "bonus_no_touchdown_conceded": 1,
        "bonus_three_plus_casualties": 1,
        "starting_treasury": 1,
        "petty_cash_procedure": "2020",
        "webhook_url": "http://chat.example.com/x",
    }
    response = client.post(reverse("league:settings", args=[league.slug]), data)
    assert "must start with https://" in response.content.decode()


def test_join_by_link_makes_the_coach_a_member(client, league, commissioner, coach):
    from league.models import Invitation

    invitation = Invitation.objects.create(league=league, created_by=commissioner)
    client.force_login(coach)
    page = client.get(reverse("league:join_code", args=[invitation.code])).content.decode()
    assert "Join Old World League" in page
    response = client.post(reverse("league:join_code", args=[invitation.code]))
    assert response.url == reverse("league:detail", args=[league.slug])
    assert league.members.filter(pk=coach.pk).exists()
    response = client.post(reverse("league:join"), {"code": invitation.code})
    assert response.url == reverse("league:join_code", args=[invitation.code])


def test_join_with_an_unknown_code_says_so(client, coach):
    client.force_login(coach)
    content = client.get(reverse("league:join_code", args=["nope"])).content.decode()
    assert "unknown, expired or used up" in content


@pytest.mark.parametrize("code", ["a/b", "../x", "code with spaces", "<b>", "ab\u0000c"])
def test_join_with_a_code_that_cannot_be_one_is_refused_without_error(client, coach, code):
    client.force_login(coach)
    response = client.post(reverse("league:join"), {"code": code})
    assert response.status_code == 200
    assert "Enter a valid" in response.content.decode() or "Null characters" in response.content.decode()


def test_fixture_page_offers_the_opponent_confirm_and_dispute(client, season, home, away, opponent, coach):
    fixture = play(season, home, away, 2, 1, status=Result.Status.SUBMITTED)
    client.force_login(opponent)
    content = client.get(reverse("league:fixture", args=[fixture.pk])).content.decode()
    assert "Confirm the result" in content
    assert "Dispute the result" in content
    client.force_login(coach)
    content = client.get(reverse("league:fixture", args=[fixture.pk])).content.decode()
    assert "Confirm the result" not in content
    assert "Submit a corrected result" in content


def test_create_league_view_makes_the_user_commissioner(client, coach):
    client.force_login(coach)
    response = client.post(
        reverse("league:create"), {"name": "Lustria Cup", "game": "hexfootball", "public": "on"}
    )
    league = League.objects.get(name="Lustria Cup")
    assert response.url == reverse("league:detail", args=[league.slug])
    assert league.is_commissioner(coach)
    assert (league.game, league.edition) == ("hexfootball", "")


def test_register_view_lists_only_ready_teams_of_the_coach(client, season, coach):
    from rosters.models import Team
    from tests.league.factories import make_team

    make_team(coach=coach, name="Ready Ones")
    make_team(coach=coach, name="Still Drafting", status=Team.Status.DRAFT)
    client.force_login(coach)
    content = client.get(reverse("league:register", args=[season.pk])).content.decode()
    assert "Ready Ones" in content
    assert "Still Drafting" not in content


def test_season_status_button_finishes_the_season(client, commissioner, season):
    client.force_login(commissioner)
    client.post(reverse("league:season_status", args=[season.pk]), {"status": "finished"})
    season.refresh_from_db()
    assert season.status == Season.Status.FINISHED


# --- API, calendars, charts --------------------------------------------------------------------------------


def test_api_lists_leagues_seasons_standings_fixtures_results_and_teams(client, league, season, home, away):
    play(season, home, away, 2, 1, home_cas=2)
    leagues = client.get(reverse("league:api_leagues")).json()["leagues"]
    assert [item["slug"] for item in leagues] == ["old-world"]
    detail = client.get(reverse("league:api_league", args=["old-world"])).json()
    assert detail["seasons"][0]["id"] == season.pk
    standings = client.get(reverse("league:api_standings", args=[season.pk])).json()["standings"]
    assert (standings[0]["name"], standings[0]["points"], standings[0]["cas_for"]) == (
        "Reikland Reavers",
        3,
        2,
    )
    fixtures = client.get(reverse("league:api_fixtures", args=[season.pk])).json()["fixtures"]
    assert fixtures[0]["result"]["home_score"] == 2
    results = client.get(reverse("league:api_results", args=[season.pk])).json()["results"]
    assert results[0]["away_score"] == 1
    teams = client.get(reverse("league:api_teams", args=[season.pk])).json()["teams"]
    assert {team["coach"] for team in teams} == {"homecoach", "awaycoach"}
    assert client.get(reverse("league:api_season", args=[season.pk])).json()["status"] == "running"


def test_api_shows_unconfirmed_results_as_no_result(client, season, home, away):
    play(season, home, away, 2, 1, status=Result.Status.SUBMITTED)
    fixtures = client.get(reverse("league:api_fixtures", args=[season.pk])).json()["fixtures"]
    assert fixtures[0]["result"] is None
    assert client.get(reverse("league:api_results", args=[season.pk])).json()["results"] == []


def test_api_refuses_writes(client, league):
    assert client.post(reverse("league:api_leagues")).status_code == 405


def test_standings_chart_is_an_svg_with_a_line_per_team(client, season, home, away):
    play(season, home, away, 2, 1, round_number=1)
    play(season, away, home, 2, 1, round_number=2)
    response = client.get(reverse("league:chart_standings", args=[season.pk]))
    assert response["Content-Type"].startswith("image/svg+xml")
    body = response.content.decode()
    assert body.startswith("<svg")
    assert body.count("<polyline") == 2
    assert "<title>Reikland Reavers</title>" in body


def test_team_value_chart_uses_values_recorded_at_confirmation(client, season, home, away):
    fixture = play(season, home, away, 2, 1, round_number=1)
    Result.objects.filter(fixture=fixture).update(home_team_value=1050000, away_team_value=990000)
    body = client.get(reverse("league:chart_team_value", args=[season.pk])).content.decode()
    assert body.count("<polyline") == 2


def test_chart_of_an_empty_season_is_still_an_svg(client, season):
    body = client.get(reverse("league:chart_standings", args=[season.pk])).content.decode()
    assert body.startswith("<svg")
    assert "</svg>" in body


def test_json_is_utf8(client, commissioner):
    league = make_league(commissioner=commissioner, name="Ligue d'Été", slug="ete")
    data = json.loads(client.get(reverse("league:api_league", args=["ete"])).content.decode())
    assert data["name"] == "Ligue d'Été"
    assert league.pk


def test_leaderboards_show_coaches_across_seasons_and_the_current_seasons_leaders(
    client, league, season, home, away
):
    play(season, home, away, 3, 0, home_cas=2)
    older, _entries = make_season(league, name="Season 0", status=Season.Status.FINISHED)
    from tests.league.factories import make_entry

    old_home = make_entry(older, coach=home.coach, name="Old Reavers")
    old_away = make_entry(older, coach=away.coach, name="Old Eye")
    play(older, old_home, old_away, 1, 0)
    content = client.get(reverse("league:leaderboards", args=[league.slug])).content.decode()
    assert "Home Coach" in content
    assert "Reikland Reavers · 3" in content
    from league.leaderboards import coach_leaders

    top = coach_leaders(league)[0]
    assert (top.name, top.seasons, top.played, top.won, top.points) == ("Home Coach", 2, 2, 2, 6)


# --- pages of bounded size ---------------------------------------------------------------------------------


def test_standings_page_shows_a_page_of_rows_and_links_the_coach_to_their_team(client, league, coach):
    from tests.league.factories import make_entry

    season, entries = make_season(league, teams=29)
    mine = make_entry(season, coach=coach, name="Reikland Reavers")
    play(season, entries[0], mine, 1, 0)  # Reavers are last: 0 points and the worst difference
    url = reverse("league:standings", args=[season.pk])
    client.force_login(coach)
    first = client.get(url).content.decode()
    assert first.count('<tr id="entry-') == 25
    assert "Page 1 of 2" in first
    assert "Your team Reikland Reavers is in position 30." in first
    assert f'href="?page=2#entry-{mine.pk}"' in first
    second = client.get(url, {"page": 2}).content.decode()
    assert second.count('<tr id="entry-') == 5
    assert f'<tr id="entry-{mine.pk}" aria-current="true">' in second
    assert "<mark>Reikland Reavers</mark>" in second
    assert "Show it in the table" not in second


def test_standings_after_a_round_are_paged_too(client, league, coach):
    from tests.league.factories import make_entry

    season, entries = make_season(league, teams=29)
    mine = make_entry(season, coach=coach, name="Reikland Reavers")
    play(season, mine, entries[0], 2, 0, round_number=1)
    play(season, entries[1], mine, 5, 0, round_number=2)
    client.force_login(coach)
    content = client.get(reverse("league:standings", args=[season.pk]), {"after": 1}).content.decode()
    assert "The table as it stood after round 1." in content
    assert "Your team Reikland Reavers is in position 1." in content
    assert f'<tr id="entry-{mine.pk}" aria-current="true">' in content
    assert 'href="?after=1&amp;page=2"' in content


def test_round_links_show_the_first_the_last_and_those_around_the_current_one():
    from web.league.views import _round_links

    assert _round_links([1, 2, 3], None) == [1, 2, 3]
    numbers = list(range(1, 31))
    assert _round_links(numbers, 15) == [1, None, 11, 12, 13, 14, 15, 16, 17, 18, 19, None, 30]
    assert _round_links(numbers, None) == [1, None, 26, 27, 28, 29, 30]
    assert _round_links(numbers, 2) == [1, 2, 3, 4, 5, 6, None, 30]


def test_fixtures_page_shows_a_big_round_a_page_at_a_time(client, season, home, away):
    from tests.league.factories import make_fixture

    for _fixture in range(30):
        make_fixture(season, home, away, round_number=1)
    url = reverse("league:fixtures", args=[season.pk])
    first = client.get(url).content.decode()
    assert first.count('href="/leagues/fixtures/') == 25
    assert "Page 1 of 2" in first
    assert 'href="?round=1&amp;page=2"' in first
    second = client.get(url, {"round": 1, "page": 2}).content.decode()
    assert second.count('href="/leagues/fixtures/') == 5
    assert "To play" in second


def test_all_rounds_page_lists_fixtures_outside_rounds_first_then_pages_on(client, season, home, away):
    from tests.league.factories import make_fixture

    for number in range(1, 28):
        make_fixture(season, home, away, round_number=number)
    Fixture.objects.create(season=season, home=away, away=home)
    url = reverse("league:fixtures", args=[season.pk])
    first = client.get(url, {"round": "all"}).content.decode()
    assert first.index("Other fixtures") < first.index("<h2>Round 1")
    assert first.count('href="/leagues/fixtures/') == 25
    assert "<h2>Round 24" in first
    assert "<h2>Round 25" not in first
    assert "Page 1" in first
    assert 'href="?round=all&amp;page=2" rel="next"' in first
    second = client.get(url, {"round": "all", "page": 2}).content.decode()
    assert second.count('href="/leagues/fixtures/') == 3
    assert "<h2>Round 25" in second
    assert "<h2>Round 27" in second
    assert 'rel="next"' not in second


@pytest.mark.parametrize("number", ["²", str(10**20), "9" * 5000, "-1", "0"])
def test_standings_and_fixtures_pages_take_a_number_that_is_not_one_for_none(
    client, season, home, away, number
):
    """str.isdigit() says yes to "²", which int() refuses; 10^20 overflowed the OFFSET (the hostile-input
    walk found both as 500s)."""
    from tests.league.factories import make_fixture

    make_fixture(season, home, away, round_number=1)
    standings = client.get(reverse("league:standings", args=[season.pk]), {"after": number, "page": number})
    assert standings.status_code == 200
    assert "The table as it stood after round" not in standings.content.decode()
    fixtures = client.get(reverse("league:fixtures", args=[season.pk]), {"round": "all", "page": number})
    assert fixtures.status_code == 200
    assert fixtures.content.decode().count('href="/leagues/fixtures/') == 1  # the first page


def test_fixtures_page_opens_on_the_first_round_still_open(client, season, home, away, commissioner):
    from league.services import results as result_services
    from tests.league.factories import make_fixture

    first = make_fixture(season, home, away, round_number=1)
    make_fixture(season, away, home, round_number=2)
    url = reverse("league:fixtures", args=[season.pk])
    assert "<h2>Round 1" in client.get(url).content.decode()
    result_services.record_result_as_commissioner(fixture=first, by=commissioner, home_score=1, away_score=0)
    assert "<h2>Round 2" in client.get(url).content.decode()


def test_leaderboards_show_only_the_top_coaches(client, monkeypatch, league, season, home, away):
    from web.league import page_sizes

    play(season, home, away, 3, 0)
    monkeypatch.setattr(page_sizes, "COACHES", 1)
    content = client.get(reverse("league:leaderboards", args=[league.slug])).content.decode()
    assert "<td>Home Coach</td>" in content
    assert "<td>Away Coach</td>" not in content


def test_league_page_shows_the_top_of_the_current_table(client, monkeypatch, league, season, home, away):
    from web.league import page_sizes

    play(season, home, away, 3, 0)
    monkeypatch.setattr(page_sizes, "LEAGUE_PAGE_ROWS", 1)
    content = client.get(reverse("league:detail", args=[league.slug])).content.decode()
    assert "Reikland Reavers" in content
    assert "Gouged Eye" not in content
    assert reverse("league:standings", args=[season.pk]) in content


def test_query_count_of_the_standings_page_for_a_coach_does_not_grow_with_the_league(client, commissioner):
    counts = []
    for teams in (4, 12):
        league, season = _played_season(commissioner, teams, name=f"League of {teams}")
        coach = season.entries.order_by("id").last().coach
        client.force_login(coach)
        counts.append(_queries(client, reverse("league:standings", args=[season.pk])))
    assert counts[0] == counts[1]


def test_standings_page_links_each_team_to_its_roster(client, season, home, away):
    play(season, home, away, 1, 0)
    content = client.get(reverse("league:standings", args=[season.pk])).content.decode()
    assert f'<a href="{reverse("rosters:team", args=[home.team_id])}">Reikland Reavers</a>' in content
