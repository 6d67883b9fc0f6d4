"""The duel's panel on the page (``#duel-dialog`` of index.html), drawn from
what it is given: its pages (set up a duel, answer a link, the result, the
ranking of a finished link), the name fields, the facts of a link, what this
device noticed about it, the standings, the link to send and the rematch
button. It keeps no state: ``DuelUI`` (duel_ui.py) decides what is shown
and when. Every word goes in with ``textContent`` (names come from links).
"""

from __future__ import annotations

import js
from pyscript import document
from pyscript.ffi import is_none

from game import duel

from .dom import by_id, el
from .duel_view import Panel, challenge_link, facts, flag_sentences, limit_text, pace_notes, ranking_rows, tie_notes
from .texts.ui import t

SVG = "http://www.w3.org/2000/svg"
OTHER_DIALOGS = ("end-dialog", "rules-dialog", "settings-dialog", "picker")


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


def is_open() -> bool:
    return bool(by_id("duel-dialog").open)


def close() -> None:
    by_id("duel-dialog").close()


# --- the pages ------------------------------------------------------------------------------------
def show_section(view: Panel) -> None:
    """The page ``view`` of the panel, its other sections hidden."""
    for section in ("duel-setup", "duel-intro", "duel-result"):
        show(by_id(section), section == view.section)
    by_id("duel-dialog").dataset.view = view.value


def open_modal() -> None:
    """The panel over everything else: another dialog open is closed first."""
    dialog = by_id("duel-dialog")
    for other in OTHER_DIALOGS:
        node = by_id(other)
        if not is_none(node) and node.open:
            node.close()
    if not dialog.open:
        dialog.showModal()


def focus_first(view: Panel) -> None:
    """The field to fill, or the button the player most likely wants next."""
    order = {
        Panel.SETUP: ("#duel-names input",),
        Panel.INTRO: ("#duel-join-name",),
        Panel.RESULT: ("#duel-next-go", "#duel-copy", "#duel-close"),
        Panel.RANKING: ("#duel-copy", "#duel-close"),
    }.get(view, ())
    for selector in order:
        node = document.querySelector(selector)
        if node is not None and not is_none(node) and not is_none(node.offsetParent):
            node.focus()
            return


def key_note(lang: str, view: Panel) -> None:
    """Where runs cannot be signed, or the key will not be kept, or a
    damaged key was replaced on this visit, say so."""
    keys = getattr(js.window, "SolKeys", None)
    state = "none" if keys is None else str(keys.state)
    note = by_id("duel-key-note")
    wanted = view in (Panel.SETUP, Panel.INTRO) and state in ("none", "visit", "renewed")
    show(note, wanted)
    if wanted:
        note.textContent = t(lang, f"duel.key_{state}")
        note.dataset.state = state


def title(text: str) -> None:
    by_id("duel-title").textContent = text


# --- setting up a duel ------------------------------------------------------------------------------
def setup_choices(limit, can_this: bool) -> None:
    """The time limit and "this deal or a new one" chosen as the setup opens."""
    for node in document.querySelectorAll('#duel-setup input[name="duel-limit"]'):
        node.checked = node.value == ("none" if limit is None else str(limit))
    by_id("duel-deal-this-label").hidden = not can_this
    for node in document.querySelectorAll('#duel-setup input[name="duel-deal"]'):
        node.checked = node.value == ("this" if can_this else "new")
    by_id("duel-setup-error").textContent = ""


def render_setup(lang: str, seed, fixed) -> None:
    """The setup page; ``fixed``: (game, seed, limit) of a rematch."""
    title(t(lang, "duel.setup_title"))
    for node in document.querySelectorAll("#duel-limits [data-limit]"):
        value = node.dataset.limit
        node.textContent = limit_text(lang, None if value == "none" else int(value))
    by_id("duel-deal-this").textContent = t(lang, "duel.deal_this", number=seed if seed is not None else "")
    by_id("duel-deal-new").textContent = t(lang, "duel.deal_new")
    show(by_id("duel-deal"), not fixed)
    show(by_id("duel-limits"), not fixed)
    show(by_id("duel-fixed"), bool(fixed))
    if fixed:
        deal = t(lang, "duel.deal_rematch", number=fixed[1])
        if fixed[1] >= 1_000_000_000:  # game.daily.BASE: "Challenge a friend" on a daily deal
            from .daily_ui import duel_deal

            deal = duel_deal(lang, fixed[1]) or deal
        by_id("duel-fixed").textContent = f"{deal} \u00b7 {limit_text(lang, fixed[2])}"
    label_names(lang)


def chosen_setup(seed):
    """The limit and the deal the setup's choices say: (limit, seed or None for a new one)."""
    limit_node = document.querySelector('#duel-setup input[name="duel-limit"]:checked')
    value = "none" if is_none(limit_node) else str(limit_node.value)
    limit = None if value == "none" else int(value)
    deal_node = document.querySelector('#duel-setup input[name="duel-deal"]:checked')
    this = not is_none(deal_node) and deal_node.value == "this" and seed is not None
    return limit, seed if this else None


