"""Acting on the page like a player (real clicks, drags and keys) and reading
it back, for the end-to-end tests. Expectations come from the engine under
CPython, playing the same moves."""

from __future__ import annotations

import datetime
import json
import time
from dataclasses import dataclass, field
from urllib.parse import quote

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from game import DEAL, DRAW, REDEAL, Game, Move, new_game, parse_move
from game.web.cues import cue_text
from game.web.texts.cards import card_name
from game.web.url import encode_position

BOOT_MS = 60_000
WAIT_MS = 15_000  # a wait for what the page does next: its limit only stops a hung page


def record_errors(page: Page) -> Page:
    """Collect the page's uncaught errors and console errors in ``page.errors``,
    from now on (a page a module shares is listened to once, its list emptied
    for each test)."""
    listening = hasattr(page, "errors")
    page.errors = []
    if not listening:
        page.on("pageerror", lambda e: page.errors.append(str(e)))
        page.on("console", lambda m: m.type == "error" and page.errors.append(m.text))
    return page


def until(page: Page, check, timeout_ms: int = 15_000) -> None:
    """Let the page run until ``check()`` holds, or ``timeout_ms`` has gone:
    what the page does comes later on a busy machine, so a test waits for
    it, not for a set time (the assertion after this says what did not
    happen)."""
    deadline = time.monotonic() + timeout_ms / 1000
    while not check() and time.monotonic() < deadline:
        page.wait_for_timeout(50)  # the page's tasks and requests run meanwhile


def handed(shared: dict, key: str):
    """What a test before handed on; if it failed first, this test is
    skipped (one failure shows once, not again in each test after it)."""
    if key not in shared:
        pytest.skip(f"the test before did not hand on the {key}")
    return shared[key]


def pause_clock(page: Page, ahead_ms: int = 0) -> None:
    """Stop the page's time (``page.clock``, installed on its context): from
    here on ``performance.now()``, ``Date`` and the page's timers move only by
    ``page.clock.run_for``, through page boots and reloads alike, so what the
    game's clock shows no longer depends on how fast the machine is. The time
    first jumps ``ahead_ms`` (and a few ms) forward. ``page.clock.resume()``
    lets it flow again (the page's animations need it)."""
    for _ in range(10):
        now = page.evaluate("Date.now()")
        try:
            page.clock.pause_at(datetime.datetime.fromtimestamp((now + ahead_ms + 50) / 1000, datetime.timezone.utc))
            return
        except PlaywrightError as e:  # the page's time flowed past the target meanwhile
            if "to the past" not in str(e):
                raise
    raise AssertionError("the page's clock could not be paused")


def context_with(browser, browser_context_args: dict, settings: dict | None = None, **extra):
    """A context whose stored settings are ``settings`` (cards home by hand, as the suite's)."""
    args = {**browser_context_args, **extra}
    if settings is not None:
        settings = {"guide": "seen", **settings}  # the first-run guide closed, as in the suite's other visits
        state = json.loads(json.dumps(args["storage_state"]))
        state["origins"][0]["localStorage"] = [{"name": "solitaire.settings", "value": json.dumps(settings)}]
        args["storage_state"] = state
    return browser.new_context(**args)


def fill_storage(context, app_url: str, items: dict) -> None:
    """The origin's localStorage cleared and ``items`` written, from a page of
    the origin that is no game page (nothing of the game reads or writes it)."""
    helper = context.new_page()
    helper.goto(app_url + "manifest.webmanifest")
    helper.evaluate(
        "items => { localStorage.clear(); Object.entries(items).forEach(([k, v]) => localStorage.setItem(k, v)); }",
        items,
    )
    helper.close()


def open_url(page: Page, app_url: str, query: str, status: str | None = "playing") -> None:
    page.goto(app_url + query)
    selector = f'#board[data-status="{status}"]' if status else "#board[data-status]"
    page.wait_for_selector(selector, state="attached", timeout=BOOT_MS)
    settle(page)


def leave_if_asked(page: Page) -> None:
    """Say yes when leaving a deal in play asks first (it counts as a loss)."""
    if page.is_visible("#leave-dialog"):
        page.click("#leave-yes")


def settle(page: Page) -> None:
    """Wait until no card animation is running."""
    page.wait_for_function(
        "document.getAnimations().every(a => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity)",
        timeout=WAIT_MS,
    )


