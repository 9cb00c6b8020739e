"""Browser tests: Playwright drives Debian's chromium, headless, against Django's live server."""

import os

import pytest

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
