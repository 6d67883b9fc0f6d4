"""Accessibility: axe-core (bundled by axe-playwright-python, injected from
disk, so the page stays offline) finds no serious or critical violation in
the picker, a game, or the end screen."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from ui_helpers import open_url, settle

SEVERE = {"serious", "critical"}


@pytest.fixture(scope="module")
def page(browser, browser_context_args, app_url):
    context = browser.new_context(**browser_context_args)
    pg = context.new_page()
    external = []
    context.route(
        "**/*",
        lambda route: (
            route.fallback()
            if route.request.url.startswith(app_url.split("/sub/")[0]) or not route.request.url.startswith("http")
            else (external.append(route.request.url), route.abort())
        ),
    )
    pg.external = external
    open_url(pg, app_url, "?game=solitario&seed=4")
    yield pg
    context.close()


def severe(page, context=None) -> list[str]:
    results = Axe().run(page, context=context)
    found = results.response["violations"]
    return [
        f"{v['id']} ({v['impact']}): {v['help']} -> {[n['target'] for n in v['nodes']][:4]}"
        for v in found
        if v["impact"] in SEVERE
    ]


def test_a_game_has_no_serious_violations(page):
    assert severe(page) == []
    assert page.external == []


def test_the_picker_has_no_serious_violations(page):
    page.click("#btn-games")
    page.wait_for_selector("#picker[open]")
    assert severe(page) == []
    page.keyboard.press("Escape")


@pytest.mark.parametrize("lang", ["de", "it"])
def test_other_languages_and_the_rules_panel(page, lang):
    page.select_option("#lang-select", lang)
    assert page.get_attribute("html", "lang") == lang
    page.click("#btn-rules")
    page.wait_for_selector("#rules-dialog[open]")
    assert severe(page) == []
    page.keyboard.press("Escape")
    page.select_option("#lang-select", "en")


def test_the_end_screen_has_no_serious_violations(page):
    page.click("#btn-giveup")
    page.click("#confirm-yes")
    page.wait_for_selector("#end-dialog[open]")
    settle(page)
    assert severe(page) == []
