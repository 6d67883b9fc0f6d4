"""Accessibility: axe-core (bundled by axe-playwright-python, injected from
disk, so the page stays offline) finds no serious or critical violation in
the picker, a game, or the end screen."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from ui_helpers import open_url, play_move, settle

from game import new_game
from game.web.texts.cards import card_name, index_rank
from game.web.texts.ui import pile_name, t

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


@pytest.mark.parametrize(("game_id", "seed", "lang"), [("solitario", 7, "de"), ("retinue", 4, "it")])
def test_a_move_is_told_with_its_pile_named_in_the_players_words(page, app_url, game_id, seed, lang):
    """The live region names the card and the pile it went to; the pile's name
    comes from the texts (Royal Retinue's piles by their label, in the
    player's letters), not from the board's labels."""
    open_url(page, app_url, f"?game={game_id}&seed={seed}&lang={lang}")
    game = new_game(game_id, seed)
    move = next(m for m in game.legal_moves() if not m.is_stock_action)
    card = game.play(move)[0].cards[0]
    play_move(page, str(move))
    labels = game.spec.labels
    label = index_rank(lang, labels[game.spec.pile_names.index(move.dst)]) if labels else None
    pile = pile_name(lang, move.dst, label)
    said = t(lang, "status.moved", card=card_name(lang, card, game.spec.deck.name), pile=pile)
    assert page.text_content("#live") == said
