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
- **A look-alike skeleton**: letters of other scripts drawn like Latin ones
  (Cyrillic а е о р с у х, Greek Α Β Ε Η Ι Κ Μ Ν Ο Ρ Τ Χ, Armenian օ ս, …),
  and Latin shapes that blur (I l 1 |, O 0, rn m, vv w), map to one letter,
  case is folded, and invisible joiners and variation selectors are dropped.
  Two names with one skeleton cannot play in the same duel, and a key
  remembered for one is the key of the other.

The tables are short and cover the scripts whose letters pass for Latin
ones; a name in one script alone that imitates another person's name in
another script (all-Cyrillic "Аре" for "Ape") is still caught by the
skeleton when both names meet in one duel or under one remembered key.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from .errors import InvalidChallenge

MAX_NAME = 24  # characters

# Letters of one script that are drawn like a Latin letter (or digit), each
# mapped to it. Applied before and after case folding.
_LOOKALIKE = {
    # Cyrillic capitals and small letters
    "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C",
    "Т": "T", "У": "Y", "Х": "X", "Ѕ": "S", "І": "l", "Ј": "J", "Ү": "Y", "Һ": "h", "Ԛ": "Q",
    "Ԝ": "W", "Ӏ": "l", "Ь": "b", "Ԁ": "d",
    "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "ѕ": "s", "і": "i",
    "ј": "j", "ԁ": "d", "ԛ": "q", "ԝ": "w", "һ": "h", "ӏ": "l", "ү": "y", "ь": "b", "к": "k",
    "г": "r", "ѡ": "w", "ё": "ë", "ї": "ï",
    # Greek
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "l", "Κ": "K", "Μ": "M", "Ν": "N",
    "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X", "Ϲ": "C", "Ϳ": "J",
    "ο": "o", "α": "a", "ι": "i", "κ": "k", "ν": "v", "ρ": "p", "υ": "u", "χ": "x", "ϲ": "c",
    "ϳ": "j", "γ": "y",
    # Armenian
    "Օ": "O", "Ս": "U", "Լ": "L", "օ": "o", "ս": "u", "ց": "g", "հ": "h", "ո": "n", "զ": "q",
    # Cherokee (case folding turns its small letters into these capitals)
    "Ꭺ": "A", "Ᏼ": "B", "Ꮯ": "C", "Ꭼ": "E", "Ꮋ": "H", "Ꭻ": "J", "Ꮶ": "K", "Ꮮ": "L", "Ꮇ": "M",
    "Ꮎ": "O", "Ꮲ": "P", "Ꮪ": "S", "Ꭲ": "T", "Ꮩ": "V", "Ꮃ": "W", "Ꮓ": "Z",
    # Latin letters and signs that blur with others
    "ı": "i", "ȷ": "j", "ɑ": "a", "ɡ": "g", "ɩ": "i", "ǀ": "l", "I": "l", "1": "l", "|": "l",
    "0": "o", "ꓲ": "l",
}  # fmt: skip
_TABLE = str.maketrans(_LOOKALIKE)
_SEQUENCES = (("rn", "m"), ("vv", "w"))

# Invisible in a name: joiners (ZWJ joins emoji, so names may hold it) and
# variation selectors. The skeleton drops them.
_INVISIBLE = frozenset("\u200d\u034f") | frozenset(map(chr, range(0xFE00, 0xFE10)))
# Characters that draw nothing at all: a name may not hold them.
_BAD_CATEGORIES = {"Cc", "Cs", "Co", "Cn", "Zl", "Zp"}
_ZWJ = "\u200d"  # joins emoji; every other format character (Cf) is refused
BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f") | frozenset(map(chr, range(0x180B, 0x1810)))

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
    """The name as it looks: two names with one skeleton pass for each other."""
    text = unicodedata.normalize("NFKC", name)
    text = "".join(c for c in text if c not in _INVISIBLE).translate(_TABLE)
    text = text.casefold().translate(_TABLE)
    for seq, one in _SEQUENCES:
        text = text.replace(seq, one)
    return text


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
