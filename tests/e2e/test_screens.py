"""A screenshot of every game at phone and desktop size, into
artifacts/screenshots/ (gitignored), switching games inside one page per
size; also the picker and a board in play. The checks here are coarse
(everything on screen, nothing overflowing sideways); the pictures are for
people to look at."""

from __future__ import annotations

import pytest
from ui_helpers import double_click_card, open_url, pause_between_taps, settle

from game import PLAYER_GAMES, new_game
from tools.serve import ROOT

SHOTS = ROOT / "artifacts" / "screenshots"
SIZES = {"phone": (360, 740), "desktop": (1440, 900)}


@pytest.fixture(scope="module", params=list(SIZES))
def sized(request, browser, browser_context_args, app_url):
    w, h = SIZES[request.param]
    context = browser.new_context(**{**browser_context_args, "viewport": {"width": w, "height": h}})
    page = context.new_page()
    open_url(page, app_url, "?game=reloaded&seed=1")
    SHOTS.mkdir(parents=True, exist_ok=True)
    yield request.param, page
    context.close()


def choose(page, game_id: str, seed: int) -> None:
    page.click("#btn-games")
    page.wait_for_selector("#picker[open]")
    page.fill("#picker-number", str(seed))
    page.click(f'.game-tile[data-game="{game_id}"]')
    page.wait_for_function(f"window.solitaire.state().game === '{game_id}'")
    settle(page)


def test_the_picker(sized):
    size, page = sized
    page.click("#btn-games")
    page.wait_for_selector("#picker[open]")
    page.screenshot(path=str(SHOTS / f"picker-{size}.png"))
    page.keyboard.press("Escape")


@pytest.mark.parametrize("game_id", PLAYER_GAMES)
def test_every_game_fits_the_screen(sized, game_id):
    size, page = sized
    choose(page, game_id, 1)
    if game_id == "retinue":  # place a few cards, so the fans under the labels show
        game = new_game("retinue", 1)
        for _ in range(6):
            (move,) = game.legal_moves()
            n = page.locator(f'#board [data-pile="{move.src}"] > [data-card]').count()
            double_click_card(page, move.src, n - 1)
            pause_between_taps(page)
            game.play(move)
        settle(page)
    page.screenshot(path=str(SHOTS / f"{game_id}-{size}.png"))
    width = page.viewport_size["width"]
    boxes = page.evaluate(
        "[...document.querySelectorAll('#board [data-pile], #board [data-card]')]"
        ".map(e => e.getBoundingClientRect()).map(r => [r.left, r.right])"
    )
    assert all(left >= -1 and right <= width + 1 for left, right in boxes)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
