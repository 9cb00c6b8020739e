"""Dugout's main pages through Lighthouse on a phone: performance, accessibility, best practices, SEO.

Installs npm's `lighthouse` (LIGHTHOUSE_VERSION, into var/lighthouse/ under the project: never committed),
creates its own SQLite database under <var dir>/bench-lighthouse/ (deleted and created again each run),
migrates it, loads the demo data (`manage.py load_demo`), collects the static files, and serves it as in
production (DEBUG=0: compressed static files by WhiteNoise, GZipMiddleware) with gunicorn on 127.0.0.1.
Then runs Lighthouse with Debian's chromium (CHROME_PATH=/usr/bin/chromium, headless, kept off the
network but for 127.0.0.1), as a phone (Lighthouse's default: a mid-range phone's screen, a slow 4G and
a 4x slower CPU, simulated), on each main page: home, leagues, a league, a season, its standings, a team,
a match report, the live match (as its coach: a session made here, sent with --extra-headers), rulebook
pages, the sheets and the API docs.

Prints a table of each page's four scores (0-100), then, for each score under 100, the audits that
failed (each page's whole report is left in <var dir>/bench-lighthouse/reports/). Asserts nothing: the
target is 100 in every column (issue #26). Plain HTTP on 127.0.0.1 counts as a secure origin for
Lighthouse, as for browsers.

Needs Node.js with npm (Lighthouse 12 runs on Node >= 18.16), Debian's chromium, and npm's registry once.

The CPU slowdown is Lighthouse's own (4x, meant for a desktop host of benchmarkIndex about 1,000 and
more): on a slower or busy host the performance scores come out low. So the table shows each run's
benchmarkIndex, and a floor measured before and after the pages: benchmarks/hello's bare Django page
(no CSS, no script) served alike, the best performance this host gives any page. --runs=N shows each
page's run of median performance; --cpu-slowdown=X replaces the multiplier (the end of the output says
which one calibrates this host, as Chrome DevTools does: its index over the emulated phone's).

Run: .venv/bin/python benchmarks/lighthouse_bench.py [name ...] [--runs N] [--cpu-slowdown X]
(or `make bench`); a name runs only the pages whose name contains it. About 30 s a page on 2 cores.
"""

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from http_bench import HOST, BenchError, Child, _free_port, pick_objects, session_cookie  # noqa: E402

WORK_DIR = Path(os.environ.get("DUGOUT_VAR_DIR") or ROOT / "var") / "bench-lighthouse"
# Lighthouse 13 needs Node 22; 12.8 runs on Debian bookworm's Node 18 and on Node 20.
LIGHTHOUSE_VERSION = "12.8.2"
NODE_DIR = ROOT / "var" / "lighthouse"  # var/ is in .gitignore: node_modules is never committed
LIGHTHOUSE = NODE_DIR / "node_modules" / ".bin" / "lighthouse"
CHROME_PATH = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
CHROME_FLAGS = " ".join(
    [
        "--headless=new",
        "--no-sandbox",
        # This machine has no network, and chromium would keep trying: only the server is reachable.
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--no-first-run",
    ]
)
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
# The benchmarkIndex of the phone Lighthouse emulates (a Moto G Power, 2022: Chrome DevTools' CPU
# calibration), and the one under which Lighthouse warns that the host is too slow for its 4x slowdown.
PHONE_BENCHMARK_INDEX = 264
SLOW_HOST_INDEX = 1000
FLOOR = (
    "floor: bare Django"  # benchmarks/hello's page (no CSS, no script), served alike: what the host allows
)
RUN_TIMEOUT = 180  # seconds one Lighthouse run may take
VENV_BIN = Path(sys.executable).parent

# The production environment of the served app (README's configuration table), on plain HTTP: nothing
# here speaks TLS, and Lighthouse, like browsers, takes 127.0.0.1 for a secure origin.
APP_ENV = {
    "DEBUG": "0",
    "HTTPS": "0",
    "SECRET_KEY": "lighthouse-bench-only-secret-key-not-used-anywhere-else-0123456789",
    "ALLOWED_HOSTS": HOST,
    "DUGOUT_VAR_DIR": str(WORK_DIR),
    "DJANGO_SETTINGS_MODULE": "dugout.settings",
    "DEMO_MODE": "0",
}
# Left to their defaults (SQLite, the file cache and broker under WORK_DIR), whatever the shell says.
UNSET = (
    "DATABASE_URL",
    "CACHE_URL",
    "CELERY_BROKER_URL",
    "CELERY_RESULT_BACKEND",
    "SECURE_SSL_REDIRECT",
    "BEHIND_PROXY",
    "MEDIA_ROOT",
)


# Lighthouse -----------------------------------------------------------------------------------------


