"""Dugout over HTTP: the main pages served by gunicorn on PostgreSQL, against a bare Django's floor.

Creates its own PostgreSQL database (DB_NAME, dropped and created again each run, dropped at the end),
migrates it, loads the demo data (`manage.py load_demo`) and builds the 1,000-team league of
benchmarks/league_bench.py with its own builders; collects the static files. Then serves it with
gunicorn (2 sync workers, DEBUG=0, Redis db 13 as cache and broker, `DATABASE_CONN_MAX_AGE` left at its
default), and a bare Django project (benchmarks/hello/: `startproject`'s settings and middleware, one
template view) with the same gunicorn settings: its rate is the floor.

The load generator is ApacheBench (`ab`, Debian's apache2-utils: `scripts/system-deps.sh --bench`):
a small C program from the Apache HTTP Server project, packaged by Debian, that needs no Python of
its own (so it does not compete with the workers for the GIL of a Python process), writes the time of
every request (`-g`: p50 and p99 are taken from it) and takes both a request count and a time limit.
After each run, one more request waits until gunicorn has answered what a time limit left queued.

Prints, for each main page at demo size and at 1,000 teams (and the standings and season pages of a
60-team season in 4 divisions with 1,000 played matches, "4div", against the demo's): req/s (concurrency
4, after a warm-up), p50 and p99, and the rate as a share of the floor's; standings with 50 clients
(p99), and again with its ETag in If-None-Match (every answer a 304, as a polling bot that keeps it
gets); the standings rate alone and while 8 clients poll /healthz (once a second each, as load balancers
do, and flat out); and, from one process in-house, each page's query count and the share of its time
spent in SQL when drawn by its view, and its time when served as kept (dugout.freshness).
Asserts nothing about time. Everything listens and is requested on 127.0.0.1 only; every loop has a
request count and a time limit; every process it starts is stopped at the end, also on error.

Needs PostgreSQL (127.0.0.1:5432, user postgres, trust) and Redis (127.0.0.1:6379): `scripts/services.sh`.
Run: .venv/bin/python benchmarks/http_bench.py   (or `make bench`); about 5-10 minutes on 2 cores.
"""

import csv
import http.client
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
WORK_DIR = Path(os.environ.get("DUGOUT_VAR_DIR") or ROOT / "var") / "bench-http"
VENV_BIN = Path(sys.executable).parent

HOST = "127.0.0.1"
PG = "postgres://postgres@127.0.0.1:5432"
# Overridable, so that two runs on one machine (two work trees) do not drop each other's database.
DB_NAME = os.environ.get("HTTP_BENCH_DB", "dugout_bench")
REDIS_DB = int(os.environ.get("HTTP_BENCH_REDIS_DB", "13"))
REDIS_URL = f"redis://127.0.0.1:6379/{REDIS_DB}"
WORKERS = 2

CONCURRENCY = 4
# Unmeasured requests of each URL (at CONCURRENCY), and their seconds: enough that each gunicorn worker
# has served the page before the measure (a worker's first request costs hundreds of ms, once).
WARMUP, WARMUP_LIMIT = 32, 5
REQUESTS, TIME_LIMIT = 100, 10  # measured requests of each page and size, and the seconds they may take
FLOOR_REQUESTS, FLOOR_TIME_LIMIT = 2000, 10  # the floor, measured before and after the pages
MANY_CLIENTS, MANY_REQUESTS, MANY_TIME_LIMIT = 50, 300, 20  # standings with 50 clients, for the p99
HEALTH_WINDOW, HEALTH_MAX_REQUESTS = 8, 20000  # seconds of standings in each phase of the /healthz runs
POLLERS, POLL_INTERVAL = 8, 1.0  # clients polling /healthz, and the seconds between two polls of each
REQUEST_TIMEOUT = 30  # seconds ab waits for one response
IN_PROCESS_RUNS, IN_PROCESS_LIMIT = 5, 3  # in-house requests of each URL (after one), and their seconds

