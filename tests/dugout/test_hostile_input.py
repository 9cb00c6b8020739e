"""Hostile input, tried as an attacker would (issue #14, point 6): signed in as a demo persona, walk every
page reachable from the persona's home, teams, leagues and matches, then submit hostile values (hostile.py)
to every field of every form found, and to the query strings of the pages. No answer may be a 5xx: every
one is listed with its URL, field and value.

Sampled by default, so the suite stays fast: at most PER_ROUTE pages per URL pattern, one form per view
and set of fields, a few Hypothesis-drawn submissions per form (derandomized: CI sees the same values on
every run). DUGOUT_HOSTILE_FULL=1 walks up to PER_ROUTE=20 paths per pattern, every form, and also sends
every HOSTILE value to every field and query parameter, to look for the next 500 by hand (about 20
minutes a persona); run it on PostgreSQL too (DATABASE_URL), which refuses a NUL that SQLite stores.
"""

import os
import random
import uuid
from collections import Counter, defaultdict, deque
from urllib.parse import urlencode, urlsplit

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.test import Client
from django.urls import Resolver404, resolve
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from accounts.demo import create_demo_users
from league.demo import DEMO_SLUG, create_demo_league
from league.models import League
from league.services import entries
from league.services.leagues import create_season
from matches.demo import _prematch, create_demo_matches
from matches.demo_bb2025 import create_demo_bb2025_matches
from matches.models import Match
from matches.services import drives, postmatch, prematch
from rosters.demo import create_demo_teams
from rosters.models import Team
from rulebook.dice import Dice
from tests.dugout.hostile import HOSTILE, QUERY_PARAMETERS, hostile_values, local_path, query_names, read_page

pytestmark = pytest.mark.django_db

FULL = os.environ.get("DUGOUT_HOSTILE_FULL") == "1"
PAGE_LIMIT = 5000 if FULL else 300
PER_ROUTE = 20 if FULL else 2  # paths per URL pattern (the seeds' own always)
PER_PATH = 200 if FULL else 40  # query strings per path: the match page's event buttons are links
EXAMPLES_PER_FORM = 20 if FULL else 10
EXAMPLES_PER_PAGE = 10 if FULL else 2
# Leaving these would end the walk (the persona signed out) or leave the site's pages (the admin).
SKIPPED_ROUTES = {"accounts:logout"}
SKIPPED_NAMESPACES = {"admin"}
START_PAGES = ["/", "/accounts/profile/", "/teams/", "/leagues/", "/matches/", "/sheets/", "/rules/"]
UNCHANGED = "csrfmiddlewaretoken"  # the test client does not check it: changing it proves nothing


@pytest.fixture(autouse=True)
def own_cache(settings):
    """A cache of its own: the rate limits (sheets, logins) counted by other tests stay out."""
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": uuid.uuid4().hex}
    }


@pytest.fixture(autouse=True)
def no_pdf(monkeypatch):
    """The walk asks for PDFs but never waits for one: the tasks are sent when the test's transaction
    commits, which it never does. Should a request render one anyway, it answers a 500 that says so."""

    def refuse(*args, **kwargs):
        raise AssertionError("the hostile-input walk rendered a PDF")

    monkeypatch.setattr("sheets.render.render_document_pdf", refuse)


@pytest.fixture
def demo():
    """The demo data of every app (as `load_demo`), plus matches of the demo coaches at the stages the
    demo skips: every pre-match step, drives over and the post-match to roll, the post-match to apply."""
    users = create_demo_users()
    create_demo_teams(users)
    create_demo_league(users)
    create_demo_matches(users)
    create_demo_bb2025_matches(users)
    _staged_matches(users)
    _season_in_registration(users)
    return users


def _season_in_registration(users):
    """A third season of the demo league open for entries, so that the commissioner meets the entry and
    scheduling forms: the human coach's team and a named side accepted, the orc coach's waiting."""
    commissioner, league = users["commissioner"], League.objects.get(slug=DEMO_SLUG)
    season = create_season(league=league, name="Season 3", by=commissioner)
    waiting = {}
    for name in ("coach_human", "coach_orc"):
        team = Team.objects.ready().for_coach(users[name]).filter(edition=league.edition).first()
        waiting[name] = entries.register_team(season=season, team=team, user=users[name])
    entries.accept_entry(entry=waiting["coach_human"], by=commissioner)
    entries.register_named_entry(season=season, name="Gouged Eye", user=commissioner)


