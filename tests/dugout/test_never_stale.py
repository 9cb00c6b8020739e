"""Each way a kept page went stale (issue #20), with the test that showed it. The verification mode is on
(FRESHNESS_VERIFY): a load served from the cache that differs from a fresh render raises StalePage, so
each test fails on the stale load itself, and also checks what a visitor sees."""

import io
import threading

import pytest
from django.apps import apps
from django.core.cache import cache
from django.core.management import call_command
from django.db import connections, transaction
from django.db.models.signals import post_migrate, post_save, pre_save
from django.test import Client
from django.urls import reverse

from dugout.freshness import FreshnessUnavailable, changes, verify
from league.models import Season
from matches.services import prematch
from rosters import freshness as rosters_freshness
from rosters import ledger
from rosters.models import LedgerEntry, Player, Team
from tests.factories import UserFactory
from tests.freshness import cached_page, page_html
from tests.league.factories import make_league, make_season
from tests.matches.conftest import make_team as make_match_team
from tests.rosters.helpers import get_player, make_team

pytestmark = pytest.mark.django_db


def _team_url(team):
    return reverse("rosters:team", args=[team.pk])


# --- the verification mode ------------------------------------------------------------------------------


def test_the_verification_mode_catches_a_removed_invalidation(client):
    """With the players' invalidation taken out, a renamed player leaves the team page stale: the load
    that serves it fails, naming the URL, the scope and the write before it."""
    team = make_team(UserFactory(), positions=["lineman"])
    player = get_player(team)
    cached_page(client, _team_url(team))
    uid = "freshness:rosters.Player:rosters.freshness._player_pages"
    assert pre_save.disconnect(sender=Player, dispatch_uid=uid)
    post_save.disconnect(sender=Player, dispatch_uid=uid)
    try:
        player.name = "Renamed Behind The Cache"
        player.save()
        with pytest.raises(verify.StalePage) as stale:
            client.get(_team_url(team))
    finally:
        rosters_freshness.connect()
        verify.failures.clear()
    report = str(stale.value)
    assert _team_url(team) in report
    assert f"('team', {team.pk})" in report
    latest_write = report.split("--- kept")[0].splitlines()[-1]
    assert latest_write.endswith(f"rosters.Player {player.pk} saved (the row): []")  # changed no scope
    assert "Renamed Behind The Cache" in report


def test_an_unchanged_page_passes_the_verification_mode(client):
    team = make_team(UserFactory(), positions=["lineman"])
    cached_page(client, _team_url(team))
    etag = client.get(_team_url(team))["ETag"]
    assert client.get(_team_url(team), HTTP_IF_NONE_MATCH=etag).status_code == 304


# --- names shown as history ------------------------------------------------------------------------------


def _entry_by(team, user):
    with ledger.change(team, actor=user, kind=LedgerEntry.Kind.GOLD, as_commissioner=True):
        team.treasury += 50000
    return LedgerEntry.objects.filter(team=team).first()


def test_a_new_display_name_shows_on_the_ledgers_of_other_peoples_teams(client):
    commissioner = UserFactory(display_name="Carla")
    team = make_team(UserFactory())
    _entry_by(team, commissioner)
    assert "Carla" in cached_page(client, _team_url(team))
    commissioner.display_name = "Carla the Fair"
    commissioner.save()
    assert "Carla the Fair" in page_html(client, _team_url(team))


def test_a_deleted_account_leaves_no_name_on_the_ledgers(client):
    """The delete sets the ledger's actor to NULL with an UPDATE, which sends no signal."""
    commissioner = UserFactory(display_name="Carla")
    team = make_team(UserFactory())
    _entry_by(team, commissioner)
    assert "Carla" in cached_page(client, _team_url(team))
    commissioner.delete()
    assert "Carla" not in page_html(client, _team_url(team))


# --- relations that change ------------------------------------------------------------------------------


def test_a_team_handed_to_another_coach_leaves_the_first_coachs_pages(client):
    """The league page offers a coach their ready teams: the old coach's copy must drop a team given
    away (the change used to reach only the new coach)."""
    league = make_league(name="Handover League", slug="handover")
    make_season(league, status=Season.Status.REGISTRATION)
    first, second = UserFactory(), UserFactory()
    team = make_team(first, name="Passed Along", positions=["lineman"] * 11, ready=True)
    client.force_login(first)
    url = reverse("league:detail", args=[league.slug])
    assert "Passed Along" in cached_page(client, url)
    team.coach = second
    team.save()
    assert "Passed Along" not in page_html(client, url)


