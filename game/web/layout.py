"""Where every pile and card goes on a board of a given size, in pixels.

Plain Python, no browser: CPython tests check it at phone and desktop sizes.
``board.py`` only copies these numbers into the page.

``plan(spec, width, height)`` places the piles for the space the page gives
the board; ``Layout.offsets`` places the cards of one pile inside its pile
element. Two of the player's settings (issue 16) change the plan: ``size``
(small, medium, large) scales the automatic fit, and ``left`` (left-handed)
mirrors the top row, so the stock and the waste are on the right and the
foundations on the left; the columns keep their order.

Cards are as large as the space allows (no fixed cap: a big screen gets big
cards), and never so large that the longest column a game is planned for
(``longest_column``: 19 cards in a one-deck game, 25 with two decks) would
run off the board. Tableau columns compress their fan to end above the
board's bottom: first down to a step at which every card's index still
reads, then, for a column longer than that allows, further, so that the top
card is always fully on the board and the page never scrolls.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Optional

from game.cards import is_face_down
from game.spec import Stock

RATIO = 1.4  # card height / width (the card artwork is 250 x 350)
MAX_CARD_W = 400.0  # a bound for sanity only: the space decides a card's size
MIN_CARD_W = 20.0
TARGET_W = 36.0  # a card narrower than this is a small target for a finger
COMPACT_BELOW = 64.0  # narrower cards show the big corner index instead of the artwork
# Fan steps in card heights: face-down cards overlap more than face-up ones.
FAN_DOWN, FAN_DOWN_MIN = 0.10, 0.045
FAN_UP, FAN_UP_MIN = 0.28, 0.13
FAN_UP_COMPACT = 0.34  # the big index of compact cards wants a taller strip
READ_STEP = 12.0  # px: a face-up strip this tall still shows its index legibly
TIGHT_BELOW = 0.25  # a tighter fan hides the artwork's index: show a strip index
# Fan room the columns are planned for, in card heights below the top row.
COLUMN_ROOM = 2.8
DEAL_ROOM_SPARE = 0.05  # where a deal's columns decide the room: a little more than they need
# The longest columns the board is planned for. A column this long always fits
# with a fan of at least FLOOR_UP (face-up) and FLOOR_DOWN (face-down) px a card.
LONGEST_ONE_DECK = 19  # Klondike: 6 face-down cards and a run from King to Ace
LONGEST_TWO_DECKS = 25
FLOOR_UP, FLOOR_DOWN = 6.0, 3.0
WASTE_FAN = 3  # Solitario shows the last three cards drawn side by side
WASTE_STEP = 0.28  # at least, in card widths; the fan fills the waste's two slots
LABELLED_ROWS = ((0, 1, 2, 3, 4), (5, 6, 7, 8, 9), (10, 11, 12))
LABELLED_STEP = 0.24  # placed cards' fan, in card widths (beside) or heights (below)
STACK_STEP = 1.5  # px between cards of a face-down stack, up to STACK_SHOW of them
STACK_SHOW = 3

UNUSED = "unused"  # the kind of a pile the game never uses: hidden, out of the keyboard's way
DIRECTIONS = ("left", "right", "up", "down")
# Card sizes on top of the automatic fit. Medium is the fit itself; small is a
# fixed share of it; large grows the fit up to LARGE_GROW where the height
# allows it, with tighter gaps and a shorter fan room (long columns then fan
# tighter, as they do in a small window: the top card stays on the board).
SIZES = ("small", "medium", "large")
SMALL_SHARE = 0.8
LARGE_GROW = 1.22
LARGE_GAPS = 0.6  # share of the usual gaps and margins
LARGE_COLUMN_ROOM = 2.0  # in card heights; at least 2, so the board never grows past the space
# A game of many columns on an upright phone (Lucas, Limited) would get cards
# narrower than a finger in one row: it lays its columns out in two rows
# instead, under a top row whose foundations stand in two rows of their own.
SPLIT_FROM = 12  # columns
SPLIT_ROOM = 1.5  # fan room of each row of columns, in card heights below its first card
SPLIT_FLOOR = 4.0  # px: the fan of the longest column a two-deck game is planned for, at least
# Royal Retinue on an upright phone whose height is short: three piles a row.
NARROW_ROWS = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (9, 10, 11), (12,))


@dataclass(frozen=True)
class Slot:
    """A pile's element on the board: its box, its place in the rows and its kind."""

    pile: str
    # stock | waste | cell | foundation | column | labelled (a pile named by its label:
    # Royal Retinue) | unused (a pile the game never uses, hidden: FreeCell's stock)
    kind: str
    x: float
    y: float
    w: float
    h: float  # the element's height; columns: the room down to the board's bottom
    row: int
    label: str = ""  # labelled: the rank the pile is labelled with


