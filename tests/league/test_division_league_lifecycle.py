"""Issue #25's "done when": a 48-coach league runs a season in four divisions with playoffs, and its next
season starts from the promotion table in a few actions (the services a commissioner's pages call)."""

import pytest

from league.models import Fixture, Result, Season, SeasonEntry, StandingsRow
from league.services import divisions, scheduling
from league.services.leagues import create_season
from league.services.results import record_result_as_commissioner
from league.services.seasons import finish_season, start_season
from league.standings.store import rebuild_standings
from tests.factories import UserFactory
from tests.league.factories import make_entry, make_league

pytestmark = pytest.mark.django_db

COACHES, DIVISIONS = 48, ("North", "South", "East", "West")


def _score(fixture):
    """A deterministic result: the team entered first wins by the difference of their ranks, mod 3."""
    home_first = fixture.home_id < fixture.away_id
    margin = (fixture.home_id * 7 + fixture.away_id) % 3
    return (margin, 0) if home_first else (0, margin)


def _play_every_league_fixture(season, commissioner):
    fixtures = list(season.fixtures.filter(stage=Fixture.Stage.LEAGUE))
    Result.objects.bulk_create(
        Result(
            fixture=fixture,
            home_score=_score(fixture)[0],
            away_score=_score(fixture)[1],
            submitted_by=commissioner,
            status=Result.Status.CONFIRMED,
        )
        for fixture in fixtures
    )
    Fixture.objects.filter(pk__in=[fixture.pk for fixture in fixtures]).update(confirmed=True)
    rebuild_standings(season=season)
    return fixtures


def _play_playoff_round(season, commissioner):
    latest = season.fixtures.filter(stage=Fixture.Stage.PLAYOFF, result__isnull=True)
    for fixture in latest.select_related("home", "away"):
        record_result_as_commissioner(fixture=fixture, by=commissioner, home_score=2, away_score=1)


def test_a_48_coach_league_runs_in_four_divisions_with_playoffs_then_promotes_into_its_next_season():
    commissioner = UserFactory()
    league = make_league(commissioner=commissioner, name="Old World League")
    first = create_season(league=league, name="Season 1", by=commissioner)
    for number in range(COACHES):
        entry = make_entry(first, name=f"Team {number + 1:02d}")
        entry.team.team_value = 1_500_000 - number * 10_000
        entry.team.save()
    for name in DIVISIONS:
        divisions.create_division(season=first, by=commissioner, name=name)
    divisions.balance_divisions(season=first, by=commissioner)
    sizes = {d.name: d.entries.count() for d in first.divisions.all()}
    assert sizes == dict.fromkeys(DIVISIONS, 12)

    scheduling.schedule_round_robin(season=first, by=commissioner)
    start_season(season=first, by=commissioner)
    fixtures = _play_every_league_fixture(first, commissioner)
    assert len(fixtures) == 4 * 12 * 11 // 2
    assert all(fixture.home.division_id == fixture.away.division_id for fixture in fixtures)
    assert StandingsRow.objects.filter(season=first, division_position=1).count() == 4

    # The four division winners and two wild cards: six teams, the two best seeds with a bye.
    scheduling.schedule_playoffs(season=first, by=commissioner, per_division=1, wild_cards=2)
    assert first.fixtures.filter(stage=Fixture.Stage.PLAYOFF).count() == 2
    assert SeasonEntry.objects.filter(season=first, playoff_bye_slot__isnull=False).count() == 2
    rounds = 0
    while True:
        _play_playoff_round(first, commissioner)
        rounds += 1
        if scheduling.advance_playoffs(season=first, by=commissioner) is None:
            break
    assert rounds == 3  # quarter-finals (two games, two byes), semi-finals, the final
    champion, runner_up = scheduling.playoff_final(first)
    assert champion != runner_up
    finish_season(season=first, by=commissioner)
    first.refresh_from_db()
    assert first.status == Season.Status.FINISHED
    assert first.prizes.get(place=1).entry == champion

    # The next season: the same 48 teams, placed by last season's divisions with two up and two down.
    second = create_season(league=league, name="Season 2", by=commissioner)
    for entry in first.entries.select_related("team"):
        SeasonEntry.objects.create(season=second, team=entry.team, coach=entry.coach, status="accepted")
    proposal = divisions.promotion_proposal(season=second, up=2, down=2)
    divisions.place_from_last_season(season=second, by=commissioner, up=2, down=2)
    placed = {
        entry.team_id: entry.division.name
        for entry in SeasonEntry.objects.filter(season=second).select_related("division")
    }
    assert len(placed) == COACHES
    assert sorted(set(placed.values())) == sorted(DIVISIONS)
    last_rows = StandingsRow.objects.filter(season=first).select_related("division", "entry")
    by_division = {}
    for row in last_rows:
        by_division.setdefault(row.division.name, []).append(row)
    top_of_second = sorted(by_division["South"], key=lambda row: row.division_position)[:2]
    bottom_of_first = sorted(by_division["North"], key=lambda row: row.division_position)[-2:]
    assert {placed[row.entry.team_id] for row in top_of_second} == {"North"}
    assert {placed[row.entry.team_id] for row in bottom_of_first} == {"South"}
    assert proposal  # what the commissioner's page showed before accepting it
    scheduling.schedule_round_robin(season=second, by=commissioner)
    assert second.fixtures.count() == 4 * 12 * 11 // 2
