"""The first view of a first visit: each game's table, drawn before Python starts.

A returning player's first view is the copy of the last table that
static/js/view.js keeps. A first visit has no copy, so this script draws one
for every game ahead of time, in ``static/js/sketches.js``: the piles of a
new deal in their places, every card showing its back. Python replaces it
with the real deal once it is up, element for element in the same boxes.

The places come from ``game/web/layout.py`` itself, the code that places
the cards in play, run once here with a symbolic table size: ``Length``
stands for "the table's width" or "its height" and for every value worked
out from them, so ``plan`` and ``Layout.offsets`` return CSS expressions
(``calc()``, ``min()``, ``max()`` over the table's container units) instead
of numbers. The browser works them out for the window the player has, and
no second copy of the geometry exists.

Where ``layout.py`` compares two sizes, a ``Length`` answers for every size
in ``SAMPLES`` at once; a comparison that goes both ways across them (which
CSS cannot express) raises ``Unexpressible``. Two of them are left to the
page, which picks by the card's width: whether cards are ``compact`` (two
sketches are made where it matters), and Royal Retinue's arrangement, its
rows (wide, or three piles a row on an upright table) and its placed cards
beside or below their pile (a sketch of each, the first with the others in
``other``, each with its ``fit``; view.js shows the one with the larger
cards, as ``layout.plan`` picks). Royal Retinue's piles carry their rank
labels, in every language (``ranks``).

The script also carries the loading screen's words in every language
(``loading.*`` of ``game/web/texts``), so the slim bar over a sketch, and
the loading screen itself, speak the player's language before Python can,
and the sizes of the runtime's files (``runtime``), against which the
loading bar counts the bytes that have arrived (static/js/boot.js).

    python -m tools.sketches            # write static/js/sketches.js if it changed
    python -m tools.sketches --check    # exit 1 if it is not up to date
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import replace
from pathlib import Path

from game import new_game
from game.cards import is_face_down
from game.catalog import GAMES, PLAYER_GAMES
from game.web.layout import COMPACT_BELOW, TARGET_W, TIGHT_BELOW, plan
from game.web.texts.cards import index_rank
from game.web.texts.games import GAMES as GAME_TEXTS
from game.web.texts.ui import LANGUAGES, UI
from game.web.url import DEFAULT_GAME

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "static" / "js" / "sketches.js"
BACK = "./static/cards/back-blue.svg"  # the default back (storage.py's settings)
FACES = "napoletane"  # the default face set of the Italian deck
SEED = 1  # any deal: only the number of cards in each pile, and which face up, show
# The loading screen's words (static/js/boot.js shows them while Python starts).
LOADING_WORDS = ("loading.start", "loading.runtime", "loading.storage", "loading.python",
                 "loading.python_ready", "loading.rules", "loading.failed", "loading.reload",
                 "loading.progress", "loading.wait", "loading.amount")  # fmt: skip
# The files a first visit waits for before Python can start, the big ones
# (their bytes as the page reads them, after any compression on the wire):
# the loading bar counts what has arrived of them. PyScript's core chunk is
# added by name (``runtime_sizes``).
RUNTIME_FILES = ("static/vendor/pyodide/pyodide.asm.wasm", "static/vendor/pyodide/pyodide.asm.mjs",
                 "static/vendor/pyodide/python_stdlib.zip", "static/game.zip",
                 "static/vendor/pyodide/pyodide-lock.json", "static/vendor/pyodide/pyodide.mjs")  # fmt: skip
PYSCRIPT_CORE = "static/vendor/pyscript/core.js"

# Table sizes, in CSS px, that every comparison is checked at.
_SIDES = (60, 100, 150, 180, 200, 240, 280, 320, 360, 390, 430, 480, 540, 600, 667, 720, 800, 900,
          1024, 1152, 1280, 1440, 1600, 1920, 2304, 2560, 3200, 3840, 5120, 7680, 10000)  # fmt: skip
SAMPLES = tuple((w, h) for w in _SIDES for h in _SIDES)


class Unexpressible(ValueError):
    """The layout asks a question about the size that depends on the size."""


class Undecided:
    """The answer of a comparison that depends on the table's size: kept
    (``Layout.compact`` may hold it until the sketch sets it), never used."""

    def __bool__(self):
        raise Unexpressible("a comparison whose answer depends on the table's size")


class Length:
    """A length that depends on the table's size: CSS text plus its value
    at every size of ``SAMPLES`` (``vals``). Arithmetic with numbers (px,
    or plain factors for * and /) and other lengths builds new ones."""

    __slots__ = ("op", "args", "vals")

    def __init__(self, op: str, args: tuple, vals: tuple):
        self.op, self.args, self.vals = op, args, vals

    @staticmethod
    def side(name: str) -> Length:
        i = 0 if name == "width" else 1
        return Length("100cqw" if i == 0 else "100cqh", (), tuple(float(s[i]) for s in SAMPLES))

    # --- arithmetic ---------------------------------------------------------------
    @staticmethod
    def _vals(x) -> tuple:
        return x.vals if isinstance(x, Length) else (float(x),) * len(SAMPLES)

    def _sum(self, other, sign: int, flipped: bool = False) -> Length | float:
        if not isinstance(other, (Length, int, float)):
            return NotImplemented
        if not isinstance(other, Length) and other == 0:
            return self if not flipped else (self if sign > 0 else self * -1)
        a, b = (other, self) if flipped else (self, other)
        va, vb = self._vals(a), self._vals(b)
        vals = tuple(x + y for x, y in zip(va, vb)) if sign > 0 else tuple(x - y for x, y in zip(va, vb))
        return Length("+" if sign > 0 else "-", (a, b), vals)

    def __add__(self, other):
        return self._sum(other, 1)

    def __radd__(self, other):
        return self._sum(other, 1, flipped=True)

    def __sub__(self, other):
        return self._sum(other, -1)

    def __rsub__(self, other):
        return self._sum(other, -1, flipped=True)

    def __mul__(self, factor):
        if isinstance(factor, Length):
            raise Unexpressible("a length times a length")
        if not isinstance(factor, (int, float)):
            return NotImplemented
        if factor == 1:
            return self
        if factor == 0:
            return 0.0
        return Length("*", (self, float(factor)), tuple(v * factor for v in self.vals))

    __rmul__ = __mul__

    def __truediv__(self, divisor):
        if isinstance(divisor, Length):
            raise Unexpressible("a length divided by a length")
        if not isinstance(divisor, (int, float)):
            return NotImplemented
        if divisor == 1:
            return self
        return Length("/", (self, float(divisor)), tuple(v / divisor for v in self.vals))

    def __neg__(self):
        return self * -1

    def __rtruediv__(self, other):
        raise Unexpressible("a number divided by a length")

    def __float__(self):
        raise Unexpressible("a length as one number")

    # --- min, max (layout.py's _min and _max call these) ----------------------------
    @staticmethod
    def least(*values) -> Length:
        return Length._pick("min", values)

    @staticmethod
    def greatest(*values) -> Length:
        return Length._pick("max", values)

    @staticmethod
    def _pick(op: str, values) -> Length:
        cols = [Length._vals(v) for v in values]
        choose = min if op == "min" else max
        vals = tuple(choose(c[i] for c in cols) for i in range(len(SAMPLES)))
        # One argument that wins at every size is the value itself.
        for v, c in zip(values, cols):
            if c == vals:
                return v if isinstance(v, Length) else float(v)
        return Length(op, tuple(values), vals)

    # --- comparisons: the same answer at every size, or none ------------------------
    def _compare(self, other, test) -> bool:
        if not isinstance(other, (Length, int, float)):
            return NotImplemented
        answers = {test(a, b) for a, b in zip(self.vals, self._vals(other))}
        return answers.pop() if len(answers) == 1 else Undecided()

    def __lt__(self, other):
        return self._compare(other, lambda a, b: a < b)

    def __le__(self, other):
        return self._compare(other, lambda a, b: a <= b)

    def __gt__(self, other):
        return self._compare(other, lambda a, b: a > b)

    def __ge__(self, other):
        return self._compare(other, lambda a, b: a >= b)

    def __bool__(self):
        return bool(self._compare(0.0, lambda a, b: a != b))  # Undecided raises

    __hash__ = object.__hash__

    # --- its value at a size (the tests check it against plan() with numbers) --------
    def at(self, width: float, height: float) -> float:
        return evaluate(self, width, height)


def evaluate(x, width: float, height: float) -> float:
    if not isinstance(x, Length):
        return float(x)
    op, args = x.op, x.args
    if op == "100cqw":
        return float(width)
    if op == "100cqh":
        return float(height)
    vals = [evaluate(a, width, height) for a in args]
    if op == "+":
        return vals[0] + vals[1]
    if op == "-":
        return vals[0] - vals[1]
    if op == "*":
        return vals[0] * vals[1]
    if op == "/":
        return vals[0] / vals[1]
    return min(vals) if op == "min" else max(vals)


def _number(v: float) -> str:
    text = repr(float(v))  # the shortest text that reads back as the same float; CSS reads 1e-07 too
    return text[:-2] if text.endswith(".0") else text


class Writer:
    """CSS text for lengths; a length used in more than one place becomes a
    custom property of the board (``--s1``, ...), written once."""

    def __init__(self, outputs):
        self.uses: dict[int, int] = {}
        self.names: dict[int, str] = {}
        self.props: list[tuple[str, str]] = []
        seen: set[int] = set()

        def count(x):
            if not isinstance(x, Length) or not x.args:
                return
            self.uses[id(x)] = self.uses.get(id(x), 0) + 1
            if id(x) in seen:
                return
            seen.add(id(x))
            for a in x.args:
                count(a)

        for x in outputs:
            count(x)

    def value(self, x) -> str:
        """A property's value: ``12.5px`` or ``calc(...)``."""
        if not isinstance(x, Length):
            return _number(x) + "px"
        text = self._text(x)
        return text if text.startswith(("var(", "min(", "max(")) or not x.args else f"calc({text})"

    def _text(self, x, factor: bool = False) -> str:
        if not isinstance(x, Length):
            return _number(x) if factor else _number(x) + "px"
        if not x.args:
            return x.op
        if id(x) in self.names:
            return f"var({self.names[id(x)]})"
        if x.op in ("+", "-"):
            text = f"({self._text(x.args[0])} {x.op} {self._text(x.args[1])})"
        elif x.op in ("*", "/"):
            text = f"({self._text(x.args[0])} {x.op} {self._text(x.args[1], factor=True)})"
        else:
            text = f"{x.op}({', '.join(self._text(a) for a in x.args)})"
        if self.uses.get(id(x), 0) > 1:
            name = f"--s{len(self.props) + 1}"
            self.props.append((name, text if text.startswith(("min(", "max(")) else f"calc{text}"))
            self.names[id(x)] = name
            return f"var({name})"
        return text