@dataclass(frozen=True)
class Layout:
    card_w: float
    card_h: float
    gap: float
    width: float
    height: float
    slots: dict
    compact: bool = False
    label_h: float = 0.0  # labelled piles: the height of a pile's label
    labelled_mode: str = ""  # labelled piles: "beside" or "below" (where placed cards go)
    waste_fan: int = 1
    fit: float = 0.0  # labelled piles: the card width the arrangement allows, before limits (how it was chosen)

    @property
    def narrow(self) -> bool:
        """The cards are smaller than a finger's target (a phone held upright)."""
        return self.card_w < TARGET_W

    @property
    def order(self) -> tuple[str, ...]:
        """Pile ids in reading order: row by row, left to right."""
        return tuple(s.pile for s in sorted(self.shown, key=lambda s: (s.row, s.x)))

    @property
    def shown(self) -> list:
        """The slots of the piles the game uses (all but the unused ones)."""
        return [s for s in self.slots.values() if s.kind != UNUSED]

    # --- cards inside a pile ---------------------------------------------------
    def offsets(self, pile: str, codes, turned: bool = False) -> list[tuple[float, float]]:
        """(x, y) of each card of ``pile`` (bottom to top) inside its element.

        ``turned`` (Royal Retinue): this pile holds the face-up card to move."""
        slot = self.slots[pile]
        n = len(codes)
        if slot.kind == "column":
            return self._column(slot, codes)
        if slot.kind == "labelled":
            return self._labelled(codes, turned)
        if slot.kind == "waste" and self.waste_fan > 1:
            shown = min(n, self.waste_fan)
            step = max(self.card_w * WASTE_STEP, (slot.w - self.card_w) / (self.waste_fan - 1))
            return [(max(0, i - (n - shown)) * step, 0.0) for i in range(n)]
        if slot.kind == "stock":
            return [(self._stack(i, n), self._stack(i, n)) for i in range(n)]
        return [(0.0, 0.0)] * n

    def _stack(self, i: int, n: int) -> float:
        """Thickness of a stack: the cards under the top one peek out below
        and to the right, a few px for the last few."""
        return STACK_STEP * min(STACK_SHOW, n - 1 - i)

    def fan_steps(self, slot: Slot, down: int, up: int) -> tuple[float, float]:
        """The (face-down, face-up) fan steps in px that fit a column in ``slot.h``.

        The face-down fan tightens first, then the face-up one down to a step
        that still shows each index; a column longer than that allows tightens
        both further, in proportion: its top card always ends on the board."""
        h = self.card_h
        pref_d, pref_u = FAN_DOWN * h, (FAN_UP_COMPACT if self.compact else FAN_UP) * h
        steps_up = max(0, up - 1)
        room = max(0.0, slot.h - h)
        if down * pref_d + steps_up * pref_u <= room:
            return pref_d, pref_u
        min_d = FAN_DOWN_MIN * h
        min_u = min(pref_u, max(FAN_UP_MIN * h, READ_STEP))
        d = max(min_d, min(pref_d, (room - steps_up * pref_u) / down)) if down else pref_d
        u = max(min_u, min(pref_u, (room - down * d) / steps_up)) if steps_up else pref_u
        need = down * d + steps_up * u
        if need > room:
            scale = room / need
            d, u = d * scale, u * scale
        return d, u

    def up_step(self, pile: str, codes) -> float:
        """The face-up fan step of a column in px (0 for other piles)."""
        slot = self.slots[pile]
        if slot.kind != "column":
            return 0.0
        down = sum(1 for c in codes if is_face_down(c))
        return self.fan_steps(slot, down, len(codes) - down)[1]

    def _column(self, slot: Slot, codes) -> list[tuple[float, float]]:
        down = sum(1 for c in codes if is_face_down(c))
        d, u = self.fan_steps(slot, down, len(codes) - down)
        out, y = [], 0.0
        for c in codes:
            out.append((0.0, y))
            y += d if is_face_down(c) else u
        return out

    def _labelled(self, codes, turned: bool) -> list[tuple[float, float]]:
        """Placed cards fan beside or below the stack of face-down cards, and the
        card to move lies on top of the stack."""
        w, h, top = self.card_w, self.card_h, self.label_h
        down = [i for i, c in enumerate(codes) if is_face_down(c)]
        if down:
            placed = down[0]
        else:
            placed = len(codes) - (1 if turned and codes else 0)
        stack_n = len(codes) - placed
        out = []
        for i in range(len(codes)):
            if i < placed:
                if self.labelled_mode == "beside":
                    out.append((w + self.gap + i * LABELLED_STEP * w, top))
                else:
                    out.append((0.0, top + h + self.gap + i * LABELLED_STEP * h))
            else:
                k = self._stack(i - placed, stack_n)
                out.append((k, top + k))
        return out

    def extent(self, pile: str, offsets) -> tuple[float, float]:
        """Width and height the pile's element needs for these card offsets."""
        slot = self.slots[pile]
        if slot.kind == "labelled":
            return slot.w, slot.h
        if slot.kind == "column":
            bottom = max((y for _, y in offsets), default=0.0)
            return slot.w, bottom + self.card_h
        right = max((x for x, _ in offsets), default=0.0)
        return max(slot.w, right + self.card_w), self.card_h

    # --- keyboard -------------------------------------------------------------------
    def neighbour(self, pile: str, direction: str) -> str:
        """The pile the arrow key ``direction`` moves the focus to (itself at an edge)."""
        if direction not in DIRECTIONS:
            raise ValueError(f"direction is one of {DIRECTIONS}, not {direction!r}")
        here = self.slots[pile]
        centre = here.x + here.w / 2
        shown = self.shown
        if direction in ("left", "right"):
            row = sorted((s for s in shown if s.row == here.row), key=lambda s: s.x)
            i = [s.pile for s in row].index(pile) + (1 if direction == "right" else -1) if here in row else -1
            return row[i].pile if 0 <= i < len(row) else pile
        rows = sorted({s.row for s in shown})
        i = rows.index(here.row) + (1 if direction == "down" else -1)
        if not 0 <= i < len(rows):
            return pile
        return min((s for s in shown if s.row == rows[i]), key=lambda s: (abs(s.x + s.w / 2 - centre), s.x)).pile


