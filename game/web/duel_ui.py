"""Duels on the page (issue 6): the Duel button, its panel (set up a duel,
answer a link, the result with its ranking and the link to send), the
challenger's ghost score in the HUD, pass-and-play turns.

The controller (``app.py``) calls in at a few points only: ``wire`` once,
``open_address`` at start, ``on_start_game`` whenever a deal starts,
``game_over`` when a game ends, ``query`` for the address, ``apply_language``;
the HUD calls ``hud_updated`` after each update. Everything here builds its
own elements; every word goes in with ``textContent`` (names come from links).
The logic that needs no browser is in ``duel_view.py``.
"""

from __future__ import annotations

import random

import js
from pyscript import document
from pyscript.ffi import is_none

from game import duel
from game.duel import InvalidChallenge

from .duel_view import (
    TIME_CHOICES,
    Session,
    challenge_link,
    clean_name,
    duel_query,
    facts,
    lead,
    lead_sentence,
    limit_text,
    name_problem,
    players_problem,
    ranking_rows,
    tie_notes,
    verdict_of,
    winner_title,
)
from .panels import end_texts
from .texts.ui import t

NAME_SETTING = "duel_name"
SVG = "http://www.w3.org/2000/svg"


def by_id(name: str):
    return document.getElementById(name)


def el(tag: str, cls: str = "", text: str = "", **attrs):
    node = document.createElement(tag)
    if cls:
        node.className = cls
    if text:
        node.textContent = text
    for key, value in attrs.items():
        node.setAttribute(key.rstrip("_").replace("_", "-"), str(value))
    return node


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


