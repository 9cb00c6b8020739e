"""How the league's tables read on its pages: why a row stands where it does among teams level on points
(the tie-break reasons), and a season's tables division by division (the season and standings pages)."""

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from league.models import TIEBREAKERS
from league.standings.read import division_tables, season_games, stored_division_tables
from web.league.views.common import whole_number


def _teams_phrase(names, count):
    """The tied teams by name, or by count when there are many (then `names` is empty)."""
    if names and len(names) == count:
        return ", ".join(names)
    return ngettext("%(count)s other team", "%(count)s other teams", count) % {"count": count}


def with_reason(row):
    """Adds `reason`: why the row stands where it does among teams on the same points (a stored
    StandingsRow or a computed standings.Row)."""
    if not row.tied_count:
        row.reason = ""
        return row
    teams = _teams_phrase(row.tied_names, row.tied_count)
    if row.still_tied:
        row.reason = _("Level with %(teams)s on every tie-breaker.") % {"teams": teams}
    elif row.tiebreaker_value is None:
        row.reason = _("Level on points with %(teams)s; placed by %(tiebreaker)s.") % {
            "teams": teams,
            "tiebreaker": TIEBREAKERS[row.tiebreaker],
        }
    else:
        row.reason = _("Level on points with %(teams)s; placed by %(tiebreaker)s (%(value)s).") % {
            "teams": teams,
            "tiebreaker": TIEBREAKERS[row.tiebreaker],
            "value": row.tiebreaker_value,
        }
    return row


def division_tables_context(request, season, after, tables=None):
    """Each division's table (stored, or after round `after` computed) with tie-break reasons, and the
    one division chosen (?division=N), or {} for a season without divisions. The user's own teams are
    marked in the tables (a constant number of queries, whatever the number of divisions)."""
    tables = stored_division_tables(season) if tables is None else tables
    if not tables:
        return {}
    if after is not None:
        computed = division_tables(season, games=season_games(season, up_to_round=after))
        tables = [(division, computed.get(division.pk, [])) for division, _rows in tables]
    chosen = whole_number(request.GET.get("division", ""))
    chosen = chosen if chosen in {division.pk for division, _rows in tables} else None
    own = set()
    if request.user.is_authenticated:
        own = set(season.entries.filter(coach=request.user).values_list("pk", flat=True))
    return {
        "division_tables": [(division, [with_reason(row) for row in rows]) for division, rows in tables],
        "chosen": chosen,
        "tabs_url": "",
        "own_entries": own,
    }


def season_divisions(request, season):
    """Each division's stored table, side by side on the season page, the tabs leading to the standings
    page (nothing for a season without divisions)."""
    tables = stored_division_tables(season)
    if not tables:
        return {}
    context = division_tables_context(request, season, None, tables=tables)
    return {**context, "chosen": None, "tabs_url": reverse("league:standings", args=[season.pk])}