# The production environment of the served app (see the README's configuration table). BEHIND_PROXY
# with the X-Forwarded-Proto header that ab sends keeps HTTPS's redirect, HSTS and secure cookies on.
APP_ENV = {
    "DEBUG": "0",
    "SECRET_KEY": "http-bench-only-secret-key-not-used-anywhere-else-0123456789",
    "ALLOWED_HOSTS": HOST,
    "DATABASE_URL": f"{PG}/{DB_NAME}",
    "CELERY_BROKER_URL": REDIS_URL,  # and so the cache (CACHE_URL's default) and the result backend
    "BEHIND_PROXY": "1",
    "DUGOUT_VAR_DIR": str(WORK_DIR),
    "DJANGO_SETTINGS_MODULE": "dugout.settings",
    # ab is one client address: the API's limit per address would answer 429s instead of the pages.
    "API_ANONYMOUS_RATE": "100000000/min",
}
# Left to their defaults, whatever the calling shell says (`make bench` sets DEBUG=1, for instance).
UNSET = ("CACHE_URL", "CELERY_RESULT_BACKEND", "DATABASE_CONN_MAX_AGE", "HTTPS", "SECURE_SSL_REDIRECT")
PROXY_HEADERS = {"X-Forwarded-Proto": "https"}

TARGETS = {"html": 0.08, "json": 0.20}  # the share of the floor's rate each kind of page should reach


class BenchError(Exception):
    pass


# Processes ------------------------------------------------------------------------------------------


def _free_port():
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


class Child:
    """A process started here (in a session of its own), stopped by stop()."""

    def __init__(self, name, command, *, log, **popen):
        self.name = name
        self.process = subprocess.Popen(
            command, stdout=log, stderr=subprocess.STDOUT, start_new_session=True, **popen
        )

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()  # a gunicorn master stops its workers gracefully
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)  # its own session: it and its children
                self.process.wait(timeout=5)


