"""The controller: reads the address, deals, and connects board, input, HUD,
picker and panels to the engine. Runs in Pyodide (index.html calls ``start``).

Flow of a move: input picks a move -> ``App.play`` asks the engine (which
refuses with a reason or applies it) -> the board re-parents only the cards
that moved -> the HUD and the status are updated. The board root carries
``data-status`` (playing, won, stalled, time-up, resigned).
"""

from __future__ import annotations

import gc
import random

import js
from pyodide.ffi import create_proxy, to_js
from pyscript import document
from pyscript.ffi import is_none

from game import DRAW, REDEAL, Game, GameError, Move, new_game, read_position
from game.catalog import PLAYER_GAMES

from . import url
from .board import FACE_SETS, Board
from .cues import cue_text
from .duel_ui import DuelUI
from .fair import FairPlay
from .flow import AutoHomeView
from .frame import Frame
from .hints import Hints
from .hud import Hud
from .input import Input, Pick
from .layout import plan
from .onetap import OneTap
from .panels import fill_end, fill_rules
from .picker import Picker
from .progress import Progress
from .shortcuts import fill_shortcuts
from .texts.cards import card_name
from .texts.games import game_name
from .texts.ui import LANGUAGES, pick_language, t
from .win import WinView

RANDOM_DEALS = 1_000_000  # random deals are numbered below this, to stay easy to share
STORAGE_KEY = "solitaire.settings"
TICK_MS = 250
TOAST_MS = 2800
BACKS = ("blue", "red")


def by_id(name: str):
    return document.getElementById(name)


def _boot(method: str, *args) -> None:
    boot = getattr(js.window, "boot", None)
    if boot is not None:
        getattr(boot, method)(*args)


