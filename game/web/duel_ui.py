"""Duels on the page (issues 6 and 18): the Duel button, its panel (the
``#duel-dialog`` markup of index.html: set up a duel, answer a link, the
result with its ranking and the link to send), the challenger's ghost score
in the HUD, pass-and-play turns, signing each run with this device's key
(``static/js/keys.js``), and what the device noticed about a link (keys that
changed, a game played here that a link changed: ``duel_trust.py``).

Where the page is with duels is one ``Phase`` (``duel_view.py``), moved only
through its transition table by ``go``; the panel's page is one ``Panel``. The controller (``app.py``) calls in
at a few points only: the lifecycle of ``part.py`` (``wire``, ``ended``,
``language_changed``), ``open_address`` at start, ``on_start_game`` before
any deal, ``query`` for the address; the HUD calls ``hud_updated`` after
each update, the hints ask ``no_help``. Every word goes
in with ``textContent`` (names come from links). The logic that needs no
browser is in ``duel_view.py`` and ``duel_trust.py``.
"""

from __future__ import annotations

import random
from dataclasses import replace

import js
from pyodide.ffi import create_proxy, to_js
from pyscript import document
from pyscript.ffi import is_none

from game import duel
from game.duel import InvalidChallenge

from .dom import boot, by_id, el
from .duel_trust import Trust
from .duel_view import (
    Panel,
    Phase,
    Session,
    challenge_link,
    clean_name,
    duel_query,
    facts,
    flag_sentences,
    lead,
    lead_sentence,
    limit_text,
    name_problem,
    next_phase,
    pace_notes,
    players_problem,
    ranking_rows,
    tie_notes,
    token_of,
    verdict_of,
    winner_title,
)
from .panels import end_texts
from .part import Part
from .texts.ui import t

NAME_SETTING = "duel_name"
SVG = "http://www.w3.org/2000/svg"
SLICE_MS = 25  # a link is checked in slices this long, so the page keeps drawing
ACTION_KEYS = frozenset("durhzy")  # keys that act: held down, they must not repeat in a duel


def close_icon():
    svg = document.createElementNS(SVG, "svg")
    svg.setAttribute("aria-hidden", "true")
    svg.setAttribute("focusable", "false")
    use = document.createElementNS(SVG, "use")
    use.setAttribute("href", "#i-close")
    svg.append(use)
    return svg


def show(node, visible: bool) -> None:
    node.hidden = not visible


def once(ok, fail):
    """Two JS callbacks for ``promise.then(ok, fail)``: whichever runs, both
    are released after it."""
    proxies = []

    def wrap(fn):
        def run(*args):
            try:
                fn(*args)
            finally:
                for p in proxies:
                    p.destroy()

        return run

    proxies.extend((create_proxy(wrap(ok)), create_proxy(wrap(fail))))
    return proxies


