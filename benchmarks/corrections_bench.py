"""Replaying a correction ten matches deep for two teams (issue #24) against one post-match apply.

Builds, in a throwaway SQLite database under <var dir>/bench/, a BB2025 league of twelve teams whose
whole round robin is played in Dugout (eleven matches per team, each applied to both rosters), timing
and counting the queries of the last match's apply (its result confirmed: the post-match sequence of
both teams). Then corrects the first match of the first team (its touchdown given to another player):
both teams have ten matches after it. The preview (the replay done and rolled back) and the apply are
run RUNS times each (the apply undone between runs), and their median times and query counts printed
with their ratios to the one post-match apply. Asserts nothing about time.

Run: DEBUG=1 .venv/bin/python benchmarks/corrections_bench.py
"""

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import league_bench  # noqa: E402 - the path above first

TEAMS, RUNS = 12, 3


def _timed(action):
    from django.db import connection, reset_queries
    from django.test.utils import CaptureQueriesContext

    reset_queries()  # the log holds 9,000 queries at most: a full one would count none
    with CaptureQueriesContext(connection) as queries:
        started = time.perf_counter()
        action()
        elapsed = time.perf_counter() - started
    return elapsed, len(queries.captured_queries)


def _play_all(season):
    """Every fixture played and applied: (the first match, (seconds, queries) of the last one's apply)."""
    from league.services.results import confirm_result
    from tests.matches.corrections_league import fixtures_in_order, play, seeded_dice

    dice = seeded_dice(1)
    fixtures = fixtures_in_order(season)
    first = play(fixtures[0], dice, touchdowns=[("home", 5)])
    for fixture in fixtures[1:-1]:
        play(fixture, dice, touchdowns=[("home", 5)])
    measured = {}

    def confirm_and_measure(*, result, by):
        measured["apply"] = _timed(lambda: confirm_result(result=result, by=by))

    play(fixtures[-1], dice, touchdowns=[("home", 5)], confirm=confirm_and_measure)
    return first, measured["apply"]


def main():
    league_bench._setup_database()
    from django.test.utils import setup_test_environment

    setup_test_environment()
    from django.conf import settings

    settings.DEBUG = True
    from django.db.models import Q

    from matches.models import Event, Match
    from matches.services import corrections
    from rosters.models import Player
    from tests.matches.corrections_league import make_league

    started = time.perf_counter()
    _league, season, teams, commissioner = make_league(seed=1, teams=TEAMS)
    first, (apply_seconds, apply_queries) = _play_all(season)
    built = time.perf_counter() - started
    print(f"built: {TEAMS} teams, {season.fixtures.count()} matches played in {built:.0f} s")
    team = first.home_team
    later = Match.objects.filter(Q(home_team=team) | Q(away_team=team), pk__gt=first.pk).count()
    touchdown = Event.objects.get(drive__match=first, kind=Event.Kind.TOUCHDOWN)
    scorer = Player.objects.get(team=first.home_team, number=3)
    edits = [{"type": "actor", "event": touchdown.pk, "new": f"p{scorer.pk}"}]
    previews, applies = [], []
    for _run in range(RUNS):
        correction = corrections.propose_correction(match=first, by=commissioner, edits=edits, reason="bench")
        previews.append(_timed(lambda c=correction: corrections.preview_correction(c)))
        applies.append(
            _timed(lambda c=correction: corrections.apply_correction(correction=c, by=commissioner))
        )
        corrections.undo_correction(correction=correction, by=commissioner)
    print(f"the corrected match's home team played {later} matches after it")
    rows = [("one post-match apply", apply_seconds, apply_queries)]
    for name, runs in (("correction preview", previews), ("correction apply", applies)):
        rows.append((name, statistics.median(s for s, _q in runs), statistics.median(q for _s, q in runs)))
    print(f"{'':24} {'ms':>8} {'queries':>8} {'x time':>8} {'x queries':>10}")
    for name, seconds, queries in rows:
        print(
            f"{name:24} {seconds * 1000:8.0f} {queries:8.0f} {seconds / apply_seconds:8.1f} "
            f"{queries / apply_queries:10.1f}"
        )


if __name__ == "__main__":
    main()