def test_a_match_report_follows_a_team_changed_after_its_sides_were_remembered(client):
    home_coach, away_coach = UserFactory(), UserFactory()
    home, away = make_match_team(home_coach, name="Reavers"), make_match_team(away_coach, name="Bashers")
    other = make_match_team(away_coach, name="Marauders")
    match = prematch.create_match(home_team=home, away_team=away, created_by=home_coach)
    url = reverse("matches:report", args=[match.pk])
    cached_page(client, url)  # the match's sides are remembered
    match.away_team = other
    match.save()
    assert "Marauders" in page_html(client, url)
    other.name = "Middenheim Marauders"
    other.save()  # changes the report only if the report's scopes name the new team
    assert "Middenheim Marauders" in page_html(client, url)


# --- writes that cannot be versioned --------------------------------------------------------------------


def test_a_version_the_cache_refuses_fails_the_write(client, monkeypatch):
    team = make_team(UserFactory(), name="Before")
    cached_page(client, _team_url(team))

    def refuse(*args, **kwargs):
        raise ConnectionError("cache down")

    monkeypatch.setattr(cache, "set_many", refuse)
    team.name = "After"
    with pytest.raises(FreshnessUnavailable), transaction.atomic():
        team.save()
    monkeypatch.undo()
    assert Team.objects.get(pk=team.pk).name == "Before"
    assert "Before" in page_html(client, _team_url(team))


@pytest.mark.django_db(transaction=True)
def test_a_page_drawn_during_a_write_is_never_kept_when_the_commit_callbacks_fail(client):
    """A page another request draws during the write's transaction shows the old data: it must not be
    kept, even when an on-commit callback registered before the write fails (a task send with the broker
    down), which drops the callbacks after it, the write's own commit-time version included."""
    team = make_team(UserFactory(), name="Old Name")
    url = _team_url(team)
    cached_page(client, url)
    drawn_meanwhile = []

    def another_request():
        drawn_meanwhile.append(Client().get(url).content.decode())
        connections.close_all()

    def broker_down():
        raise ConnectionError("broker down")

    def rename_while_another_request_draws():
        with transaction.atomic():
            transaction.on_commit(broker_down)
            team.name = "New Name"
            team.save()
            thread = threading.Thread(target=another_request)
            thread.start()
            thread.join()

    with pytest.raises(ConnectionError):
        rename_while_another_request_draws()
    assert "Old Name" in drawn_meanwhile[0]  # drawn from the committed data of the time
    assert "New Name" in page_html(client, url)
    assert "New Name" in page_html(Client(), url)


# --- everything at once: the epoch ----------------------------------------------------------------------


@pytest.mark.parametrize("command", ["invalidate_pages", "rebuild_standings"])
def test_a_command_draws_every_page_again_after_a_fix_by_hand(client, command):
    """Team pages and match reports too: rebuild_standings used to reach only the seasons' pages."""
    team = make_team(UserFactory(), name="Kept")
    cached_page(client, _team_url(team))
    Team.objects.filter(pk=team.pk).update(name="Fixed By Hand")  # an UPDATE: no signal, no version
    call_command(command, stdout=io.StringIO())
    assert "Fixed By Hand" in page_html(client, _team_url(team))


def test_every_migration_starts_a_new_epoch():
    before = changes.epoch()
    config = apps.get_app_config("dugout")
    post_migrate.send(sender=config, app_config=config, verbosity=0, interactive=False, using="default")
    assert changes.epoch() != before


def test_loaddata_starts_a_new_epoch(client, tmp_path):
    """Rows loaded from elsewhere (a restore with dumpdata and loaddata) may reuse ids that kept pages
    showed other things under."""
    team = make_team(UserFactory(), name="Kept")
    backup = tmp_path / "backup.json"
    call_command("dumpdata", "rosters.team", pks=str(team.pk), output=str(backup), verbosity=0)
    cached_page(client, _team_url(team))
    before = changes.epoch()
    backup.write_text(backup.read_text().replace('"Kept"', '"Restored"'))
    call_command("loaddata", str(backup), verbosity=0)
    assert changes.epoch() != before
    assert "Restored" in page_html(client, _team_url(team))
