"""Builders for league tests: leagues with commissioners, seasons of accepted teams, results.

They write rows directly (not through the services), so they rebuild the season's stored table as the
services would after a team is accepted or a result confirmed.
"""

import itertools

from league.models import Fixture, Game, League, Result, Round, Season, SeasonEntry
from league.standings.store import rebuild_standings, recompute_standings
from rosters.models import Team
from tests.factories import UserFactory

_numbers = itertools.count(1)


def make_league(*, commissioner=None, game=Game.BLOOD_BOWL, edition="bb2020", public=True, **fields):
    """A league of these tests: Blood Bowl in the 2020 rules unless it says (another game: edition="")."""
    number = next(_numbers)
    league = League.objects.create(
        name=fields.pop("name", f"League {number}"),
        slug=fields.pop("slug", f"league-{number}"),
        game=game,
        edition=edition,
        public=public,
        tiebreakers=fields.pop("tiebreakers", ["td_difference", "coin_flip"]),
        **fields,
    )
    if commissioner:
        league.commissioners.add(commissioner)
    return league


def make_team(*, coach, name=None, status=Team.Status.READY, team_value=1000000, edition="bb2020", **fields):
    return Team.objects.create(
        **fields,
        edition=edition,
        roster="human",
        name=name or f"Team {next(_numbers)}",
        coach=coach,
        status=status,
        team_value=team_value,
        current_team_value=team_value,
    )


def make_entry(season, *, coach=None, name=None, status=SeasonEntry.Status.ACCEPTED, with_team=True):
    coach = coach or UserFactory()
    league = season.league
    team = (
        make_team(coach=coach, name=name, edition=league.edition)
        if with_team and league.is_blood_bowl
        else None
    )
    entry = SeasonEntry.objects.create(
        season=season,
        team=team,
        name=team.name if team else (name or f"Side {next(_numbers)}"),
        coach=coach,
        status=status,
    )
    if status == SeasonEntry.Status.ACCEPTED:
        recompute_standings(season=season)
    return entry


def make_season(league, *, teams=0, status=Season.Status.RUNNING, **fields):
    season = Season.objects.create(
        league=league, name=fields.pop("name", "Season 1"), status=status, **fields
    )
    entries = [make_entry(season) for _ in range(teams)]
    return season, entries


def make_fixture(season, home, away, *, round_number=1, stage=Fixture.Stage.LEAGUE):
    round_, _created = Round.objects.get_or_create(season=season, number=round_number)
    return Fixture.objects.create(season=season, round=round_, home=home, away=away, stage=stage)


def play(
    season,
    home,
    away,
    home_score,
    away_score,
    *,
    home_cas=0,
    away_cas=0,
    round_number=1,
    status=None,
    conceded_by=None,
):
    """A fixture with a result (confirmed unless `status` says otherwise); the stored table follows."""
    fixture = make_fixture(season, home, away, round_number=round_number)
    Result.objects.create(
        fixture=fixture,
        home_score=home_score,
        away_score=away_score,
        home_cas=home_cas,
        away_cas=away_cas,
        conceded_by=conceded_by,
        submitted_by=home.coach,
        status=status or Result.Status.CONFIRMED,
    )
    rebuild_standings(season=season)
    return fixture


def make_league_fixture(home, away, *, edition=None):
    """A running season of a new league of the teams' edition with the two teams entered, and their
    fixture: for a match that must be a league game (a friendly keeps less, BB2025's nothing)."""
    league = make_league(commissioner=UserFactory(), edition=edition or home.edition)
    season, _entries = make_season(league)
    entries = [
        SeasonEntry.objects.create(
            season=season, team=team, name=team.name, coach=team.coach, status="accepted"
        )
        for team in (home, away)
    ]
    return make_fixture(season, *entries)