class Gunicorn(Child):
    """A gunicorn of WORKERS sync workers on 127.0.0.1, in a session of its own; stop() ends it."""

    def __init__(self, name, app, *, chdir, env):
        self.port = _free_port()
        self.log = WORK_DIR / f"gunicorn-{name}.log"
        command = [
            str(VENV_BIN / "gunicorn"),
            app,
            f"--workers={WORKERS}",
            "--worker-class=sync",
            f"--bind={HOST}:{self.port}",
            f"--chdir={chdir}",
        ]
        with self.log.open("w") as log:
            super().__init__(name, command, log=log, env=env)

    def url(self, path="/"):
        return f"http://{HOST}:{self.port}{path}"

    def wait_ready(self, path, timeout=60):
        """Until `path` answers (any status) from both workers' master, or BenchError."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise BenchError(f"gunicorn {self.name} exited: {self.tail()}")
            try:
                get(self.port, path, timeout=5)
                return
            except OSError:
                time.sleep(0.2)
        raise BenchError(f"gunicorn {self.name} did not answer within {timeout} s: {self.tail()}")

    def tail(self, lines=15):
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])


def get(port, path, *, cookie=None, timeout=10):
    """(status, body) of one GET of `path` on 127.0.0.1:`port`, as the proxy would forward it."""
    connection = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        connection.request("GET", path, headers=PROXY_HEADERS | ({"Cookie": cookie} if cookie else {}))
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def etag_of(port, path):
    """The ETag of `path` (dugout.freshness), as a client keeps it to ask again with If-None-Match."""
    connection = http.client.HTTPConnection(HOST, port, timeout=REQUEST_TIMEOUT)
    try:
        connection.request("GET", path, headers=PROXY_HEADERS)
        response = connection.getresponse()
        response.read()
        return response.getheader("ETag")
    finally:
        connection.close()


# ApacheBench ----------------------------------------------------------------------------------------


def ab(url, *, requests, concurrency=CONCURRENCY, time_limit, cookie=None, headers=None):
    """Run ab: {"rate", "p50", "p99", "complete", "errors"} (req/s, ms, ms, count, count; ab counts a
    304 among the errors, as any answer but a 2xx)."""
    times_path = WORK_DIR / "ab-requests.tsv"
    times_path.unlink(missing_ok=True)
    command = ["ab", "-q", "-l", "-s", str(REQUEST_TIMEOUT), "-c", str(concurrency)]
    command += ["-t", str(time_limit), "-n", str(max(requests, concurrency))]  # -n after -t: both hold
    for name, value in (PROXY_HEADERS | (headers or {})).items():
        command += ["-H", f"{name}: {value}"]
    if cookie:
        command += ["-C", cookie]
    command += ["-g", str(times_path), url]
    done = subprocess.run(command, capture_output=True, text=True, timeout=time_limit + REQUEST_TIMEOUT + 30)
    if done.returncode != 0:
        raise BenchError(f"ab {url} failed: {done.stderr.strip() or done.stdout.strip()}")
    result = _ab_result(done.stdout, times_path)
    drain(url)
    return result


def drain(url):
    """Wait until the server has answered what a run left queued when its time limit stopped it (gunicorn
    goes on with the requests it had accepted): one more request, answered after those."""
    try:
        get(int(url.split(":")[2].split("/")[0]), "/", timeout=120)
    except OSError as error:
        raise BenchError(f"the server of {url} no longer answers: {error}") from error


def _ab_result(output, times_path):
    def number(label, default=None):
        found = re.search(rf"^{label}:\s+([\d.]+)", output, re.MULTILINE)
        if found is None and default is None:
            raise BenchError(f"no '{label}' in ab's output:\n{output}")
        return float(found.group(1)) if found else default

    # The total time of each request done, in ms (ab's -g table: its "ttime" column).
    times = []
    if times_path.exists():
        with times_path.open() as file:
            times = sorted(float(row["ttime"]) for row in csv.DictReader(file, delimiter="\t"))
    nan = float("nan")
    return {  # no request done within the time limit: a rate of 0, no percentiles
        "rate": number("Requests per second", 0.0),
        "complete": int(number("Complete requests")),
        "errors": int(number("Failed requests", 0) + number("Non-2xx responses", 0)),
        "p50": _percentile(times, 50) if times else nan,
        "p99": _percentile(times, 99) if times else nan,
    }


def _percentile(ordered, percent):
    """The nearest-rank percentile of `ordered` (sorted)."""
    return ordered[max(0, -(-len(ordered) * percent // 100) - 1)]


def measure(url, cookie):
    ab(url, requests=WARMUP, time_limit=WARMUP_LIMIT, cookie=cookie)
    return ab(url, requests=REQUESTS, time_limit=TIME_LIMIT, cookie=cookie)


class Pollers:
    """POLLERS threads that each GET /healthz every `interval` seconds (each over a new connection, as a
    load balancer's check does) until stop(), at most `limit` seconds; counts their answers."""

    def __init__(self, port, *, interval, limit):
        self.port, self.interval, self.limit = port, interval, limit
        self.halt = threading.Event()
        self.lock = threading.Lock()
        self.times, self.statuses = [], {}
        self.threads = [threading.Thread(target=self._poll, daemon=True) for _n in range(POLLERS)]

    def __enter__(self):
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *exc):
        self.halt.set()
        for thread in self.threads:
            thread.join(timeout=REQUEST_TIMEOUT)

    def _poll(self):
        deadline = time.monotonic() + self.limit
        for _n in range(int(self.limit / self.interval) + 1):
            if self.halt.is_set() or time.monotonic() > deadline:
                return
            start = time.perf_counter()
            try:
                status, _body = get(self.port, "/healthz")
            except OSError as error:
                status = type(error).__name__
            took = time.perf_counter() - start
            with self.lock:
                self.times.append(took)
                self.statuses[status] = self.statuses.get(status, 0) + 1
            self.halt.wait(max(0.0, self.interval - took))


# The data -------------------------------------------------------------------------------------------


def _recreate_database():
    import psycopg

    with psycopg.connect(f"{PG}/postgres", autocommit=True, connect_timeout=5) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{DB_NAME}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{DB_NAME}"')


def _drop_database():
    import psycopg

    try:
        with psycopg.connect(f"{PG}/postgres", autocommit=True, connect_timeout=5) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{DB_NAME}" WITH (FORCE)')
    except psycopg.Error as error:
        print(f"(could not drop {DB_NAME}: {error})", file=sys.stderr)


def _flush_redis():
    import redis

    redis.Redis.from_url(REDIS_URL, socket_timeout=5).flushdb()