class DuelUI(Part):
    def __init__(self, app):
        super().__init__(app)
        self.phase = Phase.IDLE
        self.session: Session | None = None  # the duel being played, or the last one
        self.viewed = None  # the Challenge of a link, shown but not joined (VIEWING)
        self.rivals = None
        self.view: Panel | None = None  # the panel's page
        self.fixed = None  # (game, seed, limit) of a rematch being set up
        self.names: list[str] = []  # setup's name fields
        self.trust = None  # duel_trust.Trust, once wired
        self.checking = None  # (generator, notices, fallback) of a link being checked
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
                "duel-close": self.close,
            }
        )
        app.on(by_id("duel-x"), "click", app.guard(lambda e: self.close()))
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
        self._slice = app.proxy(app.guard(self.check_slice))
        app.hud.after_update = self.hud_updated
        self.trust = Trust(app.progress.store)
        if self.trust.damaged:  # set aside by the store; told with the other start notices
            app.progress.damaged.append(("error.data_damaged", ()))
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

    # --- the panel ----------------------------------------------------------------------------
    def show_view(self, view: Panel) -> None:
        self.view = view
        for section in ("duel-setup", "duel-intro", "duel-result"):
            show(by_id(section), section == view.section)
        by_id("duel-dialog").dataset.view = view.value
        self.render()
        dialog = by_id("duel-dialog")
        for other in ("end-dialog", "rules-dialog", "settings-dialog", "picker"):
            node = by_id(other)
            if not is_none(node) and node.open:
                node.close()
        if not dialog.open:
            dialog.showModal()
        self.focus_first()

    def focus_first(self) -> None:
        """The field to fill, or the button the player most likely wants next."""
        order = {
            Panel.SETUP: ("#duel-names input",),
            Panel.INTRO: ("#duel-join-name",),
            Panel.RESULT: ("#duel-next-go", "#duel-copy", "#duel-close"),
            Panel.RANKING: ("#duel-copy", "#duel-close"),
        }.get(self.view, ())
        for selector in order:
            node = document.querySelector(selector)
            if node is not None and not is_none(node) and not is_none(node.offsetParent):
                node.focus()
                return

    def render(self) -> None:
        self.ensure_key()
        self.render_key_note()
        getattr(self, f"render_{self.view.value}")()

    def ensure_key(self) -> None:
        """Make or load this device's key once a duel is in view (not at every
        visit: a device that never duels keeps nothing), then say where it lives."""
        keys = getattr(js.window, "SolKeys", None)
        if keys is None or self.key_asked:
            return
        self.key_asked = True
        ready = self.app.guard(lambda *a: self.render_key_note())
        keys.key().then(*once(ready, ready))

    def render_key_note(self) -> None:
        """Where runs cannot be signed, or the key will not be kept, say so."""
        keys = getattr(js.window, "SolKeys", None)
        state = "none" if keys is None else str(keys.state)
        note = by_id("duel-key-note")
        wanted = self.view in (Panel.SETUP, Panel.INTRO) and state in ("none", "visit")
        show(note, wanted)
        if wanted:
            note.textContent = t(self.lang, f"duel.key_{state}")
            note.dataset.state = state

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

    def close(self) -> None:
        by_id("duel-dialog").close()

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
        for node in document.querySelectorAll('#duel-setup input[name="duel-limit"]'):
            node.checked = node.value == ("none" if limit is None else str(limit))
        can_this = app.seed is not None and not fixed
        by_id("duel-deal-this-label").hidden = not can_this
        for node in document.querySelectorAll('#duel-setup input[name="duel-deal"]'):
            node.checked = node.value == ("this" if can_this else "new")
        self.names = list(names) if names else [self.stored_name()]
        by_id("duel-setup-error").textContent = ""
        self.build_names()
        self.show_view(Panel.SETUP)

    def render_setup(self) -> None:
        lang = self.lang
        by_id("duel-title").textContent = t(lang, "duel.setup_title")
        for node in document.querySelectorAll("#duel-limits [data-limit]"):
            value = node.dataset.limit
            node.textContent = limit_text(lang, None if value == "none" else int(value))
        seed = self.app.seed
        by_id("duel-deal-this").textContent = t(lang, "duel.deal_this", number=seed if seed is not None else "")
        by_id("duel-deal-new").textContent = t(lang, "duel.deal_new")
        fixed = self.fixed
        show(by_id("duel-deal"), not fixed)
        show(by_id("duel-limits"), not fixed)
        show(by_id("duel-fixed"), bool(fixed))
        if fixed:
            deal = t(lang, "duel.deal_rematch", number=fixed[1])
            if fixed[1] >= 1_000_000_000:  # game.daily.BASE: "Challenge a friend" on a daily deal
                from .daily_ui import duel_deal

                deal = duel_deal(lang, fixed[1]) or deal
            by_id("duel-fixed").textContent = f"{deal} \u00b7 {limit_text(lang, fixed[2])}"
        self.label_names()

    def read_names(self) -> list[str]:
        return [str(node.value) for node in document.querySelectorAll("#duel-names input")]

    def build_names(self) -> None:
        ol = by_id("duel-names")
        frame = document.createDocumentFragment()
        for i, name in enumerate(self.names):
            li = el("li")
            label = el("label", "", for_=f"duel-name-{i}")
            field = el(
                "input",
                "",
                id=f"duel-name-{i}",
                type="text",
                maxlength=duel.MAX_NAME,
                autocomplete="nickname" if i == 0 else "off",
                spellcheck="false",
            )
            field.value = name
            li.append(label, field)
            if i > 0:
                remove = el("button", "icon-btn", type="button", data_remove=i)
                remove.append(close_icon())
                li.append(remove)
            frame.append(li)
        ol.replaceChildren(frame)
        by_id("duel-add").hidden = len(self.names) >= duel.MAX_RUNS
        self.label_names()

    def label_names(self) -> None:
        lang = self.lang
        for i, li in enumerate(document.querySelectorAll("#duel-names li")):
            li.querySelector("label").textContent = (
                t(lang, "duel.your_name") if i == 0 else t(lang, "duel.player_n", n=i + 1)
            )
            remove = li.querySelector("button")
            if remove is not None and not is_none(remove):
                remove.setAttribute("aria-label", t(lang, "duel.remove_player", n=i + 1))

    def add_name_field(self) -> None:
        self.names = self.read_names() + [""]
        self.build_names()
        document.querySelector("#duel-names li:last-child input").focus()

    def names_clicked(self, event) -> None:
        button = event.target.closest("button[data-remove]")
        if is_none(button):
            return
        names = self.read_names()
        names.pop(int(button.dataset.remove))
        self.names = names
        self.build_names()

    def submit_setup(self, event) -> None:
        event.preventDefault()
        names = [clean_name(n) for n in self.read_names()]
        problem = players_problem(names)
        fields = document.querySelectorAll("#duel-names input")
        for node in fields:
            node.removeAttribute("aria-invalid")
        if problem:
            index, key, params = problem
            by_id("duel-setup-error").textContent = t(self.lang, key, **params)
            fields[index].setAttribute("aria-invalid", "true")
            fields[index].focus()
            return
        if self.fixed:
            game_id, seed, limit = self.fixed
        else:
            game_id = self.app.game.spec.id
            limit_node = document.querySelector('#duel-setup input[name="duel-limit"]:checked')
            value = "none" if is_none(limit_node) else str(limit_node.value)
            limit = None if value == "none" else int(value)
            deal_node = document.querySelector('#duel-setup input[name="duel-deal"]:checked')
            this = not is_none(deal_node) and deal_node.value == "this" and self.app.seed is not None
            seed = self.app.seed if this else random.randrange(1, 1_000_000)
        self.remember(names[0])

        def deal():
            self.viewed = None
            self.session = Session.new(game_id, seed, limit, names)
            self.begin_run()

        self.app.fair.ask_leave(deal)  # a practice deal in play is left: the player is asked first

    # --- a link -----------------------------------------------------------------------------------
    def open_address(self, notices: list, fallback) -> bool:
        """At start: a ``?duel=`` address. True if the duel takes over: the link
        is then checked in slices (the loading screen counts up, the page
        keeps drawing); a good link deals its cards and shows who challenged,
        a bad one becomes a notice (the engine's reason) and ``fallback``
        (called with the notices) starts a playable game instead."""
        from .duel_view import address_has_duel

        loc = js.window.location
        if not address_has_duel(str(loc.search), str(loc.hash)):
            return False
        self.go("link")
        self.checking = (duel.decoding(str(loc.href)), notices, fallback)
        boot("stage", t(self.lang, "duel.checking", percent=0), 95, 99)
        js.setTimeout(self._slice, 0)
        return True

    def check_slice(self) -> None:
        if self.checking is None:
            return
        steps, notices, fallback = self.checking
        now = js.performance.now
        deadline = now() + SLICE_MS
        progress = None
        try:
            while now() < deadline:
                progress = next(steps)
        except StopIteration as done:
            self.checking = None
            self.checked(done.value, notices)
            return
        except InvalidChallenge as e:
            self.checking = None
            self.go("refused")
            notices.append(f"{t(self.lang, 'duel.bad_link')} ({e})")
            fallback(notices)
            return
        if progress is not None:
            done, total = progress
            percent = int(100 * done / total) if total else 100
            boot("stage", t(self.lang, "duel.checking", percent=percent), 95, 99)
        js.setTimeout(self._slice, 0)

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

    def fill_warnings(self, box, challenge) -> None:
        frame = document.createDocumentFragment()
        for line in flag_sentences(self.lang, self.flags(challenge)):
            frame.append(el("p", "", line))
        box.replaceChildren(frame)
        show(box, bool(box.childElementCount))

    def render_intro(self) -> None:
        lang, challenge = self.lang, self.viewed
        if challenge is None:
            return
        single = len(challenge.runs) == 1 and not self.own
        first = challenge.runs[0].name
        by_id("duel-title").textContent = (
            t(lang, "duel.challenges", name=first) if single else t(lang, "duel.join_title")
        )
        by_id("duel-intro-text").textContent = (
            t(lang, "duel.challenge_body", name=first) if single else t(lang, "duel.join_body")
        )
        self.fill_facts(by_id("duel-facts"), challenge)
        self.fill_warnings(by_id("duel-intro-warnings"), challenge)

    def fill_facts(self, dl, challenge) -> None:
        frame = document.createDocumentFragment()
        for label, value in facts(self.lang, challenge):
            row = el("div")
            row.append(el("dt", "", label), el("dd", "", value))
            frame.append(row)
        dl.replaceChildren(frame)

    def prepare_join(self) -> None:
        field = by_id("duel-join-name")
        stored = self.stored_name()
        taken = [r.name for r in self.viewed.runs]
        field.value = stored if stored and name_problem(stored, taken) is None else ""
        field.removeAttribute("aria-invalid")
        by_id("duel-join-error").textContent = ""

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
        field = by_id("duel-join-name")
        name = clean_name(field.value)
        if len(challenge.runs) >= duel.MAX_RUNS:
            problem = ("duel.full", {"max": duel.MAX_RUNS})
        else:
            problem = name_problem(name, [r.name for r in challenge.runs])
        if problem:
            by_id("duel-join-error").textContent = t(self.lang, problem[0], **problem[1])
            field.setAttribute("aria-invalid", "true")
            field.focus()
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
        if by_id("duel-dialog").open:
            by_id("duel-dialog").close()
        self.app.update_url()

    # --- playing ----------------------------------------------------------------------------------
    def deal(self, game_id, seed, limit, notices=None) -> None:
        self.app.start_game(game_id, seed, limit=limit, notices=notices)

    def begin_run(self) -> None:
        session = self.session
        self.rivals = session.rivals()
        self.go("play")
        if by_id("duel-dialog").open:
            by_id("duel-dialog").close()
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
        run = session.run_of(self.app.game)
        keys = getattr(js.window, "SolKeys", None)
        if keys is None or str(keys.state) == "none":
            self.record(session, run)
            return True

        def unsigned(*_):
            self.record(session, run)

        def got_key(raw):
            key = bytes(raw.to_bytes())
            message = js.Uint8Array.new(to_js(session.message(run, key)))

            def signed(sig):
                self.record(session, run.signed(key, bytes(sig.to_bytes())))

            keys.sign(message).then(*once(self.app.guard(signed), self.app.guard(unsigned)))

        ok, fail = once(self.app.guard(got_key), self.app.guard(unsigned))
        keys.key().then(ok, fail)
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
        self.trust.played(recorded)
        self.go("signed")
        self.show_tag()
        self.app.update_url()
        self.show_view(Panel.RESULT)

    # --- results ----------------------------------------------------------------------------------
    def render_result(self) -> None:
        lang, session = self.lang, self.session
        if session is None or not session.challenge.runs:
            return
        game = self.app.game
        last = session.challenge.runs[-1]
        verdict = session.verdict()
        mine = next(p for p in verdict.players if p.name == last.name)
        finished = session.finished
        several = len(verdict.players) > 1
        if finished and several:
            title = winner_title(lang, verdict, session.local)
        else:
            title = end_texts(lang, game, mine.score)[0]
        by_id("duel-title").textContent = title
        mine_el = by_id("duel-mine")
        mine_el.textContent = t(lang, "duel.your_result", name=mine.name, score=mine.score)
        show(mine_el, True)
        show(by_id("duel-next"), not finished)
        if not finished:
            by_id("duel-next-text").textContent = t(lang, "duel.next_player", name=session.current)
            by_id("duel-next-go").textContent = t(lang, "duel.next_go", name=session.current)
        self.fill_warnings(by_id("duel-warnings"), session.challenge)
        self.fill_standings(verdict if several else None, session.local)
        if finished:
            key = "duel.send_challenge" if not several else "duel.send_reply" if session.from_link else "duel.send_all"
            self.fill_share(key, session.token())
        else:
            self.fill_share(None, None)
        rematch = verdict.ranking.rematch if finished else None
        self.fill_rematch(rematch)
        show(by_id("duel-play-too"), False)
        show(by_id("duel-new"), finished)

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
        by_id("duel-title").textContent = (
            t(lang, "duel.result_title") if len(verdict.players) == 1 else winner_title(lang, verdict, [])
        )
        mine_el = by_id("duel-mine")
        mine_el.textContent = " \u00b7 ".join(value for _, value in facts(lang, challenge)[:3])
        show(mine_el, True)
        show(by_id("duel-next"), False)
        single = len(verdict.players) == 1
        self.fill_warnings(by_id("duel-warnings"), challenge)
        self.fill_standings(None if single else verdict, self.local_names(challenge))
        self.fill_share("duel.waiting" if single else "duel.send_all", token_of(challenge))
        self.fill_rematch(verdict.ranking.rematch)
        show(by_id("duel-play-too"), len(challenge.runs) < duel.MAX_RUNS)
        show(by_id("duel-new"), True)

    def fill_standings(self, verdict, local) -> None:
        box = by_id("duel-standings")
        show(box, verdict is not None)
        if verdict is None:
            return
        lang = self.lang
        frame = document.createDocumentFragment()
        for row in ranking_rows(lang, verdict, local, self.flags(verdict.challenge)):
            tr = el("tr", "mine" if row.local else "")
            tr.dataset.player = row.name
            tr.dataset.marks = " ".join(kind for kind, _, _ in row.marks)
            name = el("td", "player")
            name.append(el("span", "name", row.name))
            if row.local:
                name.append(el("span", "you", t(lang, "duel.you")))
            for kind, words, why in row.marks:
                name.append(el("span", f"mark {kind}", words, title=why))
            tr.append(
                el("td", "place", str(row.place)),
                name,
                el("td", "num score", str(row.score)),
                el("td", "status", row.status),
                el("td", "num moves", str(row.moves)),
                el("td", "num final", str(row.final_move)),
            )
            frame.append(tr)
        by_id("duel-rows").replaceChildren(frame)
        notes = document.createDocumentFragment()
        for line in pace_notes(lang, verdict) + tie_notes(lang, verdict):
            notes.append(el("p", "", line))
        by_id("duel-notes").replaceChildren(notes)

    def fill_share(self, key, token) -> None:
        box = by_id("duel-share")
        show(box, token is not None)
        if token is None:
            return
        by_id("duel-share-text").textContent = t(self.lang, key)
        by_id("duel-link").value = challenge_link(str(js.window.location.href), token)

    def fill_rematch(self, seed) -> None:
        button = by_id("duel-rematch")
        show(button, seed is not None)
        if seed is not None:
            button.textContent = t(self.lang, "duel.rematch", number=seed)
            button.dataset.seed = str(seed)

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
        text = str(by_id("duel-link").value)
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
        self.copy_text(str(by_id("duel-link").value))

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
        field = by_id("duel-link")
        field.focus()
        field.select()
        try:
            done = bool(document.execCommand("copy"))
        except Exception:
            done = False
        self.app.show_toast(t(self.lang, "share.copied" if done else "duel.copy_failed"))

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
        if by_id("duel-dialog").open and self.view:
            self.render()
            if self.view is Panel.SETUP:
                self.label_names()
