"""Python starts from the runtime's memory snapshot (static/js/runtime.mjs,
made by tools/snapshot.mjs when the folder is set up), and from nothing
where the snapshot cannot be had."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from tests.e2e.conftest import open_game, watch_page
from tests.e2e.ui_helpers import click_pile, count


def _visit(browser, context_args, url, route=None):
    context = browser.new_context(**context_args)
    page = context.new_page()
    watch = watch_page(page)
    if route:
        page.route("**/static/vendor/pyodide/snapshot.bin", route)
    open_game(page, url)
    return context, page, watch


def _deal(page) -> str:
    return parse_qs(urlsplit(page.url).query)["seed"][0]


def test_python_starts_from_the_snapshot_and_each_visit_deals_its_own_cards(browser, browser_context_args, app_url):
    # The snapshot holds the random seed it was made with: the page seeds
    # afresh, or every player's first deal would be the same one.
    deals = []
    for _ in range(2):
        context, page, watch = _visit(browser, browser_context_args, app_url)
        assert page.evaluate("window.solitaireSnapshot") is True
        deals.append(_deal(page))
        assert watch.console_errors == []
        context.close()
    assert deals[0] != deals[1], deals


def _missing(route):
    route.fulfill(status=404, body="")


def _damaged(route):
    route.fulfill(status=200, body=b"\x00" * 4096, content_type="application/octet-stream")


def test_without_a_usable_snapshot_python_starts_from_nothing_and_the_game_plays(
    browser, browser_context_args, app_url
):
    for route in (_missing, _damaged):
        context, page, watch = _visit(browser, browser_context_args, app_url + "?game=reloaded&seed=1", route)
        assert page.evaluate("window.solitaireSnapshot") is False, route.__name__
        assert page.get_attribute("#board", "data-status") == "playing"
        waste = count(page, "waste")
        click_pile(page, "stock")  # a draw: Python answers the click
        page.wait_for_function(
            "document.querySelectorAll('#board [data-pile=\"waste\"] > [data-card]').length > " + str(waste)
        )
        # The browser's own line for the 404 aside, nothing went wrong.
        assert [e for e in watch.console_errors if "status of 404" not in e] == [], route.__name__
        context.close()
