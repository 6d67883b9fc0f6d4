"""Cards that go home by themselves (issue 13, §2), in real Chromium: the
setting's three modes chosen in the Settings dialog, the cards flying home
one at a time after the player's move, skipped by a key, taken back with the
move by one Undo; and in a duel, where the link carries them and replays
exactly. Expectations come from the engine under CPython."""

from __future__ import annotations

import json

import pytest
from conftest import clean_tab
from ui_helpers import (
    WAIT_MS,
    click_card,
    click_pile,
    count,
    dom_piles,
    engine_piles,
    hud,
    open_url,
    position_query,
    settle,
    until,
)

from game import Game, Move, read_position
from game.duel import decode_challenge, verify
from tests.positions import RANKS

# Reloaded: Q♦ from t2 onto K♠ turns up A♥, which is always safe to send
# home; 5♠ on t3 fits the spades' foundation too, but no red 4 is home, so
# only "always" sends it.
SUITS = "SHDC"
HOME_SOON = {
    "game": "reloaded",
    "piles": {
        "f1": ["AS", "2S", "3S", "4S"],
        "f3": [r + "D" for r in RANKS[:9]],
        "f4": [r + "C" for r in RANKS],
        "t1": ["KS"],
        "t2": ["ah", "QD"],
        "t3": ["5S"],
    },
}
_used = {c for pile in HOME_SOON["piles"].values() for c in pile}
HOME_SOON["piles"]["stock"] = [
    (r + s).lower() for s in SUITS for r in RANKS if (r + s) not in {c.upper() for c in _used}
]

# A cascade: every 4 is home and the 5s and 6s wait on the columns; the
# Q♦ from the waste onto the K♣ sets six cards going home in a row.
CASCADE = {
    "game": "reloaded",
    "piles": {
        "f1": [r + "S" for r in RANKS[:4]],
        "f2": [r + "H" for r in RANKS[:4]],
        "f3": [r + "D" for r in RANKS[:4]],
        "f4": [r + "C" for r in RANKS[:4]],
        "waste": ["QD"],
        "t1": ["5S"],
        "t2": ["5H"],
        "t3": ["5D"],
        "t4": ["5C"],
        "t5": ["6S"],
        "t6": ["6H"],
        "t7": ["kh", "qh", "jh", "th", "9h", "8h", "KC"],
    },
}
_rest = {c.upper() for pile in CASCADE["piles"].values() for c in pile}
CASCADE["piles"]["stock"] = [(r + s).lower() for s in SUITS for r in RANKS if (r + s) not in _rest]

RECORD = """() => {
  window.__landed = [];
  const seen = new Set();
  new MutationObserver(() => {
    for (const f of document.querySelectorAll('#board [data-pile^="f"]')) {
      for (const c of f.querySelectorAll('[data-card]')) {
        if (!seen.has(c)) { seen.add(c); window.__landed.push([c.dataset.card, performance.now()]); }
      }
    }
  }).observe(document.getElementById('board'), {childList: true, subtree: true});
  for (const c of document.querySelectorAll('#board [data-pile^="f"] [data-card]')) seen.add(c);
}"""


@pytest.fixture
def page(module_tab, app_url):
    """A first visit: no setting stored, so the defaults hold (the module's
    page, cleared: it loads the game for less than a new one)."""
    return clean_tab(module_tab, app_url, settings=None)


def choose_mode(page, mode: str) -> None:
    page.locator("#btn-settings").click()
    page.locator(f'#settings-dialog input[name="auto_home"][value="{mode}"]').check()
    page.locator("#settings-dialog [data-close]").click()


def shows(page, game: Game, timeout: int = 10_000) -> None:
    """The board shows the engine's position of ``game``: the cards going
    home land one by one, 110 ms apart, later on a busy machine; wait for
    the last of them (a set time could end before it)."""
    until(page, lambda: dom_piles(page) == engine_piles(game), timeout)
    settle(page)
    assert dom_piles(page) == engine_piles(game)


def tap_move(page, text: str) -> None:
    move = Move(*text.split(">"))
    click_card(page, move.src, count(page, move.src) - move.count)
    settle(page)
    click_pile(page, move.dst)


