"""The card table in the page: one element per pile and per card.

Cards are created once per deal; after a move ``sync`` re-parents only the
elements whose cards moved (``match``), places them (``layout``) and lets
``static/js/table.js`` animate the change (FLIP). Test hooks and embedding
contract: every pile element carries ``data-pile``, every card element
``data-card`` (lower case when face down) and ``data-face``, inside its
pile's element in order bottom to top.
"""

from __future__ import annotations

import js
from pyodide.ffi import to_js
from pyscript import document

from game.cards import RED_SUITS, is_face_down

from .layout import TIGHT_BELOW, Layout
from .match import match
from .texts.cards import card_name, index_rank, index_suit
from .texts.ui import pile_label, pile_name

ART_ROOT = "./static/cards/"
FACE_SETS = ("napoletane", "piacentine", "french")


def px(v: float) -> str:
    return f"{v:.2f}px"


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
        self.bottoms: dict = {}  # column -> the bottom of its last card on the board
        self.height = None  # the board's height last written
        self.els: dict = {}  # element id -> element
        self.turned_pile = None
        self.selected: list = []
        self.targets: list = []
        self.focus = None
        self.on_shake = None  # told when cards shake (a refused move): the sound

    # --- artwork --------------------------------------------------------------------
    @property
    def italian(self) -> bool:
        return self.spec is not None and self.spec.deck.name.startswith("italian")

    def face_set(self) -> str:
        return self.faces if self.italian else "french"

    def art_url(self, code: str) -> str:
        if is_face_down(code):
            return f"{ART_ROOT}back-{self.back}.svg"
        return f"{ART_ROOT}{self.face_set()}/{code}.svg"

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
        self.pile_els, self.cards, self.els, self.spots = {}, {}, {}, {}
        root = self.root
        root.dataset.game = spec.id
        root.dataset.deck = "italian" if self.italian else "french"
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
                next_id += 1
            self.cards[name] = entries
            frame.append(pel)
        root.replaceChildren(frame)
        self.place_all()
        self.relabel()
        first = spec.pile_names[0]
        self.pile_els[first].tabIndex = 0

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
        self._show_face(el, code)
        return el

    def _show_face(self, el, code: str) -> None:
        down = is_face_down(code)
        el.dataset.card = code
        el.dataset.face = "down" if down else "up"
        el.classList.toggle("red", not down and code[1].upper() in RED_SUITS)
        if self.art:
            el.firstElementChild.src = self.art_url(code)
        idx = el.lastElementChild
        if down:
            idx.replaceChildren()
        else:
            r = document.createElement("b")
            r.textContent = self.rank_text(code)
            s = document.createElement("i")
            s.dataset.suit = code[1].upper()  # Italian faces: app.css shows the face set's own sign
            s.textContent = index_suit(code[1], self.face_set())
            idx.replaceChildren(r, s)
        el.setAttribute("aria-label", self.card_label(code))

    def card_label(self, code: str) -> str:
        return card_name(self.lang, code, self.spec.deck.name)

    # --- placing ------------------------------------------------------------------------
    def place_all(self) -> None:
        layout = self.layout
        style = self.root.style
        style.setProperty("--card-w", px(layout.card_w))
        style.setProperty("--card-h", px(layout.card_h))
        style.setProperty("--label-h", px(layout.label_h))
        self.root.classList.toggle("compact", layout.compact)
        self.spots, self.bottoms, self.height = {}, {}, None  # a new layout: all placed afresh
        for name in self.spec.pile_names:
            slot = layout.slots[name]
            pel = self.pile_els[name]
            pel.style.left = px(slot.x)
            pel.style.top = px(slot.y)
            self.place_pile(name)
        self.fit_height()

    def place_pile(self, name: str, offsets=None) -> None:
        """Place the pile's cards; ``offsets``: their places, if already worked out."""
        layout = self.layout
        entries = self.cards[name]
        codes = [c for _, c in entries]
        if offsets is None:
            offsets = layout.offsets(name, codes, turned=(name == self.turned_pile))
        spots = self.spots
        for (el_id, _), spot in zip(entries, offsets):
            if spots.get(el_id) != spot:  # each write to the page costs; most cards stay put
                spots[el_id] = spot
                st = self.els[el_id].style
                st.left = px(spot[0])
                st.top = px(spot[1])
        w, h = layout.extent(name, offsets)
        slot = layout.slots[name]
        if slot.kind == "column":  # how far down the board this column reaches
            self.bottoms[name] = slot.y + offsets[-1][1] + layout.card_h + layout.gap if offsets else 0
        pel = self.pile_els[name]
        step = layout.up_step(name, codes)
        if step:
            # A fan too tight for the artwork's corner shows a one-line index.
            pel.style.setProperty("--strip", px(step))
            pel.classList.toggle("tight", step < layout.card_h * TIGHT_BELOW)
        pel.style.width = px(w)
        pel.style.height = px(h)
        pel.classList.toggle("empty", not entries)

    def fit_height(self) -> None:
        """The board is as tall as its space, or taller when a column overflows."""
        bottom = max([self.layout.height, *self.bottoms.values()])
        if bottom != self.height:
            self.height = bottom
            self.root.style.height = px(bottom)

    def relayout(self, layout: Layout) -> None:
        self.layout = layout
        self.place_all()

    # --- after a move ---------------------------------------------------------------------
    def sync(self, piles, turned_pile=None, animate: bool = True) -> dict:
        """Bring the table to ``piles`` (pile -> codes), moving only what changed.

        Returns the piles that changed."""
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
        moving = [self.els[e] for e in moving_ids]
        if animate:
            js.SolTable.first(to_js(moving))
        # Every card of a changed pile was on a changed pile before (the one it left).
        was = {e: c for pile in changed for e, c in self.cards[pile]}
        for pile, ids in changed.items():
            pel = self.pile_els[pile]
            codes = new[pile]
            for i, (el_id, code) in enumerate(zip(ids, codes)):
                el = self.els[el_id]
                if i >= tails[pile]:
                    pel.append(el)  # in order: appending moves it to the top
                if was[el_id] != code:
                    self._show_face(el, code)
            self.cards[pile] = list(zip(ids, codes))
        for pile in changed:
            self.place_pile(pile, offsets[pile])
            self.label_pile(pile)
        self.fit_height()
        turned = [self.els[e] for e in placement.turned]
        if animate:
            js.SolTable.play(to_js(moving), to_js(turned))
        return changed

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
        self.clear_selection()
        self.selected = self.card_elements(pile, index, count)
        for el in self.selected:
            el.classList.add("selected")
        self.root.classList.add("has-selection")

    def clear_selection(self) -> None:
        for el in self.selected:
            el.classList.remove("selected")
        self.selected = []
        self.root.classList.remove("has-selection")
        self.show_targets([])

    def show_targets(self, piles) -> None:
        for p in self.targets:
            self.pile_els[p].classList.remove("target")
        self.targets = [p for p in piles if p in self.pile_els]
        for p in self.targets:
            self.pile_els[p].classList.add("target")

    def set_focus(self, pile: str, move_focus: bool = True) -> None:
        if self.focus and self.focus in self.pile_els:
            self.pile_els[self.focus].tabIndex = -1
        self.focus = pile
        pel = self.pile_els[pile]
        pel.tabIndex = 0
        if move_focus:
            pel.focus()

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
                self._show_face(self.els[el_id], code)
        for name in self.spec.pile_names:
            label = self.layout.slots[name].label
            if label:
                self.pile_els[name].firstElementChild.textContent = self.label_text(label)
        self.relabel()

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
        pel = self.pile_els[name]
        pel.setAttribute("aria-label", text)
        if slot.kind == "stock":
            pel.firstElementChild.textContent = str(len(codes)) if codes else ""

    def peek_stock(self, show: bool) -> None:
        """Show (or hide again) the face of the stock's top card while it is
        dragged straight to a pile (Forty Thieves family)."""
        entries = self.cards.get("stock")
        if not entries:
            return
        el_id, code = entries[-1]
        code = code.upper() if show else code.lower()
        entries[-1] = (el_id, code)
        self._show_face(self.els[el_id], code)

    def set_stock_state(self, can_redeal: bool) -> None:
        pel = self.pile_els.get("stock")
        if pel is not None:
            pel.dataset.redeal = "yes" if can_redeal else "no"

    def set_art(self, faces: str, back: str) -> None:
        """Switch the face set (Solitario) or the back colour, in place."""
        self.faces, self.back = faces, back
        if self.spec is None:
            return
        self.root.dataset.faces = self.face_set()
        for entries in self.cards.values():
            for el_id, code in entries:
                self._show_face(self.els[el_id], code)
