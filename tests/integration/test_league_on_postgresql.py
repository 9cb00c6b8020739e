"""League flows that depend on how PostgreSQL behaves: two requests at the same moment (row locks,
READ COMMITTED), an export read back into the database, and the query count of the league's pages.

Run by `make test`'s integration pass (DATABASE_URL=postgres://..., CELERY_BROKER_URL=redis://...).
"""

import json
import time
from functools import partial

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from accounts.models import User
from league.models import (
    CoachRecord,
    League,
    PlayerLeagueStats,
    PlayerMatchStats,
    PointsAdjustment,
    Result,
    Season,
    SeasonPrize,
    StandingsRow,
)
from league.services import prizes, results, scheduling
from league.services.adjustments import add_adjustment
from league.services.leagues import set_season_status
from league.services.results import confirm_result, submit_result
from league.standings.read import season_standings
from league.standings.store import rebuild_standings
from matches.models import Match
from rosters.models import LedgerEntry, Player, Team
from tests.concurrency import at_once
from tests.factories import UserFactory
from tests.league.factories import make_entry, make_fixture, make_league, make_season, play

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

FINISHED = Season.Status.FINISHED


def _slowed(monkeypatch, module, name, seconds=0.5):
    """Make `module.name` wait before it runs, inside its caller's transaction, so that the other request
    reaches the same rows while the first one still holds them."""
    real = getattr(module, name)

    def slow(**kwargs):
        time.sleep(seconds)
        return real(**kwargs)

    monkeypatch.setattr(module, name, slow)


def _player(team, name, number):
    return Player.objects.create(
        team=team, number=number, name=name, position="lineman", ma=6, st=3, ag=3, av=9
    )


def _applied_match(fixture, stats):
    """An applied match of `fixture` whose players did `stats`: [(player, side, {stat: value})]."""
    home, away = fixture.home, fixture.away
    match = Match.objects.create(
        home_team=home.team,
        away_team=away.team,
        created_by=home.coach,
        fixture=fixture,
        status=Match.Status.APPLIED,
    )
    PlayerMatchStats.objects.bulk_create(
        PlayerMatchStats(match=match, player=player, side=side, **values) for player, side, values in stats
    )
    return match


def _stored_table(season):
    """The stored rows of `season`, best first, by team name: every column a page shows."""
    return [
        (
            row.position,
            row.name,
            row.played,
            row.won,
            row.drawn,
            row.lost,
            row.td_for,
            row.td_against,
            row.cas_for,
            row.cas_against,
            row.bonus,
            row.adjustment,
            row.points,
            row.tied_names,
            row.tiebreaker,
            row.tiebreaker_value,
            row.still_tied,
        )
        for row in StandingsRow.objects.for_season(season).with_names()
    ]


# Two requests at the same moment.


def test_finish_season_when_two_requests_arrive_together_pays_the_prizes_once(monkeypatch):
    commissioner = UserFactory(username="carla")
    league = make_league(commissioner=commissioner, name="Old World League")
    season, entries = make_season(league, teams=4)
    for number, (home, away) in enumerate(zip(entries, entries[1:], strict=False), start=1):
        play(season, home, away, 2, number % 2, round_number=number)
    treasuries = dict(Team.objects.values_list("pk", "treasury"))
    _slowed(monkeypatch, prizes, "award_prizes")

    outcomes = at_once(
        *(
            partial(
                set_season_status, season=Season.objects.get(pk=season.pk), status=FINISHED, by=commissioner
            )
            for _ in range(2)
        )
    )

    assert [type(outcome) for outcome in outcomes] == [Season, Season], outcomes
    table = prizes.prize_table(league)
    awarded = SeasonPrize.objects.filter(season=season).select_related("entry", "payment").order_by("place")
    assert [(prize.place, prize.gold) for prize in awarded] == [(prize.place, prize.gold) for prize in table]
    assert len({prize.entry_id for prize in awarded}) == len(table) == 3
    paid = {prize.entry.team_id: prize.gold for prize in awarded}
    for team in Team.objects.all():
        payments = LedgerEntry.objects.filter(team=team, kind=LedgerEntry.Kind.GOLD)
        assert [entry.gold_change for entry in payments] == ([paid[team.pk]] if team.pk in paid else [])
        assert team.treasury == treasuries[team.pk] + paid.get(team.pk, 0)
    assert all(prize.payment.team_id == prize.entry.team_id for prize in awarded)


