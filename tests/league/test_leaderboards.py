"""Players' leaderboards of a season and of a league, added up from the stats stored for applied league
matches."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.leaderboards import player_boards
from league.models import PlayerMatchStats, Result, Season
from league.stats import refresh_player_totals, store_player_totals
from matches.models import SIDES, Drive, Event, Match
from matches.services import postmatch
from rosters.models import Player
from tests.league.factories import make_entry, make_league, make_season, play

pytestmark = pytest.mark.django_db

TD, CAS, COMP, INT = Event.Kind.TOUCHDOWN, Event.Kind.CASUALTY, Event.Kind.COMPLETION, Event.Kind.INTERCEPTION


def _player(team, name, number=1):
    return Player.objects.create(
        team=team, number=number, name=name, position="lineman", ma=6, st=3, ag=3, av=9
    )


def _match(home, away, events, *, fixture=None, status=Match.Status.APPLIED, mvp=None):
    """A match of the teams of entries `home` and `away` playing `fixture` (a friendly without one),
    with `events` as (side, kind, player, {field: value}) in one drive; `mvp`: {side: Player}. An
    applied match gets the outcome and PlayerMatchStats that apply_postmatch would store (the SPP of
    its events and MVPs), and its players' totals follow."""
    match = Match.objects.create(
        home_team=home.team,
        away_team=away.team,
        created_by=home.coach,
        fixture=fixture,
        status=status,
        outcome={side: {"mvp": f"p{player.pk}"} for side, player in (mvp or {}).items()},
    )
    drive = Drive.objects.create(match=match, half=1, number=1, kicking="away", kickoff_event="high_kick")
    Event.objects.bulk_create(
        Event(drive=drive, side=side, kind=kind, player=player, **fields)
        for side, kind, player, fields in events
    )
    if status == Match.Status.APPLIED:
        earned = postmatch.spp_earned(match)
        for side in SIDES:
            summary = match.outcome.setdefault(side, {})
            if summary.get("mvp"):
                entry = earned[side].setdefault(summary["mvp"], {"spp": 0})
                entry["spp"] += 4
            summary["spp"] = earned[side]
        match.save()
        postmatch.record_player_stats(match)
    if fixture is not None:
        refresh_player_totals(fixture=fixture)
    return match


def _counts(board):
    return [(row["name"], row["team_name"], row["count"]) for row in board]


@pytest.fixture
def griff(home):
    return _player(home.team, "Griff", 1)


@pytest.fixture
def bork(away):
    return _player(away.team, "Bork", 2)


def test_player_boards_count_the_events_and_mvps_of_applied_league_matches(season, home, away, griff, bork):
    fixture = play(season, home, away, 2, 0, away_cas=2)
    _match(
        home,
        away,
        [
            ("home", TD, griff, {}),
            ("home", TD, griff, {}),
            ("home", COMP, griff, {}),
            ("away", CAS, bork, {"outcome": "dead", "cause": "block"}),
            ("away", CAS, bork, {"outcome": "badly_hurt", "cause": "foul"}),
            ("away", INT, bork, {}),
            ("home", TD, None, {"journeyman": "home-1"}),
        ],
        fixture=fixture,
        mvp={"home": griff, "away": bork},
    )
    boards = player_boards(season=season)
    assert _counts(boards["touchdowns"]) == [("Griff", "Reikland Reavers", 2)]
    assert _counts(boards["completions"]) == [("Griff", "Reikland Reavers", 1)]
    assert _counts(boards["casualties"]) == [("Bork", "Gouged Eye", 2)]
    assert _counts(boards["kills"]) == [("Bork", "Gouged Eye", 1)]
    assert _counts(boards["interceptions"]) == [("Bork", "Gouged Eye", 1)]
    assert _counts(boards["mvps"]) == [("Bork", "Gouged Eye", 1), ("Griff", "Reikland Reavers", 1)]
    # Griff: 2 TD x 3 + 1 completion + MVP 4; Bork: 1 casualty by a block x 2 (not the foul),
    # 1 interception x 2, MVP 4.
    assert _counts(boards["spp"]) == [("Griff", "Reikland Reavers", 11), ("Bork", "Gouged Eye", 8)]


