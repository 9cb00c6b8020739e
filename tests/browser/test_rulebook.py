import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_visitor_picks_bb2025_reads_a_roster_then_switches_to_bb2020(page: Page, base_url):
    page.goto(f"{base_url}/rules/")
    main = page.locator("#main")
    editions = main.get_by_role("heading", level=2)
    expect(editions.first).to_have_text("Blood Bowl (2025 edition)")
    editions.first.get_by_role("link").click()
    main.get_by_role("link", name="Teams", exact=True).click()
    main.get_by_role("link", name="Norse", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Norse")
    expect(main.get_by_role("heading", name="Leagues")).to_be_visible()
    raider = page.get_by_role("row", name=re.compile("Norse Raider"))
    expect(raider).to_contain_text("50,000")
    expect(raider).to_contain_text("Unsteady")

    page.get_by_role("navigation", name="Edition").get_by_role(
        "link", name="Blood Bowl (2020 edition)"
    ).click()
    expect(page).to_have_url(re.compile(r"/rules/bb2020/teams/norse/$"))
    expect(main.get_by_role("heading", name="Leagues")).to_have_count(0)


def test_a_visitor_browses_the_rulebook_then_reads_it_in_korean(page: Page, base_url):
    page.goto(f"{base_url}/rules/bb2020/")
    expect(page.get_by_role("heading", name="Rules reference")).to_be_visible()

    main = page.locator("#main")
    main.get_by_role("link", name="Teams", exact=True).click()
    main.get_by_role("link", name="Black Orc", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Black Orc")
    troll = page.get_by_role("row", name=re.compile("Trained Troll"))
    expect(troll).to_contain_text("115,000")
    expect(troll).to_contain_text("Loner (3+)")

    main.get_by_role("link", name="Blood Bowl (2020 edition)", exact=True).click()
    main.get_by_role("link", name="Skills", exact=True).click()
    expect(page.locator("#skill-block")).to_have_text("Block (Elite)")
    assert page.evaluate("typeof htmx") == "object"  # the list is swapped in place, not reloaded
    page.evaluate("document.body.dataset.marker = 'same page'")
    page.get_by_label("Category").select_option("A")  # submits itself; htmx swaps the list
    expect(page.locator("#skill-block")).to_have_count(0)
    expect(page.locator("#skill-dodge")).to_have_text("Dodge (Elite)")
    expect(page).to_have_url(re.compile(r"/rules/bb2020/skills/\?category=A$"))
    assert page.evaluate("document.body.dataset.marker") == "same page"

    page.get_by_label("Language").select_option("ko")
    expect(page.locator("html")).to_have_attribute("lang", "ko")
    expect(page.locator("#skill-dodge")).to_contain_text("회피")
    page.goto(f"{base_url}/rules/bb2020/teams/black_orc/")
    expect(page.get_by_role("heading", level=1)).to_have_text("블랙 오크")
    expect(page.get_by_role("row", name=re.compile("훈련된 트롤"))).to_contain_text("외톨이 (3+)")
