"""The game inside another page's <iframe> (``?embed=1``): commands from the
host page in, events out, by ``postMessage``. The protocol and its checks
are in ``embed.py``; this connects them to the window.

A message is acted on only if it comes from the parent window, from an
allowed origin (``&origins=``), and has exactly a documented shape.
"""

from __future__ import annotations

import json

import js

from game import jsonsafe

from . import embed, url
from .part import Part
from .query import parse_qs
from .texts.ui import LANGUAGES


class Frame(Part):
    def __init__(self, app):
        super().__init__(app)
        search = str(js.window.location.search)
        params = parse_qs(search.lstrip("?"), keep_blank_values=True)
        self.embedded = params.get("embed", [""])[-1] == "1"
        origins = params.get("origins")
        self.allowed = embed.parse_origins(origins[-1]) if origins else None
        self.kept = url.embedding(search)  # what every address the game writes keeps (titles.py)
        plumbing = getattr(js.window, "SolFrame", None)
        self.active = self.embedded and plumbing is not None and bool(plumbing.framed)
        self.ready_sent = False
        self.watched = None  # the game object whose end is still to be reported

    # --- out ------------------------------------------------------------------------------
    def targets(self) -> list[str]:
        """Where events go: "*" without an allow-list, else the parent's origin
        if it is allowed (every allowed origin where the browser hides it)."""
        if self.allowed is None:
            return ["*"]
        parent = js.SolFrame.parentOrigin()
        if parent is not None:
            parent = embed.normalize_origin(str(parent))
            return [parent] if parent in self.allowed else []
        return list(self.allowed)

    def post(self, name: str) -> None:
        if not self.active:
            return
        app = self.app
        game = app.game
        at = game.end_time if game.end_time is not None else app.now()
        data = embed.event(name, game.spec.id, app.seed, game.status, game.score(at), game.moves, at)
        text = json.dumps(data)
        for origin in self.targets():
            try:
                js.SolFrame.post(text, origin)
            except Exception as exc:  # a closed or navigated-away parent
                js.console.warn(f"solitaire: event not sent: {exc}")

    def dealt(self, restored=None) -> None:
        """A deal is on the table: the first is ``ready``, later ones ``started``."""
        game = self.app.game
        self.watched = game if game.status == "playing" else None
        self.post("started" if self.ready_sent else "ready")
        self.ready_sent = True

    def changed(self) -> None:
        self.post("move")

    def ended(self) -> None:
        if self.watched is not None and self.watched is self.app.game:
            self.watched = None
            self.post("finished")

    # --- in -------------------------------------------------------------------------------
    def wire(self) -> None:
        if self.active:
            js.SolFrame.listen(self.app.proxy(self.app.guard(self.received)))

    def received(self, origin, text) -> None:
        """A message from the parent window (frame.js checked the sender)."""
        if not embed.origin_allowed(str(origin), self.allowed):
            return
        if not isinstance(text, str) or len(text) > embed.MAX_MESSAGE:
            return
        try:
            data = jsonsafe.loads(text, max_chars=embed.MAX_MESSAGE)
        except ValueError:  # not JSON, or over the bounds (JsonRefused)
            return
        command = embed.read_command(data, LANGUAGES)
        if command is None:
            return
        app = self.app
        if command.name == "set-language":
            app.apply_language(command.lang)
        elif command.name == "new-game":
            game_id = command.game or app.game.spec.id
            app.start_game(game_id, command.seed)
