"""The plumbing of the kept pages (dugout.freshness): versions, bumps on commit, the release digest."""

import pytest
from django.core.cache import cache
from django.utils.autoreload import file_changed

from dugout import freshness

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
    cache.delete(freshness._key(TEAM))
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
    monkeypatch.setattr(freshness, "_fanouts", {"team": [lambda ids: [("season", pk * 10) for pk in ids]]})
    assert freshness.expand([TEAM, ("match", 3)]) == {TEAM, ("season", 10), ("match", 3)}


def test_a_template_changed_under_runserver_starts_a_new_release(settings, tmp_path):
    page = tmp_path / "page.html"
    page.write_text("one")
    settings.BASE_DIR = tmp_path
    freshness.release.cache_clear()
    try:
        first = freshness.release()
        page.write_text("two")
        assert freshness.release() == first  # read once per process
        file_changed.send(sender=None, file_path=page)
        assert freshness.release() != first
    finally:
        freshness.release.cache_clear()
