"""A season in divisions at scale (issue #25): a 60-team season in 4 divisions with 1,000 played matches
against a 10-team season of one table and a 10-team season in 2 divisions.

Builds the seasons with benchmarks/league_bench.py's bulk builders (teams, results, applied matches with
their players' statistics) in a throwaway SQLite database under <var dir>/bench/, shares each season's
teams between its divisions, stores the tables (league.standings.store.rebuild_standings), then requests
the season page, the standings page (every division, and one), and the API's season and standings
several times each, and prints the query counts and median server times, with the ratios of the big
season's to each small one's. The same pages under load, as shares of a bare Django's rate, are in
benchmarks/http_bench.py (its "4 divisions" rows, built with build_divided_season below). Asserts
nothing about time.

Run: DEBUG=1 .venv/bin/python benchmarks/divisions_bench.py
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import league_bench  # noqa: E402 - the path above first

BIG_TEAMS, BIG_MATCHES, BIG_DIVISIONS = 60, 1000, 4
SMALL_TEAMS = 10


def build_divided_season(name, teams, matches, divisions):
    """A league whose season of `teams` teams has `matches` confirmed results and applied matches, its
    teams shared in turn between `divisions` divisions (North, South, ...), its tables stored."""
    from league.models import Division

    league, season, played, _events = league_bench.build_league(name, teams, matches)
    rows = Division.objects.bulk_create(
        Division(season=season, name=f"Division {number}", order=number) for number in range(1, divisions + 1)
    )
    entries = list(season.entries.order_by("pk"))
    for index, entry in enumerate(entries):
        entry.division = rows[index % divisions] if divisions else None
    type(entries[0]).objects.bulk_update(entries, ["division"])
    league_bench.store_tables(season)
    return league, season, played


def pages(season):
    """[(page, url)] of the pages that show a season's divisions."""
    from django.urls import reverse

    first = season.divisions.order_by("order").first()
    standings = reverse("league:standings", args=[season.pk])
    return [
        ("season", reverse("league:season", args=[season.pk])),
        ("standings", standings),
        ("standings, one division", f"{standings}?division={first.pk}" if first else standings),
        ("API season", reverse("league:api_season", args=[season.pk])),
        ("API standings", reverse("league:api_standings", args=[season.pk])),
    ]


def main():
    league_bench._setup_database()
    from django.test import Client

    _big_league, big, big_played = build_divided_season("Big Divided", BIG_TEAMS, BIG_MATCHES, BIG_DIVISIONS)
    small_games = SMALL_TEAMS * (SMALL_TEAMS - 1) // 2
    _league, one_table, _played = build_divided_season("Small One Table", SMALL_TEAMS, small_games, 0)
    _league, two, _played = build_divided_season("Small Divided", SMALL_TEAMS, small_games, 2)
    print(
        f"{BIG_TEAMS} teams in {BIG_DIVISIONS} divisions, {big_played} played matches; against "
        f"{SMALL_TEAMS} teams in one table and in 2 divisions ({small_games} matches each)"
    )
    from dugout.freshness import pages as kept_pages

    client = Client(HTTP_HOST="localhost")
    keep = kept_pages._cache_get
    # Each page drawn by its view (no kept copy found), then served as kept (dugout.freshness).
    for label, cache_get in (("drawn by their views", lambda key: None), ("served as kept", keep)):
        kept_pages._cache_get = cache_get
        _print_table(label, client, [pages(big), pages(one_table), pages(two)])
    kept_pages._cache_get = keep
    print(
        f"(median of {league_bench.RUNS} requests each, the three seasons in turns; "
        "server time with rendering)"
    )


def _print_table(label, client, seasons_pages):
    header = (
        f"{label:<24} {'queries 60/10/10x2':>19} {'median 60':>10} {'10':>8} {'10 x2':>8} "
        f"{'60/10':>6} {'60/10x2':>8}"
    )
    print()
    print(header)
    print("-" * len(header))
    for (name, big_url), (_n, one_url), (_n2, two_url) in zip(*seasons_pages, strict=True):
        (big_q, big_t), (one_q, one_t), (two_q, two_t) = league_bench.measure(
            client, [big_url, one_url, two_url]
        )
        print(
            f"{name:<24} {big_q:>6} / {one_q:>3} / {two_q:<5} {big_t * 1000:>7.1f} ms "
            f"{one_t * 1000:>5.1f} ms {two_t * 1000:>5.1f} ms {big_t / one_t:>6.2f} {big_t / two_t:>8.2f}"
        )


if __name__ == "__main__":
    main()
