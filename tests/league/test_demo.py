import pytest
from django.urls import reverse

from accounts.demo import create_demo_users
from league.demo import (
    ADJUSTMENT,
    BB2025_SLUG,
    DEMO_SLUG,
    FINISHED_SEASON,
    RUNNING_SEASON,
    create_demo_bb2025_league,
    create_demo_league,
)
from league.models import League, PointsAdjustment, Result, Season, SeasonEntry, SeasonPrize, StandingsRow
from league.services.prizes import prize_table, trophy_holder
from league.standings.read import season_standings
from rosters.demo import create_demo_teams
from rosters.models import LedgerEntry, Team

pytestmark = pytest.mark.django_db


@pytest.fixture
def users():
    return create_demo_users()


def _counts():
    models = (League, Season, Result, SeasonPrize, PointsAdjustment, LedgerEntry, Team)
    return {model.__name__: model.objects.count() for model in models}


def test_demo_league_is_run_by_the_commissioner_with_a_season_half_played(users):
    league = create_demo_league(users)
    assert league.slug == DEMO_SLUG
    assert league.is_commissioner(users["commissioner"])
    season = league.seasons.get(name=RUNNING_SEASON)
    assert season.status == "running"
    assert season.entries.count() == 6
    results = Result.objects.filter(fixture__season=season)
    assert results.filter(status="confirmed").count() == 6
    assert results.filter(status="submitted").exists()
    assert results.filter(status="disputed").count() == 1
    assert sum(row.played for row in season_standings(season)) == 12


def test_demo_league_finished_its_first_season_in_full_with_prizes_paid(users):
    create_demo_teams(users)
    treasuries = dict(Team.objects.values_list("name", "treasury"))
    league = create_demo_league(users)
    season = league.seasons.get(name=FINISHED_SEASON)
    assert season.status == "finished"
    assert season.fixtures.count() == 15
    assert Result.objects.filter(fixture__season=season).exclude(status="confirmed").count() == 0

    table = season_standings(season)
    assert [row.played for row in table] == [5] * 6
    prizes = list(season.prizes.select_related("entry__team", "payment").order_by("place"))
    assert [(prize.place, prize.gold) for prize in prizes] == [
        (prize.place, prize.gold) for prize in prize_table(league)
    ]
    assert [prize.entry.team.name for prize in prizes] == [
        "Reikland Reavers",
        "Gouged Eye Grinders",
        "Elfheim Eagles",
    ]
    for prize in prizes:
        team = prize.entry.team
        team.refresh_from_db()
        assert team.treasury == treasuries[team.name] + prize.gold
        assert prize.payment.team == team
        assert prize.payment.kind == LedgerEntry.Kind.GOLD
        assert FINISHED_SEASON in prize.payment.reason
    assert trophy_holder(league) == prizes[0]


def test_demo_league_page_shows_the_running_season_and_the_trophy_holder(client, users):
    create_demo_teams(users)
    league = create_demo_league(users)
    content = client.get(reverse("league:detail", args=[league.slug])).content.decode()
    assert f"League Trophy: held by Reikland Reavers, champion of {FINISHED_SEASON}." in content
    assert f"Standings: {RUNNING_SEASON}" in content
    assert f"Standings: {FINISHED_SEASON}" not in content


def test_demo_league_adjustment_counts_in_the_running_season_standings(client, users):
    league = create_demo_league(users)
    season = league.seasons.get(name=RUNNING_SEASON)
    side, points, reason = ADJUSTMENT
    adjustment = PointsAdjustment.objects.get()
    assert adjustment.entry.season == season
    assert adjustment.entry.coach == users[side]
    assert (adjustment.points, adjustment.reason) == (points, reason)
    row = StandingsRow.objects.get(entry=adjustment.entry)
    computed = next(r for r in season_standings(season) if r.entry_id == adjustment.entry_id)
    assert row.adjustment == points
    earned = league.points_win * row.won + league.points_draw * row.drawn + league.points_loss * row.lost
    assert row.points == computed.points == earned + points
    content = client.get(reverse("league:standings", args=[season.pk])).content.decode()
    assert reason in content


def test_demo_data_is_of_the_editions_it_names(users):
    """Every demo team and league is created with its edition (issue 21: nothing falls back to one):
    the played teams and the Old World league are BB2020, the Badlands teams and league BB2025."""
    create_demo_teams(users)
    old_world = create_demo_league(users)
    badlands = create_demo_bb2025_league(users)
    assert (old_world.game, old_world.edition) == ("blood_bowl", "bb2020")
    assert (badlands.game, badlands.edition) == ("blood_bowl", "bb2025")
    editions = dict(Team.objects.values_list("name", "edition"))
    played = ("Gouged Eye Grinders", "Grotty Gobbos", "Reikland Reavers", "Elfheim Eagles")
    assert {editions[name] for name in played} == {"bb2020"}
    assert editions["Ironjaw Brutes"] == "bb2025"
    for league in (old_world, badlands):
        entered = {
            entry.team.edition
            for entry in SeasonEntry.objects.filter(season__league=league, team__isnull=False)
        }
        assert entered == {league.edition}


def test_demo_league_loaded_twice_changes_nothing(users):
    create_demo_teams(users)
    league = create_demo_league(users)
    counts = _counts()
    assert create_demo_league(create_demo_users()) == league
    assert _counts() == counts
    assert counts["League"] == 1
    assert counts["Season"] == 2
    assert counts["SeasonPrize"] == 3
    assert counts["PointsAdjustment"] == 1


def test_demo_bb2025_league_schedules_its_four_teams_once_each_every_two_weeks(users):
    create_demo_teams(users)
    league = create_demo_bb2025_league(users)
    assert (league.slug, league.game, league.edition) == (BB2025_SLUG, "blood_bowl", "bb2025")
    season = league.seasons.get(name=FINISHED_SEASON)
    assert season.entries.count() == 4
    # BB2025 [season]: each team meets each other once, a round every 2 weeks.
    assert season.fixtures.count() == 6
    dates = list(season.rounds.order_by("number").values_list("date", flat=True))
    assert [(later - earlier).days for earlier, later in zip(dates, dates[1:], strict=False)] == [14, 14]
    assert {entry.team.edition for entry in season.entries.select_related("team")} == {"bb2025"}
    assert create_demo_bb2025_league(create_demo_users()) is None
    assert League.objects.filter(slug=BB2025_SLUG).count() == 1
