"""The game picker: every game with its name, one line about it and a small
picture of its layout. Choosing one deals a new game of it."""

from __future__ import annotations

from pyodide.ffi import create_proxy
from pyscript import document
from pyscript.ffi import is_none

from game.catalog import get_spec
from game.shuffle import MAX_GAME_NUMBER

from .schematic import schematic_url
from .texts.games import game_text, groups
from .texts.ui import t


class Picker:
    def __init__(self, dialog, grid, number_input, on_choose):
        self.dialog = dialog
        self.grid = grid
        self.number = number_input
        self.on_choose = on_choose  # on_choose(game_id, seed or None)
        self.tiles: dict = {}
        self.images: dict = {}
        self.lang = None
        self.daily = None  # daily_ui.PickerDaily, made the first time the picker opens
        self._click = create_proxy(self._clicked)
        grid.addEventListener("click", self._click)
        self._typed = create_proxy(lambda event: self.update_hint())
        number_input.addEventListener("input", self._typed)

    def build(self, lang: str) -> None:
        """(Re)write the tiles in ``lang``; the pictures are drawn once."""
        self.lang = lang
        frame = document.createDocumentFragment()
        self.tiles = {}
        for group_key, games in groups():
            section = document.createElement("section")
            section.className = "picker-group"
            heading = document.createElement("h3")
            heading.textContent = t(lang, group_key)
            section.append(heading)
            items = document.createElement("ul")
            items.className = "picker-list"
            for game_id in games:
                li = document.createElement("li")
                li.append(self._tile(lang, game_id))
                items.append(li)
            section.append(items)
            frame.append(section)
        self.grid.replaceChildren(frame)

    def _tile(self, lang: str, game_id: str):
        spec = get_spec(game_id)
        text = game_text(lang, game_id)
        button = document.createElement("button")
        button.type = "button"
        button.className = "game-tile"
        button.dataset.game = game_id
        if game_id not in self.images:
            self.images[game_id] = schematic_url(spec)
        img = document.createElement("img")
        img.className = "schematic"
        img.alt = ""
        img.src = self.images[game_id]
        name = document.createElement("span")
        name.className = "tile-name"
        name.textContent = text.name
        about = document.createElement("span")
        about.className = "tile-about"
        about.textContent = text.description
        cards = document.createElement("span")
        cards.className = "tile-cards"
        cards.textContent = t(lang, "picker.cards", count=spec.card_count)
        button.append(img, name, about, cards)
        self.tiles[game_id] = button
        return button

    def mark_current(self, game_id: str) -> None:
        for gid, tile in self.tiles.items():
            if gid == game_id:
                tile.setAttribute("aria-current", "true")
            else:
                tile.removeAttribute("aria-current")

    def update_hint(self) -> None:
        """Under the number field: what a tile will deal with what is typed."""
        raw = (self.number.value or "").strip()
        if not raw:
            text = t(self.lang, "picker.random")
        elif raw.isdigit() and int(raw) <= MAX_GAME_NUMBER:
            text = t(self.lang, "picker.number_chosen", number=int(raw))
        else:
            text = t(self.lang, "picker.game_number_hint", max=MAX_GAME_NUMBER)
        hint = self.number.ownerDocument.getElementById("picker-number-hint")
        if hint is not None and not is_none(hint) and hint.textContent != text:
            hint.textContent = text

    def open(self, lang: str, current: str, seed=None) -> None:
        if self.lang != lang or not self.tiles:
            self.build(lang)
        if self.daily is None:
            from .daily_ui import PickerDaily  # the daily row: once the picker opens, not before

            self.daily = PickerDaily(self)
        self.daily.open(lang, seed)
        self.update_hint()
        self.mark_current(current)
        if not self.dialog.open:
            self.dialog.showModal()
        tile = self.tiles.get(current)
        if tile is not None:
            tile.focus()

    def _clicked(self, event) -> None:
        tile = event.target.closest(".game-tile")
        if is_none(tile):
            return
        seed = None
        raw = (self.number.value or "").strip()
        if raw.isdigit():
            seed = int(raw)
        daily, daily_seed = self.daily.seed() if self.daily is not None else (False, None)
        if daily:
            if daily_seed is None:
                return  # a day that cannot be dealt: the row says why
            seed = daily_seed
        self.dialog.close()
        self.on_choose(tile.dataset.game, seed)