@pytest.mark.parametrize("mode", ["off", "safe", "always"])
def test_each_mode_sends_its_cards_home_and_one_undo_takes_them_back(page, app_url, mode):
    open_url(page, app_url, position_query(HOME_SOON))
    if mode != "safe":
        choose_mode(page, mode)
    else:  # the default: nothing to choose, and the dialog shows it
        page.locator("#btn-settings").click()
        assert page.locator('#settings-dialog input[name="auto_home"][value="safe"]').is_checked()
        page.locator("#settings-dialog [data-close]").click()
    start = dom_piles(page)
    page.evaluate(RECORD)
    tap_move(page, "t2>t1")
    page.wait_for_function("window.solitaire.state().moves > 0")
    settle(page)
    page.wait_for_timeout(400)  # time for a card that should stay to go home wrongly
    game = Game(read_position(HOME_SOON))
    game.play("t2>t1", home=mode)
    shows(page, game)
    landed = [code for code, _ in page.evaluate("window.__landed")]
    expected = {"off": [], "safe": ["AH"], "always": ["AH", "5S"]}[mode]
    assert landed == expected
    assert hud(page)["moves"] == game.moves == 1 + len(expected)
    if len(landed) == 2:  # one at a time, a beat apart
        times = [at for _, at in page.evaluate("window.__landed")]
        assert times[1] - times[0] >= 80
    page.locator("#btn-undo").click()
    settle(page)
    assert dom_piles(page) == start  # the move and its cards, back in one undo
    assert page.evaluate("window.solitaire.state().moves") == 0
    # The choice is kept for the next visit.
    page.reload()
    page.wait_for_selector('#board[data-status="playing"]', state="attached", timeout=60_000)
    page.locator("#btn-settings").click()
    assert page.locator(f'#settings-dialog input[name="auto_home"][value="{mode}"]').is_checked()


def test_the_flight_home_is_skipped_by_a_key(page, app_url):
    open_url(page, app_url, position_query(CASCADE))
    choose_mode(page, "always")
    game = Game(read_position(CASCADE))
    changes = game.play("waste>t7", home="always")
    assert len(changes) >= 6  # the cascade this test needs
    page.evaluate(RECORD)
    tap_move(page, "waste>t7")
    page.keyboard.press("Shift")  # any key
    page.wait_for_function(f"window.__landed.length === {len(changes) - 1}", timeout=WAIT_MS)
    times = [at for _, at in page.evaluate("window.__landed")]
    # Uninterrupted, the cards land a beat apart (over half a second here);
    # skipped, the rest are there at once.
    assert times[-1] - times[0] < 250, times
    settle(page)
    assert dom_piles(page) == engine_piles(game)


def test_a_duel_carries_the_cards_gone_home_and_replays_exactly(
    module_tab, browser, default_context_args, app_url, request
):
    a = clean_tab(module_tab, app_url, json.dumps({"guide": "seen"}))  # every setting at its default
    open_url(a, app_url, "?game=reloaded&seed=1")
    a.click("#btn-duel")
    a.wait_for_selector('#duel-dialog[open][data-view="setup"]')
    a.fill("#duel-name-0", "Ann")
    a.click("#duel-start")
    a.wait_for_selector("#duel-dialog", state="hidden")
    tap_move(a, "t3>t4")  # turns up an Ace, which goes home by itself (safe, the default)
    a.wait_for_function("window.solitaire.state().moves > 0")
    expected = Game.new("reloaded", 1)
    expected.play("t3>t4", home="safe")
    shows(a, expected)
    a.click("#btn-giveup")
    a.click("#confirm-yes")
    a.wait_for_selector('#duel-dialog[open][data-view="result"]', timeout=WAIT_MS)
    link = a.input_value("#duel-link")
    (run,) = decode_challenge(link).runs
    assert [x.split("@")[0] for x in run.actions] == ["t3>t4+t3>f1", "resign"]
    score = int(a.text_content('[data-hud="score"]'))
    assert verify(decode_challenge(link)).players[0].score == score
    # Another player opens the link: the run replays to the same position.
    other = browser.new_context(**default_context_args)  # the other player's storage
    request.addfinalizer(other.close)
    b = other.new_page()
    b.goto(link)
    b.wait_for_selector('#duel-dialog[open][data-view="intro"]', timeout=60_000)
    b.fill("#duel-join-name", "Bea")
    b.click("#duel-accept")
    b.wait_for_selector("#duel-dialog", state="hidden")
    b.wait_for_function(
        f"Number(document.querySelector('[data-hud=\"ghost\"]').textContent) === {score}", timeout=8_000
    )