def sketch(spec, piles: dict, compact: bool, arrangement: str | None = None) -> dict:
    """The view (static/js/view.js's format) of ``spec``'s new deal ``piles``,
    at every table size; raises Unexpressible where CSS cannot say it.
    ``arrangement``: Royal Retinue's (``layout.plan``)."""
    width, height = Length.side("width"), Length.side("height")
    layout = replace(plan(spec, width, height, arrangement=arrangement), compact=compact)
    places = []  # (pile name, slot, its cards' offsets, its extent, its fan step)
    for name in spec.pile_names:
        codes = list(piles.get(name, ()))
        offsets = layout.offsets(name, codes)
        step = layout.up_step(name, codes)
        if step and step < layout.card_h * TIGHT_BELOW:
            raise Unexpressible("a tight fan at the deal")
        places.append((name, layout.slots[name], offsets, layout.extent(name, offsets), step))
    outputs = [layout.card_w, layout.card_h, layout.label_h, *([layout.fit] if spec.labels else [])]
    for _, slot, offsets, extent, step in places:
        outputs += [slot.x, slot.y, *extent, step]
        for x, y in offsets:
            outputs += [x, y]
    out = Writer(outputs)
    pile_list = []
    for name, slot, offsets, (w, h), step in places:
        style = [["left", out.value(slot.x)], ["top", out.value(slot.y)], ["width", out.value(w)]]
        style.append(["height", out.value(h)])
        if step:
            style.append(["--strip", out.value(step)])
        cards = [[out.value(x), out.value(y)] for x, y in offsets]
        pile_list.append([name, slot.kind, style, cards, *([slot.label] if slot.label else [])])
    root = [["--card-w", out.value(layout.card_w)], ["--card-h", out.value(layout.card_h)]]
    root.append(["--label-h", out.value(layout.label_h)])
    italian = spec.deck.name.startswith("italian")
    fit = {"fit": out.value(layout.fit)} if spec.labels else {}  # how the page picks an arrangement
    return {
        **fit,
        # The custom properties first: the others refer to them.
        "style": [list(p) for p in out.props] + root,
        "cls": "board" + (" compact" if compact else ""),
        "data": {"game": spec.id, "deck": "italian" if italian else "french", "faces": FACES if italian else "french"},
        "piles": pile_list,
    }


