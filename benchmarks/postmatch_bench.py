"""Median time and query count of applying a post-match sequence, for teams of 11 and of 16 players.

Runs against a throw-away test database: DEBUG=1 .venv/bin/python benchmarks/postmatch_bench.py
The query count must not grow with the number of players (players are written with bulk_update).
"""

import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dugout.settings")
os.environ.setdefault("DUGOUT_VAR_DIR", str(Path(__file__).resolve().parent.parent / "var" / "bench"))
Path(os.environ["DUGOUT_VAR_DIR"]).mkdir(parents=True, exist_ok=True)

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext, setup_test_environment  # noqa: E402

RUNS = 7
EDITION = "bb2020"  # the edition of the benchmark's teams


def _team(coach, name, players):
    from rosters import services

    team = services.create_team(coach=coach, roster="human", name=name, edition=EDITION, treasury=2_000_000)
    for index in range(players):
        services.hire_player(team=team, actor=coach, position="lineman", name=f"{name} {index}")
    services.mark_ready(team=team, actor=coach)
    team.refresh_from_db()
    return team


def _match_ready_to_apply(coach, size, run):
    from matches.services import drives, postmatch, prematch
    from rulebook.dice import Dice

    home = _team(coach, f"H{size}-{run}", size)
    away = _team(coach, f"A{size}-{run}", size)
    match = prematch.create_match(home_team=home, away_team=away, created_by=coach)
    dice = Dice(random.Random(run))
    prematch.roll_fans(match, dice=dice, user=coach)
    prematch.roll_weather(match, dice=dice, user=coach)
    prematch.take_journeymen(match, user=coach)
    prematch.buy_inducements(match, side="home", counts={}, user=coach)
    prematch.buy_inducements(match, side="away", counts={}, user=coach)
    prematch.roll_prayers(match, dice=dice, user=coach)
    prematch.choose_kicking(match, user=coach, side="home")
    drives.start_drive(match, dice=dice, user=coach, faces={"kickoff": [1, 2]})
    players = list(home.players.all())
    victims = list(away.players.all())
    for index, player in enumerate(players):  # every player earns SPP, every opponent is hurt
        drives.add_event(
            match,
            user=coach,
            kind="casualty",
            side="home",
            player=player,
            victim=victims[index],
            dice=dice,
            faces={"casualty": [7]},
        )
    drives.add_event(match, user=coach, kind="touchdown", side="home", player=players[0])
    drives.start_drive(match, dice=dice, user=coach, faces={"kickoff": [1, 2]})
    drives.end_drive(match, user=coach, dice=dice)
    drives.start_drive(match, dice=dice, user=coach, faces={"kickoff": [1, 2]})
    drives.end_drive(match, user=coach, dice=dice)
    postmatch.roll_postmatch(match, dice=dice, user=coach)
    return match


def main():
    from accounts.models import User
    from matches.services import postmatch

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        coach = User.objects.create(username="bench")
        counts = {}
        for size in (11, 16):
            timings, queries = [], []
            for run in range(RUNS):
                match = _match_ready_to_apply(coach, size, run)
                with CaptureQueriesContext(connection) as captured:
                    start = time.perf_counter()
                    postmatch.apply_postmatch(match, user=coach)
                    timings.append(time.perf_counter() - start)
                queries.append(len(captured))
            counts[size] = max(queries)
            print(
                f"apply_postmatch, {size} players per team: median "
                f"{statistics.median(timings) * 1000:.1f} ms, "
                f"{max(queries)} queries"
            )
        if counts[16] != counts[11]:
            print(f"FAIL: the query count grows with players ({counts[11]} -> {counts[16]})")
            return 1
        return 0
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    sys.exit(main())