def build_data():
    """Migrate, load the demo, build the big league (league_bench's builders) and store its tables."""
    import django
    from django.core.management import call_command

    django.setup()
    import league_bench

    call_command("migrate", verbosity=0)
    call_command("load_demo", stdout=open(os.devnull, "w"))  # noqa: SIM115 - closed at exit
    start = time.perf_counter()
    big, big_season, matches, events = league_bench.build_league(
        "Big League", league_bench.BIG_TEAMS, league_bench.BIG_MATCHES
    )
    league_bench.store_tables(big_season)
    import divisions_bench

    _league, divided, _played = divisions_bench.build_divided_season(
        "Divided League",
        divisions_bench.BIG_TEAMS,
        divisions_bench.BIG_MATCHES,
        divisions_bench.BIG_DIVISIONS,
    )
    from django.db import connection

    with connection.cursor() as cursor:  # planner statistics, as autovacuum would gather them soon
        cursor.execute("ANALYZE")
    print(
        f"  the {league_bench.BIG_TEAMS}-team league: {matches} applied matches, {events} events, "
        f"in {time.perf_counter() - start:.0f} s"
    )
    return big_season, divided


def divided_pages(small_season, divided):
    """[(small page, big page)]: the season and standings pages of the 60-team season in 4 divisions
    (benchmarks/divisions_bench.py), against the demo season's of one table."""
    from django.urls import reverse

    return [
        tuple((name, "html", reverse(url_name, args=[season.pk]), None) for season in (small_season, divided))
        for name, url_name in (("standings 4div", "league:standings"), ("season 4div", "league:season"))
    ]


def pick_objects(season):
    """A team of `season` (the first entry with a team), its player with the most SPP, and an applied
    match it played (else one of the season's)."""
    from django.db.models import Q

    from matches.models import Match
    from rosters.models import Player

    entry = season.entries.filter(team__isnull=False).order_by("pk").select_related("team").first()
    team = entry.team
    player = Player.objects.filter(team=team).order_by("-spp_earned", "pk").first()
    applied = Match.objects.filter(status=Match.Status.APPLIED).order_by("pk")
    match = (
        applied.filter(Q(home_team=team) | Q(away_team=team)).first()
        or applied.filter(fixture__season=season).first()
    )
    if player is None or match is None:
        raise BenchError(f"{season.league.name}: no player or no applied match to request")
    return team, player, match


def page_urls(season):
    """[(page, kind, url, cookie)] of the main pages, for `season` and the objects picked in its league:
    anonymous requests, but for the player's page, which only its coach (or a commissioner) may see."""
    from django.urls import reverse

    team, player, match = pick_objects(season)
    anonymous, coach = None, session_cookie(team.coach)
    return [
        ("standings", "html", reverse("league:standings", args=[season.pk]), anonymous),
        ("season", "html", reverse("league:season", args=[season.pk]), anonymous),
        ("fixtures", "html", reverse("league:fixtures", args=[season.pk]), anonymous),
        ("team", "html", reverse("rosters:team", args=[team.pk]), anonymous),
        ("player (coach)", "html", reverse("rosters:player", args=[team.pk, player.pk]), coach),
        ("match report", "html", reverse("matches:report", args=[match.pk]), anonymous),
        ("leaderboards", "html", reverse("league:leaderboards", args=[season.league.slug]), anonymous),
        ("API standings", "json", reverse("league:api_standings", args=[season.pk]), anonymous),
        ("iCal", "ics", reverse("league:season_calendar", args=[season.pk]), anonymous),
    ]


def session_cookie(user):
    """The Cookie header of a session of `user`, logged in: stored where the app keeps its sessions, as
    a login would (without the login's signal, which records a client address there is none of)."""
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY

    session = import_module(settings.SESSION_ENGINE).SessionStore()
    session[SESSION_KEY] = user._meta.pk.value_to_string(user)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.save()
    return f"{settings.SESSION_COOKIE_NAME}={session.session_key}"


def demo_season(big_season):
    """The demo league's season with the most confirmed results."""
    from django.db.models import Count, Q

    from league.models import Season

    return (
        Season.objects.exclude(league=big_season.league)
        .annotate(confirmed=Count("fixtures", filter=Q(fixtures__result__status="confirmed")))
        .order_by("-confirmed", "pk")
        .select_related("league")
        .first()
    )


