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
PHONE = {"width": 390, "height": 844}

# What sticks out past the right edge of the phone, outside any box that scrolls or clips it sideways:
# the page's width, and the first few culprits (the innermost elements past the edge) by tag, class and text.
# An absolutely positioned element escapes the scrolling boxes between it and its positioned ancestor.
OVERFLOW_SCRIPT = """() => {
  const width = window.innerWidth;
  const contained = (element) => {
    let absolute = getComputedStyle(element).position === "absolute";
    for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (absolute && style.position === "static") continue;
      if (["auto", "scroll", "hidden", "clip"].includes(style.overflowX)) return true;
      absolute = style.position === "absolute";
    }
    return false;
  };
  const out = [...document.body.querySelectorAll("*")].filter(
    (element) => element.getBoundingClientRect().right > width + 1 && !contained(element)
  );
  const innermost = out.filter((element) => !out.some((o) => o !== element && element.contains(o)));
  const name = (element) => {
    const right = Math.round(element.getBoundingClientRect().right);
    const text = element.textContent.trim().slice(0, 30);
    return `${[element.tagName.toLowerCase(), ...element.classList].join(".")} "${text}" (right ${right})`;
  };
  const culprits = innermost.slice(0, 4).map(name);
  return {scrollWidth: document.documentElement.scrollWidth, width, culprits};
}"""


def overflow_problems(tab, url):
    """The page at `url`, loaded in `tab` at a phone's width, is no wider than the phone (issue #26): a page
    wider than the screen hides what is off to the right (an invitation's code, an entry's Accept button)
    behind a sideways scroll of the whole page. Wide tables scroll inside their own box, or stack."""
    found = tab.evaluate(OVERFLOW_SCRIPT)
    if found["scrollWidth"] <= found["width"]:
        return []
    return [f"{url}: {found['scrollWidth']} px wide on a {found['width']} px phone: {found['culprits']}"]


def page_problems(context, url):
    """axe-core's serious and critical violations on `url`, and its overflow of a phone's width, opened in
    a new tab of the browser session `context`, at the phone's size."""
    tab = context.new_page()
    try:
        tab.set_viewport_size(PHONE)
        response = tab.goto(url)
        if response is None or "text/html" not in (response.headers.get("content-type") or ""):
            return []
        violations = AXE.run(tab).response["violations"]
        problems = overflow_problems(tab, url)
    finally:
        tab.close()
    return [
        f"{url}: {violation['id']} ({violation['impact']}): {violation['help']} "
        f"{[node['target'] for node in violation['nodes'][:3]]}"
        for violation in violations
        if violation["impact"] in BLOCKING_IMPACTS
    ] + problems


@pytest.fixture
def visited_pages():
    """{URL: the browser session that loaded it first}, of every page of the test's browser sessions."""
    return {}


@pytest.fixture
def new_context(new_context, visited_pages):
    """pytest-playwright's, whose browser sessions (the `page` fixture's among them) note each page loaded."""

    def watched(**kwargs):
        context = new_context(**kwargs)
        context.on(
            "page",
            lambda page: page.on("load", lambda loaded: visited_pages.setdefault(loaded.url, context)),
        )
        return context

    return watched


@pytest.fixture(autouse=True)
def every_page_visited_passes_axe(request):
    """Runs axe-core and the phone-width check on every page the test's browser sessions loaded (each URL
    once, after the test, in the session that loaded it, on a 390 px phone) and fails on any serious or
    critical violation and on any page wider than the phone."""
    if "new_context" not in request.fixturenames:
        yield
        return
    visited = request.getfixturevalue("visited_pages")
    request.getfixturevalue("new_context")  # its sessions close after the checks below
    base_url = request.getfixturevalue("base_url")
    yield
    problems = []
    for url, context in list(visited.items()):
        if url.startswith(base_url):
            problems += page_problems(context, url)
    assert not problems, "\n".join(problems)
