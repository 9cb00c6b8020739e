from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from sheets.catalogue import get_catalogue
from tests.sheets.pdf_checks import pdf_text, squeeze

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_visitor_makes_a_korean_sheet_and_downloads_its_pdf(page: Page, base_url, celery_worker_process):
    sheet = get_catalogue().sheet("rugby", "activation")
    page.goto(f"{base_url}/sheets/")
    picker = page.locator("form.sheet-picker")
    # Exact: "Sheet" is also the start of "Sheet language" (the site's switcher is "Language").
    picker.get_by_label("Sheet:", exact=True).select_option("rugby/activation")
    picker.get_by_label("Sheet language").select_option("ko")
    picker.get_by_role("button", name="Open the sheet").click()

    expect(page.locator(".sheet")).to_have_attribute("lang", "ko")
    expect(page.get_by_role("heading", name=sheet.title_in("ko"), level=1)).to_be_visible()
    page.get_by_role("button", name="Download as PDF").click()

    # The job page polls with htmx until the worker is done, then shows the link.
    link = page.get_by_role("button", name="Download the PDF")
    expect(link).to_be_visible(timeout=90_000)
    with page.expect_download() as download_info:
        link.click()
    download = download_info.value
    assert download.suggested_filename == "rugby-activation-ko-a4.pdf"
    pdf = Path(download.path()).read_bytes()
    assert pdf.startswith(b"%PDF")
    assert squeeze(sheet.title_in("ko")) in pdf_text(pdf)
