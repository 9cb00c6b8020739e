"""Pages of the rosters app: team lists, the draft / between-matches panel, the team page, players,
advancement, import and export, the re-draft.

Views are thin: every view that writes finds the team with get_team_for_editor (the coach, or a league
commissioner), binds a form whose save() calls the service, and answers with a redirect (post/redirect/
get, with messages) or, for htmx, the fragment it changed. The modules: `teams` (lists, a team's page
and panel), `players` (a player and their advancement), `redraft`; `common` holds what they share.
"""

from web.rosters.views.players import (
    advance,
    advance_choose,
    advance_chosen,
    advance_keep,
    advance_random,
    advance_roll,
    player_detail,
    retire,
    return_player,
)
from web.rosters.views.redraft import redraft_team
from web.rosters.views.teams import (
    dedicate,
    fans,
    fire,
    hire,
    manage,
    nominate_captain,
    ready,
    rerolls,
    staff,
    team_detail,
    team_export,
    team_export_naflm,
    team_import,
    team_list,
    team_new,
    team_next,
    undo,
)

__all__ = [
    "dedicate",
    "advance",
    "advance_choose",
    "advance_keep",
    "advance_chosen",
    "advance_random",
    "advance_roll",
    "fans",
    "fire",
    "hire",
    "manage",
    "player_detail",
    "nominate_captain",
    "ready",
    "redraft_team",
    "rerolls",
    "retire",
    "return_player",
    "staff",
    "team_detail",
    "team_export",
    "team_export_naflm",
    "team_import",
    "team_list",
    "team_new",
    "team_next",
    "undo",
]
