"""Board geometry (game/web/layout.py) at phone and desktop sizes, without a browser."""

from __future__ import annotations

import pytest

from game import PLAYER_GAMES, get_spec, new_game
from game.cards import is_face_down
from game.web.layout import (
    COMPACT_BELOW,
    FLOOR_DOWN,
    FLOOR_UP,
    MAX_CARD_W,
    RATIO,
    READ_STEP,
    SPLIT_FLOOR,
    TARGET_W,
    longest_column,
    plan,
)

PHONE = (360, 600)  # what a 360 x 740 phone leaves below the header
DESKTOP = (1440, 800)
SIZES = (PHONE, DESKTOP, (740, 280), (1024, 640))


def overlaps(a, b, h_a, h_b) -> bool:
    return a.x < b.x + b.w and b.x < a.x + a.w and a.y < b.y + h_b and b.y < a.y + h_a


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id", PLAYER_GAMES)
def test_every_pile_fits_the_width_and_no_two_overlap(game_id, size):
    spec = get_spec(game_id)
    layout = plan(spec, *size)
    assert set(layout.slots) == set(spec.pile_names)
    assert layout.card_h == pytest.approx(layout.card_w * RATIO)
    assert layout.card_w <= MAX_CARD_W
    slots = list(layout.slots.values())
    for s in slots:
        assert s.x >= 0 and s.x + s.w <= size[0] + 0.01, (s.pile, s.x, s.w)
    # A column's box runs to the board's bottom; compare card-high boxes.
    height = {s.pile: (layout.card_h if s.kind == "column" else s.h) for s in slots}
    for i, a in enumerate(slots):
        for b in slots[i + 1 :]:
            assert not overlaps(a, b, height[a.pile], height[b.pile]), (a.pile, b.pile)


@pytest.mark.parametrize("game_id", PLAYER_GAMES)
def test_desktop_cards_are_large_and_phone_cards_compact_but_usable(game_id):
    spec = get_spec(game_id)
    desk = plan(spec, *DESKTOP)
    phone = plan(spec, *PHONE)
    assert desk.card_w >= 90 and not desk.compact
    assert phone.card_w >= 24
    assert phone.compact == (phone.card_w < COMPACT_BELOW)


def test_forty_thieves_family_fits_its_foundations_and_thirteen_columns():
    for game_id in ("lucas", "limited", "maria", "forty-thieves"):
        spec = get_spec(game_id)
        layout = plan(spec, *PHONE)
        foundations = [s for s in layout.slots.values() if s.kind == "foundation"]
        assert len(foundations) == 8
        assert max(s.x + s.w for s in layout.slots.values()) <= PHONE[0]


def test_solitario_waste_fans_three_cards():
    layout = plan(get_spec("solitario"), *DESKTOP)
    offsets = layout.offsets("waste", ["AH", "2H", "3H", "4H", "5H"])
    xs = [x for x, _ in offsets]
    assert xs[:3] == [0, 0, xs[2]] and xs[2] == 0
    assert xs[2] < xs[3] < xs[4]
    w, _ = layout.extent("waste", offsets)
    assert w >= layout.card_w + xs[4] - 0.01
    assert plan(get_spec("reloaded"), *DESKTOP).offsets("waste", ["AH", "2H"]) == [(0, 0), (0, 0)]


def test_columns_fan_down_and_compress_to_fit_the_height():
    spec = get_spec("forty-thieves")
    layout = plan(spec, *DESKTOP)
    short = layout.offsets("t1", ["KS", "QS", "JS"])
    assert [x for x, _ in short] == [0, 0, 0]
    ys = [y for _, y in short]
    assert ys[0] == 0 and ys == sorted(ys)
    slot = layout.slots["t1"]
    long = ["KS"] * 17
    ys = [y for _, y in layout.offsets("t1", long)]
    assert ys[-1] + layout.card_h <= slot.h + 0.01  # fits the room
    assert ys[1] - ys[0] < short[1][1] - short[0][1]  # by a tighter fan
    assert layout.up_step("t1", long) == pytest.approx(ys[1] - ys[0])
    assert layout.up_step("stock", long) == 0
    readable = ["KS"] * 30  # tight, but each index still reads
    ys = [y for _, y in layout.offsets("t1", readable)]
    assert ys[1] - ys[0] >= READ_STEP - 0.01
    huge = ["KS"] * 60  # longer than any game makes: squeezed further, its top card still on the board
    ys = [y for _, y in layout.offsets("t1", huge)]
    assert 0 < ys[1] - ys[0] < READ_STEP
    assert ys[-1] + layout.card_h <= slot.h + 0.01