# Royal Retinue's, in the order layout.plan tries them (the first wins where two give cards as large;
# "narrow" only on an upright table).
ARRANGEMENTS = ("wide beside", "wide below", "narrow beside", "narrow below")


def sizes(spec, piles: dict, arrangement: str | None = None) -> dict:
    """{"normal": view} and, where compact cards change the places,
    {"compact": view} too."""
    normal = sketch(spec, piles, compact=False, arrangement=arrangement)
    small = sketch(spec, piles, compact=True, arrangement=arrangement)
    entry = {"normal": normal}
    if small["piles"] != normal["piles"] or small["style"] != normal["style"]:
        entry["compact"] = small
    return entry


def sketches() -> dict:
    """Every game's sketches (``sizes``); for Royal Retinue, those of its
    first arrangement, with the others' in {"other": [...]}, each named
    ("arrangement"). Games CSS cannot lay out are left out."""
    games = {}
    for game_id in PLAYER_GAMES:
        spec = GAMES[game_id]
        names = spec.pile_names
        piles = {names[i]: p for i, p in enumerate(new_game(game_id, SEED).position.piles)}
        piles = {name: [c.lower() if is_face_down(c) else c for c in codes] for name, codes in piles.items()}
        try:
            if spec.labels:
                entry, *rest = ({**sizes(spec, piles, a), "arrangement": a} for a in ARRANGEMENTS)
                entry["other"] = rest
            else:
                entry = sizes(spec, piles)
        except Exception as e:  # a layout this script cannot follow yet: that game goes without
            print(f"tools/sketches.py: no sketch for {game_id} ({type(e).__name__}: {e})", file=sys.stderr)
            continue
        games[game_id] = entry
    return games