def in_process(pages):
    """{url: (queries, median ms, median SQL ms, median ms kept)}: each page requested in this process
    (Django's test client, same settings, no HTTP), IN_PROCESS_RUNS times after one, drawn by its view
    (the pages kept by dugout.freshness left aside: what a change costs the next reader), then served as
    kept."""
    from unittest import mock

    found = {}
    for page in pages:
        with mock.patch("dugout.freshness.pages._cache_get", return_value=None):
            drawn = _in_process(page)
        found[page[2]] = (*drawn, _in_process(page)[1])
    return found


def _in_process(page):
    """(queries, median ms, median SQL ms) of one page."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    _page, _kind, url, cookie = page
    client = Client(HTTP_HOST=HOST, HTTP_X_FORWARDED_PROTO="https", HTTP_COOKIE=cookie or "")
    start = time.perf_counter()
    client.get(url)
    slow = time.perf_counter() - start > IN_PROCESS_LIMIT / 3  # then one measured request only
    runs, deadline = [], time.monotonic() + IN_PROCESS_LIMIT
    while len(runs) < IN_PROCESS_RUNS and not (runs and (slow or time.monotonic() > deadline)):
        with CaptureQueriesContext(connection) as context:
            start = time.perf_counter()
            response = client.get(url)
            took = time.perf_counter() - start
        if response.status_code != 200:
            raise BenchError(f"GET {url} answered {response.status_code} in process")
        sql = sum(float(query["time"]) for query in context.captured_queries)
        runs.append((len(context.captured_queries), took * 1000, sql * 1000))
    connection.close()
    return (runs[-1][0], statistics.median(r[1] for r in runs), statistics.median(r[2] for r in runs))


# The run --------------------------------------------------------------------------------------------


def _check_tools():
    if shutil.which("ab") is None:
        raise BenchError("ab is missing: run scripts/system-deps.sh --bench (Debian's apache2-utils)")
    if not (VENV_BIN / "gunicorn").exists():
        raise BenchError(f"gunicorn is missing from {VENV_BIN} (requirements.txt)")


def _environment():
    for name in UNSET:
        os.environ.pop(name, None)
    os.environ.update(APP_ENV)
    return dict(os.environ)


def _check_pages(server, pages):
    failures = []
    for _page, _kind, url, cookie in pages:
        status, _body = get(server.port, url, cookie=cookie, timeout=REQUEST_TIMEOUT)
        if status != 200:
            failures.append(f"GET {url}: HTTP {status}")
    if failures:
        raise BenchError("\n".join(failures) + f"\n(gunicorn's log ends with)\n{server.tail()}")


def _cell(result, floor):
    return (
        f"{result['rate']:>7.1f} {result['p50']:>6.1f} {result['p99']:>6.1f} {result['rate'] / floor:>6.1%}"
    )


def _mark(result, floor, kind):
    errors = f" {result['errors']} errors!" if result["errors"] else ""
    target = TARGETS.get("json" if kind == "json" else "html")
    return ("ok" if result["rate"] / floor >= target else "below") + errors


def run(env, servers):
    started = time.monotonic()
    print(f"Dugout over HTTP: gunicorn {WORKERS} sync workers, PostgreSQL ({DB_NAME}), Redis db {REDIS_DB}")
    WORK_DIR.mkdir(parents=True, exist_ok=True)
    _recreate_database()
    _flush_redis()
    static = Child(
        "collectstatic",
        [sys.executable, "manage.py", "collectstatic", "--noinput", "--verbosity=0"],
        log=None,
        cwd=ROOT,
        env=env,
    )
    servers.append(static)
    big_season, divided = build_data()
    small_season = demo_season(big_season)
    pages = list(zip(page_urls(small_season), page_urls(big_season), strict=True))
    pages += divided_pages(small_season, divided)
    if static.process.wait(timeout=300) != 0:
        raise BenchError("collectstatic failed")
    queries = in_process([page for pair in pages for page in pair])
    print(
        f"  ready in {time.monotonic() - started:.0f} s: {small_season.league.name} / {small_season.name} "
        f"({small_season.entries.count()} teams) and {big_season.league.name} / {big_season.name} "
        f"({big_season.entries.count()} teams)"
    )

    hello_env = {**env, "DJANGO_SETTINGS_MODULE": "hello.settings"}
    hello = Gunicorn("hello", "hello.wsgi", chdir=HERE, env=hello_env)
    servers.append(hello)
    app = Gunicorn("dugout", "dugout.wsgi", chdir=ROOT, env=env)
    servers.append(app)
    hello.wait_ready("/")
    app.wait_ready("/healthz")
    _check_pages(app, [page for pair in pages for page in pair])
    measured_from = time.monotonic()

    ab(hello.url(), requests=WARMUP * 5, time_limit=FLOOR_TIME_LIMIT)
    floor_before = ab(hello.url(), requests=FLOOR_REQUESTS, time_limit=FLOOR_TIME_LIMIT)
    rows = []
    for (name, kind, small_url, small_cookie), (_name, _kind, big_url, big_cookie) in pages:
        small, big = measure(app.url(small_url), small_cookie), measure(app.url(big_url), big_cookie)
        rows.append((name, kind, small_url, big_url, small, big))
    floor_after = ab(hello.url(), requests=FLOOR_REQUESTS, time_limit=FLOOR_TIME_LIMIT)
    floor = (floor_before["rate"] + floor_after["rate"]) / 2

    many = {}
    for size, url in (("demo", pages[0][0][2]), ("1,000 teams", pages[0][1][2])):
        many[size] = ab(
            app.url(url), requests=MANY_REQUESTS, concurrency=MANY_CLIENTS, time_limit=MANY_TIME_LIMIT
        )
    many["floor"] = ab(
        hello.url(), requests=MANY_REQUESTS, concurrency=MANY_CLIENTS, time_limit=MANY_TIME_LIMIT
    )
    # A bot that keeps the ETag: every answer a 304 Not Modified, computed from the versions alone.
    etag = etag_of(app.port, pages[0][1][2])
    if etag:
        many["1,000, ETag"] = ab(
            app.url(pages[0][1][2]),
            requests=MANY_REQUESTS,
            concurrency=MANY_CLIENTS,
            time_limit=MANY_TIME_LIMIT,
            headers={"If-None-Match": etag},
        )

    health = health_runs(app, app.url(pages[0][0][2]))
    print_tables(rows, queries, floor, floor_before, floor_after, many, health)
    print(
        f"(measured in {time.monotonic() - measured_from:.0f} s, "
        f"whole run {time.monotonic() - started:.0f} s; "
        f"ab -l, {CONCURRENCY} clients, {WARMUP} requests of warm-up then {REQUESTS} per page or "
        f"{TIME_LIMIT} s; p50/p99 in ms; %floor = req/s over the bare Django's)"
    )
    return rows, many, health


def health_runs(app, url):
    """Standings alone, with POLLERS polling /healthz every POLL_INTERVAL s, alone again, and with
    POLLERS clients requesting /healthz flat out (a second ab): each phase HEALTH_WINDOW seconds."""
    from dugout.heartbeat import write_heartbeat

    def standings():
        write_heartbeat()  # as a Celery worker would: /healthz then answers 200 (no worker runs here)
        return ab(url, requests=HEALTH_MAX_REQUESTS, time_limit=HEALTH_WINDOW)

    alone = [standings()]
    with Pollers(app.port, interval=POLL_INTERVAL, limit=HEALTH_WINDOW + 10) as pollers:
        polled = standings()
    alone.append(standings())
    flat = subprocess.Popen(
        ["ab", "-q", "-t", str(HEALTH_WINDOW + 2), "-n", str(HEALTH_MAX_REQUESTS), "-c", str(POLLERS)]
        + ["-H", "X-Forwarded-Proto: https", app.url("/healthz")],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        time.sleep(0.5)
        flat_out = standings()
        output, _ = flat.communicate(timeout=HEALTH_WINDOW + REQUEST_TIMEOUT + 30)
    finally:
        if flat.poll() is None:
            flat.kill()
            flat.wait()
    healthz_rate = re.search(r"Requests per second:\s+([\d.]+)", output)
    return {
        "alone": alone,
        "polled": polled,
        "pollers": pollers,
        "flat_out": flat_out,
        "healthz_rate": float(healthz_rate.group(1)) if healthz_rate else float("nan"),
        "healthz_non_2xx": re.search(r"Non-2xx responses:\s+(\d+)", output),
    }


def print_tables(rows, queries, floor, floor_before, floor_after, many, health):
    print()
    print(
        f"Floor (bare Django, one template view): {floor:.0f} req/s "
        f"(before {floor_before['rate']:.0f}, after {floor_after['rate']:.0f}; "
        f"p50 {floor_before['p50']:.1f} ms, p99 {floor_before['p99']:.1f} ms)"
    )
    size = f"{'req/s':>7} {'p50':>6} {'p99':>6} {'%floor':>6}"
    header = (
        f"{'page':<14} | {'demo':^28} | {'1,000 teams':^28} | {'1k/demo':>7} | {'target':>6} | "
        f"{'queries':>9} | {'in-process ms':>13} | {'SQL share':>9} | {'kept ms':>11}"
    )
    print()
    print(header)
    print(
        f"{'':<14} | {size} | {size} | {'':>7} | {'':>6} | {'demo/1k':>9} | {'demo/1k':>13} | "
        f"{'demo/1k':>9} | {'demo/1k':>11}"
    )
    print("-" * len(header))
    for name, kind, small_url, big_url, small, big in rows:
        small_queries, small_ms, small_sql, small_kept = queries[small_url]
        big_queries, big_ms, big_sql, big_kept = queries[big_url]
        target = TARGETS["json" if kind == "json" else "html"]
        marks = {_mark(small, floor, kind), _mark(big, floor, kind)}
        print(
            f"{name:<14} | {_cell(small, floor)} | {_cell(big, floor)} | "
            f"{big['rate'] / small['rate'] if small['rate'] else float('nan'):>7.2f} | {target:>6.0%} | "
            f"{small_queries:>4}/{big_queries:<4} | {small_ms:>6.1f}/{big_ms:<6.0f} | "
            f"{small_sql / small_ms:>4.0%}/{big_sql / big_ms:<4.0%} | {small_kept:>5.1f}/{big_kept:<5.1f}"
            + ("" if marks == {"ok"} else "  " + ", ".join(sorted(marks)))
        )
    print()
    print(f"Standings with {MANY_CLIENTS} clients (target p99 < 300 ms):")
    for label, result in many.items():
        print(
            f"  {label:<12} {result['rate']:>7.1f} req/s  p50 {result['p50']:>7.1f} ms  "
            f"p99 {result['p99']:>7.1f} ms  ({result['complete']} requests"
            + (f", {result['errors']} not 2xx)" if result["errors"] else ")")
        )
    alone = statistics.mean(result["rate"] for result in health["alone"])
    pollers = health["pollers"]
    poll_ms = sorted(pollers.times)
    print()
    print(
        f"Demo standings ({CONCURRENCY} clients, {HEALTH_WINDOW} s each) while /healthz is polled "
        "(target >= 90%):"
    )
    print(
        f"  alone                               {alone:>7.1f} req/s  "
        f"(before {health['alone'][0]['rate']:.1f}, after {health['alone'][1]['rate']:.1f})"
    )
    print(
        f"  {POLLERS} clients polling every {POLL_INTERVAL:g} s         "
        f"{health['polled']['rate']:>7.1f} req/s  "
        f"{health['polled']['rate'] / alone:>6.1%}   /healthz: {len(poll_ms)} polls, "
        f"median {statistics.median(poll_ms) * 1000:.1f} ms, max {poll_ms[-1] * 1000:.1f} ms, "
        f"statuses {pollers.statuses}"
    )
    non_2xx = health["healthz_non_2xx"]
    print(
        f"  {POLLERS} clients polling flat out (ab)     {health['flat_out']['rate']:>7.1f} req/s  "
        f"{health['flat_out']['rate'] / alone:>6.1%}   /healthz: {health['healthz_rate']:.0f} req/s"
        + (f", {non_2xx.group(1)} non-2xx" if non_2xx else "")
    )


def main():
    _check_tools()
    env = _environment()
    servers = []

    def interrupted(signum, _frame):
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, interrupted)
    status = 0
    try:
        run(env, servers)
    except BenchError as error:
        print(f"http_bench: {error}", file=sys.stderr)
        status = 1
    finally:
        for server in reversed(servers):
            server.stop()
        if "django.db" in sys.modules:
            sys.modules["django.db"].connections.close_all()
        _drop_database()
    return status


if __name__ == "__main__":
    sys.exit(main())