def test_face_down_cards_overlap_more_than_face_up_ones():
    layout = plan(get_spec("reloaded"), *DESKTOP)
    ys = [y for _, y in layout.offsets("t7", ["as", "2s", "3H", "4S"])]
    assert ys[1] - ys[0] < ys[3] - ys[2]


def test_retinue_rows_and_placed_cards():
    spec = get_spec("retinue")
    for size in (PHONE, DESKTOP):
        layout = plan(spec, *size)
        rows = {}
        for s in layout.slots.values():
            rows.setdefault(s.row, []).append(s)
        assert [len(rows[r]) for r in sorted(rows)] == [5, 5, 3]
        labels = [layout.slots[f"t{i}"].label for i in range(1, 14)]
        assert labels == ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]  # RULES.md §2
        # Pile t8 after two 8s were placed: those fan out, the stack stays.
        codes = ["8H", "8S", "as", "ks", "QD"]
        offsets = layout.offsets("t8", codes, turned=True)
        stack = offsets[2:]
        assert offsets[0] != offsets[1] and all(o not in stack for o in offsets[:2])
        assert stack[-1][1] >= layout.label_h
    assert plan(spec, *DESKTOP).labelled_mode == "beside"
    assert plan(spec, *PHONE).labelled_mode == "below"


def test_retinue_turned_card_without_face_down_cards_lies_on_the_stack():
    layout = plan(get_spec("retinue"), *DESKTOP)
    placed = layout.offsets("t8", ["8H", "8S", "8D", "8C", "KH"], turned=True)
    assert placed[-1][0] < layout.card_w  # on the stack, not in the fan
    all_placed = layout.offsets("t8", ["8H", "8S", "8D", "8C"], turned=False)
    assert all(x > layout.card_w for x, _ in all_placed)


def test_arrow_keys_walk_the_rows():
    layout = plan(get_spec("reloaded"), *DESKTOP)
    assert layout.neighbour("stock", "right") == "waste"
    assert layout.neighbour("stock", "left") == "stock"
    assert layout.neighbour("waste", "right") == "f1"
    assert layout.neighbour("stock", "down") == "t1"
    assert layout.neighbour("t7", "up") == "f4"
    assert layout.neighbour("t1", "down") == "t1"
    assert layout.order[:3] == ("stock", "waste", "f1")
    retinue = plan(get_spec("retinue"), *DESKTOP)
    assert retinue.neighbour("t8", "down") == "t12"
    assert retinue.neighbour("t12", "up") == "t8"
    with pytest.raises(ValueError):
        layout.neighbour("t1", "sideways")


def test_plan_accepts_every_opening_position():
    for game_id in PLAYER_GAMES:
        game = new_game(game_id, 7)
        layout = plan(game.spec, *PHONE)
        for name, pile in zip(game.spec.pile_names, game.position.piles):
            offsets = layout.offsets(name, list(pile))
            assert len(offsets) == len(pile)


# --- every screen, the longest columns ------------------------------------------------------
# The table's size in the page (app.css) for a window: the header and the toolbar
# take fixed room, above and below the table or beside it (the rail).
def table_space(w: int, h: int) -> tuple[float, float]:
    if w > h and h <= 560:  # a phone held sideways: slim header, rail of tools
        return w - 67.2, h - 41.6
    if w <= 720:  # upright phone: two-row header, toolbar along the bottom
        return w, h - 81.6 - 56
    if w <= 1100 and h > w:  # upright tablet
        return w, h - 48 - 56
    return w, h - 48 - 46.4


