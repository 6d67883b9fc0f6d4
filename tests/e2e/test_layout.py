"""A board that always fits (issue 12, item 3): every game, with the longest
columns its play can make, at phone, tablet, laptop and big-screen sizes,
upright and sideways. No page scrolls, every pile's top card is inside the
window and nothing lies over it, the toolbar is one row (one column in the
side rail) and the header one line.

One page per game (a position is opened by its address); the sizes change
inside that page, as a player turns a phone or resizes a window. The
classics' worst cases (tests/positions.py): Spider columns of 26 and 25
cards, Yukon's of 23, FreeCell with every free cell full.
"""

from __future__ import annotations

import pytest
from ui_helpers import open_url, position_query, record_errors, resize

from game import PLAYER_GAMES
from tests.positions import longest_columns

SIZES = [(360, 640), (390, 844), (844, 390), (768, 1024), (1024, 768), (1366, 768), (1920, 1080), (2560, 1440)]

# What a player would see wrong, as a list of sentences (empty: all is well).
PROBLEMS = """() => {
  const W = innerWidth, H = innerHeight, de = document.documentElement, out = [];
  if (de.scrollWidth > W || de.scrollHeight > H || document.body.scrollWidth > W || document.body.scrollHeight > H)
    out.push(`the page scrolls: ${de.scrollWidth}x${de.scrollHeight} in ${W}x${H}`);
  const table = document.querySelector("main.table").getBoundingClientRect();
  const inside = (r, box) => r.left >= box.left - 0.5 && r.top >= box.top - 0.5
    && r.right <= box.right + 0.5 && r.bottom <= box.bottom + 0.5;
  for (const pile of document.querySelectorAll("#board [data-pile]")) {
    const cards = [...pile.children].filter(c => c.dataset.card);
    const name = pile.dataset.pile;
    for (const card of cards) {
      if (!inside(card.getBoundingClientRect(), table)) { out.push(`${name}: a card runs off the table`); break; }
    }
    if (!cards.length) continue;
    const top = cards[cards.length - 1], r = top.getBoundingClientRect();
    if (!inside(r, {left: 0, top: 0, right: W, bottom: H})) out.push(`${name}: top card outside the window`);
    const k = r.width * 0.12 + 1;  // clear of the rounded corners
    for (const [x, y] of [[r.left + k, r.top + k], [r.right - k, r.top + k], [r.left + k, r.bottom - k],
                          [r.right - k, r.bottom - k], [(r.left + r.right) / 2, (r.top + r.bottom) / 2]]) {
      const hit = document.elementFromPoint(x, y);
      if (!hit || !top.contains(hit)) {
        out.push(`${name}: top card covered at ${Math.round(x)},${Math.round(y)} by ${hit ? hit.id || hit.className : "nothing"}`);
        break;
      }
    }
  }
  for (const badge of document.querySelectorAll("#board .pile .badge")) {  // a pile's count, clear of other piles
    if (!badge.textContent || !badge.getClientRects().length) continue;
    const r = badge.getBoundingClientRect(), own = badge.closest("[data-pile]");
    const near = [...document.querySelectorAll("#board [data-card]")].find(card => {
      const c = card.getBoundingClientRect();
      return !own.contains(card) && r.left < c.right + 1 && r.right > c.left - 1 && r.top < c.bottom + 1 && r.bottom > c.top - 1;
    });
    if (near) out.push(`${own.dataset.pile}'s count touches a card of ${near.parentElement.dataset.pile}`);
  }
  const bar = document.getElementById("toolbar"), b = bar.getBoundingClientRect();
  const vertical = getComputedStyle(bar).flexDirection.startsWith("column");
  const tools = [...bar.children].filter(t => t.matches(".tool") && !t.hidden && t.getClientRects().length);
  const lines = new Set(tools.map(t => Math.round(vertical ? t.getBoundingClientRect().left : t.getBoundingClientRect().top)));
  if (lines.size > 1) out.push(`the toolbar wraps into ${lines.size} lines`);
  for (const t of tools) if (!inside(t.getBoundingClientRect(), b)) out.push(`${t.id} sticks out of the toolbar`);
  if (!inside(b, {left: 0, top: 0, right: W, bottom: H})) out.push("the toolbar is outside the window");
  const head = document.querySelector(".topbar");
  if (head.scrollHeight > head.clientHeight + 1 || head.scrollWidth > head.clientWidth + 1) out.push("the header overflows");
  const title = document.getElementById("game-title");
  if (title.getClientRects().length !== 1) out.push("the title wraps");
  return out;
}"""


