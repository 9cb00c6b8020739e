"""What comes next, for the person reading a league's or a season's page: the commissioner's next step
of the season's life cycle (invite, accept entries, schedule, start, finish), the coach's (enter a team,
wait for acceptance, record or confirm a fixture). A few queries each, whatever the league's size."""

from league.models import Season, SeasonEntry
from league.services.progress import Stage, fixture_progress
from league.services.seasons import season_progress
from web.league.forms import RegisterTeamForm, SeasonStatusForm

OPEN = (Season.Status.REGISTRATION, Season.Status.SCHEDULED, Season.Status.RUNNING)


def _open_season(seasons):
    """The newest season not finished (the one teams enter and play), else None."""
    return next((season for season in seasons if season.status in OPEN), None)


def _own_entries(season, user):
    if not user.is_authenticated:
        return []
    return list(
        season.entries.filter(coach=user).exclude(status=SeasonEntry.Status.WITHDRAWN).select_related("team")
    )


# What the season page asks of the viewer for each stage of a fixture's result (league.services.progress).
ACTIONS = {Stage.TO_PLAY: "record", Stage.RECORDING: "record", Stage.DISPUTED: "decide"}


def _next_fixture(fixtures, user):
    """The viewer's first fixture still waiting for something, with what it waits for: "record" (no
    result yet), "confirm" (the opponent submitted it), "wait" (the viewer submitted it) or "decide"
    (disputed); None when every fixture of theirs is confirmed. The stages are those of
    league.services.progress (its recorded match is not needed to tell them apart here: no query)."""
    for fixture in fixtures:
        progress = fixture_progress(fixture, user=user, match=None)
        if progress.stage == Stage.WAITING:
            return {"fixture": fixture, "action": "confirm" if progress.viewer_confirms else "wait"}
        if progress.stage in ACTIONS:
            return {"fixture": fixture, "action": ACTIONS[progress.stage]}
    return None


def season_steps(request, season, *, is_commissioner, my_fixtures):
    """The season page's next steps: `progress` (league.services.seasons.Progress) and the status form
    for a commissioner; for a coach, `own_entries` and `next_fixture`."""
    context = {
        "own_entries": _own_entries(season, request.user),
        "next_fixture": _next_fixture(my_fixtures, request.user)
        if season.status == Season.Status.RUNNING
        else None,
    }
    if is_commissioner:
        context["progress"] = season_progress(season)
        context["status_form"] = SeasonStatusForm()
    return context


def league_steps(request, league, seasons, *, is_commissioner, is_member):
    """The league page's next steps: the `open_season` (newest not finished); for a commissioner its
    `progress` and whether anyone joined yet (`members`); for a member, their `own_entries` in it and the
    form that enters one of their teams (`register_form`, with `has_teams`: whether they have one to
    enter)."""
    season = _open_season(seasons)
    context = {"open_season": season}
    if is_commissioner:
        context["members"] = league.members.count()
        context["progress"] = season_progress(season) if season else None
    if season is None or not is_member or not request.user.is_authenticated:
        return context
    context["own_entries"] = _own_entries(season, request.user)
    if not context["own_entries"]:
        form = RegisterTeamForm(season=season, user=request.user)
        context["register_form"] = form
        context["has_teams"] = form.has_choices
    return context
