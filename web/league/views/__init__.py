"""League pages: thin function views over league.services, league.standings.read and league.leaderboards, one
module per audience: `public` (what anyone who may see the league reads), `coach` (joining, entering a
team, the results of one's games) and `commissioner` (running the league); `common` holds the access
helpers they share.

The page sizes are in web.league.page_sizes.
"""

from web.league.views.archive import league_export, league_import
from web.league.views.coach import (
    entry_withdraw,
    join,
    register,
    result_confirm,
    result_dispute,
    result_submit,
)
from web.league.views.commissioner import (
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
from web.league.views.common import _round_links
from web.league.views.divisions import (
    division_delete,
    division_move,
    division_rename,
    divisions,
    divisions_balance,
    divisions_promotion,
    entry_division,
)
from web.league.views.feeds import chart_standings, chart_team_value, entry_calendar, season_calendar
from web.league.views.public import (
    fixture_detail,
    fixtures_page,
    league_detail,
    league_leaderboards,
    league_list,
    season_detail,
    season_url,
    standings_page,
)
from web.league.views.scheduling import (
    advance_playoffs,
    fixture_add,
    schedule,
    schedule_playoffs,
    schedule_round_robin,
    schedule_swiss,
)

__all__ = [
    "_round_links",
    "adjustment_remove",
    "adjustments",
    "advance_playoffs",
    "chart_standings",
    "chart_team_value",
    "decisions",
    "division_delete",
    "division_move",
    "division_rename",
    "divisions",
    "divisions_balance",
    "divisions_promotion",
    "entry_division",
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
    "league_export",
    "league_import",
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