def install_lighthouse():
    """npm's lighthouse at LIGHTHOUSE_VERSION under NODE_DIR, installed unless it is there already."""
    package = NODE_DIR / "node_modules" / "lighthouse" / "package.json"
    if package.exists() and json.loads(package.read_text())["version"] == LIGHTHOUSE_VERSION:
        return
    if shutil.which("npm") is None or shutil.which("node") is None:
        raise BenchError("node and npm are missing: install Debian's nodejs and npm")
    NODE_DIR.mkdir(parents=True, exist_ok=True)
    print(f"  installing lighthouse@{LIGHTHOUSE_VERSION} into {NODE_DIR} ...")
    command = ["npm", "install", "--prefix", str(NODE_DIR), "--no-audit", "--no-fund", "--loglevel=error"]
    done = subprocess.run(
        [*command, f"lighthouse@{LIGHTHOUSE_VERSION}"], capture_output=True, text=True, timeout=600
    )
    if done.returncode != 0:
        raise BenchError(f"npm install lighthouse failed: {done.stderr.strip()[-2000:]}")


def lighthouse(url, report, *, cookie=None, cpu_slowdown=None):
    """Lighthouse's report (the JSON's dict) of `url`, as a phone (its default form factor), also kept in
    the file `report`; `cpu_slowdown` replaces Lighthouse's CPU multiplier (4)."""
    report.parent.mkdir(parents=True, exist_ok=True)
    report.unlink(missing_ok=True)
    command = [
        str(LIGHTHOUSE),
        url,
        "--form-factor=mobile",
        f"--only-categories={','.join(CATEGORIES)}",
        f"--chrome-flags={CHROME_FLAGS}",
        "--output=json",
        f"--output-path={report}",
        "--quiet",
    ]
    if cpu_slowdown is not None:
        command.append(f"--throttling.cpuSlowdownMultiplier={cpu_slowdown:.2f}")
    if cookie:
        command.append(f"--extra-headers={json.dumps({'Cookie': cookie})}")
    env = {**os.environ, "CHROME_PATH": CHROME_PATH}
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=RUN_TIMEOUT, env=env)
    except subprocess.TimeoutExpired as error:
        raise BenchError(f"lighthouse {url}: no report within {RUN_TIMEOUT} s") from error
    if done.returncode != 0 or not report.exists():
        raise BenchError(f"lighthouse {url} failed: {(done.stderr or done.stdout).strip()[-2000:]}")
    found = json.loads(report.read_text())
    if found.get("runtimeError"):
        raise BenchError(f"lighthouse {url}: {found['runtimeError']}")
    return found


def scores(report):
    """{category: 0-100, or None when Lighthouse could not score it}."""
    found = {}
    for name in CATEGORIES:
        score = report["categories"][name]["score"]
        found[name] = None if score is None else round(score * 100)
    return found


def failed_audits(report, category):
    """[(audit id, score, title, what it found)] of `category`'s audits that did not pass: those that
    weigh in its score (performance's metrics), then those with savings Lighthouse estimates (its
    opportunities and insights, which weigh nothing but say where the time goes)."""
    weighed, hints = [], []
    for ref in report["categories"][category]["auditRefs"]:
        audit = report["audits"][ref["id"]]
        if audit["scoreDisplayMode"] == "error":
            weighed.append((ref["id"], None, audit["title"], audit.get("errorMessage", "")))
        if audit["scoreDisplayMode"] in ("notApplicable", "manual", "informative", "error"):
            continue
        if audit["score"] is None or audit["score"] >= 1:
            continue
        if ref.get("weight"):
            weighed.append((ref["id"], audit["score"], audit["title"], _found(audit)))
        elif any(value for value in (audit.get("metricSavings") or {}).values()):
            hints.append((ref["id"], audit["score"], audit["title"], _found(audit)))
    return weighed + hints


def _found(audit):
    """A line of what an audit found: its displayed value and its first items."""
    parts = [audit.get("displayValue") or ""]
    items = (audit.get("details") or {}).get("items") or []
    for item in items[:3] if isinstance(items, list) else []:
        node = item.get("node") if isinstance(item, dict) else None
        if node:
            parts.append(node.get("selector") or node.get("snippet", "")[:80])
        elif isinstance(item, dict):
            value = item.get("url") or item.get("source") or item.get("description") or ""
            parts.append(str(value.get("url") if isinstance(value, dict) else value)[:100])
    return "; ".join(part for part in parts if part)


# The data -------------------------------------------------------------------------------------------


def _environment():
    for name in UNSET:
        os.environ.pop(name, None)
    os.environ.update(APP_ENV)
    return dict(os.environ)


def build_data():
    """A fresh database under WORK_DIR, migrated, with the demo data; the static files collected."""
    shutil.rmtree(WORK_DIR, ignore_errors=True)
    WORK_DIR.mkdir(parents=True)
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    call_command("load_demo", stdout=open(os.devnull, "w"))  # noqa: SIM115 - closed at exit
    call_command("collectstatic", interactive=False, verbosity=0)


