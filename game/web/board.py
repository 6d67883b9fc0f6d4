"""The card table in the page: one element per pile and per card.

Cards are created once per deal; after a move ``sync`` re-parents only the
elements whose cards moved (``match``), places them (``layout``) and lets
``static/js/table.js`` animate the change. Test hooks and embedding
contract: every pile element carries ``data-pile``, every card element
``data-card`` (lower case when face down) and ``data-face``, inside its
pile's element in order bottom to top.

Python decides every change and where each card goes; the page gets them
as one list per update (``Changes``), which ``SolTable.apply`` carries out
in one call: a move costs one crossing into JavaScript instead of one per
style, class and attribute, and the slide's start is worked out from the
places Python wrote, without reading the page's layout.
"""

from __future__ import annotations

import json

import js
from pyodide.ffi import to_js
from pyscript import document

from game.cards import RED_SUITS, is_face_down
from game.spec import Stock

from .layout import FAN_UP, TIGHT_BELOW, Layout
from .match import match
from .texts.cards import card_name, index_rank, index_suit, relettered
from .texts.ui import pile_label, pile_name, t

# The face sets that draw a deck of each style (cards.Deck.style), the default first.
DECK_FACES = {"french": ("french",), "italian": ("napoletane", "piacentine", "french")}

ART_ROOT = "./static/cards/"
FACE_SETS = ("napoletane", "piacentine", "french")


def px(v: float) -> str:
    return f"{v:.2f}px"


class Changes:
    """The board's changes to the page, gathered for one ``SolTable.apply``
    call (static/js/table.js reads the same codes). Cards are named by their
    element id (the order ``SolTable.cards`` was given them), piles by name:

    ``["p", id, left, top]``                    a card's place in its pile
    ``["f", id, code, up, red, src, rank, suit, sign, label]``  a card's face
    ``["a", pile, [id, ...]]``                  cards appended to a pile, in order
    ``["b", pile, width, height, strip, tight, empty]``  a pile's box (strip: None keeps it)
    ``["l", pile, label, badge]``               a pile's accessible name (badge: the stock's count)
    ``["c", "card"|"pile"|"root", target, class, on]``  a class set or taken away
    ``["s", "pile"|"root", target, property, value]``   a style property
    ``["d", "card"|"pile"|"root", target, key, value]``  a ``data-`` attribute
    ``["t", pile, tab index, focus]``            a pile's place in the tab order
    ``["m", [id, ...], [dx, ...], [dy, ...], [turned id, ...]]``  the slide: where
        each moving card was, from its new place (board pixels), and the cards
        that turned over

    The board's ``epoch`` counts the updates that changed more than classes
    (table.js counts the same): the moves made ready ahead (ahead.py) are
    good for one epoch.
    """

    __slots__ = ("ops", "epoch", "on_sent")

    def __init__(self):
        self.ops: list = []
        self.epoch = 0
        self.on_sent = None  # told after each update: on_sent(moved), moved: more than classes

    def add(self, *op) -> None:
        self.ops.append(op)

    def text(self) -> str:
        text = json.dumps(self.ops, separators=(",", ":"))
        self.ops = []
        return text

    def send(self) -> None:
        if self.ops:
            moved = any(op[0] != "c" for op in self.ops)
            if moved:
                self.epoch += 1
            js.SolTable.apply(self.text())
            if self.on_sent is not None:
                try:
                    self.on_sent(moved)
                except Exception as e:  # making moves ready ahead never stops an update
                    js.console.warn(f"solitaire: ahead: {type(e).__name__}: {e}")


