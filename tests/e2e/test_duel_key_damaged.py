"""A damaged duel key in IndexedDB is replaced once, with a notice (issue
41): static/js/keys.js could not add a new pair over the damaged entry, so
the device signed with a new key on every visit and others saw a new key
each time. Now the entry is replaced by a new pair, the duel panel says so
on that visit, and the next visit signs with the same new key, silently."""

from __future__ import annotations

from ui_helpers import open_url, record_errors

from game.web.texts.ui import t

DAMAGE = """() => new Promise((done, fail) => {
  const req = indexedDB.open("solitaire-keys", 1);
  req.onupgradeneeded = () => req.result.createObjectStore("keys");
  req.onsuccess = () => {
    const tx = req.result.transaction("keys", "readwrite");
    tx.objectStore("keys").put({privateKey: "damaged", publicKey: 5}, "device");
    tx.oncomplete = () => { req.result.close(); done(); };
    tx.onerror = () => fail(tx.error);
  };
  req.onerror = () => fail(req.error);
})"""

USABLE = """() => new Promise((done, fail) => {
  const req = indexedDB.open("solitaire-keys", 1);
  req.onsuccess = () => {
    const get = req.result.transaction("keys").objectStore("keys").get("device");
    get.onsuccess = () => { const e = get.result; req.result.close();
      done(!!e && e.privateKey instanceof CryptoKey && e.publicKey instanceof CryptoKey); };
    get.onerror = () => fail(get.error);
  };
})"""

KEY = "SolKeys.key().then(k => Array.from(k))"


def open_duel_setup(page) -> str:
    page.click("#btn-duel")
    page.wait_for_selector('#duel-dialog[open][data-view="setup"]')
    page.wait_for_function("SolKeys.state !== 'pending'", timeout=10_000)
    return page.evaluate("SolKeys.state")


def test_a_damaged_key_entry_is_replaced_once_with_a_notice(browser, browser_context_args, app_url):
    context = browser.new_context(**browser_context_args)
    try:
        page = record_errors(context.new_page())
        open_url(page, app_url, "?game=solitario&seed=2")
        page.evaluate(DAMAGE)
        assert page.evaluate(USABLE) is False
        assert open_duel_setup(page) == "renewed"
        page.wait_for_selector("#duel-key-note:not([hidden])", timeout=10_000)
        assert page.text_content("#duel-key-note") == t("en", "duel.key_renewed")
        assert page.evaluate(USABLE) is True
        key = page.evaluate(KEY)

        open_url(page, app_url, "?game=solitario&seed=3")  # the next visit
        assert open_duel_setup(page) == "kept"
        assert page.evaluate(KEY) == key  # the same key as the visit before
        assert page.is_hidden("#duel-key-note")
        assert not page.errors, page.errors
    finally:
        context.close()