class App:
    js = js  # the browser, for the parts that import it only where they run there

    def __init__(self):
        self.proxies = []
        self.progress = Progress(self)  # settings, autosave and resume, statistics
        self.frame = Frame(self)  # ?embed=1: messages to and from the host page
        self.settings = self.load_settings()
        self.lang = "en"
        self.board = Board(by_id("board"))
        self.board.faces = self.settings.get("faces", "napoletane")
        self.board.back = self.settings.get("back", "blue")
        self.input = Input(self)
        self.hud = Hud(
            score=self.q('[data-hud="score"]'),
            time=self.q('[data-hud="time"]'),
            moves=self.q('[data-hud="moves"]'),
            bonus=self.q('[data-hud="bonus"]'),
            bonus_box=by_id("hud-bonus"),
            undo=by_id("btn-undo"),
            undo_count=by_id("undo-count"),
            redo=by_id("btn-redo"),
            time_label=by_id("hud-time-label"),
        )
        self.picker = Picker(by_id("picker"), by_id("picker-games"), by_id("picker-number"), self.choose)
        self.duel = DuelUI(self)
        self.hints = Hints(self)  # hint and finish, through the solver worker
        self.fair = FairPlay(self)  # the clock's holds, leaving a deal, the stall notice
        self.auto_home = AutoHomeView(self)  # cards that go home by themselves, one by one
        self.one_tap = OneTap(self)  # the setting: a tap moves a card to its best place
        self.win = WinView(self)  # the celebration and what a win means
        self.game: Game | None = None
        self.seed = None
        self.start_position = None  # the position a ?position= game started from
        self.time_limit = None
        self.clock = None
        self.toast_timer = None
        self.resize_timer = None
        self.pending: list = []  # work for after the next frame (App.later)
        self._after_frame = self.proxy(lambda ts: js.setTimeout(self._run_later, 0))
        self._run_later = self.proxy(self.run_later)

    # --- helpers -------------------------------------------------------------------------
    @staticmethod
    def q(selector: str):
        return document.querySelector(selector)

    def proxy(self, fn):
        p = create_proxy(fn)
        self.proxies.append(p)
        return p

    def on(self, target, event: str, fn) -> None:
        target.addEventListener(event, self.proxy(fn))

    def later(self, fn) -> None:
        """Run ``fn`` once the next frame is on screen: work the player need not
        wait for (looking for a Finish) stays out of a move's frame."""
        if fn in self.pending:
            return
        self.pending.append(fn)
        if len(self.pending) == 1:
            js.requestAnimationFrame(self._after_frame)

    def run_later(self) -> None:
        pending, self.pending = self.pending, []
        for fn in pending:
            self.guard(fn)()

    def now(self) -> float:
        at = self.clock.elapsed(js.performance.now()) if self.clock else 0.0
        return max(at, self.game.clock if self.game else 0.0)

    @property
    def practice(self) -> bool:
        """Not a duel run: a stall in a game with undo is a notice first."""
        return not self.duel.playing

    @property
    def playing(self) -> bool:
        return self.game is not None and self.game.status == "playing"

    # --- settings -----------------------------------------------------------------------
    def load_settings(self) -> dict:
        return self.progress.load_settings()  # a damaged value is set aside, storage never raises

    def save_settings(self) -> None:
        self.progress.save_settings(self.settings)

    # --- start -----------------------------------------------------------------------------
    def start(self) -> None:
        today = str(js.Date.new().toISOString())[:10]  # UTC: a daily deal of a later day is refused
        request = url.parse_query(str(js.window.location.search), LANGUAGES, today)
        lang = request.lang or self.settings.get("lang")
        if lang not in LANGUAGES:
            lang = pick_language(list(js.navigator.languages or [js.navigator.language or "en"]))
        self.lang = lang
        self.wire()
        self.apply_language(lang, save=False)
        notices = [self.notice_text(n) for n in request.notices]
        slot, game_id = self.progress.restore(str(js.window.location.search), request)
        notices += self.progress.start_notices()

        def begin(notices):
            if slot is not None:  # the saved game this address asks for: resume it
                self.start_game(game_id, notices=notices, restored=slot)
            else:
                self.start_game(game_id, request.seed, request.position, request.time_limit, notices)

        # ?duel=…: the link is checked in slices, then the duel deals and shows
        # who challenged; a link it refuses starts the page as without it.
        if not self.duel.open_address(notices, begin):
            begin(notices)

    def notice_text(self, notice) -> str:
        text = t(self.lang, notice.key, **notice.params)
        return f"{text} ({notice.detail})" if notice.detail else text

    def wire(self) -> None:
        board = by_id("board")
        handlers = js.Object.new()
        handlers.tap = self.proxy(self.guard(self.input.tap))
        handlers.double = self.proxy(self.guard(self.input.double))
        handlers.grab = self.proxy(self.guard(self.grab))
        handlers.drop = self.proxy(self.guard(self.input.drop))
        handlers.cancel = self.proxy(self.guard(self.input.cancel))
        self.table = js.SolTable.attach(board, handlers)
        buttons = {
            "btn-games": self.open_picker,
            "btn-new": self.ask_new_deal,
            "btn-restart": self.ask_restart,
            "btn-giveup": self.ask_give_up,
            "btn-undo": self.undo,
            "btn-redo": self.redo,
            "btn-rules": self.open_rules,
            "btn-settings": self.open_settings,
            "btn-keys": self.open_shortcuts,
            "turn-hint-close": self.close_turn_hint,
            "notice-close": self.close_notice,
            "end-new": self.new_deal,
            "end-restart": self.restart,
            "end-other": self.open_picker,
            "end-close": lambda: by_id("end-dialog").close(),
            "confirm-yes": self.give_up,
            "confirm-no": lambda: by_id("confirm-dialog").close(),
        }
        for name, fn in buttons.items():
            handler = self.guard(lambda event=None, fn=fn: fn())
            self.on(by_id(name), "click", handler)
        for dialog in ("picker", "rules-dialog", "settings-dialog", "keys-dialog"):
            for close in document.querySelectorAll(f"#{dialog} [data-close]"):
                self.on(close, "click", lambda e, d=dialog: by_id(d).close())
        self.on(by_id("lang-select"), "change", self.guard(lambda e: self.apply_language(e.target.value)))
        self.on(by_id("settings-dialog"), "change", self.guard(self.settings_changed))
        self.on(document, "keydown", self.guard(self.keydown))
        self.on(js.window, "resize", self.guard(lambda e: self.schedule_relayout()))
        js.setInterval(self.proxy(self.guard(lambda: self.tick())), TICK_MS)
        # A read-only hook for tests and pages that embed the game.
        hook = js.Object.new()
        hook.state = self.proxy(lambda: to_js(self.state(), dict_converter=js.Object.fromEntries))
        hook.diagnostics = self.proxy(lambda: to_js(self.diagnostics(), dict_converter=js.Object.fromEntries))
        js.window.solitaire = hook
        self.progress.wire()
        self.frame.listen()
        self.duel.wire()
        self.hints.wire()
        self.fair.wire()
        self.auto_home.wire()
        self.one_tap.wire()

    def guard(self, fn):
        """Event handlers never let an exception reach the page: it becomes a notice."""

        def run(*args):
            try:
                return fn(*args)
            except GameError as e:
                self.show_toast(cue_text(self.lang, e, self.name_card))
            except Exception as e:  # a bug: say so plainly, keep the page alive
                js.console.warn(f"solitaire: {type(e).__name__}: {e}")
                self.show_notice(t(self.lang, "error.unexpected", detail=f"{type(e).__name__}: {e}"))
            return None

        return run

    # --- games ----------------------------------------------------------------------------
    def make_game(self, game_id, seed, position, limit, notices):
        """A game for the request; a bad part becomes a notice and a playable default."""
        if position is not None:
            try:
                pos = read_position(position)
                self.start_position = pos.to_json()
                return Game(pos, time_limit=limit, stall_notice=self.practice), None
            except GameError as e:
                notices.append(f"{t(self.lang, 'error.bad_position')} ({cue_text(self.lang, e, self.name_card)})")
            except Exception as e:
                notices.append(f"{t(self.lang, 'error.bad_position')} ({type(e).__name__})")
        self.start_position = None
        if game_id not in PLAYER_GAMES:
            game_id = url.DEFAULT_GAME
        if seed is None:
            seed = random.randrange(1, RANDOM_DEALS)
        try:
            return new_game(game_id, seed, time_limit=limit, stall_notice=self.practice), seed
        except GameError as e:
            notices.append(str(e))
            seed = random.randrange(1, RANDOM_DEALS)
            return new_game(game_id, seed, stall_notice=self.practice), seed

    def start_game(self, game_id, seed=None, position=None, limit=None, notices=None, restored=None) -> None:
        """Deal a game, or put ``restored`` (a saved ``storage.Slot``) back on the table."""
        notices = list(notices or [])
        self.progress.leave()  # a game left in play counts as lost
        self.duel.on_start_game(game_id, seed, position, limit)
        _boot("stage", t(self.lang, "loading.dealing"), 96, 99)
        if restored is not None:
            game, seed = restored.game, restored.game.seed
            self.start_position = game.start.to_json() if seed is None else None
        else:
            game, seed = self.make_game(game_id, seed, position, limit, notices)
        self.game, self.seed, self.time_limit = game, seed, game.time_limit
        self.input.selection = self.input.dragging = None
        if getattr(self, "table", None) is not None:
            self.table.reset()
        for d in ("end-dialog", "confirm-dialog", "leave-dialog", "stall-dialog"):
            if by_id(d).open:
                by_id(d).close()
        self.stop_celebration()
        board = self.board
        root = by_id("board")
        layout = self.plan_table(game.spec)
        board.deal(game.spec, self.piles(), layout, self.turned_pile())
        board.set_language(self.lang)
        board.set_stock_state(self.can_redeal())
        self.hints.reset()
        root.dataset.seed = "" if seed is None else str(seed)
        root.hidden = False
        self.clock = self.fair.new_clock(game, restored)
        self.hud.reset(game, self.lang)
        self.refresh_titles()
        self.update_url()
        self.update_status()
        self.hud.update(game, self.now())
        by_id("settings-faces").hidden = not board.italian
        _boot("done")
        if notices:
            self.show_notice(" ".join(notices))
        else:
            self.close_notice()
        self.fair.sync_clock()
        self.progress.started(restored)  # saved at once: a reload finds this deal
        self.frame.started()
        js.performance.mark("interactive")
        if not self.playing:
            self.fair.stopped()

    def piles(self) -> dict:
        names = self.game.spec.pile_names
        return {names[i]: p for i, p in enumerate(self.game.position.piles)}

    def turned_pile(self):
        w = self.game.position.waiting
        return None if w is None else self.game.spec.pile_names[w]

    def can_redeal(self) -> bool:
        return any(m == REDEAL for m in self.game.legal_moves())

    def update_url(self) -> None:
        query = self.duel.query()  # ?duel=…, while the board belongs to a duel
        if query is None and self.start_position is not None:
            query = url.position_query(self.start_position, time_limit=self.time_limit)
        elif query is None:
            query = url.deal_query(self.game.spec.id, self.seed, time_limit=self.time_limit)
        try:
            js.history.replaceState(js.history.state, "", query)
        except Exception:
            pass

    def refresh_titles(self) -> None:
        game = self.game
        name = game_name(self.lang, game.spec.id)
        by_id("game-title").textContent = name
        info = t(self.lang, "app.deal_info", number=self.seed) if self.seed is not None else ""
        if self.seed is not None and self.seed >= url.DAILY_FLOOR:  # a daily deal: its date
            from .daily_ui import deal_label

            info = deal_label(self.lang, self.seed) or info
        by_id("deal-info").textContent = info
        document.title = f"{name} \u2013 {t(self.lang, 'app.title')}"

    def choose(self, game_id: str, seed) -> None:
        self.fair.ask_leave(lambda: self.choose_now(game_id, seed))

    def choose_now(self, game_id: str, seed) -> None:
        if seed is None:
            seed = self.hints.next_deal(game_id)  # "winnable deals only": a proved-winnable number
        self.start_game(game_id, seed, limit=self.time_limit)

    def new_deal(self) -> None:
        seed = self.hints.next_deal(self.game.spec.id)
        self.start_game(self.game.spec.id, seed, limit=self.time_limit)

    def ask_new_deal(self) -> None:
        self.fair.ask_leave(self.new_deal)

    def ask_restart(self) -> None:
        self.fair.ask_leave(self.restart, restart=True)

    def restart(self) -> None:
        if self.duel.playing:  # a duel run is played once: its deal is known by now
            self.show_toast(t(self.lang, "leave.no_restart_in_duel"))
            return
        if self.start_position is not None:
            self.start_game(self.game.spec.id, None, self.start_position, self.time_limit)
        else:
            self.start_game(self.game.spec.id, self.seed, limit=self.time_limit)

    # --- moves ------------------------------------------------------------------------------
    def grab(self, pile, index):
        spec = self.input.grab(pile, index)
        if spec is None:
            return None
        return js.Array.of(*spec)

    def play(self, step, shake=None, home: bool = True) -> bool:
        """Play a step (a move, or moves that are one action); a refusal shakes
        ``shake``. ``home``: the cards that then go home by themselves (the
        setting) join the step; Finish plays its own line without them."""
        if not self.playing:
            return False
        before = self.game.position
        mode = self.auto_home.mode() if home else "off"
        try:
            changes = self.game.play(step, self.now(), home=mode)
        except GameError as e:
            self.refuse(e, shake)
            return False
        self.fair.first_action()  # the clock counts from the first move or draw
        self.auto_home.landed(before, changes, 1 if isinstance(step, Move) else len(step))
        self.after_action()
        # The player's own move: a stock card played directly is the step's second move.
        stock_play = len(changes) > 1 and changes[0].move == DRAW and changes[1].src == "waste"
        self.announce_change(changes[1] if stock_play else changes[0])
        return True

    def play_from_stock(self, dst: str) -> bool:
        """The stock's top card straight to ``dst``: one step of a draw and
        ``waste>dst``, which one undo takes back."""
        return self.play((DRAW, Move("waste", dst)))

    def stock(self) -> None:
        if not self.playing:
            return
        if not self.game.spec.has_stock:
            self.play(DRAW)  # a game without a stock: the engine says so
            return
        self.play(DRAW if self.board.codes("stock") else REDEAL, shake=("stock", 0))

    def undo(self) -> None:
        try:
            self.game.undo(self.now())
        except GameError as e:
            self.refuse(e, None)
            return
        self.input.deselect()
        self.after_action()
        self.say("status.undone")

    def redo(self) -> None:
        try:
            self.game.redo(self.now())
        except GameError as e:
            self.refuse(e, None)
            return
        self.input.deselect()
        self.after_action()
        self.say("status.redone")

    def after_action(self) -> None:
        self.auto_home.sync()  # the board, with the cards that went home one by one
        self.board.set_stock_state(self.can_redeal())
        self.hints.changed()
        self.update_status()
        self.hud.update(self.game, self.now())
        self.progress.changed()  # autosave after every move, undo and redo
        self.frame.moved()
        if not self.playing:  # the end (or a stall notice) once the cards flying home have landed
            self.auto_home.after(self.fair.stopped)

    def refuse(self, error, shake) -> None:
        self.show_toast(cue_text(self.lang, error, self.name_card))
        if shake is not None:
            pile, index = shake
            if pile in self.board.pile_els:
                self.board.shake(pile, index)

    def name_card(self, code: str) -> str:
        if self.game is None:
            return code
        try:
            return card_name(self.lang, code, self.game.spec.deck.name)
        except (ValueError, KeyError, TypeError):
            return code

    # --- the end -----------------------------------------------------------------------------
    def update_status(self) -> None:
        by_id("board").dataset.status = self.game.status

    def ask_give_up(self) -> None:
        if not self.playing:
            return
        by_id("confirm-title").textContent = t(self.lang, "confirm.give_up_title")
        by_id("confirm-body").textContent = t(self.lang, "confirm.give_up_body", score=self.game.score(self.now()))
        by_id("confirm-dialog").showModal()

    def give_up(self) -> None:
        by_id("confirm-dialog").close()
        if self.playing:
            self.game.resign(self.now())
            self.after_action()

    def tick(self) -> None:
        game = self.game
        if game is None:
            return
        if self.playing:
            at = self.now()
            if game.expire(at):
                self.after_action()
                return
            self.hud.update(game, at)

    def finish(self) -> None:
        game = self.game
        self.input.deselect()
        self.clock.stop(js.performance.now())
        self.update_status()
        self.hud.update(game, game.end_time or game.clock)
        self.win.note_before()
        self.progress.finished()  # into the statistics, once
        self.win.recorded()
        self.frame.finished()
        in_duel = self.duel.game_over()  # a duel run shows the duel's result instead
        if game.status == "won":  # the cards celebrate first; the dialog follows
            self.win.celebrate(None if in_duel else self.show_end_if_current(game))
        elif not in_duel:
            self.show_end()

    def show_end_if_current(self, game):
        return lambda: self.show_end() if self.game is game else None

    def show_end(self) -> None:
        game = self.game
        dialog = by_id("end-dialog")
        dialog.dataset.status = game.status
        fill_end(by_id("end-title"), by_id("end-body"), self.lang, game, game.score())
        self.win.fill(by_id("end-body"), self.lang, game, game.score())
        if self.seed is not None and self.seed >= url.DAILY_FLOOR or not is_none(by_id("end-challenge")):
            from .daily_ui import show_challenge  # "Challenge a friend" after a daily game

            show_challenge(self)
        if not dialog.open:
            dialog.showModal()
            by_id("end-new").focus()

    def stop_celebration(self) -> None:
        self.win.stop()

    # --- words --------------------------------------------------------------------------------
    def apply_language(self, lang: str, save: bool = True) -> None:
        if lang not in LANGUAGES:
            return
        self.lang = lang
        document.documentElement.lang = lang
        for node in document.querySelectorAll("[data-t]"):
            node.textContent = t(lang, node.dataset.t)
        for node in document.querySelectorAll("[data-t-label]"):
            node.setAttribute("aria-label", t(lang, node.dataset.tLabel))
        for node in document.querySelectorAll("[data-t-title]"):
            node.title = t(lang, node.dataset.tTitle)
        by_id("lang-select").value = lang
        self.board.set_language(lang)
        if self.game is not None:
            self.hud.reset(self.game, lang)
            self.hud.update(self.game, self.now())
            self.refresh_titles()
            if by_id("rules-dialog").open:
                fill_rules(by_id("rules-title"), by_id("rules-body"), lang, self.game.spec.id)
            if by_id("end-dialog").open:
                self.show_end()
            if by_id("picker").open:
                self.picker.open(lang, self.game.spec.id)
            if by_id("keys-dialog").open:
                self.open_shortcuts()
            self.progress.language_changed()
            self.fair.apply_language()
            self.duel.apply_language()
            self.schedule_relayout()
        if save:
            self.settings["lang"] = lang
            self.save_settings()

    def show_toast(self, text: str) -> None:
        toast = by_id("toast")
        toast.textContent = text
        toast.classList.add("show")
        if self.toast_timer is not None:
            js.clearTimeout(self.toast_timer)
        self.toast_timer = js.setTimeout(self._hide_toast, TOAST_MS)

    def _hide_toast_now(self) -> None:
        by_id("toast").classList.remove("show")
        self.toast_timer = None

    @property
    def _hide_toast(self):
        if not hasattr(self, "_hide_toast_proxy"):
            self._hide_toast_proxy = self.proxy(self._hide_toast_now)
        return self._hide_toast_proxy

    def say(self, key: str, **params) -> None:
        """Tell screen readers what happened (a polite live region)."""
        by_id("live").textContent = t(self.lang, key, **params)

    def announce_pick(self, pick: Pick) -> None:
        code = self.board.codes(pick.pile)[pick.index]
        key = "status.picked_up_run" if pick.count > 1 else "status.picked_up"
        self.say(key, card=self.name_card(code))

    def announce_change(self, change) -> None:
        move = change.move
        if move.is_stock_action:
            if move == REDEAL:
                self.say("status.turned_over")
            elif change.cards:
                self.say("status.drawn", card=self.name_card(change.cards[-1]))
            return
        pile = self.board.pile_els[move.dst].getAttribute("aria-label").split(",")[0]
        self.say("status.moved", card=self.name_card(change.cards[0]), pile=pile)

    def show_notice(self, text: str) -> None:
        by_id("notice-text").textContent = text
        by_id("notice").hidden = False

    def close_notice(self) -> None:
        by_id("notice").hidden = True

    # --- panels --------------------------------------------------------------------------------
    def open_picker(self) -> None:
        for d in ("end-dialog", "rules-dialog", "settings-dialog"):
            if by_id(d).open:
                by_id(d).close()
        self.picker.open(self.lang, self.game.spec.id, self.seed)

    def open_rules(self) -> None:
        fill_rules(by_id("rules-title"), by_id("rules-body"), self.lang, self.game.spec.id)
        by_id("rules-dialog").showModal()

    def open_settings(self) -> None:
        faces = self.board.faces if self.board.faces in FACE_SETS else FACE_SETS[0]
        for node in document.querySelectorAll('#settings-dialog input[name="faces"]'):
            node.checked = node.value == faces
        for node in document.querySelectorAll('#settings-dialog input[name="back"]'):
            node.checked = node.value == self.board.back
        self.fair.show_setting()
        by_id("settings-dialog").showModal()

    def open_shortcuts(self) -> None:
        """The "?" key and the Keyboard shortcuts tool: the keys this game has."""
        fill_shortcuts(by_id("keys-list"), self.lang, self.game.spec)
        dialog = by_id("keys-dialog")
        if not dialog.open:
            dialog.showModal()

    def settings_changed(self, event) -> None:
        target = event.target
        if target.name == "faces" and target.value in FACE_SETS:
            self.settings["faces"] = target.value
        elif target.name == "back" and target.value in BACKS:
            self.settings["back"] = target.value
        else:
            return
        self.board.set_art(self.settings.get("faces", self.board.faces), self.settings.get("back", self.board.back))
        self.save_settings()

    # --- keyboard and size ---------------------------------------------------------------------------
    def keydown(self, event) -> None:
        target = event.target
        if event.altKey or event.metaKey or event.defaultPrevented:
            return
        if not is_none(target.closest("dialog, input, select, textarea")):
            return
        key = event.key
        pile_el = target.closest("#board [data-pile]")
        pile = None if is_none(pile_el) else str(pile_el.dataset.pile)
        if key in ("Enter", " ") and pile is None:
            return  # buttons and links keep their own keys
        if pile is not None and pile != self.board.focus:
            self.board.set_focus(pile, move_focus=False)
        if self.input.key(key, bool(event.ctrlKey), pile is not None):
            event.preventDefault()

    def board_space(self) -> tuple[float, float]:
        """The table's size: the page's frame (app.css) fixes it, whatever the
        header and the toolbar hold, so it is known before the first deal."""
        table = by_id("board").parentElement
        return float(table.clientWidth), float(table.clientHeight)

    def plan_table(self, spec):
        """The board's layout for the table's size. Cards narrower than a finger
        on an upright phone (12 or 13 columns) bring the hint to turn it (a row
        above the table, until the player closes it): the board is planned again
        for the table that is left, before anything is drawn."""
        layout = plan(spec, *self.board_space())
        upright = float(js.window.innerHeight) > float(js.window.innerWidth)
        wanted = layout.narrow and upright and self.settings.get("turn_hint") != "closed"
        hint = by_id("turn-hint")
        if bool(hint.hidden) == wanted:
            hint.hidden = not wanted
            layout = plan(spec, *self.board_space())
        return layout

    def close_turn_hint(self) -> None:
        by_id("turn-hint").hidden = True
        self.settings["turn_hint"] = "closed"
        self.save_settings()
        self.relayout()

    def schedule_relayout(self) -> None:
        if self.resize_timer is not None:
            js.clearTimeout(self.resize_timer)
        if not hasattr(self, "_relayout_proxy"):
            self._relayout_proxy = self.proxy(self.guard(self.relayout))
        self.resize_timer = js.setTimeout(self._relayout_proxy, 90)

    def relayout(self) -> None:
        self.resize_timer = None
        if self.game is None:
            return
        layout = self.plan_table(self.game.spec)
        if layout != self.board.layout:
            self.board.relayout(layout)

    # --- test hook ----------------------------------------------------------------------------------
    def state(self) -> dict:
        game = self.game
        if game is None:
            return {}
        return {
            "game": game.spec.id,
            "seed": self.seed,
            "status": game.status,
            "score": game.score(self.now()),
            "moves": game.moves,
            "undo": game.undo_steps,
            "redo": game.redo_steps,
            "lang": self.lang,
            "position": game.position.to_json(),
            "legal": [str(m) for m in game.legal_moves()],
        }

    def diagnostics(self) -> dict:
        """Figures for the benchmarks (bench/browser.py): what one autosave of the
        game on the table costs, and the memory a leak would grow."""
        start = js.performance.now()
        self.progress.save()
        save_ms = js.performance.now() - start
        gc.collect()
        try:
            import pyodide_js  # the runtime's JavaScript side; its heap is the WebAssembly memory

            wasm = int(pyodide_js._module.HEAPU8.length)
        except Exception:
            wasm = None
        return {
            "python_objects": len(gc.get_objects()),
            "proxies": len(self.proxies),
            "wasm_bytes": wasm,
            "save_ms": save_ms,
        }


APP = None


def start() -> None:
    global APP
    try:
        APP = App()
        APP.start()
    except Exception as exc:
        _boot("fail", f"{type(exc).__name__}: {exc}")
        raise