# The board's geometry, to tell when a resize has been laid out.
GEOMETRY = """() => [...document.querySelectorAll('#board [data-pile]')].map(p => {
  const r = p.getBoundingClientRect(); return [r.left, r.top, r.width, r.height].map(Math.round).join(",");
}).join(";") + "|" + document.querySelector("main.table").clientWidth + "x" + document.querySelector("main.table").clientHeight"""


# After a resize: the page's resize event comes with the next frame, the board
# is laid out again 90 ms after it (game/web/table.py, RELAYOUT_MS), and the
# toolbar fits in a frame after that (static/js/toolbar.js). Counted in frames
# and in a timer that runs after the page's own, not in a set time, which a
# busy machine can outrun.
AFTER_RELAYOUT = """ms => new Promise(done => {
  const frames = (n, then) => n ? requestAnimationFrame(() => frames(n - 1, then)) : then();
  frames(1, () => setTimeout(() => frames(3, done), ms));
})"""


def next_frames(page, n: int = 3) -> None:
    """Wait for the page to draw ``n`` more frames: what it does "in the next
    frame" is done then, however slow the machine."""
    page.evaluate(
        """n => new Promise(done => { const f = k => k ? requestAnimationFrame(() => f(k - 1)) : done(); f(n); })""", n
    )


def resize(page, width: int, height: int) -> None:
    """Set the window's size and wait until the board is laid out for it."""
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h", arg=[width, height], timeout=10_000)
    page.evaluate(AFTER_RELAYOUT, 120)
    page.wait_for_timeout(150)  # the page lays out again 90 ms after the last resize
    last = None
    for _ in range(20):
        now = page.evaluate(GEOMETRY)
        if now == last:
            break
        last = now
        page.wait_for_timeout(60)
    settle(page)


def use_tool(page: Page, tool_id: str) -> None:
    """Click a toolbar tool as a player would: in the row, or through the
    More menu where the row had no room for it. The row is fitted a frame
    after anything changes its size, so the tool's place is read after that
    frame; should it move under the pointer all the same, it is looked for
    again."""
    for _ in range(3):
        next_frames(page, 2)
        if not page.is_visible(f"#toolbar #{tool_id}"):
            page.click("#btn-more")
            page.click(f"#more-menu #{tool_id}")
            return
        try:
            page.click(f"#toolbar #{tool_id}", timeout=3_000)
            return
        except PlaywrightTimeoutError:
            continue  # the row was fitted again before the click landed
    raise AssertionError(f"#{tool_id} never stayed in one place long enough to click")


def deal_from_picker(page: Page, game_id: str, seed: int | None = None) -> None:
    """Deal a game from the picker, without reloading the page: ``seed`` in
    the deal-number box (empty: a random deal), then the game's tile."""
    page.click("#btn-games")
    page.wait_for_selector("#picker[open]")
    page.fill("#picker-number", "" if seed is None else str(seed))
    page.click(f'.game-tile[data-game="{game_id}"]')
    leave_if_asked(page)
    dealt = f"window.solitaire.state().game === '{game_id}'"
    if seed is not None:
        dealt += f" && window.solitaire.state().seed === {seed}"
    page.wait_for_function(dealt)
    settle(page)


def dom_piles(page: Page) -> dict[str, list[str]]:
    """Every pile on the board with its card codes, bottom to top."""
    return page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#board [data-pile]')]
            .map(p => [p.dataset.pile, [...p.children].filter(c => c.dataset.card)
                .map(c => c.dataset.card)]))"""
    )


def engine_piles(game: Game) -> dict[str, list[str]]:
    return {name: list(p) for name, p in zip(game.spec.pile_names, game.position.piles)}


def faces_agree(page: Page) -> bool:
    return page.evaluate(
        "[...document.querySelectorAll('#board [data-card]')].every(c =>"
        " (c.dataset.face === 'down') === (c.dataset.card === c.dataset.card.toLowerCase()))"
    )


def hud(page: Page) -> dict:
    """Score, clock (seconds) and moves as shown, read at one instant."""
    shown = page.evaluate(
        """() => ({score: document.querySelector('[data-hud="score"]').textContent,
                  time: document.querySelector('[data-hud="time"]').textContent,
                  moves: document.querySelector('[data-hud="moves"]').textContent})"""
    )
    parts = [int(p) for p in shown["time"].split(":")]
    seconds = parts[-1] + 60 * parts[-2] + (3600 * parts[0] if len(parts) == 3 else 0)
    return {"score": int(shown["score"]), "time": seconds, "moves": int(shown["moves"])}


def stored(page: Page, key: str):
    """A value of the page's ``localStorage``, parsed (None when there is none)."""
    raw = page.evaluate("k => localStorage.getItem(k)", key)
    return None if raw is None else json.loads(raw)