def _staged_matches(users):
    """Friendlies of the orc coach against the human coach, one at each stage (see `demo`)."""
    coach = users["coach_orc"]
    home, away = (
        Team.objects.ready().for_coach(users[name]).order_by("id").first()
        for name in ("coach_orc", "coach_human")
    )
    dice = Dice(random.Random(14))

    def new():
        return prematch.create_match(home_team=home, away_team=away, created_by=coach)

    new()  # at its first step, the fans
    at_inducements = new()
    prematch.roll_fans(at_inducements, dice=dice, user=coach)
    prematch.roll_weather(at_inducements, dice=dice, user=coach)
    prematch.take_journeymen(at_inducements, user=coach)
    ready = new()
    _prematch(ready, coach, dice)  # kick-off next
    for roll in (False, True):
        over = new()
        _prematch(over, coach, dice)
        drives.start_drive(over, dice=dice, user=coach)
        drives.add_event(over, user=coach, kind="touchdown", side="home", player=_first(home), turn=5)
        for _half in range(2):
            drives.start_drive(over, dice=dice, user=coach)
            drives.end_drive(over, user=coach, dice=dice)
        if roll:
            postmatch.roll_postmatch(over, dice=dice, user=coach)
    assert over.status == Match.Status.POST_MATCH


def _first(team):
    return team.players.on_roster().order_by("number", "id").first()


def _seeds(user):
    """The persona's start pages: the site's, its teams', leagues' and matches' (each walked from there)."""
    teams = Team.objects.filter(coach=user)
    leagues = League.objects.filter(commissioners=user) | League.objects.filter(members=user)
    matches = Match.objects.filter(home_team__coach=user) | Match.objects.filter(away_team__coach=user)
    return [
        *START_PAGES,
        *(f"/teams/{pk}/" for pk in teams.values_list("pk", flat=True)),
        *(f"/leagues/{slug}/" for slug in leagues.values_list("slug", flat=True).distinct()),
        *(f"/matches/{pk}/" for pk in matches.values_list("pk", flat=True).distinct()),
    ]


def _route(url):
    try:
        match = resolve(urlsplit(url).path)
    except Resolver404:
        return None
    if set(match.namespaces) & SKIPPED_NAMESPACES or match.view_name in SKIPPED_ROUTES:
        return None
    return match.view_name


class Walk:
    """The persona's client: every request in a savepoint rolled back (each submission meets the demo
    as it was), every 5xx recorded."""

    def __init__(self, user):
        self.user = user
        self.client = Client(raise_request_exception=False)
        self.client.force_login(user)
        self.failures = []
        self.requests = 0

    def send(self, method, url, data=None, *, what, htmx=False, files=None):
        headers = {"HX-Request": "true"} if htmx else {}
        with transaction.atomic():
            if method == "GET":
                response = self.client.get(url, headers=headers)
            else:
                response = self.client.post(url, {**(data or {}), **(files or {})}, headers=headers)
            transaction.set_rollback(True)
        self.requests += 1
        if response.status_code >= 500:
            error = response.exc_info[1] if response.exc_info else ""
            asked = f"{method} {url}{' (htmx)' if htmx else ''}"
            self.failures.append(f"{response.status_code} {asked} {what}: {error!r}")
            if FULL:  # the full walk is long: show each failure as it comes
                print(self.failures[-1], flush=True)
        if self.client.session.get("_auth_user_id") != str(self.user.pk):
            self.client.force_login(self.user)  # a rolled-back session (a password change) signed out
        return response


def crawl(walk, seeds):
    """GET every same-site page reachable from `seeds` (at most PER_ROUTE per URL pattern, the seeds
    always): the pages visited and the forms found on them."""
    queue, seen, paths, variants = deque(seeds), set(), defaultdict(set), Counter()
    pages, forms = [], []
    while queue and len(pages) < PAGE_LIMIT:
        url = queue.popleft()
        route, path = _route(url), urlsplit(url).path
        if url in seen or route is None:
            continue
        seen.add(url)
        new_path = path not in paths[route]
        if new_path and len(paths[route]) >= PER_ROUTE and path not in seeds or variants[path] >= PER_PATH:
            continue
        paths[route].add(path)
        variants[path] += 1
        response = walk.send("GET", url, what="(crawl)")
        if response.status_code in (301, 302, 303):
            queue.append(local_path(response.headers["Location"]))
        if "text/html" not in response.headers.get("Content-Type", ""):
            continue
        found, links = read_page(url, response.content.decode())
        pages.append((url, query_names(url, found, links)))
        forms.extend(form for form in found if _route(form.action))
        queue.extend(links)
    return pages, _distinct(forms)


def _distinct(forms):
    """One form per target and set of fields (sampled: per view rather than per URL)."""
    kept = {}
    for form in forms:
        target = form.action if FULL else _route(form.action)
        button = form.submitter and (form.submitter.name, form.submitter.value if FULL else "")
        kept.setdefault((form.method, target, tuple(form.names()), button), form)
    return list(kept.values())


def submission(form, kind, name, value):
    """The form's data as the page stands, changed by one mutation: one field hostile, one field
    missing, one field sent twice, or every field hostile."""
    names = _mutable(form)
    data = form.defaults()
    if kind == "every":
        data.update({n: [value] for n in names})
    elif kind == "missing":
        data.pop(name, None)
    elif kind == "twice":
        data[name] = [*data.get(name, [""])[:1], value]
    elif kind == "one":
        data[name] = [value]
    return data


