"""A first visit's first view (tools/sketches.py): every game's new table as
CSS expressions of the table's size, made from game/web/layout.py.

The script's CSS text is read back here by a small evaluator of the CSS it
uses (calc, min, max, var, cqw, cqh, px) and checked against ``plan`` and
``Layout.offsets`` with plain numbers, at table sizes the sketch was not
made with: the browser, working the same text out, puts every pile and card
where Python will."""

from __future__ import annotations

import json
import random
import re

import pytest

from game import PLAYER_GAMES, get_spec, new_game
from game.cards import is_face_down
from game.web.layout import COMPACT_BELOW, TARGET_W, plan
from tools import sketches

TOKEN = re.compile(r"\s*(calc\(|min\(|max\(|var\(|--s\d+|[-+]?\d+(?:\.\d+)?(?:e[-+]?\d+)?(?:px|cqw|cqh)?|[()+\-*/,])")


class Css:
    """Evaluates the sketch's CSS values for a table of ``width`` x ``height`` px."""

    def __init__(self, props: dict, width: float, height: float, known: dict | None = None):
        self.props, self.width, self.height = props, width, height
        self.known = {} if known is None else known  # custom properties worked out

    def value(self, text: str) -> float:
        self.tokens = [t for t in TOKEN.findall(text)]
        assert "".join(self.tokens) == re.sub(r"\s+", "", text), f"unknown CSS in {text!r}"
        self.i = 0
        v = self.sum()
        assert self.i == len(self.tokens), f"left over in {text!r}"
        return v

    def peek(self):
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self, want=None):
        t = self.tokens[self.i]
        assert want is None or t == want, (t, want)
        self.i += 1
        return t

    def sum(self) -> float:
        v = self.product()
        while self.peek() in ("+", "-"):
            op = self.take()
            w = self.product()
            v = v + w if op == "+" else v - w
        return v

    def product(self) -> float:
        v = self.atom()
        while self.peek() in ("*", "/"):
            op = self.take()
            w = self.atom()
            v = v * w if op == "*" else v / w
        return v

    def atom(self) -> float:
        t = self.take()
        if t in ("(", "calc("):
            v = self.sum()
            self.take(")")
            return v
        if t in ("min(", "max("):
            args = [self.sum()]
            while self.peek() == ",":
                self.take()
                args.append(self.sum())
            self.take(")")
            return min(args) if t == "min(" else max(args)
        if t == "var(":
            name = self.take()
            self.take(")")
            if name not in self.known:
                self.known[name] = Css(self.props, self.width, self.height, self.known).value(self.props[name])
            return self.known[name]
        if t.endswith("cqw"):
            return float(t[:-3]) / 100 * self.width
        if t.endswith("cqh"):
            return float(t[:-3]) / 100 * self.height
        if t.endswith("px"):
            return float(t[:-2])
        return float(t)


@pytest.fixture(scope="module")
def made() -> dict:
    text = sketches.script()
    return json.loads(text[text.index("{") : text.rindex(";")])


def deal(game_id: str) -> dict:
    spec = get_spec(game_id)
    piles = new_game(game_id, 99).position.piles
    return {name: list(piles[i]) for i, name in enumerate(spec.pile_names)}


