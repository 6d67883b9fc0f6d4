"""Duels on the page (issues 6 and 18): the Duel button and what its panel
does (set up a duel, answer a link, the result with its ranking and the
link to send), the challenger's ghost score in the HUD, pass-and-play turns,
and what the device noticed about a link (keys that changed, a game played
here that a link changed: ``duel_trust.py``).

Where the page is with duels is one ``Phase`` (``duel_view.py``), moved only
through its transition table by ``go``; the panel's page is one ``Panel``.
The controller (``app.py``) calls in at a few points only: the lifecycle of
``part.py`` (``wire``, ``ended``, ``language_changed``), ``open_address`` at
start, ``on_start_game`` before any deal, ``query`` for the address; the HUD
calls ``hud_updated`` after each update, the hints ask ``no_help``.

Split by concern: this part keeps the duel's state and flow; the panel is
drawn by ``duel_panel.py`` (no state), a link is checked in slices by
``duel_link.py``, a run is signed with this device's key by
``duel_sign.py``, and the logic that needs no browser is in
``duel_view.py`` and ``duel_trust.py``.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING

import js
from pyodide.ffi import to_js
from pyscript import document
from pyscript.ffi import is_none

from game import duel
from game.duel import InvalidChallenge

from . import duel_panel as panel
from .dom import by_id
from .duel_panel import show
from .duel_sign import once, sign
from .duel_trust import Trust
from .duel_view import (
    Panel,
    Phase,
    Session,
    clean_name,
    duel_query,
    facts,
    lead,
    lead_sentence,
    name_problem,
    next_phase,
    players_problem,
    token_of,
    verdict_of,
    winner_title,
)
from .panels import end_texts
from .part import Part
from .texts.ui import t

if TYPE_CHECKING:
    from .hud import Hud
    from .progress import Progress

NAME_SETTING = "duel_name"
ACTION_KEYS = frozenset("durhzy")  # keys that act: held down, they must not repeat in a duel


class DuelUI(Part):
    def __init__(self, app, progress: Progress, hud: Hud, ask_leave):
        super().__init__(app)  # the controller: game, seed, settings, lang, start_game
        self.progress = progress  # the store (the device's trust in names and keys), damaged data
        self.hud = hud  # the ghost's score beside the player's own, after each update
        self.ask_leave = ask_leave  # FairPlay.ask_leave: a practice deal in play is left only when asked
        self.phase = Phase.IDLE
        self.session: Session | None = None  # the duel being played, or the last one
        self.viewed = None  # the Challenge of a link, shown but not joined (VIEWING)
        self.rivals = None
        self.view: Panel | None = None  # the panel's page
        self.fixed = None  # (game, seed, limit) of a rematch being set up
        self.names: list[str] = []  # setup's name fields
        self.trust = None  # duel_trust.Trust, once wired
        self.checking = None  # the LinkCheck of the address's link (duel_link.py)
        self.key_asked = False  # this device's key has been asked for (static/js/keys.js)
        self._flags = None  # ((challenge, trust version), flags) last computed
        self.took_end = False  # the game that ended was a duel run: the duel shows its result
        self._keys = None  # key_held as a listener (listen_keys)
        self._keys_on = False

    @property
    def lang(self) -> str:
        return self.app.lang

    # --- the phase ----------------------------------------------------------------------------
    def go(self, event: str) -> None:
        self.phase = next_phase(self.phase, event)
        # On the root, for the style sheet: no Hint button while a run is played.
        document.documentElement.dataset.duelPhase = self.phase.value
        self.listen_keys()

    def listen_keys(self) -> None:
        """Before the page's own key handler (capture): keys held down act
        once in a duel (key_held). The listener is there only while a run is
        played or a link checked, so that other keys do not wait for Python."""
        on = self.phase in (Phase.PLAYING, Phase.CHECKING)
        if self._keys is None or on == self._keys_on:
            return
        self._keys_on = on
        (document.addEventListener if on else document.removeEventListener)("keydown", self._keys, True)

    @property
    def active(self) -> bool:
        return self.phase.active

    @property
    def playing(self) -> bool:
        return self.phase is Phase.PLAYING

    @property
    def no_help(self) -> bool:
        """No Hint and no "no way to win" notice while a duel run is played."""
        return self.phase is Phase.PLAYING

    @property
    def own(self) -> bool:
        """The link on view holds a run played on this device (or under its name)."""
        challenge = self.viewed
        if challenge is None:
            return False
        if self.trust is not None and any(self.trust.played_here(r) for r in challenge.runs):
            return True
        stored = self.stored_name()
        return bool(stored) and name_problem(stored, [r.name for r in challenge.runs]) is not None

    # --- building ---------------------------------------------------------------------------
    def wire(self) -> None:
        app = self.app
        # The button is in index.html, so the header does not move when Python starts.
        app.on(by_id("btn-duel"), "click", app.guard(lambda e: self.open_panel()))
        by_id("duel-join-name").maxLength = duel.MAX_NAME
        app.clicks(
            {
                "duel-add": self.add_name_field,
                "duel-decline": self.decline,
                "duel-copy": self.copy,
                "duel-next-go": self.next_player,
                "duel-play-too": self.play_too,
                "duel-rematch": self.rematch,
                "duel-new": self.open_setup,
                "duel-close": panel.close,
            }
        )
        app.on(by_id("duel-x"), "click", app.guard(lambda e: panel.close()))
        app.on(by_id("duel-setup"), "submit", app.guard(self.submit_setup))
        app.on(by_id("duel-join"), "submit", app.guard(self.submit_join))
        app.on(by_id("duel-names"), "click", app.guard(self.names_clicked))
        app.on(by_id("duel-dialog"), "close", app.guard(lambda e: self.closed()))
        app.on(by_id("duel-link"), "focus", app.guard(lambda e: e.target.select()))
        self._keys = app.proxy(app.guard(self.key_held))
        self.listen_keys()
        self.copied = app.proxy(app.guard(lambda *a: app.show_toast(t(self.lang, "share.copied"))))
        self.copy_refused = app.proxy(app.guard(lambda *a: self.copy_fallback()))
        self.share_refused = app.proxy(app.guard(self.not_shared))
        if self.can_share():  # the system's share sheet: the button says Share
            by_id("duel-copy").dataset.t = "duel.share"
        self.hud.after_update = self.hud_updated
        self.trust = Trust(self.progress.store)
        if self.trust.damaged:  # set aside by the store; told with the other start notices
            self.progress.damaged.append(("error.data_damaged", ()))
        document.documentElement.dataset.duelPhase = self.phase.value

    def key_held(self, event) -> None:
        """A key held down repeats: in a duel the action keys act once per
        press (a held D would draw faster than a person can, and the run's
        times would look made up); while a link is checked, no key acts."""
        key = str(event.key).lower()
        if self.playing and bool(event.repeat) and key in ACTION_KEYS:
            event.preventDefault()
            event.stopImmediatePropagation()
        elif self.phase is Phase.CHECKING:
            event.stopImmediatePropagation()  # the page's keys wait; the browser's still work

    # --- the panel (duel_panel.py draws it) -----------------------------------------------------
    def show_view(self, view: Panel) -> None:
        self.view = view
        panel.show_section(view)
        self.render()
        panel.open_modal()
        panel.focus_first(view)

    def render(self) -> None:
        self.ensure_key()
        panel.key_note(self.lang, self.view)
        getattr(self, f"render_{self.view.value}")()

    def ensure_key(self) -> None:
        """Make or load this device's key once a duel is in view (not at every
        visit: a device that never duels keeps nothing), then say where it lives."""
        keys = getattr(js.window, "SolKeys", None)
        if keys is None or self.key_asked:
            return
        self.key_asked = True
        ready = self.app.guard(lambda *a: panel.key_note(self.lang, self.view))
        keys.key().then(*once(ready, ready))

    def open_panel(self) -> None:
        """The Duel button: the duel on hand (its result), else a new one."""
        if self.phase in (Phase.CHECKING, Phase.SIGNING):
            return
        if self.viewed is not None:
            self.show_view(Panel.RANKING if len(self.viewed.runs) > 1 or self.own else Panel.INTRO)
        elif self.session is not None and self.session.challenge.runs and self.phase is Phase.DONE:
            self.show_view(Panel.RESULT)
        else:
            self.open_setup()

    def closed(self) -> None:
        """Escape or the close button on a challenge is "Not now"."""
        if self.view is Panel.INTRO and self.viewed is not None and self.phase is Phase.VIEWING:
            self.decline()

    # --- setting up a duel ------------------------------------------------------------------------
    def stored_name(self) -> str:
        name = self.app.settings.get(NAME_SETTING, "")
        return name if isinstance(name, str) and name_problem(clean_name(name)) is None else ""

    def remember(self, name: str) -> None:
        self.app.settings[NAME_SETTING] = name
        self.app.save_settings()

    def open_setup(self, fixed=None, names=None) -> None:
        self.fixed = fixed
        app = self.app
        game_id = fixed[0] if fixed else app.game.spec.id
        limit = fixed[2] if fixed else duel.default_time_limit(game_id)
        panel.setup_choices(limit, can_this=app.seed is not None and not fixed)
        self.names = list(names) if names else [self.stored_name()]
        panel.build_names(self.lang, self.names)
        self.show_view(Panel.SETUP)

    def render_setup(self) -> None:
        panel.render_setup(self.lang, self.app.seed, self.fixed)

    def add_name_field(self) -> None:
        self.names = panel.read_names() + [""]
        panel.build_names(self.lang, self.names)
        document.querySelector("#duel-names li:last-child input").focus()

    def names_clicked(self, event) -> None:
        button = event.target.closest("button[data-remove]")
        if is_none(button):
            return
        names = panel.read_names()
        names.pop(int(button.dataset.remove))
        self.names = names
        panel.build_names(self.lang, self.names)

    def submit_setup(self, event) -> None:
        event.preventDefault()
        names = [clean_name(n) for n in panel.read_names()]
        if panel.names_problem(self.lang, players_problem(names)):
            return
        if self.fixed:
            game_id, seed, limit = self.fixed
        else:
            game_id = self.app.game.spec.id
            limit, seed = panel.chosen_setup(self.app.seed)
            if seed is None:
                seed = random.randrange(1, 1_000_000)
        self.remember(names[0])

        def deal():
            self.viewed = None
            self.session = Session.new(game_id, seed, limit, names)
            self.begin_run()

        self.ask_leave(deal)  # a practice deal in play is left: the player is asked first

    # --- a link -----------------------------------------------------------------------------------
    def open_address(self, notices: list, fallback) -> bool:
        """At start: a ``?duel=`` address. True if the duel takes over: the link
        is then checked in slices (duel_link.py: the loading screen counts up,
        the page keeps drawing); a good link deals its cards and shows who
        challenged, a bad one becomes a notice (the engine's reason) and
        ``fallback`` (called with the notices) starts a playable game instead."""
        from .duel_link import LinkCheck
        from .duel_view import address_has_duel

        loc = js.window.location
        if not address_has_duel(str(loc.search), str(loc.hash)):
            return False
        self.go("link")

        def refused(error) -> None:
            self.go("refused")
            notices.append(f"{t(self.lang, 'duel.bad_link')} ({error})")
            fallback(notices)

        app = self.app
        self.checking = LinkCheck(
            str(loc.href),
            self.lang,
            lambda challenge: self.checked(challenge, notices),
            refused,
            lambda fn: app.proxy(app.guard(fn)),
        )
        return True

    def checked(self, challenge, notices: list) -> None:
        self.go("checked")
        self.viewed = challenge
        self.trust.seen(challenge)  # names seen for the first time keep their key (flags came before)
        self.deal(challenge.game, challenge.seed, None, notices)
        self.show_view(Panel.RANKING if len(challenge.runs) > 1 or self.own else Panel.INTRO)

    def flags(self, challenge) -> list:
        """What this device noticed about ``challenge`` (kept while neither
        changes: the panel asks three times a drawing)."""
        if self.trust is None:
            return []
        stamp = (challenge, self.trust.version)
        if self._flags is None or self._flags[0] != stamp:
            self._flags = (stamp, self.trust.flags(challenge))
        return self._flags[1]

    def render_intro(self) -> None:
        challenge = self.viewed
        if challenge is None:
            return
        single = len(challenge.runs) == 1 and not self.own
        panel.render_intro(self.lang, challenge, single, self.flags(challenge))

    def prepare_join(self) -> None:
        stored = self.stored_name()
        taken = [r.name for r in self.viewed.runs]
        panel.join_field(stored if stored and name_problem(stored, taken) is None else "")

    def play_too(self) -> None:
        if self.viewed is None and self.session is not None:
            self.viewed = self.session.challenge
        if self.viewed is None:
            return
        if self.phase is Phase.DONE:
            self.go("view")
        self.prepare_join()
        self.show_view(Panel.INTRO)

    def submit_join(self, event) -> None:
        event.preventDefault()
        challenge = self.viewed
        if challenge is None:
            return
        name = clean_name(panel.join_name())
        if len(challenge.runs) >= duel.MAX_RUNS:
            problem = ("duel.full", {"max": duel.MAX_RUNS})
        else:
            problem = name_problem(name, [r.name for r in challenge.runs])
        if problem:
            panel.join_problem(self.lang, problem)
            return
        self.remember(name)
        self.session = Session.answer(challenge, name)
        self.viewed = None
        self.begin_run()

    def decline(self) -> None:
        """Not now: the deal behind stays as an ordinary game."""
        self.viewed = None
        if self.phase in (Phase.VIEWING, Phase.DONE):
            self.go("decline")
        if panel.is_open():
            panel.close()
        self.app.update_url()

    # --- playing ----------------------------------------------------------------------------------
    def deal(self, game_id, seed, limit, notices=None) -> None:
        self.app.start_game(game_id, seed, limit=limit, notices=notices)

    def begin_run(self) -> None:
        session = self.session
        self.rivals = session.rivals()
        self.go("play")
        if panel.is_open():
            panel.close()
        game_id, seed, limit = session.deal
        self.deal(game_id, seed, limit)
        self.show_tag()
        self.app.say("duel.tag", name=session.current)

    def next_player(self) -> None:
        if self.session is not None and not self.session.finished and self.phase is Phase.DONE:
            self.begin_run()

    def is_duel_deal(self, game_id, seed, position, limit) -> bool:
        """A deal the duel itself makes (or a restart of a duel run)."""
        if position is not None:
            return False
        if self.phase is Phase.PLAYING and self.session is not None:
            want = self.session.deal
            return (
                (game_id, seed) == want[:2]
                and (limit is None) == (want[2] is None)
                and (limit is None or float(limit) == float(want[2]))
            )
        if self.phase is Phase.VIEWING and self.viewed is not None:
            return (game_id, seed) == self.viewed.deal[:2] and limit is None
        return False

    def on_start_game(self, game_id, seed, position, limit) -> None:
        """Any deal the duel did not make leaves the duel; a restart of the
        same deal restarts the run (the ghost starts over with it)."""
        if self.is_duel_deal(game_id, seed, position, limit):
            if self.playing:
                self.rivals = self.session.rivals()
            return
        if self.phase in (Phase.PLAYING, Phase.SIGNING):
            self.session = None
            self.app.show_toast(t(self.lang, "duel.left"))
        if self.phase is not Phase.CHECKING:
            self.go("leave")
        self.viewed = None
        self.rivals = None
        show(by_id("hud-ghost"), False)
        self.show_tag()

    def show_tag(self) -> None:
        tag = by_id("duel-tag")
        name = self.session.current if (self.playing and self.session) else None
        tag.textContent = t(self.lang, "duel.tag", name=name) if name else ""
        tag.hidden = not name
        by_id("deal-info").parentElement.classList.toggle("dueling", bool(name))

    def hud_updated(self, game, at) -> None:
        box = by_id("hud-ghost")
        rivals = self.rivals
        if not (self.active and rivals):
            if not box.hidden:
                box.hidden = True
            return
        end = game.status != "playing"
        name, theirs = rivals.leader(1e8 if end else at)
        mine = game.score(at)
        state = lead(mine, theirs)
        box.hidden = False
        box.dataset.lead = state.state
        by_id("ghost-name").textContent = name
        document.querySelector('[data-hud="ghost"]').textContent = str(theirs)
        by_id("ghost-lead").textContent = state.text
        box.title = (
            f"{t(self.lang, 'duel.ghost_label', name=name)}: {theirs}. {lead_sentence(self.lang, name, mine, theirs)}"
        )

    def ended(self) -> None:
        """The game on the board has ended. ``took_end``: it was a duel run,
        and the duel's result shows instead of the usual end panel."""
        self.took_end = self.game_over()

    def game_over(self) -> bool:
        """If the game was a duel run, the run is signed with this device's key
        (or goes unsigned where it cannot be) and joins the duel: True."""
        if not self.playing:
            return False
        self.go("ended")
        session = self.session
        sign(session, session.run_of(self.app.game), self.app.guard, lambda run: self.record(session, run))
        return True

    def record(self, session, run) -> None:
        """The signed (or unsigned) run joins the duel; then the result."""
        if self.phase is not Phase.SIGNING or self.session is not session:
            return  # the player left the duel meanwhile
        try:
            try:
                recorded = session.record(run)
            except InvalidChallenge:
                if run.key is None:
                    raise
                recorded = session.record(replace(run, key=None, signature=None))  # sent unsigned, not lost
        except InvalidChallenge as e:
            self.app.show_notice(f"{t(self.lang, 'error.unexpected', detail=str(e))}")
            self.session = None
            self.go("leave")
            self.show_tag()
            return
        self.trust.played(recorded, session.challenge)
        self.go("signed")
        self.show_tag()
        self.app.update_url()
        self.show_view(Panel.RESULT)

    # --- results ----------------------------------------------------------------------------------
    def render_result(self) -> None:
        lang, session = self.lang, self.session
        if session is None or not session.challenge.runs:
            return
        last = session.challenge.runs[-1]
        verdict = session.verdict()
        mine = next(p for p in verdict.players if p.name == last.name)
        finished = session.finished
        several = len(verdict.players) > 1
        if finished and several:
            panel.title(winner_title(lang, verdict, session.local))
        else:
            panel.title(end_texts(lang, self.app.game, mine.score)[0])
        panel.mine(t(lang, "duel.your_result", name=mine.name, score=mine.score))
        panel.next_player(lang, None if finished else session.current)
        panel.fill_warnings(lang, by_id("duel-warnings"), self.flags(session.challenge))
        panel.fill_standings(lang, verdict if several else None, session.local, self.flags(session.challenge))
        if finished:
            key = "duel.send_challenge" if not several else "duel.send_reply" if session.from_link else "duel.send_all"
            panel.fill_share(lang, key, session.token())
        else:
            panel.fill_share(lang, None, None)
        panel.fill_rematch(lang, verdict.ranking.rematch if finished else None)
        panel.buttons(play_too=False, new=finished)

    def local_names(self, challenge) -> list[str]:
        """The names of the runs of ``challenge`` played on this device."""
        here = [r.name for r in challenge.runs if self.trust is not None and self.trust.played_here(r)]
        if not here and self.own:  # played here before this device kept its runs: its name
            changed = {f.name for f in self.flags(challenge) if f.kind == "changed"}
            here = [name for name in [self.stored_name()] if name not in changed]
        return here

    def render_ranking(self) -> None:
        """A link opened after its players finished: the ranking at once."""
        lang, challenge = self.lang, self.viewed
        if challenge is None:
            return
        verdict = verdict_of(challenge)
        single = len(verdict.players) == 1
        panel.title(t(lang, "duel.result_title") if single else winner_title(lang, verdict, []))
        panel.mine(" \u00b7 ".join(value for _, value in facts(lang, challenge)[:3]))
        panel.next_player(lang, None)
        flags = self.flags(challenge)
        panel.fill_warnings(lang, by_id("duel-warnings"), flags)
        panel.fill_standings(lang, None if single else verdict, self.local_names(challenge), flags)
        panel.fill_share(lang, "duel.waiting" if single else "duel.send_all", token_of(challenge))
        panel.fill_rematch(lang, verdict.ranking.rematch)
        panel.buttons(play_too=len(challenge.runs) < duel.MAX_RUNS, new=True)

    def rematch(self) -> None:
        challenge = self.viewed if self.viewed is not None else (self.session.challenge if self.session else None)
        if challenge is None:
            return
        seed = verdict_of(challenge).ranking.rematch
        if seed is None:
            return
        names = list(self.session.local) if (self.viewed is None and self.session) else [self.stored_name()]
        self.open_setup(fixed=(challenge.game, seed, challenge.time_limit), names=names)

    # --- the link ---------------------------------------------------------------------------------
    @staticmethod
    def can_share() -> bool:
        share = getattr(js.navigator, "share", None)
        return share is not None and not is_none(share)

    def copy(self) -> None:
        """Share the link through the system's share sheet where the browser
        has one (a phone's), else copy it."""
        text = panel.link_text()
        if self.can_share():
            data = to_js({"text": t(self.lang, "share.challenge"), "url": text}, dict_converter=js.Object.fromEntries)
            try:
                js.navigator.share(data).then(None, self.share_refused)
                return
            except Exception:
                pass  # copied instead
        self.copy_text(text)

    def not_shared(self, error=None) -> None:
        """The share sheet closed without sharing: the player's choice (AbortError)
        stands; where the browser would not share, the link is copied."""
        if error is not None and str(getattr(error, "name", "")) == "AbortError":
            return
        self.copy_text(panel.link_text())

    def copy_text(self, text: str) -> None:
        clipboard = getattr(js.navigator, "clipboard", None)
        if clipboard is None or is_none(clipboard):
            self.copy_fallback()
            return
        try:
            clipboard.writeText(text).then(self.copied, self.copy_refused)
        except Exception:
            self.copy_fallback()

    def copy_fallback(self) -> None:
        self.app.show_toast(t(self.lang, "share.copied" if panel.copy_by_hand() else "duel.copy_failed"))

    def query(self):
        """The page address while the board belongs to a duel (None: the usual one)."""
        if not self.active:
            return None
        if self.viewed is not None:
            return duel_query(token_of(self.viewed))
        session = self.session
        if session is not None and session.challenge.runs and (session.from_link or session.finished):
            return duel_query(session.token())
        return None

    # --- words ------------------------------------------------------------------------------------
    def language_changed(self) -> None:
        self.show_tag()
        if panel.is_open() and self.view:
            self.render()
            if self.view is Panel.SETUP:
                panel.label_names(self.lang)
