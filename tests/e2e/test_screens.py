"""Screenshots of every game at a phone held upright (390x844), the same
phone sideways (844x390) and a laptop (1366x768), into artifacts/screenshots/
(gitignored), switching games inside one page per size: in English, and a
few games in German and Italian. Also the picker, the More menu and the
keyboard shortcuts. The checks here are coarse (everything on screen, no
scrolling); the pictures are for people to look at."""

from __future__ import annotations

import pytest
from ui_helpers import deal_from_picker, double_click_card, next_frames, open_url, pause_between_taps, settle

from game import PLAYER_GAMES, new_game
from tools.serve import ROOT

SHOTS = ROOT / "artifacts" / "screenshots"
SIZES = {"phone": (390, 844), "sideways": (844, 390), "laptop": (1366, 768)}
# Games shot in the other languages too: long names, Italian faces, the pile labels.
TRANSLATED = ("reloaded", "retinue", "solitario", "forty-thieves", "lucas")


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
    deal_from_picker(page, game_id, seed)
    page.wait_for_function("[...document.querySelectorAll('#board img.art')].every(i => i.complete)")


def language(page, lang: str) -> None:
    page.select_option("#lang-select", lang)
    page.wait_for_function(f"document.documentElement.lang === '{lang}'")
    page.wait_for_timeout(150)
    next_frames(page)  # the toolbar fits its new words in a frame after they change
    settle(page)


def check_on_screen(page) -> list[str]:
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    boxes = page.evaluate(
        "[...document.querySelectorAll('#board [data-pile], #board [data-card]')]"
        ".map(e => e.getBoundingClientRect()).map(r => [r.left, r.right, r.bottom])"
    )
    assert all(left >= -1 and right <= width + 1 and bottom <= height + 1 for left, right, bottom in boxes)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.evaluate("document.documentElement.scrollHeight") <= height
    return check_header_words(page)


# The header's words that can be longer than their place (a game's name in
# German, a daily deal's date, a duel's names): each box ends inside the
# visible titles, so a long one ends in an ellipsis instead of being cut off.
HEADER_WORDS = """() => {
  const room = document.querySelector('.titles').getBoundingClientRect();
  return ['game-title', 'deal-info', 'duel-tag'].map(id => document.getElementById(id))
    .filter(e => e && e.getClientRects().length)
    .map(e => { const r = e.getBoundingClientRect();
      return {id: e.id, text: e.textContent, inside: r.left >= room.left - 1 && r.right <= room.right + 1,
              ellipsis: getComputedStyle(e).textOverflow === 'ellipsis', cut: e.scrollWidth > e.clientWidth}; });
}"""


def check_header_words(page) -> list[str]:
    """Check the header's words; the ids of those cut short (with an ellipsis)."""
    words = page.evaluate(HEADER_WORDS)
    for word in words:
        assert word["inside"] and word["ellipsis"], word
    return [word["id"] for word in words if word["cut"]]


# Whether a panel's close button is the topmost thing at its centre, inside the panel.
CLOSE_IN_REACH = """id => { const d = document.getElementById(id), close = d.querySelector('.panel-head [data-close]');
  const r = close.getBoundingClientRect(), p = d.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return r.top >= p.top - 1 && r.bottom <= p.bottom + 1 && !!hit && close.contains(hit); }"""
SCROLL_PANEL = "([id, top]) => { const d = document.getElementById(id); d.scrollTop = top ?? d.scrollHeight; }"


def check_close_in_reach(page, dialog_id: str) -> None:
    """As the panel opened, and once scrolled to its end."""
    opened = page.evaluate(CLOSE_IN_REACH, dialog_id)
    page.evaluate(SCROLL_PANEL, [dialog_id, None])
    next_frames(page, 2)
    at_end = page.evaluate(CLOSE_IN_REACH, dialog_id)
    page.evaluate(SCROLL_PANEL, [dialog_id, 0])
    next_frames(page, 2)
    assert opened and at_end, (dialog_id, opened, at_end)


def test_the_picker_the_more_menu_and_the_keys(sized):
    size, page = sized
    page.click("#btn-games")
    page.wait_for_selector("#picker[open]")
    page.screenshot(path=str(SHOTS / f"picker-{size}.png"))
    check_close_in_reach(page, "picker")
    page.keyboard.press("Escape")
    if page.locator("#btn-more").is_visible():
        page.click("#btn-more")
        page.wait_for_selector("#more-menu:not([hidden])")
        page.screenshot(path=str(SHOTS / f"more-menu-{size}.png"))
        page.keyboard.press("Escape")
    page.locator("#board").focus()
    page.keyboard.press("?")
    page.wait_for_selector("#keys-dialog[open]")
    page.screenshot(path=str(SHOTS / f"keys-{size}.png"))
    check_close_in_reach(page, "keys-dialog")
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
    check_on_screen(page)
    if game_id in TRANSLATED:
        for lang in ("de", "it"):
            language(page, lang)
            page.screenshot(path=str(SHOTS / f"{game_id}-{size}-{lang}.png"))
            cut = check_on_screen(page)
            if (game_id, size, lang) == ("retinue", "phone", "de"):
                assert cut == ["game-title"]  # "Das königliche Gefolge" ends in an ellipsis there
        language(page, "en")
