import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_visitor_signs_up_logs_out_logs_in_and_switches_language(page: Page, base_url):
    page.goto(base_url)
    page.get_by_role("button", name="Sign up").click()
    page.get_by_label("Username").fill("rookie")
    page.get_by_label("Display name").fill("Rookie Coach")
    page.get_by_label("Email").fill("rookie@example.com")
    page.get_by_label(re.compile(r"^Password:?$")).fill("a-long-test-password")
    page.get_by_label("Password confirmation").fill("a-long-test-password")
    page.get_by_role("button", name="Create account").click()
    expect(page.get_by_text("Welcome to Dugout, Rookie Coach!")).to_be_visible()

    page.get_by_role("button", name="Log out").click()
    page.get_by_role("link", name="Log in").first.click()
    page.get_by_label("Username").fill("rookie")
    page.get_by_label(re.compile(r"^Password:?$")).fill("a-long-test-password")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("link", name="Rookie Coach")).to_be_visible()

    page.get_by_label("Language").select_option("fr")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.get_by_role("button", name=re.compile("Se déconnecter"))).to_be_visible()
