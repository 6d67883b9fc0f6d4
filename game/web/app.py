"""The controller: composes the page's parts and connects them to the engine.
Runs in Pyodide (index.html calls ``start``).

The parts (``App.parts``) share the lifecycle of ``part.py``: ``wire`` once,
``dealt`` when a game is on the table, ``changed`` after every action,
``ended`` when the game ends, ``language_changed``. ``App`` keeps what they
share: the game, its deal, the clock, the settings and the language.

Flow of a move: input picks a move -> ``App.play`` asks the engine (which
refuses with a reason or applies it) -> ``after_action``: each part updates
what the move touched (the board re-parents only the cards that moved) ->
the live region says what happened.
"""

from __future__ import annotations

import random
from dataclasses import replace

import js
from pyscript import document
from pyscript.ffi import is_none

from game import DRAW, Game, GameError, Move, new_game, read_position
from game.catalog import PLAYER_GAMES

from . import hook, resume, url
from .ahead import Ahead
from .cues import cue_text
from .dialogs import Dialogs
from .dom import Events, boot, by_id, query
from .duel_ui import DuelUI
from .fair import FairPlay
from .flow import AutoHomeView
from .frame import Frame
from .guide import Guide
from .hints import Hints
from .hud import Hud
from .input import Input
from .looks import Looks
from .onetap import OneTap
from .progress import Progress
from .sound import Sound
from .table import Table
from .texts.ui import LANGUAGES, pick_language, t
from .titles import Titles
from .today import Today
from .voice import Voice
from .win import WinView

RANDOM_DEALS = 1_000_000  # random deals are numbered below this, to stay easy to share
TICK_MS = 250