def played_count(page: Page, game_id: str) -> int:
    """Games of ``game_id`` in the stored statistics."""
    stats = stored(page, "solitaire.stats") or {}
    return stats.get("games", {}).get(game_id, {}).get("played", 0)


def status(page: Page) -> str:
    return page.get_attribute("#board", "data-status")


def check_matches(page: Page, game: Game) -> None:
    """The board shows the engine's position and the HUD its score and moves."""
    settle(page)
    assert dom_piles(page) == engine_piles(game)
    assert faces_agree(page)
    shown = hud(page)
    assert shown["moves"] == game.moves
    assert shown["score"] == game.score(shown["time"]), (shown, game.score(shown["time"]))
    assert status(page) == game.status


# --- where things are ------------------------------------------------------------------
def card(page: Page, pile: str, index: int):
    return page.locator(f'#board [data-pile="{pile}"] > [data-card]').nth(index)


def count(page: Page, pile: str) -> int:
    return page.locator(f'#board [data-pile="{pile}"] > [data-card]').count()


def grip(page: Page, pile: str, index: int) -> tuple[float, float]:
    """A point on the visible part of a card (its top strip)."""
    box = card(page, pile, index).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + min(7, box["height"] / 6)


def target_point(page: Page, pile: str) -> tuple[float, float]:
    n = count(page, pile)
    if n:
        box = card(page, pile, n - 1).bounding_box()
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    box = page.locator(f'#board [data-pile="{pile}"]').bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + min(box["height"], box["width"] * 1.4) / 2


# --- acting ------------------------------------------------------------------------------
# hold_ms: the press held that long before the release (bench/browser.py's
# hand); 0, Playwright's own timing, for the tests.
def click_card(page: Page, pile: str, index: int, hold_ms: float = 0) -> None:
    x, y = grip(page, pile, index)
    page.mouse.click(x, y, delay=hold_ms)


def click_pile(page: Page, pile: str, hold_ms: float = 0) -> None:
    x, y = target_point(page, pile)
    page.mouse.click(x, y, delay=hold_ms)


def pause_between_taps(page: Page) -> None:
    page.wait_for_timeout(400)  # two quick clicks on one card are a double click


def drag(page: Page, pile: str, index: int, to: str, hold_ms: float = 0) -> tuple:
    """Drag the card at ``index`` of ``pile`` (and those on it) to ``to``;
    the path's two ends, for bench/browser.py's floor of a drag."""
    x, y = grip(page, pile, index)
    tx, ty = target_point(page, to)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 6, y + 6, steps=2)
    page.mouse.move(tx, ty, steps=10)
    if hold_ms:
        page.wait_for_timeout(hold_ms)  # let go a moment after the last move
    page.mouse.up()
    return (x, y), (tx, ty)


def double_click_card(page: Page, pile: str, index: int) -> None:
    x, y = grip(page, pile, index)
    page.mouse.dblclick(x, y)


def focused_pile(page: Page):
    return page.evaluate("document.activeElement && document.activeElement.dataset.pile || null")


def tab_into_board(page: Page) -> None:
    for _ in range(30):
        if focused_pile(page):
            return
        page.keyboard.press("Tab")
    raise AssertionError("Tab never reached the board")


def key_focus(page: Page, pile: str) -> None:
    """Walk the focus to ``pile`` with the arrow keys only."""
    tab_into_board(page)
    for _ in range(40):
        here = focused_pile(page)
        if here == pile:
            return
        a = page.locator(f'#board [data-pile="{here}"]').bounding_box()
        b = page.locator(f'#board [data-pile="{pile}"]').bounding_box()
        if abs(a["y"] - b["y"]) > 4:
            page.keyboard.press("ArrowDown" if b["y"] > a["y"] else "ArrowUp")
        else:
            page.keyboard.press("ArrowRight" if b["x"] > a["x"] else "ArrowLeft")
    raise AssertionError(f"the arrow keys never reached {pile}")