# The table's shape, as a player of other collections knows it (issue 39): the
# top row (stock, waste, FreeCell's free cells, then the foundations) in one
# row, left to right, above the columns, which stand side by side in order;
# a pile the game never uses (FreeCell's and Yukon's stock) is not shown;
# Spider's stock counts the deals left.
SHAPE = """() => {
  const out = [], box = p => p.getBoundingClientRect();
  const piles = [...document.querySelectorAll("#board [data-pile]")];
  const shown = piles.filter(p => p.getClientRects().length);
  for (const p of piles) if (p.classList.contains("unused") && shown.includes(p)) out.push(`${p.dataset.pile} shows`);
  const top = shown.filter(p => !p.classList.contains("column")), cols = shown.filter(p => p.classList.contains("column"));
  if (!cols.length) return out;
  const order = p => ["stock", "waste", "c", "f"].findIndex(k => p.dataset.pile.startsWith(k)) * 100
    + (parseInt(p.dataset.pile.slice(1)) || 0);
  top.sort((a, b) => order(a) - order(b));
  cols.sort((a, b) => parseInt(a.dataset.pile.slice(1)) - parseInt(b.dataset.pile.slice(1)));
  const rowBottom = Math.max(...top.map(p => box(p).bottom));
  // A game of many columns on an upright phone stands its columns in two rows
  // (and its foundations in two rows of four): then each row is checked alone.
  const line = p => Math.round(box(p).top);
  const colRows = [...new Set(cols.map(line))].sort((a, b) => a - b);
  const split = colRows.length === 2 && cols.length >= 12;
  if (colRows.length > (split ? 2 : 1)) out.push(`the columns stand in ${colRows.length} rows`);
  if (new Set(top.map(line)).size > (split ? 2 : 1)) out.push("the top row is not one row");
  const cardW = box(cols[0]).width;  // (the stock's box is wider by its stack's edge)
  for (let i = 1; i < top.length; i++)
    if (line(top[i]) === line(top[i - 1]) && box(top[i]).left < box(top[i - 1]).left + cardW - 0.5)
      out.push(`${top[i].dataset.pile} is not right of ${top[i - 1].dataset.pile}`);
  for (let i = 0; i < cols.length; i++) {
    const r = box(cols[i]), first = i < (split ? Math.ceil(cols.length / 2) : cols.length);
    if (Math.abs(r.top - colRows[first ? 0 : 1]) > 0.5) out.push(`${cols[i].dataset.pile} is not in its row of columns`);
    if (r.top < rowBottom) out.push(`${cols[i].dataset.pile} starts above the top row's bottom`);
    if (i && line(cols[i - 1]) === line(cols[i]) && r.left < box(cols[i - 1]).right - 0.5)
      out.push(`${cols[i].dataset.pile} overlaps the column before it`);
  }
  const board = document.getElementById("board");
  if (board.dataset.game.startsWith("spider")) {
    const stock = board.querySelector('[data-pile="stock"]'), n = stock.querySelectorAll("[data-card]").length;
    const badge = stock.querySelector(".badge").textContent;
    if (badge !== String(Math.ceil(n / cols.length))) out.push(`the stock's badge says ${badge} with ${n} cards`);
    for (const f of board.querySelectorAll(".pile.foundation.empty"))  // runs go there, not Aces
      if (getComputedStyle(f, "::after").content !== "none") out.push(`${f.dataset.pile} shows an Ace sign`);
  }
  return out;
}"""


@pytest.fixture(scope="module")
def page(browser, browser_context_args):
    context = browser.new_context(**{**browser_context_args, "viewport": {"width": 1366, "height": 768}})
    pg = record_errors(context.new_page())
    yield pg
    context.close()


@pytest.mark.parametrize("game_id", PLAYER_GAMES)
def test_every_game_fits_every_screen_with_its_longest_columns(page, app_url, game_id):
    position = longest_columns(game_id)
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    open_url(page, app_url, position_query(position), status=None)
    assert page.get_attribute("#board", "data-status") == "playing"
    longest = max(len(cards) for pile, cards in position["piles"].items() if pile.startswith("t"))
    found = {}
    for width, height in SIZES:
        resize(page, width, height)
        # The 12- and 13-column games bring the hint to turn an upright phone: it is
        # a row above the table, and the player can close it.
        problems = page.evaluate(PROBLEMS) + page.evaluate(SHAPE)
        if problems:
            found[f"{width}x{height}"] = problems
    assert found == {}, f"{game_id} (longest column {longest} cards): {found}"
    assert page.errors == []
