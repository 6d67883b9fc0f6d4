"""Start the game in the page: deal, draw the board, hide the loading screen.

Runs in Pyodide under PyScript (index.html calls ``start``). The board's
markup is the contract the end-to-end tests read: every pile is an element
with ``data-pile``, every card an element with ``data-card`` (lower case when
face down) and ``data-face``, in order bottom to top; the board carries
``data-status``.
"""

from __future__ import annotations

import json

import js
from pyscript import document

from game import new_game

from .layout import CardView, PileView, board_view

GAME_ID = "reloaded"
SEED = 1


def _boot(method: str, *args) -> None:
    boot = getattr(js.window, "boot", None)
    if boot is not None:
        getattr(boot, method)(*args)


def card_element(card: CardView):
    node = document.createElement("div")
    node.className = "card " + ("up" if card.face_up else "down") + (" red" if card.red else "")
    node.dataset.card = card.code
    node.dataset.face = "up" if card.face_up else "down"
    node.setAttribute("aria-label", card.label)
    node.style.setProperty("--fan", str(round(card.offset, 3)))
    if card.face_up:
        rank = document.createElement("span")
        rank.className = "rank"
        rank.textContent = card.rank_text
        suit = document.createElement("span")
        suit.className = "suit"
        suit.textContent = card.suit_symbol
        pip = document.createElement("span")
        pip.className = "pip"
        pip.textContent = card.suit_symbol
        node.append(rank, suit, pip)
    return node


def pile_element(pile: PileView):
    node = document.createElement("div")
    node.className = f"pile {pile.kind}" + (" empty" if not pile.cards else "")
    node.dataset.pile = pile.id
    node.setAttribute("role", "group")
    node.setAttribute("aria-label", pile.label)
    if pile.fanned:
        node.style.setProperty("--depth", str(round(pile.depth, 3)))
    for card in pile.cards:
        node.append(card_element(card))
    return node


def render(board, rows: list[list[PileView]]) -> None:
    cols = max(len(row) for row in rows)
    board.style.setProperty("--cols", str(cols))
    frame = document.createDocumentFragment()
    for row in rows:
        row_node = document.createElement("div")
        row_node.className = "row " + ("columns" if row[0].kind == "column" else "top")
        placed_foundations = False
        for pile in row:
            node = pile_element(pile)
            if pile.kind == "foundation" and not placed_foundations:
                # Foundations line up on the right, over the last columns.
                count = sum(1 for p in row if p.kind == "foundation")
                node.style.gridColumnStart = str(max(1, cols - count + 1))
                placed_foundations = True
            row_node.append(node)
        frame.append(row_node)
    board.replaceChildren(frame)


def start(game_id: str = GAME_ID, seed: int = SEED) -> None:
    _boot("stage", "Dealing the cards\u2026", 96, 99)
    board = document.getElementById("board")
    try:
        game = new_game(game_id, seed=seed)
        position = game.position.to_json()
        if isinstance(position, str):
            position = json.loads(position)
        rows = board_view(position, game.spec.pile_names)
        render(board, rows)
    except Exception as exc:
        _boot("fail", f"{type(exc).__name__}: {exc}")
        raise
    board.dataset.game = game_id
    board.dataset.seed = str(seed)
    board.dataset.status = "playing"
    board.hidden = False
    title = document.getElementById("game-title")
    if title is not None:
        title.textContent = game.spec.name
    info = document.getElementById("deal-info")
    if info is not None:
        info.textContent = f"Game {seed}"
    _boot("done")
    js.performance.mark("interactive")
