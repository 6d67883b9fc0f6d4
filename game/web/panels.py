"""The text panels: a game's rules, the end of a game, the keyboard help.

Every word goes in with ``textContent``; nothing is parsed as markup.
"""

from __future__ import annotations

from pyscript import document

from .dom import el
from .texts.games import game_name
from .texts.ui import t


def fill_rules(title_el, body_el, lang: str, game_id: str) -> None:
    from .texts.rules import game_rules  # the rules' words (every game, every language) load when first shown

    title_el.textContent = t(lang, "rules.title", game=game_name(lang, game_id))
    frame = document.createDocumentFragment()
    for section in game_rules(lang, game_id):
        frame.append(el("h3", "", section.title))
        ul = el("ul")
        for item in section.items:
            li = el("li")
            if item.decided:
                badge = el("span", "decided", t(lang, "rules.decided"))
                badge.title = t(lang, "rules.decided_hint")
                li.append(badge, document.createTextNode(" "))
            li.append(document.createTextNode(item.text))
            ul.append(li)
        frame.append(ul)
    body_el.replaceChildren(frame)


def end_texts(lang: str, game, score: int) -> tuple[str, list]:
    """Title and paragraphs for a finished game."""
    status = game.status
    spec = game.spec
    if status == "won":
        lines = [t(lang, "end.won_body", score=score)]
        bonus = game.win_bonus()
        if bonus > 0:
            lines.append(t(lang, "end.won_bonus", bonus=bonus))
        return t(lang, "end.won_title"), lines
    if status == "stalled":
        if spec.forced:  # a chain that ended: how far it went
            placed = game.position.cards_home()
            body = t(lang, "end.chain_body", placed=placed, total=spec.card_count, score=score)
            return t(lang, "end.chain_title"), [body]
        title = t(lang, "end.stalled_title")
        if spec.stall_word and title != spec.stall_word:  # the game's own word, as its players know it
            title = f"{spec.stall_word} \u2013 {title}"
        return title, [t(lang, "end.stalled_body", score=score)]
    if status == "time-up":
        return t(lang, "end.time_up_title"), [t(lang, "end.time_up_body", score=score)]
    return t(lang, "end.resigned_title"), [t(lang, "end.resigned_body", score=score)]


def fill_end(title_el, body_el, lang: str, game, score: int) -> None:
    title, lines = end_texts(lang, game, score)
    title_el.textContent = title
    frame = document.createDocumentFragment()
    for line in lines + [t(lang, "end.next")]:
        frame.append(el("p", "", line))
    body_el.replaceChildren(frame)
