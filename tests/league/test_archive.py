import json
from io import StringIO

import pytest
from django.core.management import call_command

from accounts.models import User
from league.models import League, PointsAdjustment, Result, Season, StandingsRow
from league.services import prizes, scheduling
from league.services.adjustments import add_adjustment
from league.services.leagues import set_season_status
from league.standings.read import season_standings
from rosters.models import Team
from tests.league.factories import make_league, make_season

pytestmark = pytest.mark.django_db


def _rows(season):
    """The table computed from the results and adjustments, which the stored rows must match."""
    rows = [
        (
            row.position,
            row.name,
            row.points,
            row.adjustment,
            row.td_for,
            row.td_against,
            row.cas_for,
            row.tiebreaker,
        )
        for row in season_standings(season)
    ]
    stored = StandingsRow.objects.for_season(season).with_names()
    assert [(row.position, row.name, row.points, row.adjustment) for row in stored] == [
        row[:4] for row in rows
    ]
    return rows


def _adjustments(season):
    return [
        (a.entry.display_name, a.points, a.reason, a.created_by.username, a.created_at)
        for a in PointsAdjustment.objects.for_season(season).select_related("entry__team", "created_by")
    ]


def _prizes(season):
    return [
        (prize.place, prize.entry.display_name, prize.gold, prize.trophy, prize.awarded_at)
        for prize in season.prizes.with_related()
    ]


def _by_name(exported_season, key):
    """An exported season's adjustments or prizes with each entry key replaced by the entry's name."""
    names = {entry["key"]: entry["name"] for entry in exported_season["entries"]}
    return [{**item, "entry": names[item["entry"]]} for item in exported_season[key]]


def test_export_then_import_into_an_empty_database_gives_identical_standings(commissioner, tmp_path):
    league = make_league(
        commissioner=commissioner,
        name="Round Trip",
        slug="round-trip",
        tiebreakers=["head_to_head_points", "td_difference", "coin_flip"],
    )
    season, entries = make_season(league, teams=6)
    scheduling.schedule_round_robin(season=season, by=commissioner)
    for number, fixture in enumerate(season.fixtures.all()):
        Result.objects.create(
            fixture=fixture,
            home_score=number % 3,
            away_score=(number + 1) % 2,
            home_cas=number % 2,
            submitted_by=commissioner,
            status=Result.Status.CONFIRMED if number % 5 else Result.Status.SUBMITTED,
            conceded_by=fixture.away if number == 7 else None,
        )
    by_pk = {entry.pk: entry for entry in entries}
    table = season_standings(season)
    leader, second, last = (by_pk[row.entry] for row in (table[0], table[1], table[-1]))
    gap = table[0].points - table[1].points
    # Dock the leader to the second's points (a tie the tie-breakers settle again), award the last.
    add_adjustment(season=season, entry=leader, points=-gap, reason="No-show", by=commissioner)
    add_adjustment(season=season, entry=last, points=2, reason="Fair play", by=commissioner)
    # Some results were never confirmed: the commissioner finishes the season anyway, with a reason.
    set_season_status(
        season=season, status=Season.Status.FINISHED, by=commissioner, force=True, reason="Out of time."
    )
    assert season.prizes.count() == 3
    make_season(league, teams=0, name="Season 2", status=Season.Status.REGISTRATION)
    before = _rows(season)
    tied = [row for row in before if row[1] in (leader.display_name, second.display_name)]
    assert tied[0][2] == tied[1][2]
    assert tied[0][7]  # placed by a tie-breaker
    before_adjustments, before_prizes = _adjustments(season), _prizes(season)
    holder = prizes.trophy_holder(league).entry.display_name
    path = tmp_path / "league.json"
    call_command("export_league", "round-trip", output=str(path))

    # An empty database: nothing of the league, its seasons, teams or users is left.
    League.objects.all().delete()
    from rosters.models import Team

    Team.objects.all().delete()
    User.objects.all().delete()

    call_command("import_league", str(path))
    imported = League.objects.get(slug="round-trip")
    assert imported.tiebreakers == ["head_to_head_points", "td_difference", "coin_flip"]
    assert imported.is_commissioner(User.objects.get(username="carla"))
    seasons = list(imported.seasons.order_by("created_at", "id"))
    assert [s.name for s in seasons] == ["Season 1", "Season 2"]
    assert [s.finish_reason for s in seasons] == ["Out of time.", ""]
    assert _rows(seasons[0]) == before
    assert _adjustments(seasons[0]) == before_adjustments
    assert _prizes(seasons[0]) == before_prizes
    assert prizes.trophy_holder(imported).entry.display_name == holder
    assert not seasons[0].prizes.filter(payment__isnull=False).exists()  # the gold is not paid again
    assert Result.objects.filter(status=Result.Status.SUBMITTED).count() == 3
    again = tmp_path / "again.json"
    call_command("export_league", "round-trip", output=str(again))
    first, second = json.loads(path.read_text()), json.loads(again.read_text())
    assert first["league"] == second["league"]
    assert [len(s["fixtures"]) for s in first["seasons"]] == [len(s["fixtures"]) for s in second["seasons"]]
    for key in ("adjustments", "prizes"):
        assert [_by_name(s, key) for s in first["seasons"]] == [_by_name(s, key) for s in second["seasons"]]
    assert len(first["seasons"][0]["adjustments"]) == 2


def test_import_reads_a_version_1_file_without_adjustments_or_prizes(commissioner):
    from league.archive import export_league, import_league

    league = make_league(commissioner=commissioner, slug="old-file")
    season, (first, _second) = make_season(league, teams=2)
    data = export_league(league)
    for exported in data["seasons"]:
        del exported["adjustments"], exported["prizes"]
    data["version"] = 1
    del data["league"]["edition"]
    data["league"]["game"] = "bb2020"  # before version 4, a Blood Bowl league's game was its edition's id
    league.delete()

    imported = import_league(data)

    assert [row.points for row in StandingsRow.objects.filter(season__league=imported)] == [0, 0]
    assert not PointsAdjustment.objects.exists()


def test_import_refuses_a_slug_already_taken(commissioner, tmp_path):
    from django.core.management.base import CommandError

    make_league(commissioner=commissioner, slug="taken")
    path = tmp_path / "league.json"
    call_command("export_league", "taken", output=str(path))
    with pytest.raises(CommandError):
        call_command("import_league", str(path))


def test_the_commands_move_e_mail_addresses_and_print_the_links_to_claim_new_accounts(commissioner, tmp_path):
    league = make_league(commissioner=commissioner, slug="moving")
    make_season(league, teams=2)
    commissioner.email = "carla@example.com"
    commissioner.save()
    path = tmp_path / "league.json"
    call_command("export_league", "moving", output=str(path), with_emails=True)
    assert [commissioner.username, commissioner.display_name, "carla@example.com"] in json.loads(
        path.read_text()
    )["users"]
    League.objects.all().delete()
    Team.objects.all().delete()
    User.objects.all().delete()
    out = StringIO()

    call_command("import_league", str(path), stdout=out)

    moved = User.objects.get(email="carla@example.com")
    assert not moved.has_usable_password()
    assert f"  {moved.username}: /accounts/password/reset/" in out.getvalue()
    assert out.getvalue().count("/accounts/password/reset/") == User.objects.count()
