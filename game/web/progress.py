"""Never losing progress: settings, autosave and resume, statistics, and the
notices when stored data is damaged or storage is refused. Runs in the page;
the rules of what is kept live in ``storage.py``, ``resume.py`` and
``stats.py`` (plain Python, tested under CPython).

The controller calls: ``load_settings`` / ``save_settings``; ``restore`` at
start; ``leave`` before a new deal replaces the game; then the lifecycle of
``part.py``: ``dealt`` once it is on the table, ``changed`` after each move,
undo or redo, ``ended`` when the game ends. Each of these saves at once. The game is saved when the page is
hidden too (``fair.py`` holds the clock then, in practice play) (and every ``SAVE_EVERY_MS`` while
it is being played, for the clock).
"""

from __future__ import annotations

import json
from dataclasses import replace

import js
from pyscript import document

from game.catalog import PLAYER_GAMES
from game.play import PLAYING

from . import resume, storage
from .part import Part
from .stats import Stats
from .stats_panel import StatsPanel
from .texts.games import game_name
from .texts.ui import t

SAVE_EVERY_MS = 10_000


def _copy(settings: dict) -> dict:
    return json.loads(json.dumps(settings))


def _local_storage():
    """``window.localStorage``, or None where even reading it throws."""
    try:
        found = getattr(js.window, "solitaireStorage", None)
        if found is not None and not found.local:
            return None
        return js.window.localStorage
    except Exception:
        return None


