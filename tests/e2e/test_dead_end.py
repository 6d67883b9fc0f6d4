"""A dead end has ways on (issue 42, item 5): the "no way to win from here"
notice offers Undo (where the game has it), Give up and New deal, each doing
what the tool of that name does; it goes once the position changes."""

from __future__ import annotations

import json

import pytest
from conftest import clean_tab
from playwright.sync_api import expect
from ui_helpers import (
    dom_piles,
    open_url,
    play_move,
    position_query,
    record_errors,
    settle,
)

from game.web.texts.ui import t

R = "A23456789TJQK"
# Solitaire Reloaded, one step from a dead end: 3♠ and 4♠ lie on the face-down
# A♠ and 2♠, and only a red 4 or 5 can take them. The foundation's 5♦ can come
# back onto 6♠ (and then 4♦ onto 5♠) while 5♦ is its top card; the 6♦ the
# stock gives first, played home, buries it for good.
ONE_STEP_FROM_LOST = {
    "game": "reloaded",
    "piles": {
        "stock": ["kh"] + [r.lower() + "d" for r in reversed(R[5:])],
        "f2": [r + "H" for r in R[:12]],
        "f3": [r + "D" for r in R[:5]],
        "f4": [r + "C" for r in R],
        "t1": ["5S"],
        "t2": ["as", "3S"],
        "t3": ["2s", "4S"],
        "t4": ["6S"],
        "t5": ["7s", "9S"],
        "t6": ["8s", "TS"],
        "t7": ["js", "qs", "KS"],
    },
}


SETTINGS = {"guide": "seen", "auto_home": "off", "lost_notice": True}


@pytest.fixture
def page(module_tab, app_url):
    """The module's page, as a new context with these settings gives it."""
    return record_errors(clean_tab(module_tab, app_url, json.dumps(SETTINGS)))


def reach_the_dead_end(page, app_url, lang):
    open_url(page, app_url, position_query(ONE_STEP_FROM_LOST) + f"&lang={lang}")
    play_move(page, "draw")
    play_move(page, "waste>f3")
    expect(page.locator("#notice-text")).to_have_text(t(lang, "solver.lost"), timeout=30_000)


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_lost_notice_offers_undo_and_give_up(page, app_url, lang):
    reach_the_dead_end(page, app_url, lang)
    for button, key in (("undo", "action.undo"), ("giveup", "action.give_up"), ("new", "action.new_deal")):
        expect(page.locator(f"#notice-{button}")).to_be_visible()
        expect(page.locator(f"#notice-{button}")).to_have_text(t(lang, key))
    # Undo: the 6♦ is back on the waste, the 5♦ on top of its foundation, the notice gone.
    page.click("#notice-undo")
    page.wait_for_function("document.getElementById('notice').hidden")
    settle(page)  # the undone cards have landed before the next click
    piles = dom_piles(page)
    assert piles["waste"] == ["6D"] and piles["f3"][-1] == "5D"
    # The same mistake again is told again; Give up asks, as the tool does, and ends the game.
    play_move(page, "waste>f3")
    expect(page.locator("#notice-text")).to_have_text(t(lang, "solver.lost"), timeout=30_000)
    page.click("#notice-giveup")
    page.click("#confirm-yes")
    page.wait_for_selector('#end-dialog[open][data-status="resigned"]')
    assert page.is_hidden("#notice")
    assert page.errors == []


@pytest.mark.parametrize("lang", ["de", "it"])
def test_the_lost_notice_deals_anew(module_tab, app_url, lang):
    # New deal: a fresh deal of the game, the notice gone with the old one.
    # "Winnable deals only" is on, so the new deal is one the solver has won:
    # a random deal may be lost from its first card (Reloaded's 628750 is),
    # and then the notice would rightly be back at once.
    settings = {**SETTINGS, "winnable": ["reloaded"]}
    page = record_errors(clean_tab(module_tab, app_url, json.dumps(settings)))
    reach_the_dead_end(page, app_url, lang)
    page.click("#notice-new")
    # A deal set up from a position counts for nothing: leaving it does not ask.
    page.wait_for_function(
        "window.solitaire.state().moves === 0 && window.solitaire.state().seed !== null"
        " && document.getElementById('notice').hidden"
    )
    assert sum(len(cards) for name, cards in dom_piles(page).items() if name.startswith("f")) == 0
    assert page.errors == []
