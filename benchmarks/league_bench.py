"""League pages at scale: a league of 1,000 teams and 10,000 played matches against one of 10 teams.

Builds both leagues with bulk_create in a throwaway SQLite database under <var dir>/bench/: teams of
PLAYERS_PER_TEAM players, results, and for each result an applied match with the PlayerMatchStats of
the players who did something in it (about 60,000 events' worth in the big league). Stores what the
services would (league.standings.store.rebuild_standings: the tables and the players' totals, timed
as a rebuild; then what one confirmed result costs), requests the standings, fixtures and leaderboard
pages and the lists of the JSON API (first and last pages) several times each, and prints for each page
the query count and the median server time of the big league, of the small one, and their ratios. It
asserts nothing about time: it shows how the pages scale.

Run: DEBUG=1 .venv/bin/python benchmarks/league_bench.py   (or `make bench`)
"""

import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
# Under the var dir (DUGOUT_VAR_DIR, else var/), in a folder of its own: the database is deleted each run.
BENCH_DIR = Path(os.environ.get("DUGOUT_VAR_DIR") or ROOT / "var") / "bench"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dugout.settings")

BIG_TEAMS, BIG_MATCHES, SMALL_TEAMS = 1000, 10000, 10
PLAYERS_PER_TEAM = 11
RUNS = 15  # requests of each page of each league, after one unmeasured request
EDITION = "bb2020"  # the edition of the benchmark's league and teams


