"""Every word of the app's screens, by stable key, in English, German, Italian.

``t(lang, key, **params)`` fills ``{param}`` fields and falls back to English
for a key a language lacks. Texts are plain text (they go in as text, never as
markup). Counts that need a plural have one key per form (``aria.pile_one`` /
``aria.pile_many``) or are worded so that one form fits every number.

The words live in one module per table and language (``ui_de.py``,
``flow_de.py``: see ``__init__.py``); a language is imported the first time
it is asked for, so the page loads only the player's.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module

LANGUAGES = ("en", "de", "it")
DEFAULT = "en"

# The tables of words, merged in this order into each language's UI[lang]:
# module ``<table>_<lang>.py`` holds ``WORDS = {key: text}``.
TABLES = ("ui", "flow", "looks", "daily")

# A tool named in a text by a field (the first-visit guide's ``{hint}``,
# ``{undo}``): the page puts in both of its labels, the toolbar's
# (``action.*``) and the short one under its icon on a phone (``tool.*``).
TOOL_NAMES = {"hint": ("action.hint", "tool.hint"), "undo": ("action.undo", "tool.undo")}


class Languages(Mapping):
    """``UI[lang]``: every word of ``lang``, imported on first use. Iterating
    gives every language the app speaks, loaded or not."""

    def __init__(self):
        self.loaded: dict[str, dict[str, str]] = {}

    def __getitem__(self, lang: str) -> dict[str, str]:
        words = self.loaded.get(lang)
        if words is None:
            if lang not in LANGUAGES:
                raise KeyError(lang)
            words = {}
            for table in TABLES:
                words.update(import_module(f"{__package__}.{table}_{lang}").WORDS)
            self.loaded[lang] = words
        return words

    def __contains__(self, lang) -> bool:
        return lang in LANGUAGES

    def __iter__(self) -> Iterator[str]:
        return iter(LANGUAGES)

    def __len__(self) -> int:
        return len(LANGUAGES)


UI = Languages()


def __getattr__(name: str):
    """``EN``, ``DE``, ``IT``: one language's words (imported when first asked for)."""
    if name in ("EN", "DE", "IT"):
        return UI[name.lower()]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class _KeepUnknown(dict):
    """Leaves a ``{field}`` nobody supplied as it is, rather than failing."""

    def __missing__(self, key):
        return "{" + key + "}"


def t(lang: str, key: str, **params) -> str:
    """The text for ``key`` in ``lang`` with ``{param}`` fields filled in.

    An unknown language or a key the language lacks falls back to English; a
    key English lacks too comes back as the key itself, so a slip shows up on
    screen instead of breaking the page.
    """
    table = UI[lang] if lang in UI else UI[DEFAULT]
    text = table.get(key)
    if text is None:
        text = UI[DEFAULT].get(key, key)
    return text.format_map(_KeepUnknown(params)) if params else text


def pick_language(accept_languages) -> str:
    """The first of the browser's preferred languages that the app speaks.

    ``accept_languages`` is ``navigator.languages`` (``["de-AT", "en"]``) or an
    Accept-Language header (``"de-AT,de;q=0.9"``); order is preference and
    ``q`` weights are ignored. Nothing usable gives English.
    """
    if isinstance(accept_languages, str):
        accept_languages = accept_languages.split(",")
    for tag in accept_languages or ():
        if not isinstance(tag, str):
            continue
        primary = tag.split(";")[0].strip().replace("_", "-").split("-")[0].lower()
        if primary in UI:
            return primary
    return DEFAULT


def pile_name(lang: str, pile_id: str, retinue_label: str | None = None) -> str:
    """A pile's accessible name: ``stock``, ``waste``, ``f3``, ``c2``, ``t5``; for a
    Royal Retinue pile pass its rank label ("J") as ``retinue_label``."""
    if retinue_label is not None:
        return t(lang, "aria.retinue_pile", label=retinue_label)
    if pile_id in ("stock", "waste"):
        return t(lang, f"aria.{pile_id}")
    kind = {"f": "aria.foundation", "c": "aria.cell", "t": "aria.column"}.get(pile_id[:1])
    if kind is None or not pile_id[1:].isdigit():
        raise ValueError(f"{pile_id!r} is not a pile (stock, waste, f1…, c1…, t1…)")
    return t(lang, kind, n=int(pile_id[1:]))


def pile_label(lang: str, name: str, count: int) -> str:
    """A pile's name with how many cards it holds: "Column 5, 3 cards"."""
    if count == 0:
        return t(lang, "aria.pile_empty", pile=name)
    if count == 1:
        return t(lang, "aria.pile_one", pile=name)
    return t(lang, "aria.pile_many", pile=name, count=count)
