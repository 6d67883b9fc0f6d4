"""A quick player does not wait for the cards to land (issue 18, finding 7).

A line of Forty Thieves is played at full speed, with animations on: every
click, double click, drag or tap is aimed at the spot where the card the
player means is painted at that very moment (a card still sliding is aimed at
where it is seen, and a card half hidden by one flying over it at its visible
part), with no wait for the slide before. After each action the board must
have done what was under the pointer: the intended card picked up, the
intended move made.

The page's slides run at a quarter of their speed (Chromium's animation
playback rate, as DevTools sets it): what a player's quick hand does on a
fast machine then happens in every run, however loaded the test machine is.
Between reading the painted spot and pressing there, the test holds the
running slides still, so its own round trips to the page cannot let a card
fly onto the spot meanwhile. Animations stay on (the default motion
setting). The only waits: for a card wholly hidden under a flying one, and
before a second single click on the card just clicked (else a double click).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page
from ui_helpers import context_with, dom_piles, engine_piles, open_url, record_errors, settle

from game import DRAW, new_game

GAME, SEED, MOVES = "forty-thieves", 5, 40

# The point a player aims at on card ``index`` of ``pile`` (-1: the pile
# itself, at its top card or its empty place), from what is painted now:
# a point of the card that no other card painted above it covers, nearest its
# top strip (a source card: where its index is) or its middle (a target).
# Painted above: a card with a higher z-index, or a later one with the same.
AIM = """([pile, index, middle]) => {
  const board = document.getElementById('board');
  const pileEl = board.querySelector(`[data-pile="${pile}"]`);
  const cards = [...board.querySelectorAll('[data-card]')];
  const own = [...pileEl.children].filter(c => c.dataset.card);
  const el = index < 0 ? own[own.length - 1] : own[index];
  const z = c => parseInt(c.style.zIndex, 10) || 0;
  const inside = (r, x, y) => x >= r.left && x < r.right && y >= r.top && y < r.bottom;
  const rects = cards.map(c => c.getBoundingClientRect());
  const covered = (x, y, below) => cards.some((c, k) => {
    if (c === below || !inside(rects[k], x, y)) return false;
    if (!below) return true;
    const j = cards.indexOf(below);
    return z(c) > z(below) || (z(c) === z(below) && k > j);
  });
  const r = el ? el.getBoundingClientRect() : pileEl.getBoundingClientRect();
  if (el && r.width < el.offsetWidth * 0.9) return null;  // turning over: not yet readable
  const x = r.left + r.width / 2;
  const ys = [];
  const h = el ? r.height : Math.min(r.height, r.width * 1.4);
  if (middle) for (let d = 0; d < h / 2; d += 3) { ys.push(r.top + h / 2 + d, r.top + h / 2 - d); }
  else for (let y = r.top + 6; y < r.top + h - 2; y += 3) ys.push(y);
  for (const y of ys) if (!covered(x, y, el || null)) return {x, y, card: el ? el.dataset.card : null};
  return null;
}"""

# Holding the running slides still (and letting them go on).
# A slide that has only just been asked for is still pending: pausing it
# settles its time at the next frame, so the painted boxes are read only once
# every held slide is ready (else a card could still jump between reading the
# spot and pressing it).
FREEZE = """async () => { window.__held = document.getAnimations().filter(a => a.playState === 'running');
  window.__held.forEach(a => a.pause()); await Promise.all(window.__held.map(a => a.ready)); }"""
# Letting them go on waits until they run again (a resumed slide, too, is
# pending until the next frame): else a quick aim-thaw-aim loop could keep a
# slide from moving at all.
THAW = """async () => { const held = (window.__held || []).filter(a => a.playState === 'paused');
  window.__held = []; held.forEach(a => a.play()); await Promise.all(held.map(a => a.ready)); }"""

BLOCKED = """(pile) => {
  const el = [...document.querySelector(`#board [data-pile="${pile}"]`).children].filter(c => c.dataset.card).pop();
  if (!el) return 'no card';
  const r = el.getBoundingClientRect();
  const over = document.elementsFromPoint(r.left + r.width / 2, r.top + 10).slice(0, 3);
  return {card: el.dataset.card, box: [r.left, r.top, r.width, r.height], width: el.offsetWidth,
          over: over.map(e => e.className + ' ' + (e.dataset.card || '')),
          slides: document.getAnimations().map(a => [a.effect.target.dataset.card, a.playState, a.currentTime, a.effect.target.style.zIndex, String(a.effect.getKeyframes()[0].transform)])};
}"""

SELECTED = "[...document.querySelectorAll('#board .card.selected')].map(c => c.dataset.card)"


def plan(game_id: str, seed: int, n: int):
    """A line of play: foundations first, then a move not tried before
    between the same piles, else a draw. Each move with how it is made."""
    g = new_game(game_id, seed)
    steps, seen, k = [], set(), 0
    for _ in range(n):
        legal = g.legal_moves()
        plays = [m for m in legal if not m.is_stock_action]
        home = [m for m in plays if m.dst.startswith("f")]
        fresh = [
            m for m in plays if not m.dst.startswith("f") and (m.src, m.dst) not in seen and (m.dst, m.src) not in seen
        ]
        move = (home or fresh or [m for m in legal if m == DRAW] or [None])[0]
        if move is None:
            break
        seen.add((move.src, move.dst))
        if move == DRAW:
            how = "stock"
        else:
            k += 1
            first_home = next((m for m in plays if m.src == move.src and m.count == 1 and m.dst.startswith("f")), None)
            if move == first_home and k % 2:
                how = "double"  # the page sends a double-clicked card to its first foundation
            else:
                how = "drag" if k % 3 == 0 else "click"
        steps.append((how, move, g.position.pile(move.src) if move != DRAW else ()))
        g.play(move)
    return steps


class Player:
    """Acts on the page at full speed and checks each action at once: the
    page changes its cards (not their pictures) synchronously with the input."""

    def __init__(self, page: Page, touch: bool):
        self.page, self.touch = page, touch
        self.last = None  # the card the last click or tap was aimed at

    def freeze(self) -> None:
        self.page.evaluate(FREEZE)

    def thaw(self) -> None:
        self.page.evaluate(THAW)

    def aim(self, pile: str, index: int, middle: bool = False):
        """The point to press, with the slides held still until ``thaw``: a
        quick hand presses at once, and the test's own round trips to the
        page must not let a flying card move onto the point meanwhile."""
        for _ in range(200):
            self.freeze()
            spot = self.page.evaluate(AIM, [pile, index, middle])
            if spot is not None:
                return spot
            self.thaw()
            self.page.wait_for_timeout(16)  # hidden under a card flying over it: a player waits too
        # What stood in the way, for the report: the pile's top card and what is painted over it.
        seen = self.page.evaluate(BLOCKED, pile)
        raise AssertionError(f"{pile}[{index}] never showed: {seen}")

    def tap(self, pile: str, index: int, middle: bool = False) -> None:
        spot = self.aim(pile, index, middle)
        if spot["card"] is not None and spot["card"] == self.last:
            # Two taps on one card within 350 ms are a double tap: a player
            # who means two single ones is not that quick.
            self.thaw()
            self.page.wait_for_timeout(400)
            spot = self.aim(pile, index, middle)
        self.last = spot["card"]
        if self.touch:
            self.page.touchscreen.tap(spot["x"], spot["y"])
        else:
            self.page.mouse.click(spot["x"], spot["y"])
        self.thaw()

    def double(self, pile: str, index: int) -> None:
        spot = self.aim(pile, index)
        self.page.mouse.dblclick(spot["x"], spot["y"])
        self.thaw()
        self.last = None

    def drag(self, pile: str, index: int, to: str) -> None:
        mouse = self.page.mouse
        spot = self.aim(pile, index)
        mouse.move(spot["x"], spot["y"])
        mouse.down()
        self.thaw()
        mouse.move(spot["x"] + 8, spot["y"] + 8, steps=2)
        end = self.aim(to, -1, middle=True)
        mouse.move(end["x"], end["y"], steps=4)
        mouse.up()
        self.thaw()
        self.last = None


SLOW = 0.25  # the slides' playback rate


def play_fast(page: Page, touch: bool = False) -> None:
    cdp = page.context.new_cdp_session(page)
    cdp.send("Animation.enable")
    cdp.send("Animation.setPlaybackRate", {"playbackRate": SLOW})
    player = Player(page, touch)
    game = new_game(GAME, SEED)
    steps = plan(GAME, SEED, MOVES)
    assert len(steps) == MOVES
    assert {how for how, _, _ in steps} >= ({"stock", "click"} if touch else {"stock", "click", "double", "drag"})
    for n, (how, move, src_cards) in enumerate(steps):
        where = f"action {n + 1} ({how} {move})"
        if how == "stock":
            player.tap("stock", -1)
        elif how == "click" or (touch and how in ("double", "drag")):
            start = len(src_cards) - move.count
            player.tap(move.src, start)
            assert page.evaluate(SELECTED) == list(src_cards[start:]), f"{where}: picked up the wrong cards"
            player.tap(move.dst, -1, middle=True)
        elif how == "double":
            player.double(move.src, len(src_cards) - 1)
        else:
            player.drag(move.src, len(src_cards) - move.count, move.dst)
        game.play(move)
        assert page.evaluate(SELECTED) == [], f"{where}: a card stayed picked up"
        assert dom_piles(page) == engine_piles(game), f"{where}: the board did something else"
    settle(page)
    assert dom_piles(page) == engine_piles(game)
    assert page.errors == []


# A phone on its side: the columns' fans tighten and loosen as they grow and
# shrink, so cards slide inside a column too; and a laptop.
@pytest.mark.parametrize("size", [(844, 390), (1366, 768)], ids=["phone-landscape", "laptop"])
def test_full_speed_clicks_hit_what_is_painted(page: Page, app_url: str, size) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    record_errors(page)
    open_url(page, app_url, f"?game={GAME}&seed={SEED}")
    play_fast(page)


def test_full_speed_taps_hit_what_is_painted(browser, browser_context_args, app_url: str) -> None:
    # Tap-select-tap, as the recorded line plays it: one-tap moves (on by
    # default on a touch screen) turned off, like the cards going home.
    context = context_with(
        browser,
        browser_context_args,
        {"auto_home": "off", "one_tap": "off"},
        viewport={"width": 844, "height": 390},
        has_touch=True,
        is_mobile=True,
    )
    try:
        page = record_errors(context.new_page())
        open_url(page, app_url, f"?game={GAME}&seed={SEED}")
        play_fast(page, touch=True)
    finally:
        context.close()