def test_confirm_result_when_two_requests_arrive_together_counts_it_once(monkeypatch):
    commissioner = UserFactory(username="carla")
    home_coach = UserFactory(username="homecoach", display_name="Home Coach")
    away_coach = UserFactory(username="awaycoach", display_name="Away Coach")
    league = make_league(commissioner=commissioner, name="Old World League")
    season, _entries = make_season(league)
    home = make_entry(season, coach=home_coach, name="Reikland Reavers")
    away = make_entry(season, coach=away_coach, name="Gouged Eye")
    fixture = make_fixture(season, home, away)
    griff, bork = _player(home.team, "Griff", 1), _player(away.team, "Bork", 2)
    _applied_match(
        fixture,
        [
            (griff, "home", {"touchdowns": 2, "mvp": 1, "spp": 10}),
            (bork, "away", {"casualties": 1, "kills": 1, "spp": 2}),
        ],
    )
    submit_result(
        fixture=fixture, submitted_by=home_coach, home_score=2, away_score=1, home_cas=0, away_cas=1
    )
    assert not PlayerLeagueStats.objects.exists()  # not counted before it is confirmed
    _slowed(monkeypatch, results, "recompute_standings")

    outcomes = at_once(
        *(
            partial(confirm_result, result=Result.objects.get(fixture=fixture), by=away_coach)
            for _ in range(2)
        )
    )

    # One request confirms; the other waits for the row and is told it is confirmed already.
    assert sorted(type(outcome).__name__ for outcome in outcomes) == ["Result", "ValidationError"], outcomes
    assert Result.objects.get(fixture=fixture).status == Result.Status.CONFIRMED
    assert [row[1:10] for row in _stored_table(season)] == [
        ("Reikland Reavers", 1, 1, 0, 0, 2, 1, 0, 1),
        ("Gouged Eye", 1, 0, 0, 1, 1, 2, 1, 0),
    ]
    assert [row.points for row in StandingsRow.objects.for_season(season).order_by("position")] == [
        row.points for row in season_standings(season)
    ]
    records = CoachRecord.objects.filter(league=league).values_list(
        "coach__username", "played", "won", "td_for"
    )
    assert sorted(records) == [("awaycoach", 1, 0, 1), ("homecoach", 1, 1, 2)]
    totals = PlayerLeagueStats.objects.values_list(
        "player__name", "season_id", "touchdowns", "kills", "mvp", "spp"
    )
    assert sorted(totals, key=lambda line: (line[0], line[1] is None)) == [
        ("Bork", season.pk, 0, 1, 0, 2),
        ("Bork", None, 0, 1, 0, 2),
        ("Griff", season.pk, 2, 0, 1, 10),
        ("Griff", None, 2, 0, 1, 10),
    ]


# Export and import.


def _snapshot(league):
    """What an export must carry over, by names (the rows' ids change on import)."""
    seasons = league.seasons.order_by("created_at", "id")
    return {
        "seasons": [(season.name, season.status, season.coin_seed) for season in seasons],
        "tables": [_stored_table(season) for season in seasons],
        "adjustments": [
            (adjustment.entry.display_name, adjustment.points, adjustment.reason, adjustment.created_at)
            for adjustment in PointsAdjustment.objects.filter(entry__season__league=league)
            .select_related("entry__team")
            .order_by("created_at", "id")
        ],
        "prizes": [
            (
                prize.season.name,
                prize.place,
                prize.entry.display_name,
                prize.gold,
                prize.trophy,
                prize.awarded_at,
            )
            for prize in SeasonPrize.objects.with_related()
            .filter(season__league=league)
            .order_by("season", "place")
        ],
        "trophy": prizes.trophy_holder(league).entry.display_name,
    }


