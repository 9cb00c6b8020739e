"""Browser tests: Playwright drives Debian's chromium, headless, against Django's live server."""

import os

import pytest
from axe_playwright_python.sync_playwright import Axe

# Playwright's sync API runs an event loop in the test thread; Django's ORM would refuse to run there.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = "/usr/lib/chromium/chromium"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            # Keep chromium off the network: this machine has none, and it would keep trying.
            "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
            "--disable-dev-shm-usage",
            "--disable-gpu",
            "--disable-background-networking",
            "--no-first-run",
        ],
    }


@pytest.fixture(scope="session")
def base_url(live_server):
    return live_server.url


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser/" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


AXE = Axe()
BLOCKING_IMPACTS = {"serious", "critical"}


def accessibility_problems(page, url):
    """axe-core's serious and critical violations on `url`, opened in a new tab of the same session."""
    tab = page.context.new_page()
    try:
        response = tab.goto(url)
        if response is None or "text/html" not in (response.headers.get("content-type") or ""):
            return []
        violations = AXE.run(tab).response["violations"]
    finally:
        tab.close()
    return [
        f"{url}: {violation['id']} ({violation['impact']}): {violation['help']} "
        f"{[node['target'] for node in violation['nodes'][:3]]}"
        for violation in violations
        if violation["impact"] in BLOCKING_IMPACTS
    ]


@pytest.fixture(autouse=True)
def every_page_visited_passes_axe(request):
    """Runs axe-core on every page the test's browser page loaded (each URL once, after the test, in the
    same session) and fails on any serious or critical violation."""
    if "page" not in request.fixturenames:
        yield
        return
    page = request.getfixturevalue("page")
    base_url = request.getfixturevalue("base_url")
    visited = []
    page.on("load", lambda loaded: visited.append(loaded.url))
    yield
    problems = []
    for url in dict.fromkeys(visited):
        if url.startswith(base_url):
            problems += accessibility_problems(page, url)
    assert not problems, "\n".join(problems)