def test_player_boards_leave_out_friendlies_and_matches_not_applied_or_not_confirmed(
    season, home, away, griff
):
    counted = play(season, home, away, 1, 0, round_number=1)
    unconfirmed = play(season, away, home, 1, 0, round_number=2, status=Result.Status.SUBMITTED)
    unapplied = play(season, home, away, 1, 0, round_number=3)
    _match(home, away, [("home", TD, griff, {})], fixture=counted)
    _match(home, away, [("home", TD, griff, {})], fixture=unconfirmed, mvp={"home": griff})
    _match(home, away, [("home", TD, griff, {})], fixture=unapplied, status=Match.Status.CONFIRMED)
    _match(
        home, away, [("home", TD, griff, {}), ("home", CAS, griff, {"outcome": "dead"})], mvp={"home": griff}
    )
    boards = player_boards(season=season)
    assert _counts(boards["touchdowns"]) == [("Griff", "Reikland Reavers", 1)]
    assert boards["kills"] == boards["casualties"] == boards["mvps"] == []
    assert _counts(boards["spp"]) == [("Griff", "Reikland Reavers", 3)]


def test_kills_board_counts_only_casualties_with_a_dead_outcome(season, home, away, griff, bork):
    fixture = play(season, home, away, 0, 0)
    _match(
        home,
        away,
        [
            ("home", CAS, griff, {"outcome": "dead"}),
            ("home", CAS, griff, {"outcome": "seriously_hurt"}),
            ("away", CAS, bork, {"outcome": "badly_hurt"}),
            ("away", CAS, bork, {"outcome": "lasting_injury"}),
        ],
        fixture=fixture,
    )
    boards = player_boards(season=season)
    assert _counts(boards["kills"]) == [("Griff", "Reikland Reavers", 1)]
    assert _counts(boards["casualties"]) == [("Bork", "Gouged Eye", 2), ("Griff", "Reikland Reavers", 2)]


def test_player_boards_of_a_league_add_up_its_seasons(league, season, home, away, griff):
    _match(home, away, [("home", TD, griff, {})], fixture=play(season, home, away, 1, 0))
    older, _entries = make_season(league, name="Season 0", status=Season.Status.FINISHED)
    old_home = make_entry(older, coach=home.coach, name="Old Reavers")
    old_away = make_entry(older, coach=away.coach, name="Old Eye")
    veteran = _player(old_home.team, "Veteran")
    _match(old_home, old_away, [("home", TD, veteran, {})] * 2, fixture=play(older, old_home, old_away, 2, 0))
    other_league_season, (a, b) = make_season(make_league(), teams=2)
    _match(
        a, b, [("home", TD, _player(a.team, "Stranger"), {})], fixture=play(other_league_season, a, b, 1, 0)
    )
    assert _counts(player_boards(league=league)["touchdowns"]) == [
        ("Veteran", "Old Reavers", 2),
        ("Griff", "Reikland Reavers", 1),
    ]
    assert _counts(player_boards(season=season)["touchdowns"]) == [("Griff", "Reikland Reavers", 1)]


def test_player_boards_keep_the_top_players(season, home, away):
    fixture = play(season, home, away, 3, 0)
    scorers = [_player(home.team, name, number) for number, name in enumerate(["Ann", "Bea", "Cid"], 1)]
    events = [("home", TD, player, {}) for count, player in enumerate(scorers, 1) for _n in range(count)]
    _match(home, away, events, fixture=fixture)
    assert _counts(player_boards(season=season, top=2)["touchdowns"]) == [
        ("Cid", "Reikland Reavers", 3),
        ("Bea", "Reikland Reavers", 2),
    ]