def read_names() -> list[str]:
    return [str(node.value) for node in document.querySelectorAll("#duel-names input")]


def build_names(lang: str, names: list) -> None:
    ol = by_id("duel-names")
    frame = document.createDocumentFragment()
    for i, name in enumerate(names):
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
    by_id("duel-add").hidden = len(names) >= duel.MAX_RUNS
    label_names(lang)


def label_names(lang: str) -> None:
    for i, li in enumerate(document.querySelectorAll("#duel-names li")):
        li.querySelector("label").textContent = (
            t(lang, "duel.your_name") if i == 0 else t(lang, "duel.player_n", n=i + 1)
        )
        remove = li.querySelector("button")
        if remove is not None and not is_none(remove):
            remove.setAttribute("aria-label", t(lang, "duel.remove_player", n=i + 1))


def names_problem(lang: str, problem) -> bool:
    """Mark the name field ``problem`` (index, text key, parameters) names,
    or clear the marks: True if there was one."""
    fields = document.querySelectorAll("#duel-names input")
    for node in fields:
        node.removeAttribute("aria-invalid")
    if not problem:
        return False
    index, key, params = problem
    by_id("duel-setup-error").textContent = t(lang, key, **params)
    fields[index].setAttribute("aria-invalid", "true")
    fields[index].focus()
    return True


# --- a link -----------------------------------------------------------------------------------------
def render_intro(lang: str, challenge, single: bool, flags) -> None:
    first = challenge.runs[0].name
    title(t(lang, "duel.challenges", name=first) if single else t(lang, "duel.join_title"))
    by_id("duel-intro-text").textContent = (
        t(lang, "duel.challenge_body", name=first) if single else t(lang, "duel.join_body")
    )
    fill_facts(lang, by_id("duel-facts"), challenge)
    fill_warnings(lang, by_id("duel-intro-warnings"), flags)


def fill_facts(lang: str, dl, challenge) -> None:
    frame = document.createDocumentFragment()
    for label, value in facts(lang, challenge):
        row = el("div")
        row.append(el("dt", "", label), el("dd", "", value))
        frame.append(row)
    dl.replaceChildren(frame)


def fill_warnings(lang: str, box, flags) -> None:
    frame = document.createDocumentFragment()
    for line in flag_sentences(lang, flags):
        frame.append(el("p", "", line))
    box.replaceChildren(frame)
    show(box, bool(box.childElementCount))


def join_field(name: str) -> None:
    """The name field of an answer, filled with ``name`` (or empty)."""
    field = by_id("duel-join-name")
    field.value = name
    field.removeAttribute("aria-invalid")
    by_id("duel-join-error").textContent = ""


def join_name() -> str:
    return str(by_id("duel-join-name").value)


def join_problem(lang: str, problem) -> None:
    field = by_id("duel-join-name")
    by_id("duel-join-error").textContent = t(lang, problem[0], **problem[1])
    field.setAttribute("aria-invalid", "true")
    field.focus()


# --- results ----------------------------------------------------------------------------------------
def mine(text: str) -> None:
    node = by_id("duel-mine")
    node.textContent = text
    show(node, True)


def next_player(lang: str, name) -> None:
    """Whose turn is next (None: the duel is finished)."""
    show(by_id("duel-next"), name is not None)
    if name is not None:
        by_id("duel-next-text").textContent = t(lang, "duel.next_player", name=name)
        by_id("duel-next-go").textContent = t(lang, "duel.next_go", name=name)


def fill_standings(lang: str, verdict, local, flags) -> None:
    box = by_id("duel-standings")
    show(box, verdict is not None)
    if verdict is None:
        return
    frame = document.createDocumentFragment()
    for row in ranking_rows(lang, verdict, local, flags):
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


def fill_share(lang: str, key, token) -> None:
    box = by_id("duel-share")
    show(box, token is not None)
    if token is None:
        return
    by_id("duel-share-text").textContent = t(lang, key)
    by_id("duel-link").value = challenge_link(str(js.window.location.href), token)


def fill_rematch(lang: str, seed) -> None:
    button = by_id("duel-rematch")
    show(button, seed is not None)
    if seed is not None:
        button.textContent = t(lang, "duel.rematch", number=seed)
        button.dataset.seed = str(seed)


def buttons(play_too: bool, new: bool) -> None:
    show(by_id("duel-play-too"), play_too)
    show(by_id("duel-new"), new)


def link_text() -> str:
    return str(by_id("duel-link").value)


def copy_by_hand() -> bool:
    """Copy the link the old way (no clipboard API, or refused): True if it went."""
    field = by_id("duel-link")
    field.focus()
    field.select()
    try:
        return bool(document.execCommand("copy"))
    except Exception:
        return False
