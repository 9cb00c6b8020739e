"""Which pages the league's rows are shown on (dugout.freshness): every save and delete of a league,
season, entry, division, round, fixture, result, adjustment or prize bumps its season and league; the
stored tables and players' totals, written in bulk, are bumped by the services that write them
(services.standings, stats). A bump of a team reaches the seasons and leagues it plays in (its name, value
and players are in their tables and leaderboards); a bump of a season reaches its league (the league page
shows the current table); what the team page shows of a league (the League Trophy, the commissioners'
rights, a re-draft after a finished season) bumps the league's teams. Also the scopes the league's pages
are cached by."""

from django.contrib.auth import get_user_model

from dugout import freshness
from league.models import (
    Division,
    Fixture,
    Invitation,
    League,
    PointsAdjustment,
    Result,
    Round,
    Season,
    SeasonEntry,
    SeasonPrize,
)


def _league_of_season(season_id):
    return Season.objects.filter(pk=season_id).values_list("league_id", flat=True).first()


def league_of_season(season_id):
    return freshness.remembered("season-league", season_id, _league_of_season)


def _season_of_entry(entry_id):
    return SeasonEntry.objects.filter(pk=entry_id).values_list("season_id", flat=True).first()


# --- fan-outs --------------------------------------------------------------------------------------------


def _team_pages(team_ids):
    """The seasons and leagues the teams are entered in."""
    found = SeasonEntry.objects.filter(team_id__in=team_ids).values_list("season_id", "season__league_id")
    return {scope for season, league in found for scope in (("season", season), ("league", league))}


def _season_pages(season_ids):
    return [("league", league_of_season(pk)) for pk in season_ids]


def _teams_of_leagues(league_ids):
    teams = SeasonEntry.objects.filter(season__league_id__in=league_ids, team__isnull=False)
    return [("team", pk) for pk in teams.values_list("team_id", flat=True).distinct()]


def _teams_of_season(season_id):
    teams = SeasonEntry.objects.filter(season_id=season_id, team__isnull=False)
    return [("team", pk) for pk in teams.values_list("team_id", flat=True)]


# --- what each row shows on -----------------------------------------------------------------------------


def _league(league):
    return [("league", league.pk), *_teams_of_leagues([league.pk])]


def _season(season):
    return [("season", season.pk), ("league", season.league_id), *_teams_of_season(season.pk)]


def _entry(entry):
    return [("season", entry.season_id), ("team", entry.team_id)]


def _fixture(fixture):
    return [("season", fixture.season_id)]


def _result(result):
    return [
        ("season", Fixture.objects.filter(pk=result.fixture_id).values_list("season_id", flat=True).first())
    ]


def _adjustment(adjustment):
    return [("season", _season_of_entry(adjustment.entry_id))]


def _prize(prize):
    return [("season", prize.season_id), *_teams_of_leagues([league_of_season(prize.season_id)])]


def _user(user):
    """A coach's or commissioner's name is shown on the tables and league pages, and as who decided an
    adjustment or a result (history: shown even once they are no longer a commissioner)."""
    seasons = {
        *SeasonEntry.objects.filter(coach=user).values_list("season_id", flat=True),
        *PointsAdjustment.objects.filter(created_by=user).values_list("entry__season_id", flat=True),
        *Result.objects.filter(submitted_by=user).values_list("fixture__season_id", flat=True),
        *Result.objects.filter(decided_by=user).values_list("fixture__season_id", flat=True),
    }
    leagues = League.objects.filter(commissioners=user).values_list("pk", flat=True)
    return [*(("season", pk) for pk in seasons), *(("league", pk) for pk in leagues)]


def connect():
    """Called by LeagueConfig.ready."""
    freshness.register_fanout("team", _team_pages)
    freshness.register_fanout("season", _season_pages)
    freshness.watch(League, _league, m2m=("commissioners", "members"))
    freshness.watch(Invitation, lambda invitation: [("league", invitation.league_id)])
    freshness.watch(Season, _season, forget_names=("season-league",))
    freshness.watch(SeasonEntry, _entry, forget_names=("entry-season",))
    freshness.watch(Round, lambda round_: [("season", round_.season_id)])
    freshness.watch(Division, lambda division: [("season", division.season_id)])
    freshness.watch(Fixture, _fixture)
    freshness.watch(Result, _result)
    freshness.watch(PointsAdjustment, _adjustment)
    freshness.watch(SeasonPrize, _prize)
    freshness.watch(get_user_model(), _user, ignore_fields={"last_login"})


# --- the scopes of the league's pages -------------------------------------------------------------------


def season_scopes(request, pk, **kwargs):
    """A season's pages (standings, fixtures, calendar, charts, the API's season answers)."""
    league = league_of_season(pk)
    return None if league is None else [("season", pk), ("league", league), *_coach_scope(request)]


def _coach_scope(request):
    """A logged-in coach's own teams: the season and league pages offer the ready ones to enter
    (web.league.views)."""
    user = request.user
    return [("coach", user.pk)] if user.is_authenticated else []


def league_scopes(request, slug, **kwargs):
    """A league's pages (the league, its leaderboards): its id read from the slug, which can change."""
    league = League.objects.filter(slug=slug).values_list("pk", flat=True).first()
    if league is None:
        return None
    return [("league", league), *_coach_scope(request)]


def entry_scopes(request, pk, **kwargs):
    """A team's calendar in a season."""
    season = freshness.remembered("entry-season", pk, _season_of_entry)
    return None if season is None else season_scopes(request, season)
