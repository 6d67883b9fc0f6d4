"""Board geometry (game/web/layout.py) at phone and desktop sizes, without a browser."""

from __future__ import annotations

import pytest

from game import PLAYER_GAMES, get_spec, new_game
from game.web.layout import (
    COMPACT_BELOW,
    FAN_UP_MIN,
    MAX_CARD_W,
    RATIO,
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
    huge = ["KS"] * 60
    ys = [y for _, y in layout.offsets("t1", huge)]
    assert ys[1] - ys[0] == pytest.approx(FAN_UP_MIN * layout.card_h)  # never below the readable minimum


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
    assert plan(spec, *DESKTOP).retinue_mode == "beside"
    assert plan(spec, *PHONE).retinue_mode == "below"


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
