"""The plumbing of the kept pages (dugout.freshness): versions, bumps on commit, the release digest."""

import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils.autoreload import file_changed

from dugout import freshness, release
from dugout.freshness import changes
from tests.factories import UserFactory
from tests.rosters.helpers import make_team

pytestmark = pytest.mark.django_db  # a bump asks the apps' fan-outs (the seasons of a team)

TEAM = ("team", 1)


def test_a_bump_gives_a_new_version():
    before = freshness.versions([TEAM])[TEAM]
    assert freshness.versions([TEAM])[TEAM] == before
    freshness.bump(TEAM)
    assert freshness.versions([TEAM])[TEAM] != before


def test_a_version_the_cache_lost_comes_back_as_a_new_one():
    """Random, not counted: a page kept under the old version can never be reached again."""
    before = freshness.versions([TEAM])[TEAM]
    cache.delete(changes.version_key(TEAM))
    assert freshness.versions([TEAM])[TEAM] != before


def test_a_bump_in_a_transaction_is_written_again_when_it_commits(django_capture_on_commit_callbacks):
    """Once at once (the writer's next load), once on commit (a page drawn before the commit by another
    request, under the first new version, is not served)."""
    with django_capture_on_commit_callbacks() as callbacks:
        freshness.bump(TEAM)
        during = freshness.versions([TEAM])[TEAM]
    assert len(callbacks) == 1
    callbacks[0]()
    assert freshness.versions([TEAM])[TEAM] != during


def test_a_fan_out_bumps_the_pages_that_show_a_scope(monkeypatch):
    monkeypatch.setattr(changes, "_fanouts", {"team": [lambda ids: [("season", pk * 10) for pk in ids]]})
    assert freshness.expand([TEAM, ("match", 3)]) == {TEAM, ("season", 10), ("match", 3)}


def test_a_template_changed_under_runserver_starts_a_new_release(settings, tmp_path):
    page = tmp_path / "page.html"
    page.write_text("one")
    settings.BASE_DIR = tmp_path
    release.release.cache_clear()
    try:
        first = release.release()
        page.write_text("two")
        assert release.release() == first  # read once per process
        file_changed.send(sender=None, file_path=page)
        assert release.release() != first
    finally:
        release.release.cache_clear()


def _changing_elsewhere(scope):
    return scope in changes.changing(cache.get_many([changes.changing_key(scope)]))


def test_a_scope_two_transactions_change_stays_marked_until_both_commit():
    first, second = changes._Transaction(), changes._Transaction()
    first.mark({TEAM})
    second.mark({TEAM})
    second.mark({TEAM})  # a second write of the same transaction marks nothing more
    second.settle()
    assert _changing_elsewhere(TEAM)  # the first is still writing
    first.settle()
    assert not _changing_elsewhere(TEAM)


def test_a_page_is_not_kept_while_another_transaction_changes_its_scope(client):
    team = make_team(UserFactory())
    scope = ("team", team.pk)
    elsewhere = changes._Transaction()
    elsewhere.mark({scope})
    url = reverse("rosters:team", args=[team.pk])
    first = client.get(url)
    assert not first.has_header("ETag")  # neither kept nor answered 304 later
    assert client.get(url, HTTP_IF_NONE_MATCH='"anything"').status_code == 200
    elsewhere.settle()
    assert client.get(url).has_header("ETag")


def test_the_same_transactions_own_writes_do_not_stop_it_keeping_a_page():
    """A test (or a view) inside one transaction reads its own uncommitted writes."""
    freshness.bump(TEAM)
    assert not _changing_elsewhere(TEAM)
