"""Card size and the left-handed layout (game/web/layout.py), the sounds of a
step (game/web/sound.py) and the look's settings, without a browser."""

from __future__ import annotations

from importlib import import_module

import pytest
from test_web_layout import SCREENS, longest, overlaps, table_space

from game import DRAW, PLAYER_GAMES, REDEAL, Move, get_spec, new_game
from game.rules import Change
from game.web import storage
from game.web.layout import RATIO, SIZES, plan
from game.web.looks import BAR_COLOURS, TABLES, choice
from game.web.sound import NAMES, step_sounds

BUILD_GAMES = [g for g in PLAYER_GAMES if not get_spec(g).labels]


# --- card size --------------------------------------------------------------------------------
@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("game_id", PLAYER_GAMES)
def test_every_size_fits_the_table_and_small_is_smaller_large_not(game_id, screen):
    spec = get_spec(game_id)
    width, height = table_space(*screen)
    small, medium, large = (plan(spec, width, height, size=s) for s in SIZES)
    assert small.card_w < medium.card_w <= large.card_w
    for layout in (small, medium, large):
        assert layout.height <= height + 0.01  # the board never outgrows its space: no scroll
        slots = list(layout.slots.values())
        for s in slots:
            assert s.x >= 0 and s.x + s.w <= width + 0.01, (s.pile, s.x, s.w)
            assert s.y + (layout.card_h if s.kind == "column" else s.h) <= layout.height + 0.01
        high = {s.pile: (layout.card_h if s.kind == "column" else s.h) for s in slots}
        for i, a in enumerate(slots):
            for b in slots[i + 1 :]:
                assert not overlaps(a, b, high[a.pile], high[b.pile]), (a.pile, b.pile)
        if spec.labels:
            continue
        codes = longest(spec)
        for pile in (p for p in spec.pile_names if p.startswith("t")):
            last = layout.offsets(pile, codes)[-1]
            assert layout.slots[pile].y + last[1] + layout.card_h <= layout.height + 0.01


@pytest.mark.parametrize("game_id", BUILD_GAMES)
def test_large_cards_use_the_height_a_laptop_leaves(game_id):
    spec = get_spec(game_id)
    medium = plan(spec, *table_space(1366, 768))
    large = plan(spec, *table_space(1366, 768), size="large")
    # Seven columns: the height limits the fit; ten to thirteen: the width, and
    # large gains only the room of tighter gaps.
    assert large.card_w > medium.card_w * (1.15 if spec.columns <= 8 else 1.04)
    assert large.card_h == pytest.approx(large.card_w * RATIO)


def test_an_unknown_size_is_medium():
    spec = get_spec("reloaded")
    assert plan(spec, 1000, 700, size="huge") == plan(spec, 1000, 700)


# --- left-handed ---------------------------------------------------------------------------------
@pytest.mark.parametrize("screen", [(390, 844), (844, 390), (1366, 768)])
@pytest.mark.parametrize("game_id", BUILD_GAMES)
def test_left_handed_mirrors_the_top_row_and_keeps_the_columns(game_id, screen):
    spec = get_spec(game_id)
    space = table_space(*screen)
    right, left = plan(spec, *space), plan(spec, *space, left=True)
    lo = min(s.x for s in right.slots.values())
    hi = max(s.x + s.w for s in right.slots.values())
    foundations = [p for p in spec.pile_names if p.startswith("f")]
    for name, r in right.slots.items():
        m = left.slots[name]
        if r.kind != "column":  # the top row (two rows of foundations, where columns split)
            assert m.x == pytest.approx(lo + hi - r.x - r.w) and (m.y, m.w, m.h) == (r.y, r.w, r.h)
        else:
            assert m == r
    # Right-handed: the stock, the waste and FreeCell's cells on the left of
    # every foundation; left-handed: on their right (piles a game does not use
    # are not shown: FreeCell's and Yukon's stock, Spider's waste).
    shown = {name for name, slot in right.slots.items() if slot.kind != "unused"}
    before = [p for p in ("stock", "waste", "c1", "c2", "c3", "c4") if p in shown]
    assert before or game_id == "yukon"
    for p in before:
        assert all(right.slots[p].x < right.slots[f].x for f in foundations)
        assert all(left.slots[p].x > left.slots[f].x for f in foundations)
    if "waste" in shown:
        assert left.slots["waste"].x + left.slots["waste"].w < left.slots["stock"].x
        # The arrow keys follow what the player sees.
        assert left.neighbour("stock", "left") == "waste"
        assert right.neighbour("stock", "right") == "waste"
    elif "stock" in shown:  # Spider: from the stock straight to the foundations
        assert left.neighbour("stock", "left") == "f1"  # the row mirrored: f1 stays next to the stock
        assert right.neighbour("stock", "right") == "f1"


def test_royal_retinue_has_no_top_row_to_mirror():
    spec = get_spec("retinue")
    assert plan(spec, 1000, 700, left=True) == plan(spec, 1000, 700)


# --- sound ---------------------------------------------------------------------------------------
def test_the_sounds_of_a_step():
    game = new_game("reloaded", 1)
    draw = game.play(DRAW, 1.0)
    assert step_sounds(draw) == ["flip"]
    assert step_sounds([Change(REDEAL, (), "waste", "stock")]) == ["place"]
    put = Change(Move("t2", "t3"), ("QH",), "tableau", "tableau", revealed="9c")
    assert step_sounds([put]) == ["place", "flip"]
    home = Change(Move("t1", "f1"), ("AS",), "tableau", "foundation")
    # The cards that went home by themselves after the player's move put down once more.
    assert step_sounds([put, home, home]) == ["place", "flip", "place"]
    assert step_sounds([home, home]) == ["place"]
    assert set(step_sounds([put, home])) <= set(NAMES)


# --- settings and words --------------------------------------------------------------------------
def test_the_looks_settings_are_checked_one_by_one():
    good = {"theme": "dark", "table": "burgundy", "back": "black", "card_size": "large", "hand": "left"}
    assert storage.check_settings({**good, "sound": "off", "volume": 35}) == {**good, "sound": "off", "volume": 35}
    mended = storage.check_settings({**good, "table": "purple", "volume": 101, "card_size": 2})
    assert isinstance(mended, storage.Mended)
    assert set(mended.dropped) == {"table", "volume", "card_size"}
    assert mended.value == {k: v for k, v in good.items() if k not in ("table", "card_size")}
    assert storage.check_settings({"volume": True}).dropped == ("volume",)


def test_a_missing_or_foreign_choice_is_its_default():
    assert choice({}, "theme") == "auto"
    assert choice({}, "table") == "green"
    assert choice({"card_size": "tiny"}, "card_size") == "medium"
    assert choice({"back": "black"}, "back") == "black"


def test_every_table_has_a_bar_colour_light_and_dark():
    assert set(BAR_COLOURS) == {(t, s) for t in TABLES for s in ("light", "dark")}


def test_the_looks_words_exist_in_every_language():
    words = {lang: import_module(f"game.web.texts.looks_{lang}").WORDS for lang in ("en", "de", "it")}
    assert words["en"] and set(words["de"]) == set(words["en"]) == set(words["it"])