def sizes(n: int = 40) -> list:
    rng = random.Random(15)
    # The page's own sizes, tables under the layout's floor of 200 px, huge ones, and any.
    out = [(1280, 626.4), (844, 348.4), (390, 706.4), (1920, 969.6), (6884, 118.7), (150, 90), (8000, 4500)]
    out += [(rng.uniform(220, 3000), rng.uniform(220, 2000)) for _ in range(n)]
    out += [(rng.uniform(40, 12000), rng.uniform(40, 8000)) for _ in range(n // 2)]
    return out


def pick(entry: dict, width: float, height: float) -> dict:
    """The sketch static/js/view.js shows at this table size: Royal
    Retinue's arrangement, in order, the one with a larger fit by more than
    half a pixel ("narrow" ones only on an upright table), then the compact
    one where the card is narrower than compactBelow."""
    chosen = entry
    if "other" in entry:
        upright = max(200, height) > max(200, width)
        most = -1.0
        for each in (entry, *entry["other"]):
            if each["arrangement"].startswith("narrow ") and not upright:
                continue
            view = each["normal"]
            fit = max(Css(dict(view["style"]), width, height).value(view["fit"]), 0)  # a box is never narrower than 0
            if fit > most + 0.5:
                chosen, most = each, fit
    card_w = Css(dict(chosen["normal"]["style"]), width, height).value(dict(chosen["normal"]["style"])["--card-w"])
    return chosen["compact"] if "compact" in chosen and card_w < COMPACT_BELOW else chosen["normal"]


@pytest.mark.parametrize("game_id", PLAYER_GAMES)
def test_every_pile_and_card_is_where_python_puts_them_at_any_size(made, game_id):
    spec = get_spec(game_id)
    entry = made["games"][game_id]
    piles = deal(game_id)
    for width, height in sizes():
        layout = plan(spec, width, height)
        view = pick(entry, width, height)
        css = Css(dict(view["style"]), width, height)
        root = dict(view["style"])
        if len({s.row for s in layout.slots.values() if s.kind == "column"}) > 1:
            # Many columns on an upright table stand in two rows: the sketch (one
            # row) has cards narrower than a finger there, and the page takes it back.
            assert height > width and css.value(root["--card-w"]) < TARGET_W
            continue
        assert css.value(root["--card-w"]) == pytest.approx(layout.card_w, abs=0.01)
        assert css.value(root["--card-h"]) == pytest.approx(layout.card_h, abs=0.01)
        assert [p[0] for p in view["piles"]] == list(spec.pile_names)
        for name, kind, style, cards, *label in view["piles"]:
            slot, codes = layout.slots[name], piles[name]
            offsets = layout.offsets(name, codes)
            w, h = layout.extent(name, offsets)
            box = {k: css.value(v) for k, v in style}
            want = {"left": slot.x, "top": slot.y, "width": w, "height": h}
            for key, v in want.items():
                assert box[key] == pytest.approx(v, abs=0.01), (game_id, width, height, name, key)
            assert kind == slot.kind
            assert label == ([slot.label] if slot.label else [])
            assert len(cards) == len(codes)
            for (x, y), (left, top) in zip(offsets, cards):
                assert (css.value(left), css.value(top)) == pytest.approx((x, y), abs=0.01), (game_id, name)


def test_the_compact_sketch_fans_as_compact_cards_do(made):
    """Forty Thieves' face-up columns fan wider with compact cards: the page
    picks the compact sketch by the card's width, as plan() decides."""
    entry = made["games"]["forty-thieves"]
    assert "compact" in entry and entry["compact"]["cls"] == "board compact"
    assert made["compactBelow"] == COMPACT_BELOW and made["targetW"] == TARGET_W
    spec = get_spec("forty-thieves")
    layout = plan(spec, 844, 348.4)
    assert layout.compact
    t1 = next(p for p in entry["compact"]["piles"] if p[0] == "t1")
    height = Css(dict(entry["compact"]["style"]), 844, 348.4).value(dict(t1[2])["height"])
    assert height == pytest.approx(layout.extent("t1", layout.offsets("t1", deal("forty-thieves")["t1"]))[1], abs=0.01)
    normal = next(p for p in entry["normal"]["piles"] if p[0] == "t1")
    assert Css(dict(entry["normal"]["style"]), 844, 348.4).value(dict(normal[2])["height"]) < height - 5


def test_every_game_has_one_and_royal_retinue_one_for_each_arrangement(made):
    """Royal Retinue chooses between two arrangements by the table's size,
    which CSS cannot: a sketch of each, and the page picks by their fits.
    Both are met among the sizes the placement test checks. Its piles'
    labels are written in the player's letters (German: B, D)."""
    assert set(made["games"]) == set(PLAYER_GAMES)
    assert made["defaultGame"] in made["games"]
    spec = get_spec("retinue")
    with pytest.raises(sketches.Unexpressible):
        sketches.sketch(spec, deal("retinue"), compact=False)  # no arrangement named: it depends on the size
    entry = made["games"]["retinue"]
    assert [e["arrangement"] for e in (entry, *entry["other"])] == list(sketches.ARRANGEMENTS)
    modes = {plan(spec, w, h).labelled_mode for w, h in sizes()}
    assert modes == {"beside", "below"}
    chosen = {id(pick(entry, w, h)) for w, h in sizes()}
    assert len(chosen) >= 3  # wide beside, wide below and at least one narrow one
    assert made["ranks"]["de"]["Q"] == "D" and made["ranks"]["de"]["J"] == "B" and made["ranks"]["en"]["Q"] == "Q"
    labels = [p[4] for p in entry["normal"]["piles"]]
    assert labels == list(spec.labels)


def test_the_sketch_shows_only_backs_and_the_deal_is_any(made):
    """Nothing of a deal is in the page's script: a card's place depends only
    on whether it is face up, the same in every deal of the game."""
    text = sketches.script()
    assert "data-card" not in text and ".svg" in made["back"]
    for game_id in made["games"]:
        a = [[len(c) for c in p.position.piles] for p in (new_game(game_id, 1), new_game(game_id, 2))]
        b = [
            [[is_face_down(x) for x in c] for c in p.position.piles]
            for p in (new_game(game_id, 1), new_game(game_id, 2))
        ]
        assert a[0] == a[1] and b[0] == b[1]


def test_a_comparison_that_depends_on_the_size_is_never_taken_as_one_answer():
    width, height = sketches.Length.side("width"), sketches.Length.side("height")
    assert (width * 0.5 + 10 > 0) is True
    with pytest.raises(sketches.Unexpressible):
        bool(width < height)
    with pytest.raises(sketches.Unexpressible):
        width * height


def test_the_layout_with_numbers_is_unchanged_by_the_symbolic_path():
    """_min and _max take the builtins' path for numbers (and keep their types)."""
    layout = plan(get_spec("reloaded"), 1280, 626)
    assert isinstance(layout.card_w, float) and isinstance(layout.slots["t1"].y, float)
    assert layout.card_w == pytest.approx(
        min((1280 - 2 * 15.36 - 6 * 10.24) / 7, (626 - 2 * 15.36 - 15.36) / 3.8 / 1.4)
    )


def test_the_loading_bar_knows_the_runtimes_files_and_their_sizes(made):
    """The bar counts bytes against the sizes of the files a first visit
    waits for (static/js/boot.js): the runtime's WebAssembly, its standard
    library, the game's archive, PyScript's core chunk, each as big as the
    file the page is served."""
    sizes = made["runtime"]
    for rel in (*sketches.RUNTIME_FILES, "static/game.zip"):
        assert sizes[rel] == (sketches.ROOT / rel).stat().st_size
    core = [rel for rel in sizes if rel.startswith("static/vendor/pyscript/core-")]
    assert len(core) == 1 and sizes[core[0]] > 50_000
    assert sizes["static/vendor/pyodide/pyodide.asm.wasm"] > 0.5 * sum(sizes.values())