SCREENS = [
    (360, 640),
    (390, 844),
    (844, 390),
    (640, 360),
    (768, 1024),
    (1024, 768),
    (1366, 768),
    (1920, 1080),
    (2560, 1440),
]


def longest(spec) -> list[str]:
    """The longest column the board is planned for: face-down cards, then a run."""
    cards, down = longest_column(spec)
    return ["ks"] * down + ["QH"] * (cards - down)


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("game_id", PLAYER_GAMES)
def test_the_longest_columns_fit_every_screen_with_a_fan_to_see(game_id, screen):
    spec = get_spec(game_id)
    layout = plan(spec, *table_space(*screen))
    assert layout.height <= table_space(*screen)[1] + 0.01  # the board never outgrows its space
    if "stock" not in spec.pile_names:  # Royal Retinue: thirteen piles in three rows
        bottom = max(s.y + s.h for s in layout.slots.values())
        assert bottom <= layout.height + 0.01
        return
    codes = longest(spec)
    # Two rows of columns (many columns on an upright phone) halve the fan's
    # room: the longest column still ends above the next row, with a tighter floor.
    split = len({s.row for s in layout.slots.values() if s.kind == "column"}) > 1
    for pile in (p for p in spec.pile_names if p.startswith("t")):
        slot = layout.slots[pile]
        offsets = layout.offsets(pile, codes)
        assert slot.y + offsets[-1][1] + layout.card_h <= min(layout.height, slot.y + slot.h) + 0.01, (
            pile,
            offsets[-1],
        )
        up = offsets[-1][1] - offsets[-2][1]
        assert up >= (SPLIT_FLOOR if split else FLOOR_UP) - 0.01, up


def test_longest_columns_follow_the_deck():
    assert longest_column(get_spec("reloaded")) == (19, 6)
    assert longest_column(get_spec("solitario")) == (19, 6)
    assert longest_column(get_spec("forty-thieves")) == (25, 0)
    assert longest_column(get_spec("rank-and-file")) == (25, 3)


@pytest.mark.parametrize("game_id", PLAYER_GAMES)
def test_cards_grow_with_a_big_screen(game_id):
    spec = get_spec(game_id)
    laptop = plan(spec, *table_space(1366, 768))
    big = plan(spec, *table_space(2560, 1440))
    assert big.card_w > 160 and big.card_w > laptop.card_w * 1.4
    assert big.card_w <= MAX_CARD_W


WIDE_GAMES = [g for g in PLAYER_GAMES if get_spec(g).columns >= 12]


@pytest.mark.parametrize("game_id", WIDE_GAMES)
def test_wide_games_give_a_finger_targets_upright_and_sideways(game_id):
    """Twelve or thirteen columns in one row would give an upright phone
    cards of 24 to 29 px: upright, they stand in two rows (Royal Retinue's
    piles three a row where the height is short), with cards of 40 px or more."""
    spec = get_spec(game_id)
    for w, h in ((360, 640), (390, 844)):
        upright = plan(spec, *table_space(w, h))
        assert upright.card_w >= 40 and not upright.narrow, (w, h, upright.card_w)
        sideways = plan(spec, *table_space(h, w))
        assert not sideways.narrow and sideways.card_w >= TARGET_W


