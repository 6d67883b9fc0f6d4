"""The sheet of keyboard shortcuts (the "?" key): the keys the game on the
table answers to, and only those (no undo key in a game without undo).

``shortcut_rows`` is plain Python (tested under CPython); ``fill_shortcuts``
writes the rows into the sheet's ``<dl>``.
"""

from __future__ import annotations

from .texts.ui import t


def shortcut_rows(lang: str, spec) -> list[tuple[tuple[str, ...], str]]:
    """``[(keys, what they do)]`` for ``spec``'s game, in ``lang``.

    Each key is shown as it is labelled on a keyboard; a few have words
    (``shortcut.name_*``) so they read in the player's language."""
    name = {k: t(lang, f"shortcut.name_{k}") for k in ("tab", "arrows", "enter", "space", "esc", "ctrl")}
    rows = [
        ((name["tab"],), t(lang, "shortcut.tab")),
        ((name["arrows"],), t(lang, "shortcut.arrows")),
        ((name["enter"], name["space"]), t(lang, "shortcut.pick")),
        ((name["esc"],), t(lang, "shortcut.cancel")),
    ]
    if spec.stock == "row":  # Spider: a card onto every column
        rows.append((("D",), t(lang, "shortcut.deal")))
    elif spec.has_stock:  # turning the waste over only where the stock is dealt again
        rows.append((("D",), t(lang, "shortcut.draw_only" if spec.redeals == 0 else "shortcut.draw")))
    if spec.has_undo:
        rows.append((("U", f"{name['ctrl']}+Z"), t(lang, "shortcut.undo")))
    if spec.redo:
        rows.append((("R", f"{name['ctrl']}+Y"), t(lang, "shortcut.redo")))
    rows.append((("H",), t(lang, "shortcut.hint")))
    rows.append((("?",), t(lang, "shortcut.help")))
    return rows


def fill_shortcuts(dl, lang: str, spec) -> None:
    from pyscript import document  # the page only; the rows above need no browser

    frame = document.createDocumentFragment()
    for keys, what in shortcut_rows(lang, spec):
        row = document.createElement("div")
        term = document.createElement("dt")
        for i, key in enumerate(keys):
            if i:
                term.append(document.createTextNode(" " + t(lang, "shortcut.or") + " "))
            kbd = document.createElement("kbd")
            kbd.textContent = key
            term.append(kbd)
        desc = document.createElement("dd")
        desc.textContent = what
        row.append(term, desc)
        frame.append(row)
    dl.replaceChildren(frame)