# A size may be symbolic: tools/sketches.py plans a board for every size at
# once (its numbers are CSS expressions) and brings its own min and max.
def _min(*values):
    for v in values:
        if not isinstance(v, (int, float)):
            return type(v).least(*values)
    return min(values)


def _max(*values):
    for v in values:
        if not isinstance(v, (int, float)):
            return type(v).greatest(*values)
    return max(values)


def _clamp(v: float, lo: float, hi: float) -> float:
    return _max(lo, _min(hi, v))


def plan(
    spec, width: float, height: float, size: str = "medium", left: bool = False, arrangement: str | None = None
) -> Layout:
    """Lay out ``spec``'s piles in a board ``width`` x ``height`` px.

    ``size``: one of SIZES (another value is medium). ``left``: the
    left-handed layout, where the game has a top row of stock and
    foundations (Royal Retinue has none: it is laid out as always).
    ``arrangement``: Royal Retinue's, its rows ("wide": 5, 5, 3 piles;
    "narrow": 3 a row, offered on an upright board) and its placed cards
    ("beside" or "below" their pile), as "wide beside"; None (the page)
    takes the one that gives the larger cards."""
    width = _max(200.0, width if hasattr(width, "greatest") else float(width))
    height = _max(200.0, height if hasattr(height, "greatest") else float(height))
    size = size if size in SIZES else "medium"
    if spec.labels:  # labelled piles in rows (Royal Retinue)
        return _plan_labelled(spec, width, height, size, arrangement)
    layout = _plan_build(spec, width, height, size)
    if spec.columns >= SPLIT_FROM and _upright(width, height) and layout.narrow:
        layout = _plan_split(spec, width, height, size)
    return mirrored(layout) if left else layout