def test_export_then_import_on_postgresql_gives_identical_standings_adjustments_and_prizes(tmp_path):
    commissioner = UserFactory(username="carla")
    league = make_league(
        commissioner=commissioner,
        name="Round Trip",
        slug="round-trip",
        bonus_points=True,
        tiebreakers=["head_to_head_points", "td_difference", "coin_flip"],
    )
    season, entries = make_season(league, teams=6)
    scheduling.schedule_round_robin(season=season, by=commissioner)
    for number, fixture in enumerate(season.fixtures.order_by("id")):
        Result.objects.create(
            fixture=fixture,
            home_score=number % 4,
            away_score=(number + 1) % 2,
            home_cas=number % 4,
            away_cas=1,
            submitted_by=commissioner,
            status=Result.Status.CONFIRMED if number % 5 else Result.Status.SUBMITTED,
            conceded_by=fixture.away if number == 7 else None,
        )
    rebuild_standings(season=season)
    table = season_standings(season)
    by_pk = {entry.pk: entry for entry in entries}
    leader, last = by_pk[table[0].entry], by_pk[table[-1].entry]
    gap = table[0].points - table[1].points
    add_adjustment(season=season, entry=leader, points=-gap - 1, reason="No-show", by=commissioner)
    add_adjustment(season=season, entry=last, points=2, reason="Fair play", by=commissioner)
    # Some results are still unconfirmed: finishing them needs a reason (league.services.seasons).
    set_season_status(season=season, status=FINISHED, by=commissioner, force=True, reason="Out of time.")
    make_season(league, name="Season 2", status=Season.Status.REGISTRATION)
    before = _snapshot(league)
    assert (len(before["prizes"]), len(before["adjustments"])) == (3, 2)
    assert before["tables"][0][0][1] != leader.display_name  # the adjustment changed the order
    path = tmp_path / "league.json"
    call_command("export_league", "round-trip", output=str(path))
    # An empty database: nothing of the league, its teams or its people is left.
    League.objects.all().delete()
    Team.objects.all().delete()
    User.objects.all().delete()

    call_command("import_league", str(path))

    imported = League.objects.get(slug="round-trip")
    assert _snapshot(imported) == before
    assert not SeasonPrize.objects.filter(payment__isnull=False).exists()  # the gold is not paid again
    again = tmp_path / "again.json"
    call_command("export_league", "round-trip", output=str(again))
    first, second = json.loads(path.read_text()), json.loads(again.read_text())
    assert first["league"] == second["league"]
    assert [len(s["fixtures"]) for s in first["seasons"]] == [len(s["fixtures"]) for s in second["seasons"]]


# Query counts.


def _finished_season(commissioner, teams):
    """A finished season of `teams` teams: round robin, every game confirmed and its match applied (a
    touchdown and a casualty), a points adjustment, the prizes given."""
    league = make_league(commissioner=commissioner, name=f"League of {teams}")
    season, entries = make_season(league, teams=teams)
    players = {entry.pk: _player(entry.team, f"Star of {entry.display_name}", 1) for entry in entries}
    scheduling.schedule_round_robin(season=season, by=commissioner)
    for number, fixture in enumerate(
        season.fixtures.select_related("home__team", "away__team", "home__coach")
    ):
        Result.objects.create(
            fixture=fixture,
            home_score=number % 3,
            away_score=number % 2,
            home_cas=number % 4,
            submitted_by=commissioner,
            status=Result.Status.CONFIRMED,
        )
        _applied_match(
            fixture,
            [
                (players[fixture.home_id], "home", {"touchdowns": 1, "spp": 3}),
                (players[fixture.away_id], "away", {"casualties": 1, "spp": 2}),
            ],
        )
    rebuild_standings(season=season)
    add_adjustment(season=season, entry=entries[-1], points=-1, reason="Late", by=commissioner)
    set_season_status(season=season, status=FINISHED, by=commissioner)
    return league, season


def _queries(client, url, text):
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200
    assert text in response.content.decode()
    return len(captured.captured_queries)


def test_query_count_of_standings_leaderboards_and_api_pages_on_postgresql_does_not_grow_with_the_league(
    client,
):
    commissioner = UserFactory(username="carla")
    counts = []
    for teams in (4, 16):
        league, season = _finished_season(commissioner, teams)
        last_name = StandingsRow.objects.for_season(season).with_names().last().name
        pages = [
            (reverse("league:standings", args=[season.pk]), last_name),
            (reverse("league:leaderboards", args=[league.slug]), "Star of"),
            (reverse("league:leaderboards", args=[league.slug]) + "?players=all", "Star of"),
            (reverse("league:api_standings", args=[season.pk]), json.dumps(last_name)[1:-1]),
        ]
        client.logout()
        anonymous = [_queries(client, url, text) for url, text in pages]
        client.force_login(season.entries.order_by("id").last().coach)
        coach = [_queries(client, url, text) for url, text in pages]
        counts.append((anonymous, coach))
    assert connection.vendor == "postgresql"
    assert counts[0] == counts[1]