class App:
    js = js  # the browser, for the parts that import it only where they run there

    def __init__(self):
        events = self.events = Events(self.refused, self.failed)
        self.proxy, self.on, self.guard, self.later = events.proxy, events.on, events.guard, events.later
        self.clicks = events.clicks
        self.game: Game | None = None
        self.seed = None
        self.start_position = None  # the position a ?position= game started from
        self.time_limit = None
        self.arrived_over = False  # the game put on the table is over already (start_game, finish)
        self.address_lang = None  # the language the address asked for (?lang=)
        self.clock = None
        self.lang = "en"
        self.progress = Progress(self)  # settings, autosave and resume, statistics
        self.settings = self.progress.load_settings()  # a damaged value is set aside, storage never raises
        self.looks = Looks(self)  # light or dark, the table's colour, card size, left hand
        self.table = Table(self, self.looks)  # the board, drawn for the table's size
        self.board = self.table.board
        self.board.faces = self.settings.get("faces", "napoletane")
        self.board.back = self.settings.get("back", "blue")
        self.voice = Voice(self, self.table)  # the toast, the notice, the live region
        self.show_toast, self.show_notice, self.say = self.voice.toast, self.voice.notice, self.voice.say
        self.name_card, self.announce_pick = self.voice.name_card, self.voice.announce_pick
        self.sound = Sound(self, self.board)  # sounds made in the page, after the first gesture
        self.one_tap = OneTap(self)  # the setting: a tap moves a card to its best place
        self.hud = Hud(
            *(query(f'[data-hud="{name}"]') for name in ("score", "time", "moves", "bonus")),
            *(by_id(name) for name in ("hud-bonus", "btn-undo", "undo-count", "btn-redo", "hud-time-label")),
            app=self,
        )
        self.hud.play_buttons = (by_id("btn-hint"), by_id("btn-giveup"))
        self.win = WinView(self, self.progress, self.sound)  # the celebration and what a win means
        # Picker, rules, settings, shortcuts, giving up, the end.
        self.dialogs = Dialogs(self, self.board, self.win, self.hud)
        # Duels: a practice deal in play is left only when the player agrees (FairPlay.ask_leave).
        self.duel = DuelUI(self, self.progress, self.hud, lambda then: self.fair.ask_leave(then))
        # The clock's holds, leaving a deal, the stall notice.
        self.fair = FairPlay(self, self.duel, self.hud, self.progress, self.dialogs.open_rules)
        self.hints = Hints(self, self.board, self.duel, self.voice)  # hint and finish, through the solver worker
        self.auto_home = AutoHomeView(self, self.table)  # cards that go home by themselves, one by one
        # Taps, drags and keys: gestures.resolve decides, Input performs.
        self.input = Input(self, self.board, self.one_tap, self.sound, self.hints.ask, self.dialogs.open_shortcuts)
        self.frame = Frame(self)  # ?embed=1: messages to and from the host page
        self.today = Today(self, self.progress, self.duel)  # the Today tool: today's deal, the daily streak
        self.progress.goal_of = self.today.goal_of  # a daily deal's goal, recorded with its game
        self.dialogs.end_shown.append(self.today.end_shown)
        # The header's titles, the document's, the address.
        self.titles = Titles(self, self.duel, self.frame, self.today)
        self.today.goal_shown.append(self.titles.refresh)
        # Moves made ready while idle, for table.js to show at once.
        self.ahead = Ahead(self, self.table, self.input, self.auto_home, self.progress)
        self.guide = Guide(self, self.progress)  # the first visit's three steps
        self.update_url = self.titles.update_url
        self.dialogs.settings_shown += [self.fair.show_setting, self.looks.show_setting, self.sound.show_setting]
        # The lifecycle's order (part.py): the board before the HUD, the HUD
        # before the clock is synced, the statistics before the win's news.
        self.parts = (self.dialogs, self.input, self.auto_home, self.table, self.hints, self.hud, self.titles)
        self.parts += (self.fair, self.progress, self.win, self.frame, self.duel, self.one_tap, self.looks, self.sound)
        self.parts += (self.ahead, self.guide, self.today)

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

    def save_settings(self) -> None:
        self.progress.save_settings(self.settings)

    def refused(self, error) -> None:
        self.show_toast(cue_text(self.lang, error, self.name_card))

    def failed(self, error) -> None:
        self.show_notice(t(self.lang, "error.unexpected", detail=f"{type(error).__name__}: {error}"))

    # --- start -----------------------------------------------------------------------------
    def start(self) -> None:
        today = str(js.Date.new().toISOString())[:10]  # UTC: a daily deal of a later day is refused
        request = url.parse_query(str(js.window.location.search), LANGUAGES, today)
        lang = request.lang or self.settings.get("lang")
        if lang not in LANGUAGES:
            lang = pick_language(list(js.navigator.languages or [js.navigator.language or "en"]))
        self.lang = lang
        self.address_lang = request.lang  # kept in the address (titles.py) until the player picks another
        self.wire()
        self.apply_language(lang, save=False)
        notices = [self.notice_text(n) for n in request.notices]
        request = self.playable_position(request, notices)
        search = str(js.window.location.search)
        slot, game_id = self.progress.restore(search, request)
        notices += self.progress.start_notices()

        def begin(notices, slot=slot, game_id=game_id, request=request):
            if slot is not None:  # the saved game this address asks for: resume it
                self.start_game(game_id, notices=notices, restored=slot)
            else:
                self.start_game(game_id, request.seed, request.position, request.time_limit, notices)

        def refused(notices):
            # A duel link refused: the page starts as at the address without
            # it, and a game in play is resumed, never replaced.
            query = resume.without_duel(search)
            plain = url.parse_query(query, LANGUAGES, today)
            found, found_id = self.progress.restore(query, plain)
            begin(notices + self.progress.start_notices(), found, found_id, plain)

        # ?duel=…: the link is checked in slices, then the duel deals and shows
        # who challenged; a link it refuses starts the page as without it.
        if not self.duel.open_address(notices, refused):
            begin(notices)

    def playable_position(self, request, notices: list):
        """``request`` less a ``?position=`` the engine refuses (said in
        ``notices``): the address is then read as if it named no position."""
        if request.position is None:
            return request
        try:
            read_position(request.position)
        except Exception as e:
            notices.append(self.bad_position(e))
            return replace(request, position=None, refused=request.refused | {"position"})
        return request

    def bad_position(self, error) -> str:
        reason = cue_text(self.lang, error, self.name_card) if isinstance(error, GameError) else type(error).__name__
        return f"{t(self.lang, 'error.bad_position')} ({reason})"

    def notice_text(self, notice) -> str:
        text = t(self.lang, notice.key, **notice.params)
        return f"{text} ({notice.detail})" if notice.detail else text

    def wire(self) -> None:
        buttons = {
            "btn-new": lambda: self.fair.ask_leave(self.new_deal),
            "btn-restart": lambda: self.fair.ask_leave(self.restart, restart=True),
            "btn-undo": self.undo,
            "btn-redo": self.redo,
            "notice-close": self.voice.close_notice,
            "notice-undo": self.undo,  # the dead end's ways on: as the tools do
            "notice-giveup": self.dialogs.ask_give_up,
            "notice-new": lambda: self.fair.ask_leave(self.new_deal),
            "end-new": self.new_deal,
            "end-restart": self.restart,
        }
        self.clicks(buttons)
        self.on(by_id("lang-select"), "change", self.guard(lambda e: self.apply_language(e.target.value)))
        js.setInterval(self.proxy(self.guard(lambda: self.tick())), TICK_MS)
        hook.install(self)  # window.solitaire, read-only
        for part in self.parts:
            part.wire()

    # --- games ----------------------------------------------------------------------------
    def make_game(self, game_id, seed, position, limit, notices):
        """A game for the request; a bad part becomes a notice and a playable default."""
        if position is not None:
            try:
                pos = read_position(position)
                self.start_position = pos.to_json()
                return Game(pos, time_limit=limit, stall_notice=self.practice), None
            except Exception as e:
                notices.append(self.bad_position(e))
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
        boot("stage", t(self.lang, "loading.dealing"), 96, 99)
        if restored is not None:
            game, seed = restored.game, restored.game.seed
            self.start_position = game.start.to_json() if seed is None else None
        else:
            game, seed = self.make_game(game_id, seed, position, limit, notices)
        self.game, self.seed, self.time_limit = game, seed, game.time_limit
        self.win.stop()  # the last game's celebration
        self.clock = self.fair.new_clock(game, restored)
        if notices:
            self.show_notice("\n".join(notices))  # one line each (.notice p: pre-line)
        else:
            self.voice.close_notice()
        for part in self.parts:
            part.dealt(restored)
        boot("done")
        js.performance.mark("interactive")
        if not self.playing:  # put back over (a reload, or taken up from another tab): its end, without the show
            self.arrived_over = True
            try:
                self.fair.stopped()
            finally:
                self.arrived_over = False

    def choose(self, game_id: str, seed) -> None:
        self.fair.ask_leave(lambda: self.choose_now(game_id, seed))

    def choose_now(self, game_id: str, seed) -> None:
        if seed is None:
            seed = self.hints.next_deal(game_id)  # "winnable deals only": a proved-winnable number
        self.start_game(game_id, seed, limit=self.time_limit)

    def new_deal(self) -> None:
        seed = self.hints.next_deal(self.game.spec.id)
        self.start_game(self.game.spec.id, seed, limit=self.time_limit)

    def restart(self) -> None:
        if self.duel.playing:  # a duel run is played once: its deal is known by now
            self.show_toast(t(self.lang, "leave.no_restart_in_duel"))
            return
        if self.start_position is not None:
            self.start_game(self.game.spec.id, None, self.start_position, self.time_limit)
        else:
            self.start_game(self.game.spec.id, self.seed, limit=self.time_limit)

    # --- moves ------------------------------------------------------------------------------
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
        self.sound.played(changes)  # before after_action: a win's fanfare follows the last card
        self.after_action()
        # The player's own move: a stock card played directly is the step's second move.
        stock_play = len(changes) > 1 and changes[0].move == DRAW and changes[1].src == "waste"
        self.voice.announce_change(changes[1] if stock_play else changes[0])
        return True

    def after_action(self) -> None:
        """After a move, undo, redo, resignation or time-up: every part catches up."""
        for part in self.parts:
            part.changed()  # autosave included (progress): no frame shows a move not yet stored
        if not self.playing:  # the end (or a stall notice) once the cards flying home have landed
            self.auto_home.after(self.fair.stopped)

    def finish(self) -> None:
        """The game has ended (fair.stopped): every part takes note, then the
        cards celebrate a win and the end dialog follows (a duel run shows
        the duel's result instead)."""
        game = self.game
        for part in self.parts:
            part.ended()
        if game.status == "won" and not self.arrived_over:
            self.win.celebrate(None if self.duel.took_end else self.dialogs.show_end_if_current(game))
        elif not self.duel.took_end:
            self.dialogs.show_end()

    def undo(self) -> None:
        self.take_back(self.game.undo, "status.undone")

    def redo(self) -> None:
        self.take_back(self.game.redo, "status.redone")

    def take_back(self, action, said: str) -> None:
        try:
            action(self.now())
        except GameError as e:
            self.refuse(e, None)
            return
        self.input.deselect()
        self.hints.lost_told = None  # a step taken back: a dead end reached again is told again
        self.after_action()
        self.say(said)

    def over_word(self) -> bool:
        """A tool or a card asked for play after the game ended: say so, and
        what starts another (True if that was the case)."""
        if self.game is None or self.playing or self.game.stall_pending:
            return False
        show = getattr(js.window, "SolCelebrate", None)
        if show is not None and show.running() or not is_none(document.querySelector("dialog[open]")):
            return True  # a press that skips the win's show, or behind the end's dialog: no word over it
        self.show_toast(t(self.lang, "cue.over_new", new=t(self.lang, "action.new_deal")))
        return True

    def refuse(self, error, shake) -> None:
        self.refused(error)
        if shake is not None:
            pile, index = shake
            if pile in self.board.pile_els:
                self.board.shake(pile, index)

    def tick(self) -> None:
        game = self.game
        if game is not None and self.playing:
            at = self.now()
            if game.expire(at):
                self.after_action()
                return
            self.hud.update(game, at)

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
            for part in self.parts:
                part.language_changed()
        if save:  # the player's choice: kept, and the address no longer names another
            self.settings["lang"] = lang
            self.save_settings()
            self.voice.hide_toast()  # its words were the other language's
            if self.address_lang is not None and self.game is not None:
                self.address_lang = None
                self.titles.update_url()


APP = None


def start() -> None:
    global APP
    try:
        APP = App()
        APP.start()
    except Exception as exc:
        boot("fail", f"{type(exc).__name__}: {exc}")
        raise
