"""The league API's docs page (/leagues/api/docs), on a phone: axe-core finds nothing at all there, of any
impact (issue #26: Swagger UI's page had 94 serious nodes), and its contents lead to each endpoint and
from a response to its schema."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.conftest import AXE, PHONE

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": PHONE}


def _violations(page):
    return [
        f"{violation['id']} ({violation['impact']}): {violation['help']} "
        f"{[node['target'] for node in violation['nodes'][:3]]}"
        for violation in AXE.run(page).response["violations"]
    ]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_api_docs_has_no_axe_violation_of_any_impact(page, base_url, language):
    page.context.add_cookies([{"name": "django_language", "value": language, "url": base_url}])
    page.goto(base_url + reverse("league:openapi-view"))
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.get_by_role("heading", level=1)).to_contain_text("Dugout league API")
    # Every section drawn (they are laid out as they near the screen), so that axe checks them all.
    page.evaluate(
        "document.querySelectorAll('.api-operation, .api-schema')"
        ".forEach((section) => { section.style.contentVisibility = 'visible'; })"
    )
    assert _violations(page) == []


def test_api_docs_leads_to_an_endpoint_and_from_its_answer_to_the_schema(page, base_url):
    page.goto(base_url + reverse("league:openapi-view"))
    page.get_by_role("link", name="GET /leagues/api/seasons/{pk}/standings/").click()
    endpoint = page.locator("#op-standings")
    expect(endpoint).to_be_in_viewport()
    endpoint.get_by_role("link", name="StandingsPage").click()
    expect(page).to_have_url(base_url + reverse("league:openapi-view") + "#schema-StandingsPage")
    expect(page.get_by_role("heading", name="StandingsPage")).to_be_in_viewport()