def _upright(width, height) -> bool:
    """A board taller than wide. A symbolic size (tools/sketches.py) counts as
    not upright: the first visit's sketch is the one-row board, which the page
    takes back where its cards are narrower than a finger on an upright phone."""
    return isinstance(width, (int, float)) and isinstance(height, (int, float)) and height > width


def mirrored(layout: Layout) -> Layout:
    """The layout with its top row (stock, waste, foundations) mirrored
    within the board's span: the stock ends where the last foundation ended."""
    slots = layout.slots.values()
    lo = min(s.x for s in slots)
    hi = max(s.x + s.w for s in slots)
    top = {s.row for s in slots if s.kind != "column"}
    flipped = {
        name: (Slot(s.pile, s.kind, lo + hi - s.x - s.w, s.y, s.w, s.h, s.row, s.label) if s.row in top else s)
        for name, s in layout.slots.items()
    }
    return replace(layout, slots=flipped)


def longest_column(spec) -> tuple[int, int]:
    """(cards, face-down cards) of the longest column ``spec``'s board is planned for."""
    cards = LONGEST_TWO_DECKS if spec.card_count > 52 else LONGEST_ONE_DECK
    return cards, max((down for down, _ in spec.deal), default=0)


def column_room(spec) -> float:
    """The fan room the columns are planned for, in card heights: COLUMN_ROOM,
    or more where the deal's columns need more to show at the preferred fan
    (FreeCell's seven face-up cards, Yukon's five over six): a new deal never
    opens tightened."""
    need = max(down * FAN_DOWN + max(0, up - 1) * FAN_UP_COMPACT for down, up in spec.deal)
    return max(COLUMN_ROOM, 1 + need + DEAL_ROOM_SPARE)