def test_leaderboards_page_shows_the_players_of_the_season_and_of_all_seasons(
    client, league, season, home, away, griff
):
    _match(home, away, [("home", TD, griff, {})], fixture=play(season, home, away, 1, 0), mvp={"home": griff})
    older, _entries = make_season(league, name="Season 0", status=Season.Status.FINISHED)
    old_home = make_entry(older, coach=home.coach, name="Old Reavers")
    old_away = make_entry(older, coach=away.coach, name="Old Eye")
    veteran = _player(old_home.team, "Veteran")
    _match(old_home, old_away, [("home", TD, veteran, {})], fixture=play(older, old_home, old_away, 1, 0))
    url = reverse("league:leaderboards", args=[league.slug])

    content = client.get(url).content.decode()
    assert "Players of Season 1" in content
    assert '<td>Griff</td><td>Reikland Reavers</td><td class="num">7</td>' in content  # SPP
    assert '<th scope="col" class="num">Kills</th>' in content
    assert "Veteran" not in content
    assert 'href="?players=all#players"' in content

    content = client.get(url, {"players": "all"}).content.decode()
    assert "Players across all seasons" in content
    assert '<td>Veteran</td><td>Old Reavers</td><td class="num">1</td>' in content
    assert "Only Season 1" in content


def test_standings_page_shows_the_seasons_spp_leaders(client, league, season, home, away, griff):
    griff.spp_earned = 40  # earned before this season: the board counts this season's SPP only
    griff.save()
    _match(home, away, [("home", TD, griff, {})], fixture=play(season, home, away, 1, 0), mvp={"home": griff})

    content = client.get(reverse("league:standings", args=[season.pk])).content.decode()

    assert "Griff (Reikland Reavers) · 7" in content


def _scripted_season(commissioner, teams):
    """A season of `teams` teams, paired off in one round, each match applied with a few events."""
    league = make_league(commissioner=commissioner, name=f"League of {teams}")
    season, entries = make_season(league, teams=teams)
    for home, away in zip(entries[::2], entries[1::2], strict=True):
        thrower, catcher = _player(home.team, "Thrower", 1), _player(home.team, "Catcher", 2)
        brute = _player(away.team, "Brute", 3)
        _match(
            home,
            away,
            [
                ("home", COMP, thrower, {}),
                ("home", TD, catcher, {}),
                ("away", CAS, brute, {"outcome": "dead"}),
                ("away", INT, brute, {}),
            ],
            fixture=play(season, home, away, 1, 0),
            mvp={"home": catcher, "away": brute},
        )
    return league


def test_query_count_of_player_leaderboards_does_not_grow_with_the_league(client, commissioner):
    counts = []
    for teams in (4, 12):
        league = _scripted_season(commissioner, teams)
        url = reverse("league:leaderboards", args=[league.slug])
        for params in ({}, {"players": "all"}):
            with CaptureQueriesContext(connection) as context:
                response = client.get(url, params)
            assert "Brute" in response.content.decode()
            counts.append(len(context.captured_queries))
    assert counts[:2] == counts[2:]


def test_player_boards_when_stats_are_stored_read_their_totals_not_the_events(
    season, home, away, griff, bork
):
    match = _match(home, away, [("home", TD, griff, {})], fixture=play(season, home, away, 1, 0))
    PlayerMatchStats.objects.filter(match=match, player=griff).update(touchdowns=5, spp=20)
    PlayerMatchStats.objects.create(match=match, player=bork, side="away", deflections=1, mvp=1, spp=5)
    store_player_totals(season=season)
    boards = player_boards(season=season)
    assert _counts(boards["touchdowns"]) == [("Griff", "Reikland Reavers", 5)]
    assert _counts(boards["mvps"]) == [("Bork", "Gouged Eye", 1)]
    assert _counts(boards["spp"]) == [("Griff", "Reikland Reavers", 20), ("Bork", "Gouged Eye", 5)]
    PlayerMatchStats.objects.filter(match=match).delete()
    store_player_totals(season=season)
    assert all(board == [] for board in player_boards(season=season).values())