def page_urls():
    """[(name, url, cookie)] of the main pages of the demo: anonymous, but for the live match, which its
    coach sees (with the buttons to record what happens)."""
    from django.db.models import Count, Q
    from django.urls import reverse

    from league.models import Season
    from matches.models import Match

    season = (
        Season.objects.annotate(confirmed=Count("fixtures", filter=Q(fixtures__result__status="confirmed")))
        .order_by("-confirmed", "pk")
        .select_related("league")
        .first()
    )
    team, _player, match = pick_objects(season)
    live = Match.objects.filter(status=Match.Status.IN_PROGRESS).order_by("pk").select_related("home_team")
    live = live.first()
    if live is None:
        raise BenchError("the demo has no match in progress")
    edition = team.edition
    return [
        ("home", reverse("home"), None),
        ("leagues", reverse("league:list"), None),
        ("league", reverse("league:detail", args=[season.league.slug]), None),
        ("season", reverse("league:season", args=[season.pk]), None),
        ("standings", reverse("league:standings", args=[season.pk]), None),
        ("team", reverse("rosters:team", args=[team.pk]), None),
        ("match report", reverse("matches:report", args=[match.pk]), None),
        (
            "live match (coach)",
            reverse("matches:detail", args=[live.pk]),
            session_cookie(live.home_team.coach),
        ),
        ("rules", reverse("rulebook:index"), None),
        ("rules edition", reverse("rulebook:edition", args=[edition]), None),
        ("rules teams", reverse("rulebook:teams", args=[edition]), None),
        ("rules team", reverse("rulebook:team", args=[edition, team.roster]), None),
        ("rules skills", reverse("rulebook:skills", args=[edition]), None),
        ("rules tables", reverse("rulebook:tables", args=[edition]), None),
        ("sheets", reverse("sheets:index"), None),
        ("API docs", reverse("league:openapi-view"), None),
    ]


# The run --------------------------------------------------------------------------------------------


class Server(Child):
    """gunicorn serving `app` on 127.0.0.1 (2 workers of 4 threads: a page and its static files at once)."""

    def __init__(self, name, app, *, chdir, env):
        self.port = _free_port()
        self.log = WORK_DIR / f"gunicorn-{name}.log"
        command = [
            str(VENV_BIN / "gunicorn"),
            app,
            "--workers=2",
            "--threads=4",
            f"--bind={HOST}:{self.port}",
            f"--chdir={chdir}",
        ]
        with self.log.open("w") as log:
            super().__init__(name, command, log=log, env=env)

    def url(self, path):
        return f"http://{HOST}:{self.port}{path}"

    def warm_up(self, pages, times=4):
        """Each page requested `times` times (both workers draw it once and keep it), so that Lighthouse
        measures a running server, not a worker's first request of a page."""
        import urllib.request

        for _name, path, cookie in pages:
            request = urllib.request.Request(self.url(path), headers={"Cookie": cookie} if cookie else {})
            for _n in range(times):
                with urllib.request.urlopen(request, timeout=60) as response:
                    response.read()

    def wait_ready(self, timeout=60):
        import urllib.error
        import urllib.request

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise BenchError(f"gunicorn exited: {self.log.read_text(errors='replace')[-2000:]}")
            try:
                with urllib.request.urlopen(self.url("/"), timeout=5):
                    return
            except (OSError, urllib.error.URLError):
                time.sleep(0.3)
        raise BenchError(f"gunicorn did not answer within {timeout} s")


def print_table(rows):
    width = max(len(name) for name, *_ in rows)
    header = (
        f"{'page':<{width}} | " + " | ".join(f"{name:>14}" for name in CATEGORIES) + " | host index | url"
    )
    print()
    print(header)
    print("-" * len(header))
    for name, path, found, _failed, index in rows:
        cells = " | ".join(f"{'-' if found[c] is None else found[c]:>14}" for c in CATEGORIES)
        print(f"{name:<{width}} | {cells} | {index:>10.0f} | {path}")
    below = [
        (name, path, found, failed) for name, path, found, failed, _index in rows if any(failed.values())
    ]
    if not below:
        print("\nEvery page scores 100 in every category.")
        return
    print("\nFailed audits (score 0-1) of each score under 100:")
    for name, path, found, failed in below:
        for category, audits in failed.items():
            if not audits:
                continue
            print(f"  {name} ({path}), {category} {found[category]}:")
            for audit_id, score, title, what in audits:
                shown = "error" if score is None else f"{score:.2f}"
                print(f"    {audit_id} [{shown}] {title}" + (f": {what}" if what else ""))