@pytest.mark.parametrize("game_id", [g for g in WIDE_GAMES if "stock" in get_spec(g).pile_names])
def test_wide_games_split_their_columns_upright_only(game_id):
    spec = get_spec(game_id)
    upright = plan(spec, *table_space(390, 844))
    rows = [sorted(s.pile for s in upright.slots.values() if s.kind == "column" and s.row == r) for r in (2, 3)]
    assert [len(r) for r in rows] == [(spec.columns + 1) // 2, spec.columns // 2]
    first, second = (upright.slots[r[0]] for r in rows)
    assert second.y >= first.y + first.h  # the first row's columns end above the second row
    for screen in ((844, 390), (1366, 768), (1920, 1080)):
        layout = plan(spec, *table_space(*screen))
        assert {s.row for s in layout.slots.values() if s.kind == "column"} == {1}, screen
    mirrored = plan(spec, *table_space(390, 844), left=True)
    assert mirrored.slots["stock"].x > mirrored.slots["f1"].x
    assert mirrored.slots["t1"].x == upright.slots["t1"].x


# --- the classics' tables (issue 39) ---------------------------------------------------------
CLASSIC_SCREENS = [(360, 640), (390, 844), (844, 390), (1366, 768), (1920, 1080), (2560, 1440)]


@pytest.mark.parametrize("screen", CLASSIC_SCREENS)
@pytest.mark.parametrize("game_id", ["freecell", "spider-1", "spider-4", "yukon", "klondike-3"])
def test_the_classics_worst_positions_fit_every_screen(game_id, screen):
    """Spider's columns of 26 and 25 cards, Yukon's of 23, FreeCell's of 19
    with every cell full: each top card lies whole on the board, every
    face-up fan step is at least the floor, and the top row stands above the
    columns."""
    from tests.positions import longest_columns

    spec = get_spec(game_id)
    space = table_space(*screen)
    layout = plan(spec, *space)
    assert layout.height <= space[1] + 0.01
    piles = longest_columns(game_id)["piles"]
    for name, codes in piles.items():
        slot = layout.slots[name]
        assert slot.kind != "unused", name
        if slot.kind != "column":
            continue
        offsets = layout.offsets(name, codes)
        assert slot.y + offsets[-1][1] + layout.card_h <= layout.height + 0.01, (name, len(codes))
        steps = [b[1] - a[1] for a, b in zip(offsets, offsets[1:])]
        up = [step for code, step in zip(codes, steps) if not is_face_down(code)]
        down = [step for code, step in zip(codes, steps) if is_face_down(code)]
        # Longer than the board is planned for (25 and 19 cards): the fan
        # tightens past the floor, face-down cards most, each still an edge.
        assert min(up, default=FLOOR_UP) >= FLOOR_UP - 0.01, (name, min(up))
        assert min(down, default=FLOOR_DOWN) >= FLOOR_DOWN * 0.7, (name, min(down))
    top_row = [s for s in layout.slots.values() if s.row == 0 and s.kind != "unused"]
    columns = [s for s in layout.slots.values() if s.kind == "column"]
    assert max(s.y + s.h for s in top_row) < min(s.y for s in columns)
    assert max(s.x + s.w for s in layout.slots.values()) <= space[0] + 0.01


def test_the_classics_top_rows_read_as_in_other_collections():
    """FreeCell: four cells, then four foundations, in one row over eight
    columns; Spider: its stock alone at the left, eight foundations at the
    right, no waste; Yukon: no stock or waste, four foundations at the
    right; Klondike draw three: the waste has room for its fan of three."""

    def row(game_id):
        layout = plan(get_spec(game_id), *DESKTOP)
        return layout, [s.pile for s in sorted(layout.slots.values(), key=lambda s: s.x) if s.row == 0 and s.w]

    layout, top = row("freecell")
    assert top == ["c1", "c2", "c3", "c4", "f1", "f2", "f3", "f4"]
    assert {layout.slots[p].kind for p in ("stock", "waste")} == {"unused"}
    assert [s.kind for s in layout.slots.values()].count("column") == 8
    assert layout.order[0] == "c1" and "stock" not in layout.order
    assert layout.neighbour("c4", "right") == "f1" and layout.neighbour("c1", "down") == "t1"
    layout, top = row("spider-2")
    assert top == ["stock"] + [f"f{i}" for i in range(1, 9)] and layout.slots["waste"].kind == "unused"
    assert layout.slots["f1"].x > layout.slots["stock"].x + 2 * layout.card_w  # a gap, where the waste would be
    layout, top = row("yukon")
    assert top == ["f1", "f2", "f3", "f4"]
    assert layout.slots["f4"].x + layout.card_w == pytest.approx(layout.slots["t7"].x + layout.card_w)
    layout, top = row("klondike-3")
    assert top[:2] == ["stock", "waste"] and layout.waste_fan == 3
    assert layout.slots["waste"].w > 1.9 * layout.card_w
