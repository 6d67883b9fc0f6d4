"""Python's memory snapshot is made in the player's browser (static/js/runtime.mjs):
a first visit starts Python from nothing and downloads no snapshot, the solver
worker keeps the runtime's memory in Cache Storage, and the next visit
restores it. A kept
snapshot that cannot serve (damaged, or made with another standard library)
is dropped: Python starts from nothing and the game plays."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

from tests.e2e.conftest import open_game, watch_page
from tests.e2e.ui_helpers import click_pile, count

# Every visit here starts as a first visit does, whatever is stored (conftest.py).
pytestmark = pytest.mark.first_visit

CACHE = "solitaire-runtime-snapshot"
# The solver worker starts once the player is still after the first deal,
# and keeps the snapshot right after its own start.
KEPT = "window.SolSolver.ready && window.SolSolver.snapshot === 'made'"
KEEP_MS = 180_000

# The kept snapshot's address and bytes, put back under another address or with other bytes.
REPLACE = """async ([cache, change]) => {
  const store = await caches.open(cache);
  const [request] = await store.keys();
  const url = new URL(request.url);
  let bytes = new Uint8Array(await (await store.match(request)).arrayBuffer());
  if (change === 'damaged') bytes = bytes.slice(0, 4096).fill(7);
  if (change === 'other library') url.searchParams.set('stdlib', String(Number(url.searchParams.get('stdlib')) + 1));
  await store.delete(request);
  await store.put(url.href, new Response(bytes));
  return url.href;
}"""


def _deal(page) -> str:
    return parse_qs(urlsplit(page.url).query)["seed"][0]


def _visit(context, url):
    page = context.new_page()
    watch = watch_page(page)
    asked = []
    page.on("request", lambda r: asked.append(r.url))
    open_game(page, url)
    return page, watch, asked


def test_a_first_visit_makes_the_snapshot_and_the_next_visit_restores_it(
    browser, default_context_args, app_url, request
):
    context = browser.new_context(**default_context_args)
    request.addfinalizer(context.close)  # closed even when the test fails
    first, watch, asked = _visit(context, app_url)
    assert first.evaluate("window.solitaireSnapshot") == "none"
    assert not [u for u in asked if "snapshot" in u], "a first visit downloads no snapshot"
    first.wait_for_function(KEPT, timeout=KEEP_MS, polling=250)
    deals = [_deal(first)]
    assert watch.console_errors == []
    first.close()
    # A new deal next, not this one resumed: storage cleared from a page that
    # is no game page (a game page saves as it closes).
    blank = context.new_page()
    blank.goto(app_url + "manifest.webmanifest")
    blank.evaluate("localStorage.clear()")
    blank.close()

    again, watch, asked = _visit(context, app_url)
    # The snapshot holds the random seed it was made with: the page seeds
    # afresh, or every visit's first deal would be the same one.
    assert again.evaluate("window.solitaireSnapshot") == "restored"
    deals.append(_deal(again))
    assert deals[0] != deals[1], deals
    assert watch.console_errors == []
    context.close()


@pytest.mark.parametrize("change", ["damaged", "other library"])
def test_a_kept_snapshot_that_cannot_serve_is_dropped_and_python_starts_from_nothing(
    browser, default_context_args, app_url, change, request
):
    context = browser.new_context(**default_context_args)
    request.addfinalizer(context.close)  # closed even when the test fails
    first, _, _ = _visit(context, app_url + "?game=reloaded&seed=1")
    first.wait_for_function(KEPT, timeout=KEEP_MS, polling=250)
    first.evaluate(REPLACE, [CACHE, change])
    first.close()

    page, watch, _ = _visit(context, app_url + "?game=reloaded&seed=1")
    assert page.evaluate("window.solitaireSnapshot") == "none", change
    assert page.get_attribute("#board", "data-status") == "playing"
    waste = count(page, "waste")
    click_pile(page, "stock")  # a draw: Python answers the click
    page.wait_for_function(
        "document.querySelectorAll('#board [data-pile=\"waste\"] > [data-card]').length > " + str(waste)
    )
    # A new snapshot replaces the one that could not serve.
    page.wait_for_function(KEPT, timeout=KEEP_MS, polling=250)
    kept = page.evaluate(f"caches.open('{CACHE}').then((c) => c.keys()).then((k) => k.length)")
    assert kept == 1, change
    # Pyodide's own line for the snapshot it refused aside, nothing went wrong.
    assert [e for e in watch.console_errors if "snapshot" not in e.lower()] == [], change
    context.close()