class Board:
    def __init__(self, root, art: bool = True):
        self.root = root
        self.art = art  # use the SVG card artwork (else CSS faces)
        self.spec = None
        self.layout: Layout | None = None
        self.lang = "en"
        self.faces = "napoletane"
        self.back = "blue"
        self.pile_els: dict = {}
        self.cards: dict = {}  # pile -> [(element id, code)] bottom to top
        self.spots: dict = {}  # element id -> (left, top) last written to its style
        self.bottoms: dict = {}  # pile -> the bottom of its lowest card (or outline) on the board
        self.height = None  # the board's height last written
        self.els: dict = {}  # element id -> element
        self.turned_pile = None
        self.selected: list = []
        self.targets: list = []
        self.focus = None
        self.on_shake = None  # told when cards shake (a refused move): the sound
        self.changes = Changes()
        self.redeal_shown = None
        self.redeals_left = None  # turnovers still allowed, where the game limits them
        self.expected = None  # the record of a move the page shows already (ahead.py), until the next sync

    # --- artwork --------------------------------------------------------------------
    @property
    def style(self) -> str:
        """The deck's style (``cards.Deck.style``): french or italian."""
        return self.spec.deck.style if self.spec is not None else "french"

    @property
    def face_choice(self) -> bool:
        """May the player choose among face sets for this deck (Settings)?"""
        return len(DECK_FACES[self.style]) > 1

    def face_set(self) -> str:
        sets = DECK_FACES[self.style]
        return self.faces if self.faces in sets else sets[0]

    def art_url(self, code: str) -> str:
        if is_face_down(code):
            return f"{ART_ROOT}back-{self.back}.svg"
        faces = self.face_set()
        if faces == "french" and code[0].upper() in relettered(self.lang):
            faces = f"french-{self.lang}"  # corners that agree with the short index (B and D in German)
        return f"{ART_ROOT}{faces}/{code}.svg"

    def faces_to_load(self, piles) -> list:
        """The artwork of every card of the deal, face up, for the page to
        load ahead (``SolTable.preload``)."""
        if not self.art:
            return []
        return sorted({self.art_url(code.upper()) for name in self.spec.pile_names for code in piles.get(name, ())})

    def rank_text(self, code: str) -> str:
        """The short index's rank: the face set's own (1-10 on Italian faces),
        in the player's language on French ones (B, D, K in German)."""
        return index_rank(self.lang, code[0], self.face_set())

    # --- building ---------------------------------------------------------------------
    def deal(self, spec, piles, layout: Layout, turned_pile=None) -> None:
        """Build the whole table for a new deal: ``piles`` maps pile -> codes."""
        self.spec = spec
        self.layout = layout
        self.turned_pile = turned_pile
        self.selected, self.targets, self.focus = [], [], None
        self.expected = None
        self.pile_els, self.cards, self.els, self.spots = {}, {}, {}, {}
        self.redeal_shown = None  # the stock's data-redeal, once written
        self.redeals_left = None
        root = self.root
        root.dataset.game = spec.id
        root.dataset.deck = self.style
        root.dataset.faces = self.face_set()
        frame = document.createDocumentFragment()
        next_id = 0
        for name in spec.pile_names:
            slot = layout.slots[name]
            pel = document.createElement("div")
            pel.className = f"pile {slot.kind}"
            pel.dataset.pile = name
            pel.setAttribute("role", "button")
            pel.tabIndex = -1
            if slot.label:
                label = document.createElement("span")
                label.className = "pile-label"
                label.setAttribute("aria-hidden", "true")
                label.textContent = self.label_text(slot.label)
                pel.append(label)
            if slot.kind == "stock":
                badge = document.createElement("span")
                badge.className = "badge"
                badge.setAttribute("aria-hidden", "true")
                pel.append(badge)
            self.pile_els[name] = pel
            entries = []
            for code in piles.get(name, ()):
                el = self._card_element(code)
                self.els[next_id] = el
                entries.append((next_id, code))
                pel.append(el)
                self._show_face(next_id, code)
                next_id += 1
            self.cards[name] = entries
            frame.append(pel)
        root.replaceChildren(frame)
        js.SolTable.register(
            root, to_js([self.els[i] for i in range(next_id)]), to_js(self.faces_to_load(piles)), self.epoch
        )
        self.place_all(send=False)
        self.relabel()
        first = layout.order[0]  # the first pile shown (FreeCell: the first cell)
        self.changes.add("t", first, 0, False)
        self.changes.send()

    def _card_element(self, code: str):
        el = document.createElement("div")
        el.className = "card"
        el.setAttribute("role", "img")
        if self.art:
            img = document.createElement("img")
            img.className = "art"
            img.alt = ""
            img.draggable = False
            img.decoding = "async"
            el.append(img)
        idx = document.createElement("span")
        idx.className = "idx"
        idx.setAttribute("aria-hidden", "true")
        el.append(idx)
        return el

    def _show_face(self, el_id: int, code: str) -> None:
        """The card's face: its code, artwork, corner index and name."""
        down = is_face_down(code)
        suit = code[1].upper()
        self.changes.add(
            "f",
            el_id,
            code,
            not down,
            not down and suit in RED_SUITS,
            self.art_url(code) if self.art else None,
            "" if down else self.rank_text(code),
            suit,  # Italian faces: app.css shows the face set's own sign
            "" if down else index_suit(code[1], self.face_set()),
            self.card_label(code),
        )

    def card_label(self, code: str) -> str:
        return card_name(self.lang, code, self.spec.deck.name)

    # --- placing ------------------------------------------------------------------------
    def place_all(self, send: bool = True) -> None:
        layout = self.layout
        add = self.changes.add
        add("s", "root", None, "--card-w", px(layout.card_w))
        add("s", "root", None, "--card-h", px(layout.card_h))
        add("s", "root", None, "--label-h", px(layout.label_h))
        add("c", "root", None, "compact", layout.compact)
        self.spots, self.bottoms, self.height = {}, {}, None  # a new layout: all placed afresh
        for name in self.spec.pile_names:
            slot = layout.slots[name]
            add("s", "pile", name, "left", px(slot.x))
            add("s", "pile", name, "top", px(slot.y))
            if slot.kind == "stock":  # its count sits at the corner toward the board's middle
                add("c", "pile", name, "count-left", slot.x + slot.w / 2 > layout.width / 2)
            self.place_pile(name)
        self.fit_height()
        if send:
            self.changes.send()

    def place_pile(self, name: str, offsets=None) -> None:
        """Place the pile's cards; ``offsets``: their places, if already worked out."""
        layout = self.layout
        entries = self.cards[name]
        codes = [c for _, c in entries]
        if offsets is None:
            offsets = layout.offsets(name, codes, turned=(name == self.turned_pile))
        spots, add = self.spots, self.changes.add
        for (el_id, _), spot in zip(entries, offsets):
            if spots.get(el_id) != spot:  # each write to the page costs; most cards stay put
                spots[el_id] = spot
                add("p", el_id, px(spot[0]), px(spot[1]))
        w, h = layout.extent(name, offsets)
        slot = layout.slots[name]
        # How far down the board this pile reaches (an empty one: its outline).
        self.bottoms[name] = slot.y + max((y for _, y in offsets), default=0.0) + layout.card_h + layout.gap
        step = layout.up_step(name, codes)
        # A fan too tight for the artwork's corner shows a one-line index.
        strip, tight = (px(step), step < layout.card_h * TIGHT_BELOW) if step else (None, False)
        add("b", name, px(w), px(h), strip, tight, not entries)

    def fit_height(self) -> None:
        """The board is as tall as its space, or taller when a column overflows."""
        slots = self.layout.slots
        bottom = max([self.layout.height, *(b for name, b in self.bottoms.items() if slots[name].kind == "column")])
        if bottom != self.height:
            self.height = bottom
            self.changes.add("s", "root", None, "height", px(bottom))

    def covered(self, top: float, bottom: float) -> tuple[int, float]:
        """What a band across the board from ``top`` to ``bottom`` (px) would
        cover: how many columns' last cards (the ones to play) it hides the
        index of, and how much of the cards and piles' outlines in all, as an
        area in px²."""
        layout = self.layout
        index_h = layout.card_h * FAN_UP  # a face-up fan's step: what shows of a card's top
        ends, area = 0, 0.0
        for name, end in self.bottoms.items():
            slot = layout.slots[name]
            area += slot.w * max(0.0, min(end, bottom) - max(slot.y, top))
            last = end - layout.gap - layout.card_h  # the top of the column's last card
            if slot.kind == "column" and self.cards[name] and last < bottom and top < last + index_h:
                ends += 1
        return ends, area

    def relayout(self, layout: Layout) -> None:
        self.layout = layout
        self.place_all()

    # --- after a move ---------------------------------------------------------------------
    def sync(self, piles, turned_pile=None, animate: bool = True) -> dict:
        """Bring the table to ``piles`` (pile -> codes), moving only what changed.

        Returns the piles that changed."""
        if self.expected is not None:  # the page shows a move made ahead: start from there
            self.adopt(self.expected)
        changed = self.sync_ops(piles, turned_pile, animate)
        self.changes.send()
        return changed

    def sync_ops(self, piles, turned_pile=None, animate: bool = True) -> dict:
        """``sync``'s changes, gathered but not sent."""
        new = {name: list(piles.get(name, ())) for name in self.spec.pile_names}
        placement = match(self.cards, new)
        changed = dict(placement.piles)
        if turned_pile != self.turned_pile:
            for p in (turned_pile, self.turned_pile):
                if p is not None:
                    changed.setdefault(p, [e for e, _ in self.cards[p]])
            self.turned_pile = turned_pile
        if not changed:
            return {}
        # Cards below the first change of a pile stay where they are; only
        # the rest is re-appended (in order) and animated. A Forty Thieves
        # draw so touches two cards, not the whole stock.
        tails = {}
        for pile, ids in changed.items():
            had = [e for e, _ in self.cards[pile]]
            k = 0
            while k < len(ids) and k < len(had) and ids[k] == had[k]:
                k += 1
            tails[pile] = k
        moving_ids = [e for p, ids in changed.items() for e in ids[tails[p] :]]
        moving_ids += sorted(placement.turned - set(moving_ids))
        offsets = {pile: self.layout.offsets(pile, new[pile], turned=(pile == turned_pile)) for pile in changed}
        for pile, ids in changed.items():  # a fan that tightens or loosens slides too
            moving_ids += [
                e
                for e, spot in zip(ids[: tails[pile]], offsets[pile])
                if self.spots.get(e) != spot and e not in placement.turned
            ]
        # Where each moving card was, from where it goes: Python wrote both
        # places (a card's place on the board is its pile's slot plus its
        # place in the pile), so the page's layout is never read for it.
        slots = self.layout.slots
        home = {e: pile for pile, entries in self.cards.items() if pile in changed for e, _ in entries}
        now = {e: (pile, i) for pile, ids in changed.items() for i, e in enumerate(ids)}
        dxs, dys = [], []
        for e in moving_ids:
            old_pile, (pile, i) = home.get(e), now[e]
            old_spot = self.spots.get(e)
            to = slots[pile]
            x, y = offsets[pile][i]
            if old_pile is None or old_spot is None:
                dxs.append(0.0)
                dys.append(0.0)
                continue
            came = slots[old_pile]
            dxs.append(round(came.x + old_spot[0] - to.x - x, 2))
            dys.append(round(came.y + old_spot[1] - to.y - y, 2))
        # Every card of a changed pile was on a changed pile before (the one it left).
        was = {e: c for pile in changed for e, c in self.cards[pile]}
        add = self.changes.add
        for pile, ids in changed.items():
            codes = new[pile]
            tail = ids[tails[pile] :]
            if tail:
                add("a", pile, tail)  # in order: appending moves each to the top
            for el_id, code in zip(ids, codes):
                if was[el_id] != code:
                    self._show_face(el_id, code)
            self.cards[pile] = list(zip(ids, codes))
        for pile in changed:
            self.place_pile(pile, offsets[pile])
            self.label_pile(pile)
        self.fit_height()
        if animate:
            add("m", moving_ids, dxs, dys, sorted(placement.turned))
        return changed

    # --- a move made ready ahead (ahead.py) ----------------------------------------------------
    def forecast(self, piles, turned_pile=None) -> tuple[str, tuple]:
        """What ``sync(piles, turned_pile)`` would send, as text, and the
        board's record after it, without sending or keeping anything."""
        kept = self._record()
        changes, self.changes = self.changes, Changes()
        try:
            self.sync_ops(piles, turned_pile)
            return self.changes.text(), self._record()
        finally:
            self.changes = changes
            self._restore(kept)

    def forecast_clear(self, selection: bool) -> str:
        """The changes that let go of the selection (or, ``selection`` False,
        that take the targets' highlight away), as text, without keeping them."""
        kept = (list(self.selected), list(self.targets))
        changes, self.changes = self.changes, Changes()
        try:
            if selection:
                self._clear_selection()
            else:
                self._show_targets([])
            return self.changes.text()
        finally:
            self.changes = changes
            self.selected, self.targets = kept

    def adopt(self, record: tuple) -> None:
        """The page has applied a forecast (table.js, from the pointer's own
        handler): take its record as the board's, one epoch on."""
        self.expected = None
        self._restore(record)
        self.changes.epoch += 1

    @property
    def epoch(self) -> int:
        return self.changes.epoch

    def _record(self) -> tuple:
        return (dict(self.cards), dict(self.spots), dict(self.bottoms), self.height, self.turned_pile)

    def _restore(self, record: tuple) -> None:
        cards, spots, bottoms, self.height, self.turned_pile = record
        self.cards, self.spots, self.bottoms = dict(cards), dict(spots), dict(bottoms)

    # --- looking up -------------------------------------------------------------------------
    def codes(self, pile: str) -> list:
        return [c for _, c in self.cards[pile]]

    def card_elements(self, pile: str, start: int = 0, count: int | None = None) -> list:
        entries = self.cards[pile][start:]
        if count is not None:
            entries = entries[:count]
        return [self.els[e] for e, _ in entries]

    # --- highlights -----------------------------------------------------------------------
    def select(self, pile: str, index: int, count: int) -> None:
        self._clear_selection()
        self.selected = [e for e, _ in self.cards[pile][index : index + count]]
        for e in self.selected:
            self.changes.add("c", "card", e, "selected", True)
        self.changes.add("c", "root", None, "has-selection", True)
        self.changes.send()

    def clear_selection(self) -> None:
        self._clear_selection()
        self.changes.send()

    def _clear_selection(self) -> None:
        if self.selected:
            for e in self.selected:
                self.changes.add("c", "card", e, "selected", False)
            self.selected = []
            self.changes.add("c", "root", None, "has-selection", False)
        self._show_targets([])

    def show_targets(self, piles) -> None:
        self._show_targets(piles)
        self.changes.send()

    def _show_targets(self, piles) -> None:
        targets = [p for p in piles if p in self.pile_els]
        if targets == self.targets:
            return
        for p in self.targets:
            self.changes.add("c", "pile", p, "target", False)
        self.targets = targets
        for p in targets:
            self.changes.add("c", "pile", p, "target", True)

    def set_focus(self, pile: str, move_focus: bool = True) -> None:
        if self.focus and self.focus in self.pile_els:
            self.changes.add("t", self.focus, -1, False)
        self.focus = pile
        self.changes.add("t", pile, 0, move_focus)
        self.changes.send()

    def shake(self, pile: str, start: int = 0) -> None:
        els = self.card_elements(pile, start) or [self.pile_els[pile]]
        js.SolTable.shake(to_js(els))
        if self.on_shake is not None:
            self.on_shake()

    # --- words --------------------------------------------------------------------------------
    def set_language(self, lang: str) -> None:
        self.lang = lang
        if self.spec is None:
            return
        for entries in self.cards.values():  # names and short indexes (B, D, K in German)
            for el_id, code in entries:
                self._show_face(el_id, code)
        for name in self.spec.pile_names:
            label = self.layout.slots[name].label
            if label:
                self.pile_els[name].firstElementChild.textContent = self.label_text(label)
        self.relabel()
        self.changes.send()

    def label_text(self, label: str) -> str:
        """A Royal Retinue pile's label in the player's letters (B, D, K in German)."""
        return index_rank(self.lang, label)

    def relabel(self) -> None:
        for name in self.spec.pile_names:
            self.label_pile(name)

    def pile_title(self, name: str) -> str:
        """The pile's name from the texts ("Column 4", Royal Retinue's "Pile J"),
        without the count and top card its accessible label adds."""
        slot = self.layout.slots[name]
        return pile_name(self.lang, name, self.label_text(slot.label) if slot.label else None)

    def label_pile(self, name: str) -> None:
        slot = self.layout.slots[name]
        codes = self.codes(name)
        text = pile_label(self.lang, self.pile_title(name), len(codes))
        top = next((c for c in reversed(codes) if not is_face_down(c)), None)
        if top is not None and not (slot.kind == "stock"):
            text += ": " + self.card_label(top)
        badge = (str(self.stock_count(len(codes))) if codes else "") if slot.kind == "stock" else None
        if slot.kind == "stock" and self.redeals_left is not None:
            text += f"; {t(self.lang, 'hud.redeals_left')}: {self.redeals_left}"
        self.changes.add("l", name, text, badge)

    def stock_count(self, cards: int) -> int:
        """What the stock's badge counts: its cards, or where it deals a row
        (Spider), the deals left."""
        row = self.spec.stock is Stock.ROW
        return -(-cards // self.spec.columns) if row else cards

    def peek_stock(self, show: bool) -> None:
        """Show (or hide again) the face of the stock's top card while it is
        dragged straight to a pile (Forty Thieves family)."""
        entries = self.cards.get("stock")
        if not entries:
            return
        el_id, code = entries[-1]
        code = code.upper() if show else code.lower()
        entries[-1] = (el_id, code)
        self._show_face(el_id, code)
        self.changes.send()

    def set_stock_state(self, can_redeal: bool, left=None) -> None:
        """Whether the empty stock turns the waste over (its icon), and how
        many more times, where the game limits it (shown in the icon and
        said in the stock's name)."""
        if "stock" not in self.pile_els:
            return
        value = "yes" if can_redeal else "no"
        if value == self.redeal_shown and left == self.redeals_left:
            return  # the usual move: nothing about the stock changed, nothing to send
        if value != self.redeal_shown:
            self.redeal_shown = value
            self.changes.add("d", "pile", "stock", "redeal", value)
        if left != self.redeals_left:
            self.redeals_left = left
            self.changes.add("d", "pile", "stock", "left", "" if left is None else str(left))
            self.label_pile("stock")
        self.changes.send()

    def set_art(self, faces: str, back: str) -> None:
        """Switch the face set (Solitario) or the back colour, in place."""
        self.faces, self.back = faces, back
        if self.spec is None:
            return
        self.root.dataset.faces = self.face_set()
        for entries in self.cards.values():
            for el_id, code in entries:
                self._show_face(el_id, code)
        self.changes.send()
        js.SolTable.preload(to_js(self.faces_to_load({p: self.codes(p) for p in self.cards})))
