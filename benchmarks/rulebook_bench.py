"""Loading the rulebook editions: what a cold web process pays for BB2020 and BB2025.

Prints
1. the median wall time of a fresh Python process that only sets Django up (the floor), and of one that
   sets Django up and then loads each edition, or both, with the ratio to the floor;
2. in one process, the median time to read one edition's folder (data and texts of 8 languages) again,
   and to serialise it for /rules/<edition>.json.

It asserts nothing about time. Run: DEBUG=1 .venv/bin/python benchmarks/rulebook_bench.py [--runs N]
"""

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dugout.settings")
os.environ["DEBUG"] = "1"

SETUP = "import django; django.setup(); "
LOAD = "from rulebook.edition import get_edition; "
LOADS = {
    "django.setup() only (floor)": "",
    "+ bb2020": LOAD + "get_edition('bb2020')",
    "+ bb2025": LOAD + "get_edition('bb2025')",
    "+ both editions": LOAD + "get_edition('bb2020'); get_edition('bb2025')",
}


def _median(function, runs):
    times = []
    for _run in range(runs):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def bench_cold_processes(runs):
    def process(code):
        subprocess.run([sys.executable, "-c", SETUP + code], cwd=ROOT, check=True)

    print(f"{'cold process':<30} {'median':>9} {'x floor':>8}")
    floor = None
    for label, code in LOADS.items():
        seconds = _median(lambda code=code: process(code), runs)
        floor = floor or seconds
        print(f"{label:<30} {seconds * 1000:>6.0f} ms {seconds / floor:>7.2f}x")


def bench_in_process(runs):
    import django

    django.setup()
    from rulebook.edition import EDITIONS_DIR, Edition, available_editions
    from rulebook.export import export_json

    print(f"{'in one process':<30} {'load':>9} {'export':>9}")
    for edition_id in available_editions():
        load = _median(lambda edition_id=edition_id: Edition(EDITIONS_DIR / edition_id), runs)
        edition = Edition(EDITIONS_DIR / edition_id)
        export = _median(lambda edition=edition: export_json(edition), runs)
        print(f"{edition_id:<30} {load * 1000:>6.0f} ms {export * 1000:>6.0f} ms")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    bench_cold_processes(runs)
    bench_in_process(runs)


if __name__ == "__main__":
    main()
