"""A duel's link goes out through the system's share sheet where the browser
has one (issue 42, item 9): on such a phone the button says Share and hands
the link to ``navigator.share``; where the browser has none it says Copy and
copies the link; a share sheet the player closes leaves things as they were."""

from __future__ import annotations

import pytest
from ui_helpers import context_with, open_url, record_errors

from game.web.texts.ui import t

# A browser with a share sheet: what it was handed, and how the sheet closed.
SHARE_SHEET = """
window.__shared = [];
navigator.share = data => { window.__shared.push({text: data.text, url: data.url});
  return window.__cancel ? Promise.reject(new DOMException("closed", "AbortError")) : Promise.resolve(); };
"""


def duel_link(page, app_url: str, lang: str, tap: bool) -> str:
    """A one-player duel played and given up: the result with its link."""
    press = page.tap if tap else page.click
    open_url(page, app_url, f"?game=reloaded&seed=3&lang={lang}")
    press("#btn-duel")
    page.wait_for_selector('#duel-dialog[open][data-view="setup"]')
    page.fill("#duel-name-0", "Ann")
    press("#duel-start")
    page.wait_for_selector("#duel-dialog", state="hidden")
    if page.is_visible("#toolbar #btn-giveup"):
        press("#toolbar #btn-giveup")
    else:  # on a phone, Give up may be in the More menu
        press("#btn-more")
        press("#more-menu #btn-giveup")
    press("#confirm-yes")
    page.wait_for_selector('#duel-dialog[open][data-view="result"]')
    return page.input_value("#duel-link")


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_phone_shares_the_link_through_its_share_sheet(browser, browser_context_args, app_url, lang):
    context = context_with(
        browser,
        browser_context_args,
        {"auto_home": "off"},
        viewport={"width": 390, "height": 844},
        has_touch=True,
        is_mobile=True,
    )
    try:
        context.add_init_script(SHARE_SHEET)
        page = record_errors(context.new_page())
        link = duel_link(page, app_url, lang, tap=True)
        button = page.locator("#duel-copy")
        assert button.text_content() == t(lang, "duel.share")
        button.tap()
        page.wait_for_function("window.__shared.length === 1")
        assert page.evaluate("window.__shared[0]") == {"text": t(lang, "share.challenge"), "url": link}
        # Closed without sharing: nothing is copied, nothing is said.
        page.evaluate("window.__cancel = true")
        button.tap()
        page.wait_for_function("window.__shared.length === 2")
        page.wait_for_timeout(300)  # (a toast would come within a frame or two)
        assert not page.is_visible("#toast.show")
        assert page.errors == []
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["de", "en"])
def test_without_a_share_sheet_the_link_is_copied(browser, browser_context_args, app_url, lang):
    context = context_with(browser, browser_context_args, {"auto_home": "off"}, viewport={"width": 1366, "height": 768})
    try:
        context.grant_permissions(["clipboard-read", "clipboard-write"])
        page = record_errors(context.new_page())
        assert page.evaluate("typeof navigator.share") == "undefined"  # this browser has no share sheet
        link = duel_link(page, app_url, lang, tap=False)
        button = page.locator("#duel-copy")
        assert button.text_content() == t(lang, "duel.copy")
        button.click()
        page.wait_for_selector("#toast.show")
        assert page.text_content("#toast") == t(lang, "share.copied")
        assert page.evaluate("navigator.clipboard.readText()") == link
        assert page.errors == []
    finally:
        context.close()