def runtime_sizes(root: Path = ROOT) -> dict[str, int]:
    """{path from the app's folder: bytes} of RUNTIME_FILES and of the
    chunk PyScript's core.js loads its code from; files not there are left out."""
    files = list(RUNTIME_FILES)
    core = root / PYSCRIPT_CORE
    if core.is_file():
        files += [
            f"static/vendor/pyscript/{name}" for name in re.findall(r'from"\./(core-[\w-]+\.js)"', core.read_text())
        ]
    return {rel: (root / rel).stat().st_size for rel in files if (root / rel).is_file()}


def ranks() -> dict:
    """The rank labels of Royal Retinue's piles as the page writes them, by language."""
    labels = sorted({label for game in PLAYER_GAMES for label in GAMES[game].labels})
    return {lang: {label: index_rank(lang, label) for label in labels} for lang in LANGUAGES}


def script() -> str:
    data = {
        "back": BACK,
        "compactBelow": COMPACT_BELOW,
        "defaultGame": DEFAULT_GAME,
        "games": sketches(),
        "languages": list(LANGUAGES),
        # Each game's name, for the loading screen's words ("{game}").
        "names": {lang: {game: GAME_TEXTS[game][lang].name for game in PLAYER_GAMES} for lang in LANGUAGES},
        "ranks": ranks(),
        "runtime": runtime_sizes(),
        "targetW": TARGET_W,
        "words": {lang: {key: UI[lang].get(key, UI["en"][key]) for key in LOADING_WORDS} for lang in LANGUAGES},
    }
    return (
        "// Made by tools/sketches.py (python -m tools.sketches) from game/web/layout.py\n"
        "// and game/web/texts: each game's new table, card backs only, for a first\n"
        "// visit's first view (static/js/view.js shows it), and the loading screen's\n"
        "// words (static/js/boot.js). Not kept in git: tools/setup.sh makes it.\n"
        f"window.SolSketches = {json.dumps(data, separators=(',', ':'), sort_keys=True)};\n"
    )


def refresh(path: Path = OUTPUT) -> bool:
    """Write the script if it changed (its time stamp, and so the offline
    cache's version, stay the same otherwise). True if it was written."""
    text = script()
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return False
    path.write_text(text, encoding="utf-8")
    return True


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if static/js/sketches.js is not up to date")
    args = ap.parse_args(argv)
    if args.check:
        fresh = OUTPUT.exists() and OUTPUT.read_text(encoding="utf-8") == script()
        print("up to date" if fresh else f"{OUTPUT.relative_to(ROOT)} is out of date: python -m tools.sketches")
        return 0 if fresh else 1
    wrote = refresh()
    print(f"{OUTPUT.relative_to(ROOT)}: {'written' if wrote else 'up to date'} ({OUTPUT.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