def _setup_database():
    """A fresh SQLite database under BENCH_DIR, migrated. Only this script's own run does this: the
    builders below work on whatever database Django is set up with (benchmarks/http_bench.py imports
    them to fill PostgreSQL)."""
    os.environ["DUGOUT_VAR_DIR"] = str(BENCH_DIR)
    os.environ.pop("DATABASE_URL", None)  # never a real database: the tables are filled and dropped
    os.environ.setdefault("DEBUG", "1")
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
    from league.models import Fixture, Game, League, Result, Round, Season, SeasonEntry
    from league.pairing import round_robin
    from rosters.models import Team

    slug = name.lower().replace(" ", "-")
    users = User.objects.bulk_create(
        User(username=f"{slug}-coach-{n}", display_name=f"Coach {n}", password="!") for n in range(teams)
    )
    team_rows = Team.objects.bulk_create(
        Team(
            edition=EDITION,
            roster="human",
            name=f"{name} team {n}",
            coach=user,
            status="ready",
            team_value=1000000 + n * 1000,
        )
        for n, user in enumerate(users)
    )
    league = League.objects.create(
        name=name,
        slug=slug,
        game=Game.BLOOD_BOWL,
        edition=EDITION,
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
    results = Result.objects.bulk_create(
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
    events = play_matches(results, team_rows)
    return league, season, len(fixtures), events


def play_matches(results, teams):
    """An applied match for each result, and the PlayerMatchStats that applying it would store for the
    players who did something in it (bulk inserts, PLAYERS_PER_TEAM linemen per team): the touchdowns
    and casualties of the result, a kill in one casualty in ten, a completion or none per side, an
    interception in one match in five, an MVP per side, and the SPP of all that (the rulebook's values),
    added up in each player's spp_earned. Returns the number of events (MVPs left out) they count."""
    from league.models import PlayerMatchStats
    from matches.models import Match
    from rosters.models import Player
    from rulebook.edition import get_edition
    from rulebook.formulas import spp_for

    edition = get_edition(teams[0].edition)  # the bench's teams all share one edition
    lineman = next(position for position in edition.team("human").positions if position.id == "lineman")
    profile = lineman.profile
    rosters = {
        team.pk: [
            Player(
                team=team,
                number=number,
                name=f"{team.name} player {number}",
                position=lineman.id,
                ma=profile.ma,
                st=profile.st,
                ag=profile.ag,
                pa=profile.pa,
                av=profile.av,
                value=lineman.cost,
            )
            for number in range(1, PLAYERS_PER_TEAM + 1)
        ]
        for team in teams
    }
    spp = {
        action: spp_for(action, edition=edition)
        for action in ("touchdown", "casualty", "completion", "interception", "mvp")
    }
    dice = random.Random(7)
    matches, stats = [], []
    for result in results:
        fixture = result.fixture
        match = Match(
            home_team_id=fixture.home.team_id,
            away_team_id=fixture.away.team_id,
            created_by_id=fixture.home.coach_id,
            fixture=fixture,
            status=Match.Status.APPLIED,
            home_score=result.home_score,
            away_score=result.away_score,
        )
        matches.append(match)
        for side, team_id, touchdowns, casualties in (
            ("home", match.home_team_id, result.home_score, result.home_cas),
            ("away", match.away_team_id, result.away_score, result.away_cas),
        ):
            deeds = ["touchdown"] * touchdowns + ["casualty"] * casualties
            deeds += ["completion"] * dice.randint(0, 1) + ["interception"] * (dice.random() < 0.1)
            stats += _side_stats(match, side, rosters[team_id], deeds, spp=spp, dice=dice)
    players = [player for roster in rosters.values() for player in roster]
    Player.objects.bulk_create(players, batch_size=2000)
    Match.objects.bulk_create(matches, batch_size=2000)
    PlayerMatchStats.objects.bulk_create(stats, batch_size=2000)
    return sum(line.touchdowns + line.casualties + line.completions + line.interceptions for line in stats)


# An event's PlayerMatchStats field.
STAT_FIELDS = {
    "touchdown": "touchdowns",
    "casualty": "casualties",
    "completion": "completions",
    "interception": "interceptions",
    "mvp": "mvp",
}


def _side_stats(match, side, roster, deeds, *, spp, dice):
    """The PlayerMatchStats of one side of `match`: each of `deeds` (and the MVP) credited to a player of
    `roster` picked by `dice`, whose spp_earned grows by the SPP."""
    from league.models import PlayerMatchStats

    lines = {}
    for deed in [*deeds, "mvp"]:
        player = dice.choice(roster)
        line = lines.setdefault(player.number, PlayerMatchStats(match=match, player=player, side=side))
        field = STAT_FIELDS[deed]
        setattr(line, field, getattr(line, field) + 1)
        line.kills += deed == "casualty" and dice.random() < 0.1
        line.spp += spp[deed]
        player.spp_earned += spp[deed]
    return lines.values()


def store_tables(*seasons):
    """Store the tables and the players' totals (bulk inserts bypass the services), as a rebuild does;
    the seconds each season's took."""
    from league.standings.store import rebuild_standings

    took = []
    for season in seasons:
        start = time.perf_counter()
        rebuild_standings(season=season)
        took.append(time.perf_counter() - start)
    return took


def confirmation_costs(season):
    """The seconds that a result confirmed (or a match applied) in `season` costs: its table recomputed,
    and the players' totals of the fixture's two teams added up again."""
    from league.models import Fixture
    from league.standings.store import recompute_standings
    from league.stats import refresh_player_totals

    fixture = Fixture.objects.filter(season=season).select_related("season__league").last()
    start = time.perf_counter()
    recompute_standings(season=fixture.season)
    table = time.perf_counter() - start
    start = time.perf_counter()
    refresh_player_totals(fixture=fixture)
    return table, time.perf_counter() - start


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


def _last_page(url):
    """`url` (a list of the JSON API) at its last page."""
    from django.test import Client

    pages = Client(HTTP_HOST="localhost").get(url).json()["pages"]
    return f"{url}?page={pages}"


def main():
    _setup_database()
    from django.test import Client
    from django.urls import reverse

    from league.models import PlayerMatchStats

    started = time.perf_counter()
    big, big_season, big_matches, big_events = build_league("Big League", BIG_TEAMS, BIG_MATCHES)
    small, small_season, small_matches, small_events = build_league(
        "Small League", SMALL_TEAMS, SMALL_TEAMS * (SMALL_TEAMS - 1) // 2
    )
    print(
        f"Built {BIG_TEAMS} teams / {big_matches} applied matches / {big_events} events and "
        f"{SMALL_TEAMS} teams / {small_matches} matches / {small_events} events "
        f"in {time.perf_counter() - started:.1f} s (SQLite under {BENCH_DIR})"
    )
    print(
        "PlayerMatchStats rows: "
        f"{PlayerMatchStats.objects.filter(match__fixture__season=big_season).count()} and "
        f"{PlayerMatchStats.objects.filter(match__fixture__season=small_season).count()}"
    )
    big_took, small_took = store_tables(big_season, small_season)
    print(
        f"Rebuilt their tables and players' totals in {big_took * 1000:.0f} ms and "
        f"{small_took * 1000:.1f} ms (rebuild_standings, for data written without the services)"
    )
    for name, season in (("big", big_season), ("small", small_season)):
        table, totals = confirmation_costs(season)
        print(
            f"A result confirmed in the {name} league: table {table * 1000:.1f} ms, "
            f"its players' totals {totals * 1000:.1f} ms"
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
        (
            "leaderboard (all seasons)",
            lambda league, season: reverse("league:leaderboards", args=[league.slug]) + "?players=all",
        ),
        ("standings API", lambda league, season: reverse("league:api_standings", args=[season.pk])),
        ("fixtures API", lambda league, season: reverse("league:api_fixtures", args=[season.pk])),
        (
            "fixtures API (last page)",
            lambda league, season: _last_page(reverse("league:api_fixtures", args=[season.pk])),
        ),
        ("results API", lambda league, season: reverse("league:api_results", args=[season.pk])),
        (
            "results API (last page)",
            lambda league, season: _last_page(reverse("league:api_results", args=[season.pk])),
        ),
        ("teams API", lambda league, season: reverse("league:api_teams", args=[season.pk])),
    ]
    header = f"{'page':<26} {'queries big/small':>18} {'ratio':>6} " + (
        f"{'median big':>11} {'median small':>13} {'ratio':>7}"
    )
    print(header)
    print("-" * len(header))
    for name, url_for in pages:
        (big_queries, big_time), (small_queries, small_time) = measure(
            client, [url_for(big, big_season), url_for(small, small_season)]
        )
        print(
            f"{name:<26} {big_queries:>8} / {small_queries:<8} {big_queries / small_queries:>6.2f} "
            f"{big_time * 1000:>8.1f} ms {small_time * 1000:>10.1f} ms {big_time / small_time:>7.2f}"
        )
    print(
        f"(median of {RUNS} requests each, big and small in turns; the server time includes rendering "
        "the template)"
    )


if __name__ == "__main__":
    main()
