"""Leagues move with their matches (league archive version 6, matches.archive): every drive, event and
dice roll of a league's recorded matches comes back on the other site, with the players' statistics,
the standings and the rosters, for the BB2025 demo league and a generated league of 20 teams and 100
played matches."""

import copy

import pytest
from django.core.exceptions import ValidationError
from django.db import transaction

from league.archive import export_league, import_league
from league.models import League, PlayerLeagueStats, PlayerMatchStats, StandingsRow
from matches.models import DiceLog, Event, Match
from matches.services.postmatch.apply import undo_apply
from rosters.models import LedgerEntry
from tests.league.archive_snapshots import forget, normalised, rosters
from tests.matches.generated_league import demo_league_with_matches, generate_league

pytestmark = pytest.mark.django_db


def _statistics(league):
    """Every derived row of the league's matches, as plain values: the players' match and league stats
    and the stored tables."""
    match_stats = PlayerMatchStats.objects.filter(match__fixture__season__league=league)
    league_stats = PlayerLeagueStats.objects.filter(league=league)
    rows = StandingsRow.objects.filter(season__league=league)
    return {
        "match": sorted(
            (
                s.match.fixture.round.number if s.match.fixture.round else 0,
                s.player.team.name,
                s.player.number,
                *(getattr(s, name) for name in PlayerMatchStats.STATS),
            )
            for s in match_stats.select_related("match__fixture__round", "player__team")
        ),
        "league": sorted(
            (
                s.season.name if s.season else "",
                s.player.team.name,
                s.player.number,
                *(getattr(s, name) for name in PlayerMatchStats.STATS),
            )
            for s in league_stats.select_related("season", "player__team")
        ),
        "table": sorted(
            (
                row.season.name,
                row.entry.display_name,
                *[
                    getattr(row, f.attname)
                    for f in row._meta.concrete_fields
                    if not f.is_relation and f.name != "id"
                ],
            )
            for row in rows.select_related("season", "entry__team")
        ),
    }


def _round_trip(league):
    exported = export_league(league)
    before_rosters, before_stats = rosters(league), _statistics(league)
    forget(league)
    assert not Match.objects.exists()
    assert not Event.objects.exists()
    assert not DiceLog.objects.exists()
    imported = import_league(exported)
    assert normalised(export_league(imported)) == normalised(exported)
    assert rosters(imported) == before_rosters
    assert _statistics(imported) == before_stats
    return exported, imported


@pytest.fixture(scope="module")
def demo_archive(django_db_setup, django_db_blocker):
    """(archive, rosters, statistics) of the BB2025 demo league, built once for the module in a
    transaction rolled back afterwards: each test imports the archive into a site without the league."""
    with django_db_blocker.unblock(), transaction.atomic():
        league = demo_league_with_matches()
        archived = (export_league(league), rosters(league), _statistics(league))
        transaction.set_rollback(True)
    return archived


@pytest.fixture
def archived_demo(demo_archive):
    """The BB2025 demo league's archive (a copy each test may change); the site does not hold it."""
    return copy.deepcopy(demo_archive[0])


def test_the_bb2025_demo_league_moves_with_every_drive_event_and_roll(demo_archive):
    exported, before_rosters, before_stats = demo_archive
    assert not League.objects.exists()
    imported = import_league(copy.deepcopy(exported))
    assert normalised(export_league(imported)) == normalised(exported)
    assert rosters(imported) == before_rosters
    assert _statistics(imported) == before_stats
    matches = [f["match"] for s in exported["seasons"] for f in s["fixtures"] if f["match"]]
    assert exported["version"] == 6
    assert len(matches) == 7
    assert {m["status"] for m in matches} == {"applied", "in_progress"}
    assert Match.objects.filter(fixture__season__league=imported).count() == 7
    assert Event.objects.filter(drive__match__fixture__season__league=imported).count() == sum(
        len(d["events"]) for m in matches for d in m["drives"]
    )


def test_a_generated_league_of_20_teams_and_100_matches_moves_without_loss(settings):
    # Thousands of writes, each bumping page versions: kept in memory here rather than in the test
    # processes' file cache, which makes no difference to what is compared.
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    league = generate_league(teams=20, matches=100)
    exported, imported = _round_trip(league)
    assert sum(1 for s in exported["seasons"] for f in s["fixtures"] if f["match"]) == 100
    assert len(exported["teams"]) == 20


def _first_match(document):
    """(place in the file, match data) of the archive's first recorded match."""
    for season_index, season in enumerate(document["seasons"]):
        for fixture_index, fixture in enumerate(season["fixtures"]):
            if fixture["match"]:
                return f"seasons[{season_index}].fixtures[{fixture_index}].match", fixture["match"]
    raise AssertionError("no recorded match")


def _refused(document, message):
    with pytest.raises(ValidationError) as refused:
        import_league(document)
    assert message in " ".join(refused.value.messages)
    assert not League.objects.exists()
    assert not Match.objects.exists()


def test_an_event_of_an_unknown_kind_imports_nothing_and_names_its_place(archived_demo):
    place, match = _first_match(archived_demo)
    match["drives"][0]["events"][0]["kind"] = "moonwalk"
    _refused(archived_demo, f"{place}.drives[0].events[0].kind:")


def test_an_event_naming_a_player_not_in_the_teams_imports_nothing(archived_demo):
    place, match = _first_match(archived_demo)
    event = next(e for d in match["drives"] for e in d["events"] if e["player"])
    event["player"] = 999999
    _refused(archived_demo, "No player of the key 999999")


def test_a_match_of_another_team_than_its_fixtures_imports_nothing(archived_demo):
    place, match = _first_match(archived_demo)
    match["home_team"] = match["away_team"]
    _refused(archived_demo, f"{place}.home_team:")


def test_a_file_over_the_sites_limits_is_refused_before_anything_is_created(archived_demo, settings):
    settings.LEAGUE_ARCHIVE_LIMITS = {**settings.LEAGUE_ARCHIVE_LIMITS, "matches": 3, "players": 10}
    with pytest.raises(ValidationError) as refused:
        import_league(archived_demo)
    players = sum(len(team["players"]) for team in archived_demo["teams"])
    assert refused.value.messages == [
        f"Players: {players} in the file, at most 10 on this site.",
        "Recorded matches: 7 in the file, at most 3 on this site.",
    ]
    assert not League.objects.exists()


def test_an_imported_match_is_undone_as_on_the_site_that_wrote_it(archived_demo):
    """The ledger entries of an applied match are linked to it again: reopening its result puts both
    rosters back as they were before the match."""
    imported = import_league(archived_demo)
    match = Match.objects.filter(fixture__season__league=imported, status=Match.Status.APPLIED).latest(
        "applied_at"
    )
    entries = LedgerEntry.objects.filter(pk__in=match.ledger_entries.values())
    assert {entry.details["match"] for entry in entries} == {match.pk}
    home = match.home_team
    before = entries.get(team=home).before["team"]["treasury"]
    undo_apply(match, user=match.created_by)
    home.refresh_from_db()
    assert home.treasury == before
