"""League pages at scale: a league of 1,000 teams and 10,000 played matches against one of 10 teams.

Builds both leagues with bulk_create in a throwaway SQLite database under var/bench/, stores their
tables as the services would (league.services.standings.rebuild_standings, timed: it is what each
confirmation costs in such a league), then requests the standings, fixtures and leaderboard pages (and
the standings API) several times each, and prints for each page the query count and the median server
time of the big league, of the small one, and their ratios. It asserts nothing about time: it shows how
the pages scale.

Run: DEBUG=1 .venv/bin/python benchmarks/league_bench.py   (or `make bench`)
"""

import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
BENCH_DIR = ROOT / "var" / "bench"
os.environ["DUGOUT_VAR_DIR"] = str(BENCH_DIR)
os.environ.setdefault("DEBUG", "1")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dugout.settings")

BIG_TEAMS, BIG_MATCHES, SMALL_TEAMS = 1000, 10000, 10
RUNS = 15  # requests of each page of each league, after one unmeasured request


def _setup_database():
    BENCH_DIR.mkdir(parents=True, exist_ok=True)
    for suffix in ("", "-wal", "-shm"):
        path = BENCH_DIR / f"dugout.sqlite3{suffix}"
        if path.exists():
            path.unlink()
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def build_league(name, teams, matches):
    """A league with one season of `teams` teams and `matches` confirmed results (bulk inserts)."""
    from accounts.models import User
    from league.models import Fixture, League, Result, Round, Season, SeasonEntry
    from league.pairing import round_robin
    from rosters.models import Team

    slug = name.lower().replace(" ", "-")
    users = User.objects.bulk_create(
        User(username=f"{slug}-coach-{n}", display_name=f"Coach {n}", password="!") for n in range(teams)
    )
    team_rows = Team.objects.bulk_create(
        Team(
            roster="human", name=f"{name} team {n}", coach=user, status="ready", team_value=1000000 + n * 1000
        )
        for n, user in enumerate(users)
    )
    league = League.objects.create(
        name=name,
        slug=slug,
        tiebreakers=["head_to_head_points", "td_difference", "casualties_inflicted", "coin_flip"],
    )
    league.commissioners.add(users[0])
    season = Season.objects.create(league=league, name="Season 1", status="running")
    entries = SeasonEntry.objects.bulk_create(
        SeasonEntry(season=season, team=team, name=team.name, coach=team.coach, status="accepted")
        for team in team_rows
    )
    pairs, rounds = [], []
    for number, round_pairs in enumerate(round_robin(entries), start=1):
        real = [pair for pair in round_pairs if pair[1] is not None]
        rounds.append((number, real))
        pairs += real
        if len(pairs) >= matches:
            break
    round_rows = Round.objects.bulk_create(Round(season=season, number=number) for number, _pairs in rounds)
    fixtures = []
    for round_row, (_number, round_pairs) in zip(round_rows, rounds, strict=True):
        fixtures += [
            Fixture(season=season, round=round_row, home=home, away=away) for home, away in round_pairs
        ]
    fixtures = Fixture.objects.bulk_create(fixtures[:matches], batch_size=2000)
    Result.objects.bulk_create(
        (
            Result(
                fixture=fixture,
                home_score=n % 4,
                away_score=(n * 7) % 3,
                home_cas=n % 3,
                away_cas=(n * 5) % 4,
                status="confirmed",
                home_team_value=1000000,
                away_team_value=1000000,
            )
            for n, fixture in enumerate(fixtures)
        ),
        batch_size=2000,
    )
    return league, season, len(fixtures)


def store_tables(*seasons):
    """Store the tables (bulk inserts bypass the services); the seconds the big league's took."""
    from league.services.standings import rebuild_standings

    took = []
    for season in seasons:
        start = time.perf_counter()
        rebuild_standings(season=season)
        took.append(time.perf_counter() - start)
    return took


def measure(client, urls):
    """[(query count, median seconds)] of GET each of `urls`, requested in turns (so that a busy
    moment of the machine weighs on each alike), after one unmeasured request of each."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    times, queries = [[] for _url in urls], [0 for _url in urls]
    for url in urls:
        client.get(url)
    for _run in range(RUNS):
        for index, url in enumerate(urls):
            with CaptureQueriesContext(connection) as context:
                start = time.perf_counter()
                response = client.get(url)
                times[index].append(time.perf_counter() - start)
            assert response.status_code == 200, (url, response.status_code)
            queries[index] = len(context.captured_queries)
    return [(count, statistics.median(runs)) for count, runs in zip(queries, times, strict=True)]


def main():
    _setup_database()
    from django.test import Client
    from django.urls import reverse

    started = time.perf_counter()
    big, big_season, big_matches = build_league("Big League", BIG_TEAMS, BIG_MATCHES)
    small, small_season, small_matches = build_league(
        "Small League", SMALL_TEAMS, SMALL_TEAMS * (SMALL_TEAMS - 1) // 2
    )
    print(
        f"Built {BIG_TEAMS} teams / {big_matches} matches and {SMALL_TEAMS} teams / {small_matches} matches "
        f"in {time.perf_counter() - started:.1f} s (SQLite under {BENCH_DIR})"
    )
    big_took, small_took = store_tables(big_season, small_season)
    print(
        f"Stored their tables in {big_took * 1000:.0f} ms and {small_took * 1000:.1f} ms "
        "(a confirmed result recomputes its season's table like this)"
    )
    client = Client(HTTP_HOST="localhost")
    pages = [
        ("standings", lambda league, season: reverse("league:standings", args=[season.pk])),
        ("fixtures (one round)", lambda league, season: reverse("league:fixtures", args=[season.pk])),
        (
            "fixtures (all rounds)",
            lambda league, season: reverse("league:fixtures", args=[season.pk]) + "?round=all",
        ),
        ("leaderboard", lambda league, season: reverse("league:leaderboards", args=[league.slug])),
        ("standings API", lambda league, season: reverse("league:api_standings", args=[season.pk])),
    ]
    header = f"{'page':<22} {'queries big/small':>18} {'ratio':>6} " + (
        f"{'median big':>11} {'median small':>13} {'ratio':>7}"
    )
    print(header)
    print("-" * len(header))
    for name, url_for in pages:
        (big_queries, big_time), (small_queries, small_time) = measure(
            client, [url_for(big, big_season), url_for(small, small_season)]
        )
        print(
            f"{name:<22} {big_queries:>8} / {small_queries:<8} {big_queries / small_queries:>6.2f} "
            f"{big_time * 1000:>8.1f} ms {small_time * 1000:>10.1f} ms {big_time / small_time:>7.2f}"
        )
    print(
        f"(median of {RUNS} requests each, big and small in turns; the server time includes rendering "
        "the template)"
    )


if __name__ == "__main__":
    main()
