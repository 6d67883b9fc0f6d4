"""The pieces a rules text is made of (shared by the builder and the words)."""

from __future__ import annotations

from typing import NamedTuple


class Item(NamedTuple):
    text: str
    decided: str | None = None


class Section(NamedTuple):
    key: str  # goal | cards | layout | moves | stock | foundations | scoring | undo | end | ties | table | controls
    title: str
    items: tuple[Item, ...]


def D(decided: str, text: str) -> Item:
    """An item that states one of the project's decisions (RULES.md "(decided)")."""
    return Item(text, decided)