def _plan_build(spec, width: float, height: float, size: str = "medium") -> Layout:
    columns = spec.columns
    talon = (2 if spec.stock is Stock.WASTE else 1) if spec.has_stock else 0
    fan_waste = talon == 2 and spec.draw > 1 and talon + spec.foundations + 1 <= columns
    top = talon + spec.cells + spec.foundations + (1 if fan_waste else 0)
    slots_n = max(columns, top)
    pad = _clamp(width * 0.012, 4, 16)
    gap = _clamp(width * 0.008, 3, 14)
    row_gap = gap * 1.5
    w_by_width = (width - 2 * pad - (slots_n - 1) * gap) / slots_n
    w_by_height = (height - 2 * pad - row_gap) / (1 + column_room(spec)) / RATIO
    # The longest column at the floor fan: the top row, the column's top card and its fan.
    longest, down = longest_column(spec)
    fan = down * FLOOR_DOWN + (longest - down - 1) * FLOOR_UP
    w_by_longest = (height - 2 * pad - row_gap - fan) / 2 / RATIO
    w = _min(w_by_width, w_by_height, w_by_longest, MAX_CARD_W)
    if size == "small":
        w *= SMALL_SHARE
    elif size == "large":
        pad, gap = pad * LARGE_GAPS, gap * LARGE_GAPS
        row_gap = gap * 1.5
        by_width = (width - 2 * pad - (slots_n - 1) * gap) / slots_n
        by_height = (height - 2 * pad - row_gap) / (1 + LARGE_COLUMN_ROOM) / RATIO
        w = _max(_min(w, by_width), _min(w * LARGE_GROW, by_width, by_height, MAX_CARD_W))
    w = _clamp(w, MIN_CARD_W, MAX_CARD_W)
    h = w * RATIO
    step = w + gap
    board_w = slots_n * w + (slots_n - 1) * gap + 2 * pad
    left = _max(0.0, (width - board_w) / 2)  # centre the board in the space
    x0 = left + pad
    # The top row, left to right: the stock and the waste where the game
    # deals from them, FreeCell's cells, then the foundations at the right.
    # A pile the game never uses (FreeCell's and Yukon's stock and waste,
    # Spider's waste) keeps an empty, hidden slot: the page has its element.
    slots = {name: Slot(name, UNUSED, x0, pad, 0.0, 0.0, 0) for name in ("stock", "waste")}
    at = 0
    if spec.has_stock:
        slots["stock"] = Slot("stock", "stock", x0, pad, w, h, 0)
        at = 1
        if spec.stock is Stock.WASTE:
            slots["waste"] = Slot("waste", "waste", x0 + step, pad, w + (step if fan_waste else 0), h, 0)
            at = 3 if fan_waste else 2
    for i in range(spec.cells):
        pid = f"c{i + 1}"
        slots[pid] = Slot(pid, "cell", x0 + (at + i) * step, pad, w, h, 0)
    first_f = slots_n - spec.foundations
    for i in range(spec.foundations):
        pid = f"f{i + 1}"
        slots[pid] = Slot(pid, "foundation", x0 + (first_f + i) * step, pad, w, h, 0)
    col_y = pad + h + row_gap
    room = _max(height - col_y - pad, h * 2)
    cx0 = x0 + (slots_n - columns) * step / 2
    for i in range(columns):
        pid = f"t{i + 1}"
        slots[pid] = Slot(pid, "column", cx0 + i * step, col_y, w, room, 1)
    return Layout(
        w, h, gap, width, col_y + room + pad, slots, compact=w < COMPACT_BELOW, waste_fan=WASTE_FAN if fan_waste else 1
    )


