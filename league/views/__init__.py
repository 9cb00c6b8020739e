"""League pages: thin function views over league.services, league.tables and league.leaderboards, one
module per audience: `public` (what anyone who may see the league reads), `coach` (joining, entering a
team, the results of one's games) and `commissioner` (running the league); `common` holds the access
helpers they share.

The page sizes are here, on the package, and the modules read them when a page is drawn (so a test or a
benchmark may change them in one place).
"""

# Every list page renders a bounded number of rows, whatever the size of the league.
# Measured: a table row costs about 0.1 ms to render, so a page of 25 stays within a third of the time
# of a small league's page (benchmarks/league_bench.py).
STANDINGS_PER_PAGE = 25
FIXTURES_PER_PAGE = 25
ENTRIES_PER_PAGE = 50
LEAGUE_PAGE_ROWS = 10  # the top of the current table on the league's page
LEADERS = 10  # each leaderboard of a season
STANDINGS_LEADERS = 5  # the leaders under the standings
COACHES = 25  # the coaches' leaderboard
ROUND_LINKS = 4  # rounds linked on each side of the current one (plus the first and the last)

# The views, imported after the page sizes they read.
from league.views.coach import (  # noqa: E402
    entry_withdraw,
    join,
    register,
    result_confirm,
    result_dispute,
    result_submit,
)
from league.views.commissioner import (  # noqa: E402
    adjustment_remove,
    adjustments,
    decisions,
    entries,
    entry_accept,
    fixture_delete,
    fixture_reschedule,
    invitation_revoke,
    invitations,
    league_create,
    league_settings,
    result_decide,
    result_reopen,
    season_create,
    season_status,
)
from league.views.common import _round_links  # noqa: E402
from league.views.feeds import chart_standings, chart_team_value, entry_calendar, season_calendar  # noqa: E402
from league.views.public import (  # noqa: E402
    fixture_detail,
    fixtures_page,
    league_detail,
    league_leaderboards,
    league_list,
    season_detail,
    season_url,
    standings_page,
)
from league.views.scheduling import (  # noqa: E402
    advance_playoffs,
    fixture_add,
    schedule,
    schedule_playoffs,
    schedule_round_robin,
    schedule_swiss,
)

__all__ = [
    "COACHES",
    "ENTRIES_PER_PAGE",
    "FIXTURES_PER_PAGE",
    "LEADERS",
    "LEAGUE_PAGE_ROWS",
    "ROUND_LINKS",
    "STANDINGS_LEADERS",
    "STANDINGS_PER_PAGE",
    "_round_links",
    "adjustment_remove",
    "adjustments",
    "advance_playoffs",
    "chart_standings",
    "chart_team_value",
    "decisions",
    "entries",
    "entry_accept",
    "entry_calendar",
    "entry_withdraw",
    "fixture_add",
    "fixture_delete",
    "fixture_detail",
    "fixture_reschedule",
    "fixtures_page",
    "invitation_revoke",
    "invitations",
    "join",
    "league_create",
    "league_detail",
    "league_leaderboards",
    "league_list",
    "league_settings",
    "register",
    "result_confirm",
    "result_decide",
    "result_dispute",
    "result_reopen",
    "result_submit",
    "schedule",
    "schedule_playoffs",
    "schedule_round_robin",
    "schedule_swiss",
    "season_calendar",
    "season_create",
    "season_detail",
    "season_status",
    "season_url",
    "standings_page",
]