def key_move(page: Page, move: Move) -> None:
    key_focus(page, move.src)
    page.keyboard.press("Enter")
    key_focus(page, move.dst)
    page.keyboard.press("Enter")


def toast(page: Page) -> str:
    page.wait_for_selector("#toast.show", timeout=WAIT_MS)
    return page.text_content("#toast")


def refusal_text(game: Game, move, lang: str = "en") -> str:
    """What the page should say when the engine refuses ``move``."""
    try:
        game.position.apply(move)
    except Exception as e:  # the engine's refusal
        return cue_text(lang, e, lambda c: card_name(lang, c, game.spec.deck.name))
    raise AssertionError(f"{move} is legal")


# --- planning moves with the engine ----------------------------------------------------------
@dataclass
class Plan:
    game_id: str
    seed: int
    steps: list = field(default_factory=list)  # (how, move text)


INPUTS = ("click", "drag", "key", "double")


def plan_for(game_id: str, seeds=range(1, 60), extra=()) -> Plan:
    """A deal and a short line of play in which every way of input makes a
    move: click-click, drag, keyboard, double-click (to a foundation; in Royal
    Retinue to the pile of the rank). Draws in between are stock clicks.
    Of the deals tried, the one with the shortest line."""
    plans = [p for p in (_plan(game_id, seed, extra) for seed in seeds) if p is not None]
    if not plans:
        raise AssertionError(f"no deal of {game_id} offers every kind of input")
    return min(plans, key=lambda p: (len(p.steps), p.seed))


def _plan(game_id: str, seed: int, extra):
    wanted = list(INPUTS) + list(extra)
    if True:
        g = new_game(game_id, seed)
        if g.spec.runs_home:  # Spider: no card goes home alone, so no double-click home
            wanted.remove("double")
        steps, todo = [], list(wanted)
        for _ in range(60):
            if not todo or g.status != "playing":
                break
            legal = g.legal_moves()
            plays = [m for m in legal if not m.is_stock_action]
            homes = [m for m in plays if m.dst.startswith("f") or g.spec.rules == "retinue"]
            if "stockdrag" in todo and g.position.pile("stock"):
                after, _ = g.position.apply(DRAW)
                direct = [m for m in after.legal_moves() if m.src == "waste"]
                if direct:
                    steps.append(("stockdrag", f"stock>{direct[0].dst}"))
                    g.play(DRAW)
                    g.play(direct[0])
                    todo.remove("stockdrag")
                    continue
            if "double" in todo and homes:
                move, how = homes[0], "double"
            elif plays and any(k in todo for k in INPUTS if k != "double"):
                move = next((m for m in plays if not m.dst.startswith("f")), plays[0])
                how = next(k for k in INPUTS if k in todo and k != "double")
            elif DRAW in legal:
                move, how = DRAW, "stock"
            elif REDEAL in legal:
                move, how = REDEAL, "stock"
            elif DEAL in legal:
                move, how = DEAL, "stock"
            else:
                break
            g.play(move)
            steps.append((how, str(move)))
            if how in todo:
                todo.remove(how)
        if not todo and g.status == "playing":
            return Plan(game_id, seed, steps)
    return None


def position_query(position: dict, encoded: bool = True) -> str:
    value = encode_position(position) if encoded else quote(json.dumps(position))
    return f"?game={position['game']}&position={value}"


def play_move(page: Page, text: str) -> None:
    """A move by clicks: the stock for draws, else the card and then its pile;
    back once the page has counted it (and its cards have landed, in play)."""
    move, _ = parse_move(text)
    before = page.evaluate("window.solitaire.state().moves")
    if move.is_stock_action:
        click_pile(page, "stock")
    else:
        click_card(page, move.src, count(page, move.src) - move.count)
        click_pile(page, move.dst)
    page.wait_for_function(f"window.solitaire.state().moves > {before}", timeout=WAIT_MS)
    if status(page) == "playing":  # a won game's cards celebrate for seconds
        settle(page)
