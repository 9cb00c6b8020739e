import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_visitor_browses_the_rulebook_then_reads_it_in_korean(page: Page, base_url):
    page.goto(f"{base_url}/rules/")
    expect(page.get_by_role("heading", name="Rules reference")).to_be_visible()

    main = page.locator("#main")
    main.get_by_role("link", name="Teams", exact=True).click()
    main.get_by_role("link", name="Black Orc", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Black Orc")
    troll = page.get_by_role("row", name=re.compile("Trained Troll"))
    expect(troll).to_contain_text("115,000")
    expect(troll).to_contain_text("Loner (3+)")

    main.get_by_role("link", name="Rules", exact=True).click()
    main.get_by_role("link", name="Skills", exact=True).click()
    expect(page.locator("#skill-block")).to_have_text("Block")
    assert page.evaluate("typeof htmx") == "object"  # the list is swapped in place, not reloaded
    page.evaluate("document.body.dataset.marker = 'same page'")
    page.get_by_label("Category").select_option("A")  # submits itself; htmx swaps the list
    expect(page.locator("#skill-block")).to_have_count(0)
    expect(page.locator("#skill-dodge")).to_have_text("Dodge")
    expect(page).to_have_url(re.compile(r"/rules/bb2020/skills/\?category=A$"))
    assert page.evaluate("document.body.dataset.marker") == "same page"

    page.get_by_label("Language").select_option("ko")
    expect(page.locator("html")).to_have_attribute("lang", "ko")
    expect(page.locator("#skill-dodge")).to_have_text("회피")
    page.goto(f"{base_url}/rules/bb2020/teams/black_orc/")
    expect(page.get_by_role("heading", level=1)).to_have_text("블랙 오크")
    expect(page.get_by_role("row", name=re.compile("훈련된 트롤"))).to_contain_text("외톨이 (3+)")