class DuelUI:
    def __init__(self, app):
        self.app = app
        self.session: Session | None = None  # the duel being played, or the last one
        self.viewed = None  # a Challenge from a link, shown but not joined
        self.own = False  # the viewed link is this device's own challenge
        self.active = False  # the board belongs to the duel (the address is the duel's)
        self.playing = False  # a duel run is on the board
        self.dealing = False  # this module is dealing (start_game must not leave the duel)
        self.rivals = None
        self.view = None  # "setup", "intro", "result", "ranking"
        self.fixed = None  # (game, seed, limit) of a rematch being set up
        self.names: list[str] = []  # setup's name fields

    @property
    def lang(self) -> str:
        return self.app.lang

    # --- building ---------------------------------------------------------------------------
    def wire(self) -> None:
        app = self.app
        # The button is in index.html, so the header does not move when Python starts.
        app.on(by_id("btn-duel"), "click", app.guard(lambda e: self.open_panel()))

        tag = el("span", "duel-tag", id="duel-tag")
        tag.hidden = True
        by_id("deal-info").after(tag)

        ghost = el("div", "hud-item ghost", id="hud-ghost")
        ghost.hidden = True
        value = el("dd")
        value.append(el("span", "", "0", data_hud="ghost"), el("span", "lead", id="ghost-lead"))
        ghost.append(el("dt", "", id="ghost-name"), value)
        by_id("hud").append(ghost)

        document.body.append(self.build_dialog())
        for name, fn in {
            "duel-add": self.add_name_field,
            "duel-decline": self.decline,
            "duel-copy": self.copy,
            "duel-next-go": self.next_player,
            "duel-play-too": self.play_too,
            "duel-rematch": self.rematch,
            "duel-new": self.open_setup,
            "duel-close": self.close,
        }.items():
            app.on(by_id(name), "click", app.guard(lambda e, fn=fn: fn()))
        app.on(by_id("duel-x"), "click", app.guard(lambda e: self.close()))
        app.on(by_id("duel-setup"), "submit", app.guard(self.submit_setup))
        app.on(by_id("duel-join"), "submit", app.guard(self.submit_join))
        app.on(by_id("duel-names"), "click", app.guard(self.names_clicked))
        app.on(by_id("duel-dialog"), "close", app.guard(lambda e: self.closed()))
        app.on(by_id("duel-link"), "focus", app.guard(lambda e: e.target.select()))
        self.copied = app.proxy(app.guard(lambda *a: app.show_toast(t(self.lang, "share.copied"))))
        self.copy_refused = app.proxy(app.guard(lambda *a: self.copy_fallback()))
        app.hud.after_update = self.hud_updated

    def build_dialog(self):
        d = el("dialog", "panel duel", id="duel-dialog", aria_labelledby="duel-title")
        head = el("div", "panel-head")
        x = el("button", "icon-btn", id="duel-x", type="button", data_t_label="action.close", aria_label="Close")
        x.append(close_icon())
        head.append(el("h2", "", id="duel-title"), x)
        d.append(head)

        setup = el("form", "duel-setup", id="duel-setup", novalidate="")
        setup.append(el("p", "hint", data_t="duel.setup_intro"))
        limits = el("fieldset", "duel-limits", id="duel-limits")
        limits.append(el("legend", "", data_t="duel.time_limit"))
        for limit in TIME_CHOICES:
            label = el("label", "chip")
            radio = el("input", type="radio", name="duel-limit", value="none" if limit is None else limit)
            label.append(radio, el("span", "", data_limit="none" if limit is None else limit))
            limits.append(label)
        deal = el("fieldset", "duel-deal", id="duel-deal")
        deal.append(el("legend", "", data_t="duel.deal"))
        for value in ("this", "new"):
            label = el("label", "chip", id=f"duel-deal-{value}-label")
            label.append(
                el("input", type="radio", name="duel-deal", value=value), el("span", "", id=f"duel-deal-{value}")
            )
            deal.append(label)
        fixed = el("p", "duel-fixed", id="duel-fixed")
        players = el("fieldset", "duel-players")
        players.append(
            el("legend", "", data_t="duel.players"),
            el("ol", "duel-names", id="duel-names"),
            el("button", "quiet add", id="duel-add", type="button", data_t="duel.add_player"),
            el("p", "hint", data_t="duel.pass_hint"),
        )
        actions = el("div", "actions")
        actions.append(el("button", "primary", id="duel-start", type="submit", data_t="duel.start"))
        setup.append(limits, deal, fixed, players, el("p", "duel-error", id="duel-setup-error", role="alert"), actions)

        intro = el("section", "duel-intro", id="duel-intro")
        join = el("form", "duel-join", id="duel-join", novalidate="")
        name_row = el("p", "duel-name")
        name_row.append(
            el("label", "", for_="duel-join-name", data_t="duel.your_name"),
            el(
                "input",
                id="duel-join-name",
                type="text",
                maxlength=duel.MAX_NAME,
                autocomplete="nickname",
                spellcheck="false",
            ),
        )
        join_actions = el("div", "actions")
        join_actions.append(
            el("button", "primary", id="duel-accept", type="submit", data_t="duel.accept"),
            el("button", "", id="duel-decline", type="button", data_t="duel.decline"),
        )
        join.append(name_row, el("p", "duel-error", id="duel-join-error", role="alert"), join_actions)
        intro.append(el("p", "duel-lede", id="duel-intro-text"), el("dl", "duel-facts", id="duel-facts"), join)

        result = el("section", "duel-result", id="duel-result")
        nxt = el("div", "duel-next", id="duel-next")
        nxt.append(el("p", "", id="duel-next-text"), el("button", "primary", id="duel-next-go", type="button"))
        standings = el("div", "duel-standings", id="duel-standings")
        table = el("table", "ranking", id="duel-table")
        caption = el("caption", "sr-only", data_t="duel.ranking")
        head_row = el("tr")
        for key, cls in (
            ("duel.col_place", "place"),
            ("duel.col_player", "player"),
            ("duel.col_score", "num"),
            ("duel.col_result", "status"),
            ("duel.col_moves", "num moves"),
            ("duel.col_final", "num final"),
        ):
            head_row.append(el("th", cls, data_t=key, scope="col"))
        thead = el("thead")
        thead.append(head_row)
        table.append(caption, thead, el("tbody", "", id="duel-rows"))
        standings.append(table, el("div", "duel-notes", id="duel-notes"))
        share = el("div", "duel-share", id="duel-share")
        box = el("div", "linkbox")
        box.append(
            el("label", "sr-only", for_="duel-link", data_t="duel.link_label"),
            el("input", id="duel-link", type="text", readonly="", spellcheck="false"),
            el("button", "primary", id="duel-copy", type="button", data_t="duel.copy"),
        )
        share.append(el("p", "", id="duel-share-text"), box)
        result_actions = el("div", "actions")
        result_actions.append(
            el("button", "", id="duel-play-too", type="button", data_t="duel.play_too"),
            el("button", "", id="duel-rematch", type="button"),
            el("button", "", id="duel-new", type="button", data_t="duel.new_duel"),
            el("button", "quiet", id="duel-close", type="button", data_t="action.close"),
        )
        result.append(el("p", "duel-mine", id="duel-mine"), nxt, standings, share, result_actions)
        d.append(setup, intro, result)
        return d

    # --- the panel ----------------------------------------------------------------------------
    def show_view(self, view: str) -> None:
        self.view = view
        for name, section in (("setup", "duel-setup"), ("intro", "duel-intro"), ("result", "duel-result")):
            show(by_id(section), name == view or (name == "result" and view == "ranking"))
        by_id("duel-dialog").dataset.view = view
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
            "setup": ("#duel-names input",),
            "intro": ("#duel-join-name",),
            "result": ("#duel-next-go", "#duel-copy", "#duel-close"),
            "ranking": ("#duel-copy", "#duel-close"),
        }.get(self.view, ())
        for selector in order:
            node = document.querySelector(selector)
            if node is not None and not is_none(node) and not is_none(node.offsetParent):
                node.focus()
                return

    def render(self) -> None:
        getattr(self, f"render_{self.view}")()

    def open_panel(self) -> None:
        """The Duel button: the duel on hand (its result), else a new one."""
        if self.viewed is not None:
            self.show_view("ranking" if len(self.viewed.runs) > 1 or self.own else "intro")
        elif self.session is not None and self.session.challenge.runs and not self.playing and self.active:
            self.show_view("result")
        else:
            self.open_setup()

    def close(self) -> None:
        by_id("duel-dialog").close()

    def closed(self) -> None:
        """Escape or the close button on a challenge is "Not now"."""
        if self.view == "intro" and self.viewed is not None and not self.playing:
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
        self.show_view("setup")

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
        self.viewed, self.own = None, False
        self.session = Session.new(game_id, seed, limit, names)
        self.begin_run()

    # --- a link -----------------------------------------------------------------------------------
    def open_address(self, notices: list) -> bool:
        """At start: a ``?duel=`` address. A good link deals its cards and shows
        who challenged; a bad one becomes a notice (the engine's reason) and
        the start goes on with a playable default. True if the duel took over."""
        from .duel_view import address_has_duel

        loc = js.window.location
        if not address_has_duel(str(loc.search), str(loc.hash)):
            return False
        try:
            challenge = duel.decode_challenge(str(loc.href))
        except InvalidChallenge as e:
            notices.append(f"{t(self.lang, 'duel.bad_link')} ({e})")
            return False
        stored = self.stored_name()
        self.viewed = challenge
        self.own = bool(stored) and name_problem(stored, [r.name for r in challenge.runs]) is not None
        self.active = True
        self.deal(challenge.game, challenge.seed, None, notices)
        self.show_view("ranking" if len(challenge.runs) > 1 or self.own else "intro")
        return True

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
            self.viewed, self.own = self.session.challenge, True
        if self.viewed is None:
            return
        self.prepare_join()
        self.show_view("intro")

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
        self.viewed, self.own = None, False
        self.begin_run()

    def decline(self) -> None:
        """Not now: the deal behind stays as an ordinary game."""
        self.viewed, self.own = None, False
        self.active = False
        if by_id("duel-dialog").open:
            by_id("duel-dialog").close()
        self.app.update_url()

    # --- playing ----------------------------------------------------------------------------------
    def deal(self, game_id, seed, limit, notices=None) -> None:
        self.dealing = True
        try:
            self.app.start_game(game_id, seed, limit=limit, notices=notices)
        finally:
            self.dealing = False

    def begin_run(self) -> None:
        session = self.session
        self.rivals = session.rivals()
        self.playing = self.active = True
        if by_id("duel-dialog").open:
            by_id("duel-dialog").close()
        game_id, seed, limit = session.deal
        self.deal(game_id, seed, limit)
        self.show_tag()
        self.app.say("duel.tag", name=session.current)

    def next_player(self) -> None:
        if self.session is not None and not self.session.finished:
            self.begin_run()

    def on_start_game(self, game_id, seed, position, limit) -> None:
        """Any deal the duel did not make: a restart of the same deal restarts
        the run; anything else leaves the duel."""
        if self.dealing:
            return
        session = self.session
        if (
            self.playing
            and session is not None
            and position is None
            and (game_id, seed) == session.deal[:2]
            and (limit is None) == (session.deal[2] is None)
            and (limit is None or float(limit) == float(session.deal[2]))
        ):
            self.rivals = session.rivals()
            return
        if self.playing:
            self.session = None
            self.app.show_toast(t(self.lang, "duel.left"))
        self.playing = self.active = False
        self.viewed, self.own = None, False
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

    def game_over(self) -> bool:
        """The game on the board has ended. True if it was a duel run (the
        duel shows its result instead of the usual end panel)."""
        if not self.playing:
            return False
        self.playing = False
        session = self.session
        try:
            session.record(self.app.game)
        except InvalidChallenge as e:
            self.app.show_notice(f"{t(self.lang, 'error.unexpected', detail=str(e))}")
            self.session = None
            return False
        self.show_tag()
        self.app.update_url()
        self.show_view("result")
        return True

    # --- results ----------------------------------------------------------------------------------
    def render_result(self) -> None:
        lang, session = self.lang, self.session
        if session is None:
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

    def render_ranking(self) -> None:
        """A link opened after its players finished: the ranking at once."""
        lang, challenge = self.lang, self.viewed
        if challenge is None:
            return
        verdict = verdict_of(challenge)
        local = [self.stored_name()] if self.own else []
        by_id("duel-title").textContent = (
            t(lang, "duel.result_title") if len(verdict.players) == 1 else winner_title(lang, verdict, [])
        )
        mine_el = by_id("duel-mine")
        mine_el.textContent = " \u00b7 ".join(value for _, value in facts(lang, challenge)[:3])
        show(mine_el, True)
        show(by_id("duel-next"), False)
        single = len(verdict.players) == 1
        self.fill_standings(None if single else verdict, local)
        self.fill_share("duel.waiting" if single else "duel.send_all", challenge.token())
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
        for row in ranking_rows(lang, verdict, local):
            tr = el("tr", "mine" if row.local else "")
            tr.dataset.player = row.name
            name = el("td", "player")
            name.append(el("span", "name", row.name))
            if row.local:
                name.append(el("span", "you", t(lang, "duel.you")))
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
        for line in tie_notes(lang, verdict):
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
    def copy(self) -> None:
        text = str(by_id("duel-link").value)
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
            return duel_query(self.viewed.token())
        session = self.session
        if session is not None and session.challenge.runs and (session.from_link or session.finished):
            return duel_query(session.token())
        return None

    # --- words ------------------------------------------------------------------------------------
    def apply_language(self) -> None:
        self.show_tag()
        if by_id("duel-dialog").open and self.view:
            self.render()
            if self.view == "setup":
                self.label_names()