class Progress(Part):
    def __init__(self, app):
        super().__init__(app)
        self.store = storage.Store(_local_storage())
        self.damaged: list[tuple] = []  # (text key, parameters) of notices for the start
        self.stats = self._load_stats()
        self.recorded = False  # the game on the table is already in the statistics
        self.before = None  # a copy of its game's record before the game that just ended
        self.told = False  # the "won't be kept" notice has been shown
        # A daily deal's goal of moves, recorded with its game: Today.goal_of,
        # handed over by App once Today is made (Today reads the records).
        self.goal_of = lambda game_id, seed: None
        self.pointer = None  # the game id last written to solitaire.current
        self.panel = StatsPanel(self)
        self._timer = None
        self._records = None  # history.Records, read when a game ends or the panel opens
        self.settings_seen: dict = {}  # the settings as this tab last read or wrote them
        # Two tabs of the game at once: the save this tab last wrote or took up,
        # and one another tab wrote that went further, to take up once this
        # tab shows (``take_up``).
        self.last_text: str | None = None
        self._summary: tuple = (None, None)  # (text, its storage.game_summary), worked out when compared
        self.elsewhere: str | None = None
        self.taking_up: str | None = None
        self.counted_game = None  # the game counted as it ended (``count_end``)

    # --- settings --------------------------------------------------------------------------
    def load_settings(self) -> dict:
        settings, damaged = self.store.read(storage.SETTINGS_KEY, storage.check_settings)
        if damaged:
            self.damaged.append(("error.settings_damaged" if damaged is True else "error.settings_some_damaged", ()))
        settings = settings or {}
        self.apply_motion(settings.get("motion", "on"))
        self.settings_seen = _copy(settings)
        return settings

    def save_settings(self, settings: dict) -> None:
        """Write what this tab changed since it last read or wrote the settings,
        over what is stored now: a setting changed in another tab of the game
        meanwhile is kept (it shows here from the next visit on)."""
        stored = self.store.peek(storage.SETTINGS_KEY, storage.check_settings)
        merged = storage.merge_settings(stored or {}, self.settings_seen, settings)
        self.settings_seen = _copy(settings)
        self.store.write(storage.SETTINGS_KEY, merged)
        self.tell_if_failed()

    @staticmethod
    def apply_motion(value: str) -> None:
        document.documentElement.classList.toggle("no-motion", value == "off")
        for node in document.querySelectorAll('#settings-dialog input[name="motion"]'):
            node.checked = node.value == value

    # --- statistics ------------------------------------------------------------------------------
    def _load_stats(self) -> Stats:
        stats, damaged = self.store.read(storage.STATS_KEY, storage.check_stats)
        if damaged is True:
            self.damaged.append(("error.stats_damaged", ()))
        elif damaged:
            self.damaged.append(("error.stats_some_damaged", tuple(damaged)))  # the games that start again
        return stats or Stats()

    def save_stats(self) -> None:
        self.store.write(storage.STATS_KEY, self.stats.to_json())
        self.tell_if_failed()

    @property
    def records(self):
        """The history of games and the daily record (``history.py``)."""
        if self._records is None:
            from .history import Records  # once a game ends or the panel opens: never before the first deal

            self._records = Records(self.store)
            if self._records.damaged:
                self.app.show_notice(t(self.app.lang, "error.history_damaged"))
        return self._records

    def fresh_stats(self) -> None:
        """The statistics as stored now (another tab of the game may have
        counted a game since this one read them); if they do not read, this
        tab's copy stands."""
        stats = self.store.peek(storage.STATS_KEY, storage.check_stats)
        if stats is not None:
            self.stats = stats

    def count(self, game, score: int, at: float, later: bool = False, fresh: bool = True) -> None:
        """A dealt game ended (won or lost): into the statistics and the history,
        as they are stored now (``fresh``: read them again first)."""
        won = game.status == "won"
        if fresh:
            self.fresh_stats()
        self._records = None  # the history too, when it is next needed
        self.stats.end(game.spec.id, won, score, at)
        self.save_stats()
        now = str(js.Date.new().toISOString())
        goal = self.goal_of(game.spec.id, game.seed)  # a daily deal's, once found
        args = (game.spec.id, game.seed, won, score, at, game.moves, now, goal)
        if later:  # at start: the history is read after the first deal
            self.app.later(lambda: self.records.ended(*args))
        else:
            self.records.ended(*args)

    # --- start ---------------------------------------------------------------------------------------
    def start_notices(self) -> list[str]:
        """Texts to show as the first deal goes on the table."""
        lang = self.app.lang
        out = []
        for key, games in dict.fromkeys(self.damaged):
            names = ", ".join(game_name(lang, g) for g in games)
            out.append(t(lang, key, games=names) if games else t(lang, key))
        self.damaged = []
        if self.store.failed:
            self.told = True
            out.append(t(lang, self.storage_notice()))
        return out

    @staticmethod
    def storage_notice() -> str:
        """The text key: a short one in an embedded game's small frame."""
        embedded = document.documentElement.classList.contains("embed")
        return "error.storage_short" if embedded else "error.storage"

    def restore(self, query: str, request):
        """``(slot, game_id)``: the saved game to resume (or None) and the game
        to deal when there is none."""
        current, pointer_damaged = self.store.read(storage.CURRENT_KEY, storage.check_current)
        game_id = resume.wanted_game(query, request, current)
        if game_id is None or game_id not in PLAYER_GAMES:
            if pointer_damaged:
                self.damaged.append(("error.data_damaged", ()))
            return None, request.game
        slot, damaged = self.store.read(storage.save_key(game_id), storage.slot_checker(game_id))
        if damaged:
            self.damaged.append(("error.save_damaged", ()))
        elif pointer_damaged:  # said only alone: beside the saved game's own notice it adds nothing
            self.damaged.append(("error.data_damaged", ()))
        self.replay_ahead(game_id, slot)
        if slot is not None and resume.matches(slot, query, request):
            return slot, game_id
        if slot is not None and slot.played and not slot.recorded and slot.game.seed is not None:
            # Another deal replaces it: left in play it counts as lost; one that
            # ended before its end was counted (a crash) counts as it ended.
            game = slot.game
            at = game.end_time if game.end_time is not None else slot.elapsed
            self.count(game, game.score(at), at, later=True)
        return None, game_id

    def replay_ahead(self, game_id: str, slot) -> None:
        """A move the page showed ahead of its save (ahead.py) and went before
        storing: played on the save it follows (``slot`` for ``game_id``, or
        its own game's save)."""
        ahead, _ = self.store.read(storage.AHEAD_KEY, storage.check_ahead)  # a damaged one is set aside
        if ahead is None:
            return
        self.store.remove(storage.AHEAD_KEY)
        if ahead.game == game_id:
            if slot is not None:
                storage.replay_ahead(slot, ahead)
            return
        key = storage.save_key(ahead.game)
        other, _ = self.store.read(key, storage.slot_checker(ahead.game))
        if other is not None and storage.replay_ahead(other, ahead):
            self.store.write(key, other.to_json())

    def wire(self) -> None:
        app = self.app
        app.on(document, "visibilitychange", app.guard(self.visibility))
        app.on(js.window, "pagehide", app.guard(lambda e: self.save()))
        app.on(js.window, "storage", app.guard(self.stored_elsewhere))
        app.on(document.getElementById("settings-dialog"), "change", app.guard(self.setting_changed))
        self.panel.wire()
        self._timer = js.setInterval(app.proxy(app.guard(self.save_now_and_then)), SAVE_EVERY_MS)
        if document.hidden:
            self.visibility()

    # --- the game on the table --------------------------------------------------------------------
    def counted(self) -> bool:
        """Dealt games count in the statistics; positions and duels are practice."""
        app = self.app
        return app.game is not None and app.seed is not None and not self.in_duel()

    def in_duel(self) -> bool:
        """The board belongs to a duel (its link on view, a run, its result),
        from the first move of a run on: a run is never practice."""
        duel = getattr(self.app, "duel", None)
        return duel is not None and bool(duel.active)

    def leave(self) -> None:
        """A new deal replaces the game on the table: a game in play with a
        move made counts as lost (not a copy that another tab played on: it
        counts that game where it ends)."""
        app = self.app
        game = app.game
        if game is None or self.recorded or not self.counted() or self.elsewhere is not None:
            return
        if game.status == "playing" and game.log:
            self.count(game, game.score(app.now()), app.now())
            self.recorded = True
            self.save()

    def dealt(self, slot=None) -> None:
        self.recorded = bool(slot and slot.recorded)
        self.elsewhere = None  # a deal on this table goes before what another tab saved
        if self.taking_up is not None:  # the save this tab took up: stored already, as it shows
            self.last_text, self.taking_up = self.taking_up, None
            return
        self.last_text = None  # a deal of this tab's own: saved over what was stored
        self.save(mine=True)

    def changed(self) -> None:
        """A move, undo or redo: saved at once, in the handler that made it, so
        no frame ever shows a move that is not in storage yet. (A save costs
        about 0.3 ms in the page against 7-8 ms for the move's own work; see
        bench/README.md, "Autosave".) A move table.js shows ahead of Python
        (ahead.py) is noted in storage before it shows (``storage.AheadMove``),
        and saved here just after that frame. A move that ends the game is
        counted before that save (``count_end``)."""
        self.count_end()
        self.save(mine=True)

    def ended(self) -> None:
        """The game ended: into the statistics (a dealt game, once) and saved at once.
        ``before`` keeps a copy of the game's record as it was (the win's news)."""
        game = self.app.game
        if game is not None and self.counted_game is not game:  # not counted as it ended: as it stands
            record = self.stats.record(game.spec.id)
            self.before = replace(record) if record is not None else None  # ``end`` changes it in place
        self.count_end()
        self.save(mine=True)

    def count_end(self) -> None:
        """A dealt game that has just ended goes into the statistics at once,
        with the action that ended it, so that no save shows it over and not
        counted: another tab of the game that takes that save up never
        counts it a second time. (A stall the player may still undo out of
        is not an end yet.)"""
        game = self.app.game
        if game is None or game.status == PLAYING or game.stall_pending:
            return
        if self.recorded or not self.counted() or not game.log:
            return
        self.fresh_stats()
        record = self.stats.record(game.spec.id)
        self.before = replace(record) if record is not None else None  # ``end`` changes it in place
        at = game.end_time if game.end_time is not None else game.clock
        self.count(game, game.score(), at, fresh=False)
        self.recorded = True
        self.counted_game = game

    def save(self, mine: bool = False) -> None:
        """Save the game on the table. ``mine``: the player's own deal or
        action, which also makes it the game a bare address resumes."""
        app = self.app
        game = app.game
        if game is None or self.in_duel():
            return
        key = storage.save_key(game.spec.id)
        if self.last_text is not None:
            stored = self.store.get(key)
            if stored is not None and stored != self.last_text:  # another tab wrote since (its word may be on its way)
                self.compare_save(stored)
        if self.elsewhere is not None:  # never over a save that went further in another tab
            return
        text = storage.dump(storage.Slot(game, app.now(), self.recorded).to_json())
        self.store.set(key, text)
        self.last_text = text
        if mine and self.pointer != game.spec.id:
            if self.store.write(storage.CURRENT_KEY, game.spec.id):
                self.pointer = game.spec.id
        self.tell_if_failed()

    def save_now_and_then(self) -> None:
        if self.app.playing and not document.hidden:
            self.save()

    def visibility(self, event=None) -> None:
        fair = getattr(self.app, "fair", None)
        if fair is not None:
            fair.sync_clock()  # held while hidden, in practice play (fair.py)
        if document.hidden:
            self.save()
        elif self.elsewhere is not None:
            self.take_up()

    # --- other tabs of the game ---------------------------------------------------------------------
    def stored_elsewhere(self, event) -> None:
        """Another tab of the game wrote to storage (the browser tells every
        other tab of the site). What this tab keeps in memory of that value
        is read again, so what it writes next builds on it; a save of the
        game on this table that went further is taken up (``take_up``)."""
        key = event.key if isinstance(event.key, str) else None  # None (JS null): storage was cleared
        if key in (None, storage.STATS_KEY, storage.HISTORY_KEY, storage.DAILY_KEY):
            self.fresh_stats()
            self._records = None  # read again when next needed
            confirming = document.getElementById("stats-confirm")
            if confirming is None or confirming.hidden:  # not under a reset the player is asked to confirm
                self.panel.refresh()
        if key in (None, storage.CURRENT_KEY):
            self.pointer = None  # written again with this tab's next move
        game = self.app.game
        if game is not None and key in (None, storage.save_key(game.spec.id)):
            text = self.store.get(storage.save_key(game.spec.id))
            if text is not None and text != self.last_text:
                self.compare_save(text)

    def my_summary(self):
        """``storage.game_summary`` of the save this tab last wrote or took up:
        worked out only when another tab's save is compared, not on each move."""
        if self._summary[0] != self.last_text:
            summary = None if self.last_text is None else storage.parsed(self.last_text, storage.game_summary)
            self._summary = (self.last_text, summary)
        return self._summary[1]

    def compare_save(self, text: str) -> None:
        """This game's save as another tab wrote it: the same game (that tab
        showing it, or counting its end) changes nothing here but the count;
        a game played further there, or another deal, is taken up."""
        if self.in_duel() or text == self.elsewhere:
            return
        data = storage.parsed(text)
        theirs = storage.game_summary(data)
        if theirs is None:  # unreadable (a newer version's?): this tab's game stands
            return
        if theirs == self.my_summary():
            if data.get("recorded") is True:
                self.recorded = True  # counted there: never again here
            return
        self.elsewhere = text
        if not document.hidden:
            self.take_up()

    def take_up(self) -> None:
        """Put the game another tab saved last on this table: the player went
        on there, so this tab's copy is behind (and its end, if any, was
        counted there: this one is not counted again)."""
        self.elsewhere = None
        app = self.app
        game_id = app.game.spec.id
        text = self.store.get(storage.save_key(game_id))  # the latest, if more came since
        slot = None if text is None else storage.parsed(text, storage.slot_checker(game_id))
        if slot is None:
            return
        same_deal = (slot.game.seed, slot.game.start) == (app.game.seed, app.game.start)
        self.recorded = True  # leave(): the game on the table is in that save's story already
        self.taking_up = text
        app.start_game(game_id, restored=slot)
        app.show_toast(t(app.lang, "progress.taken_up" if same_deal else "progress.taken_up_deal"))

    def tell_if_failed(self) -> None:
        if self.store.failed and not self.told:
            self.told = True
            self.app.show_notice(t(self.app.lang, self.storage_notice()))

    # --- settings the controller does not handle ---------------------------------------------------
    def setting_changed(self, event) -> None:
        target = event.target
        if target.name == "motion" and target.value in storage.SETTING_VALUES["motion"]:
            self.app.settings["motion"] = str(target.value)
            self.apply_motion(str(target.value))
            self.save_settings(self.app.settings)

    def language_changed(self) -> None:
        self.panel.refresh()