def _plan_split(spec, width: float, height: float, size: str = "medium") -> Layout:
    """Two rows of columns (the first has the odd one) under the stock, the
    waste and the foundations, which stand in rows as wide as a row of
    columns: a board for many columns on an upright phone."""
    columns, per_row = spec.columns, (spec.columns + 1) // 2
    f_rows = -(-spec.foundations // max(1, per_row - 2))
    f_per_row = -(-spec.foundations // f_rows)
    pad = _clamp(width * 0.012, 4, 16)
    gap = _clamp(width * 0.008, 3, 14)
    row_gap = gap * 1.5
    by_width = (width - 2 * pad - (per_row - 1) * gap) / per_row
    rows_h = f_rows + 2 * (1 + SPLIT_ROOM)  # in card heights
    by_height = (height - 2 * pad - (f_rows - 1) * gap - 2 * row_gap) / rows_h / RATIO
    w = min(by_width, by_height, MAX_CARD_W)
    if size == "small":
        w *= SMALL_SHARE
    w = _clamp(w, MIN_CARD_W, MAX_CARD_W)
    h = w * RATIO
    step = w + gap
    board_w = per_row * w + (per_row - 1) * gap + 2 * pad
    x0 = max(0.0, (width - board_w) / 2) + pad
    slots = {
        "stock": Slot("stock", "stock", x0, pad, w, h, 0),
        "waste": Slot("waste", "waste", x0 + step, pad, w, h, 0),
    }
    for i in range(spec.foundations):
        r, k = divmod(i, f_per_row)
        pid = f"f{i + 1}"
        slots[pid] = Slot(pid, "foundation", x0 + (per_row - f_per_row + k) * step, pad + r * (h + gap), w, h, r)
    first_y = pad + f_rows * h + (f_rows - 1) * gap + row_gap
    room = (height - first_y - pad - row_gap) / 2
    for i in range(columns):
        r, k = divmod(i, per_row)
        pid = f"t{i + 1}"
        slots[pid] = Slot(pid, "column", x0 + k * step, first_y + r * (room + row_gap), w, room, f_rows + r)
    return Layout(w, h, gap, width, height, slots, compact=w < COMPACT_BELOW)


def _plan_labelled(spec, width: float, height: float, size: str = "medium", arrangement: str | None = None) -> Layout:
    pad = _clamp(width * 0.012, 4, 16)
    gap = _clamp(width * 0.008, 3, 12)
    cell_gap = gap * 2

    def label_h(w: float) -> float:
        return _clamp(w * 0.3, 14, 26)

    best: Optional[tuple[float, str, tuple]] = None
    if arrangement:  # named (tools/sketches.py): "wide beside", "narrow below", ...
        grid_name, mode_name = arrangement.split()
        options = [((LABELLED_ROWS if grid_name == "wide" else NARROW_ROWS), mode_name)]
    else:
        grids = (LABELLED_ROWS, NARROW_ROWS) if _upright(width, height) else (LABELLED_ROWS,)
        options = [(grid, mode) for grid in grids for mode in ("beside", "below")]
    for grid, mode in options:
        per_row = max(len(r) for r in grid)
        rows = len(grid)
        if mode == "beside":  # cell: stack, gap, 4 placed cards fanned; one card high
            cell_w_per_card = 2 + 3 * LABELLED_STEP
            by_w = (width - 2 * pad - (per_row - 1) * cell_gap - per_row * gap) / (per_row * cell_w_per_card)
            by_h = (height - 2 * pad - (rows - 1) * cell_gap - rows * 26) / (rows * RATIO)
        else:  # cell: one card wide; stack above 4 placed cards fanned down
            cell_h_per_card = RATIO * (2 + 3 * LABELLED_STEP)
            by_w = (width - 2 * pad - (per_row - 1) * cell_gap) / per_row
            by_h = (height - 2 * pad - (rows - 1) * cell_gap - rows * (26 + gap)) / (rows * cell_h_per_card)
        w = _min(by_w, by_h, MAX_CARD_W)
        if best is None or w > best[0] + 0.5:
            best = (w, mode, grid)
    w, mode, grid = best
    fit = w
    per_row = max(len(r) for r in grid)
    rows = len(grid)
    if size == "small":  # the fit fills the board already: large is the fit too
        w *= SMALL_SHARE
    w = _clamp(w, MIN_CARD_W, MAX_CARD_W)
    h = w * RATIO
    lh = label_h(w)
    if mode == "beside":
        cell_w, cell_h = w * (2 + 3 * LABELLED_STEP) + gap, lh + h
    else:
        cell_w, cell_h = w, lh + h + gap + 3 * LABELLED_STEP * h + h
    board_w = per_row * cell_w + (per_row - 1) * cell_gap + 2 * pad
    left = _max(0.0, (width - board_w) / 2)
    slots = {}
    for r, row in enumerate(grid):
        row_w = len(row) * cell_w + (len(row) - 1) * cell_gap
        x0 = left + pad + (board_w - 2 * pad - row_w) / 2
        y = pad + r * (cell_h + cell_gap)
        for k, i in enumerate(row):
            pid = f"t{i + 1}"
            slots[pid] = Slot(pid, "labelled", x0 + k * (cell_w + cell_gap), y, cell_w, cell_h, r, spec.labels[i])
    board_h = pad * 2 + rows * cell_h + (rows - 1) * cell_gap
    return Layout(w, h, gap, width, board_h, slots, compact=w < COMPACT_BELOW, label_h=lh, labelled_mode=mode, fit=fit)
