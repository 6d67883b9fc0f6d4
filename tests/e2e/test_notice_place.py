"""Where a notice stands on the table (game/web/table.py place_notice): at
the table's foot where the table is bare below the cards, so it covers no
card; else at the top or the foot, where it hides no column's last card's
index (the card to play) and covers less.
It is placed again as the cards move and as the window changes, and a toast
shown meanwhile stands above it, not over it.

Each test opens a page whose saved data is damaged, which brings a notice."""

from __future__ import annotations

import pytest
from conftest import clean_tab
from ui_helpers import WAIT_MS, click_card, click_pile, count, open_url, resize, settle

from game import new_game
from game.web.layout import FAN_UP
from tools.serve import ROOT

SHOTS = ROOT / "artifacts" / "screenshots"
DAMAGED = "{\u00ff not json"
SIZES = {"phone": (390, 844), "sideways": (844, 390), "laptop": (1366, 768)}

# The notice's box, every card's and pile outline's box, and the index of each
# column's last card (its top, as much as a face-up fan shows of a card).
BOXES = """() => {
  const INDEX = FAN_UP;
  const box = el => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const shown = el => getComputedStyle(el).visibility !== 'hidden' && el.getClientRects().length;
  const notice = document.getElementById('notice');
  const cards = [...document.querySelectorAll('#board .card')].filter(shown).map(box);
  const piles = [...document.querySelectorAll('#board .pile')].map(box);
  const ends = [...document.querySelectorAll('#board .pile.column')]
    .map(p => p.querySelectorAll('.card')).filter(c => c.length).map(c => box(c[c.length - 1]))
    .map(([l, t, r, b]) => [l, t, r, t + (b - t) * INDEX]);
  return {notice: box(notice), foot: notice.classList.contains('at-foot'), cards, piles, ends,
          table: box(document.querySelector('main.table'))};
}""".replace("FAN_UP", str(FAN_UP))


