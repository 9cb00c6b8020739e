"""How many rows each league page and each list of the API shows: every list renders a bounded number,
whatever the size of the league. The pages read these when they are drawn, so a test or a benchmark
changes them here, in one place.

Measured: a table row costs about 0.1 ms to render, so a page of 25 stays within a third of the time of a
small league's page (benchmarks/league_bench.py).
"""

STANDINGS_PER_PAGE = 25
FIXTURES_PER_PAGE = 25
ENTRIES_PER_PAGE = 50
LEAGUE_PAGE_ROWS = 10  # the top of the current table on the league's page
LEADERS = 10  # each leaderboard of a season
STANDINGS_LEADERS = 5  # the leaders under the standings
COACHES = 25  # the coaches' leaderboard
ROUND_LINKS = 4  # rounds linked on each side of the current one (plus the first and the last)
API_PAGE_SIZE = 50  # items per page of every list of the JSON API