def send_form(walk, form, data, *, what, htmx=False):
    file_names = {f.name for f in form.fields if f.kind == "file"}
    files = {
        name: SimpleUploadedFile("upload.json", values[-1].encode())
        for name, values in data.items()
        if name in file_names
    }
    data = {name: values for name, values in data.items() if name not in file_names}
    if form.method == "GET":
        url = f"{form.action.split('?')[0]}?{urlencode(data, doseq=True)}"
        return walk.send("GET", url, what=what, htmx=htmx)
    return walk.send("POST", form.action, data, what=what, htmx=htmx, files=files)


def _mutable(form):
    names = [n for n in form.names() if n != UNCHANGED]
    return names + ([form.submitter.name] if form.submitter else []) or [UNCHANGED]


def mutations(form):
    """A Hypothesis strategy of (kind, field name, value) for this form."""
    names = st.sampled_from(_mutable(form))
    return st.one_of(
        st.tuples(st.just("one"), names, hostile_values()),
        st.tuples(st.just("missing"), names, st.just("")),
        st.tuples(st.just("twice"), names, hostile_values()),
        st.tuples(st.just("every"), st.just(""), hostile_values()),
    )


def _drawn(examples):
    return settings(
        max_examples=examples,
        derandomize=True,
        database=None,
        deadline=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )


def attack_form(walk, form):
    @_drawn(EXAMPLES_PER_FORM)
    @given(mutation=mutations(form), htmx=st.booleans())
    def attack(mutation, htmx):
        kind, name, value = mutation
        data = submission(form, kind, name, value)
        send_form(walk, form, data, what=f"{form.describe()} {kind} {name!r} = {value[:80]!r}", htmx=htmx)

    attack()
    if FULL:
        for name in _mutable(form):
            for label, value in HOSTILE.items():
                send_form(
                    walk,
                    form,
                    submission(form, "one", name, value),
                    what=f"{form.describe()} {name!r} {label}",
                )
            send_form(
                walk, form, submission(form, "missing", name, ""), what=f"{form.describe()} {name!r} missing"
            )


def attack_query(walk, url, page_names):
    """The page asked with hostile values for the parameters it reads (query_names) and the usual ones."""
    names = list(dict.fromkeys([*page_names, *QUERY_PARAMETERS]))
    path = url.split("?")[0]

    @_drawn(EXAMPLES_PER_PAGE)
    @given(
        query=st.dictionaries(st.sampled_from(names), hostile_values(), min_size=1, max_size=4),
        htmx=st.booleans(),
    )
    def attack(query, htmx):
        walk.send("GET", f"{path}?{urlencode(query)}", what=f"query {query!r}", htmx=htmx)

    attack()
    if FULL:
        for label, value in HOSTILE.items():
            query = urlencode(dict.fromkeys(names, value))
            walk.send("GET", f"{path}?{query}", what=f"query: every parameter {label}")


# What each persona's walk must reach (a page, or the target of a form found), so that a walk that stops
# early (signed out, a link renamed, a stage of the match missing) fails.
REACHED = {
    "coach_orc": {
        "rosters:team",
        "rosters:manage",
        "rosters:player",
        "matches:detail",
        "matches:prematch_step",
        "matches:inducements",
        "matches:drive_start",
        "matches:event_add",
        "matches:drive_end",
        "matches:postmatch_roll",
        "matches:postmatch_apply",
        "matches:report",
        "rosters:hire",
        "rosters:import",
        "league:detail",
        "league:season",
        "sheets:team",
        "sheets:sheet",
        "accounts:profile",
    },
    "commissioner": {
        "league:detail",
        "league:settings",
        "league:invitations",
        "league:season",
        "league:schedule",
        "league:fixture",
        "league:adjustments",
        "league:entry_accept",
        "league:schedule_round_robin",
        "sheets:league_pack",
        "accounts:profile",
    },
}


@pytest.mark.parametrize("username", sorted(REACHED))
def test_no_page_or_form_answers_hostile_input_with_a_server_error(demo, username):
    walk = Walk(demo[username])
    pages, forms = crawl(walk, _seeds(walk.user))
    for form in forms:
        attack_form(walk, form)
    for url, form_names in pages:
        attack_query(walk, url, form_names)
    routes = {_route(url) for url, _names in pages} | {_route(form.action) for form in forms}
    print(
        f"{username}: {len(pages)} pages, {len(forms)} forms, "
        f"{sum(len(_mutable(form)) for form in forms)} fields, {walk.requests} requests"
    )
    if FULL:
        print(
            "\n".join(sorted(routes)),
            "\n".join(f"{form.method} {form.action} {form.describe()}" for form in forms),
            sep="\n",
        )
    assert not walk.failures, f"{len(walk.failures)} server errors:\n" + "\n".join(walk.failures)
    assert REACHED[username] <= routes, sorted(REACHED[username] - routes)