def overlaps(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def box(page, selector: str) -> list:
    return page.eval_on_selector(
        selector, "e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"
    )


def open_damaged(module_tab, app_url, size: str, query: str, keys=("stats",)):
    page = clean_tab(module_tab, app_url, size=SIZES[size])
    page.evaluate(
        "([ks, v]) => ks.forEach(k => localStorage.setItem(k, v))", [[f"solitaire.{k}" for k in keys], DAMAGED]
    )
    open_url(page, app_url, query)
    page.wait_for_selector("#notice", state="visible")
    return page


@pytest.mark.parametrize(("size", "game"), [("phone", "reloaded"), ("laptop", "reloaded"), ("phone", "forty-thieves")])
def test_a_notice_stands_where_it_covers_no_card(module_tab, app_url, size, game):
    """Forty Thieves on an upright phone: ten columns, so the hint to turn the
    phone shows as a row under the table: the toast clears the notice still."""
    page = open_damaged(module_tab, app_url, size, f"?game={game}&seed=47")
    boxes = page.evaluate(BOXES)
    assert boxes["foot"]
    covered = [b for b in boxes["cards"] + boxes["piles"] if overlaps(boxes["notice"], b)]
    assert not covered, covered
    assert boxes["notice"][3] <= boxes["table"][3]  # on the table, not under the toolbar
    assert page.is_visible("#turn-hint") == (game == "forty-thieves")
    page.screenshot(path=str(SHOTS / f"notice-foot-{size}-{game}.png"))
    # A toast meanwhile (the hint's words) stands above the notice, not over it.
    page.click("#btn-hint")
    page.wait_for_selector("#toast.show")
    settle(page)
    toast = box(page, "#toast")
    assert not overlaps(toast, page.evaluate(BOXES)["notice"]), toast
    assert not overlaps(toast, box(page, "#toolbar")) and toast[1] >= 0, toast


@pytest.mark.parametrize(
    ("size", "game"), [("phone", "reloaded"), ("sideways", "reloaded"), ("phone", "forty-thieves")]
)
def test_a_toast_stands_clear_of_the_toolbar(module_tab, app_url, size, game):
    """On a phone the toolbar runs along the bottom edge: a toast stands above
    it, and above the hint to turn the phone (Forty Thieves: ten columns)."""
    page = clean_tab(module_tab, app_url, size=SIZES[size])
    open_url(page, app_url, f"?game={game}&seed=47")
    page.click("#btn-hint")
    page.wait_for_selector("#toast.show")
    settle(page)
    toast = box(page, "#toast")
    assert not overlaps(toast, box(page, "#toolbar")), toast
    assert page.is_visible("#turn-hint") == (game == "forty-thieves")
    if game == "forty-thieves":
        assert not overlaps(toast, box(page, "#turn-hint")), toast


THREE_LINES = ("stats", "settings", "save.forty-thieves")


def test_a_notice_hides_no_column_end_where_the_foot_has_no_room(module_tab, app_url):
    """A phone held sideways and three lines of notice: at the foot they
    would hide the columns' last cards, so the notice stands at the top,
    over the top row, and every column's last card shows its index."""
    page = open_damaged(module_tab, app_url, "sideways", "?game=forty-thieves&seed=3", THREE_LINES)
    boxes = page.evaluate(BOXES)
    assert not boxes["foot"]
    assert not [b for b in boxes["ends"] if overlaps(boxes["notice"], b)]
    page.screenshot(path=str(SHOTS / "notice-top-sideways.png"))


def test_a_notice_moves_as_the_window_changes(module_tab, app_url):
    """At the foot on a laptop; on a phone held sideways at the top."""
    page = open_damaged(module_tab, app_url, "laptop", "?game=forty-thieves&seed=3", THREE_LINES)
    assert page.evaluate(BOXES)["foot"]
    resize(page, *SIZES["sideways"])
    boxes = page.evaluate(BOXES)
    assert not boxes["foot"]
    assert not [b for b in boxes["ends"] if overlaps(boxes["notice"], b)]
    resize(page, *SIZES["laptop"])
    assert page.evaluate(BOXES)["foot"]


def test_a_notice_makes_way_for_a_column_that_grows_into_it(module_tab, app_url):
    """A phone held sideways, two lines of notice at the foot under the
    columns; two cards played onto one column by clicks bring its last card
    to where the notice stood: it moves to the top, and that card shows."""
    keys = ("stats", "settings")
    page = open_damaged(module_tab, app_url, "sideways", "?game=forty-thieves&seed=3", keys)
    first, second = two_onto_one_column("forty-thieves", page.evaluate("window.solitaire.state().seed"))
    before = page.evaluate(BOXES)
    assert before["foot"]
    stood, reached = before["notice"], False
    for move in (first, second):
        moves = page.evaluate("window.solitaire.state().moves")
        click_card(page, move.src, count(page, move.src) - move.count)
        click_pile(page, move.dst)
        page.wait_for_function(f"window.solitaire.state().moves > {moves}", timeout=WAIT_MS)
        settle(page)
        boxes = page.evaluate(BOXES)
        assert not [b for b in boxes["ends"] if overlaps(boxes["notice"], b)], boxes
        reached = reached or any(overlaps(stood, b) for b in boxes["ends"])
    assert reached, "no column's last card came where the notice stood: the test shows nothing"
    assert not page.evaluate(BOXES)["foot"]


def two_onto_one_column(game_id: str, seed: int):
    """Two moves between columns, one after the other, onto the same column."""
    for first in new_game(game_id, seed).legal_moves():
        if first.src.startswith("t") and first.dst.startswith("t"):
            after = new_game(game_id, seed)
            after.play(first, 0, home="off")
            second = next((m for m in after.legal_moves() if m.dst == first.dst and m.src.startswith("t")), None)
            if second is not None:
                return first, second
    raise AssertionError("this deal has no two moves onto one column")
