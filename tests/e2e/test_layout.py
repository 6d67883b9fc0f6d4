"""A board that always fits (issue 12, item 3): every game, with the longest
columns its play can make, at phone, tablet, laptop and big-screen sizes,
upright and sideways. No page scrolls, every pile's top card is inside the
window and nothing lies over it, the toolbar is one row (one column in the
side rail) and the header one line.

One page per game (a position is opened by its address); the sizes change
inside that page, as a player turns a phone or resizes a window.
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
        problems = page.evaluate(PROBLEMS)
        if problems:
            found[f"{width}x{height}"] = problems
    assert found == {}, f"{game_id} (longest column {longest} cards): {found}"
    assert page.errors == []