def retried(*args, times=3, **kwargs):
    """lighthouse(*args, **kwargs), tried again after a failure, at most `times` in all: Lighthouse now
    and then loses the trace of a load on a busy host (NO_NAVSTART), and says to run it again."""
    for number in range(times):
        try:
            return lighthouse(*args, **kwargs)
        except BenchError as error:
            if number == times - 1:
                raise
            print(f"    ({error}; again)", flush=True)
    return None


def calibrated(benchmark_index):
    """The CPU multiplier that makes a host of `benchmark_index` the phone Lighthouse emulates: its index
    over the phone's (Chrome DevTools' calibration; Lighthouse's fixed 4x assumes a host of about 1,000)."""
    return benchmark_index / PHONE_BENCHMARK_INDEX


def measure(server, name, path, cookie, options):
    """(scores, failed audits, benchmarkIndex) of a page: the run of median performance among
    options.runs runs."""
    slug = "-".join(name.replace("(", "").replace(")", "").replace(":", "").split())
    reports = [
        retried(
            server.url(path),
            WORK_DIR / "reports" / f"{slug}-{number + 1}.json",
            cookie=cookie,
            cpu_slowdown=options.cpu_slowdown,
        )
        for number in range(options.runs)
    ]
    reports.sort(key=lambda report: report["categories"]["performance"]["score"] or 0)
    report = reports[len(reports) // 2]
    found = scores(report)
    failed = {c: failed_audits(report, c) for c in CATEGORIES if found[c] != 100}
    return found, failed, report["environment"]["benchmarkIndex"]


def measure_floor(floor, options):
    """The floor's row: the bare Django page's performance (its other categories are not ours to mend)."""
    found, failed, index = measure(floor, FLOOR, "/", None, options)
    performance = {c: (found[c] if c == "performance" else None) for c in CATEGORIES}
    return (FLOOR, "(benchmarks/hello)", performance, {"performance": failed.get("performance", [])}, index)


def run(env, children, options):
    started = time.monotonic()
    cpu = options.cpu_slowdown or 4
    print(
        f"Dugout through Lighthouse {LIGHTHOUSE_VERSION} as a phone (chromium {CHROME_PATH}), "
        f"CPU slowdown x{cpu:g}, {options.runs} run(s) a page (the median performance's shown)"
    )
    install_lighthouse()
    build_data()
    pages = [page for page in page_urls() if not options.names or any(n in page[0] for n in options.names)]
    server = Server("dugout", "dugout.wsgi", chdir=ROOT, env=env)
    children.append(server)
    floor = Server("hello", "hello.wsgi", chdir=HERE, env={**env, "DJANGO_SETTINGS_MODULE": "hello.settings"})
    children.append(floor)
    server.wait_ready()
    floor.wait_ready()
    server.warm_up(pages)
    floor.warm_up([(FLOOR, "/", None)])
    print(
        f"  ready in {time.monotonic() - started:.0f} s; {len(pages)} pages and the floor, before and after"
    )
    rows = [measure_floor(floor, options)]
    for name, path, cookie in pages:
        found, failed, index = measure(server, name, path, cookie, options)
        rows.append((name, path, found, failed, index))
        print(
            f"  {name}: " + ", ".join(f"{c} {found[c]}" for c in CATEGORIES) + f" (host {index:.0f})",
            flush=True,
        )
    rows.append(measure_floor(floor, options))
    print_table(rows)
    indexes = sorted(index for *_row, index in rows)
    median = indexes[len(indexes) // 2]
    print(
        f"\nThe host's benchmarkIndex: median {median:.0f} (from {indexes[0]:.0f} to {indexes[-1]:.0f}). "
        f"Lighthouse's x4 assumes a host of about {4 * PHONE_BENCHMARK_INDEX} and warns under "
        f"{SLOW_HOST_INDEX}: on a slower or busy host it emulates a slower phone than it means to and the "
        "performance scores are understated, down to the floor's. The multiplier calibrated to this host's "
        f"median (Chrome DevTools' way): --cpu-slowdown={calibrated(median):.1f}."
    )
    print(f"(whole run {time.monotonic() - started:.0f} s)")
    return rows


def arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="*", help="only the pages whose name contains one of these")
    parser.add_argument("--runs", type=int, default=1, help="runs a page; the median performance is shown")
    parser.add_argument(
        "--cpu-slowdown", type=float, help="Lighthouse's CPU multiplier instead of its own (4)"
    )
    return parser.parse_args()


def main():
    env = _environment()
    children = []

    def interrupted(signum, _frame):
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, interrupted)
    status = 0
    try:
        run(env, children, arguments())
    except BenchError as error:
        print(f"lighthouse_bench: {error}", file=sys.stderr)
        status = 1
    finally:
        for child in reversed(children):
            child.stop()
    return status


if __name__ == "__main__":
    sys.exit(main())
