"""The first-run guide (issue 42, item 10): a first visit shows three short
steps (how to move, what Hint and Undo do, and in Solitaire Reloaded what the
score rewards and costs), in the player's language; the board stays playable
under it; once closed it never shows again, not even on the next visit."""

from __future__ import annotations

import pytest
from ui_helpers import click_card, click_pile, count, open_url, record_errors

from game.web.texts.ui import t


def words(lang: str, key: str, labels: str) -> str:
    """The guide's text ``key`` with the tools named by their ``labels``:
    "action" where the toolbar has room for its words, "tool" on a phone."""
    return t(lang, key, hint=t(lang, f"{labels}.hint"), undo=t(lang, f"{labels}.undo"))


def steps_shown(page) -> dict:
    """The guide's words as they read on screen (a tool's name in the form the toolbar shows)."""
    return page.evaluate(
        """() => ({count: document.getElementById('guide-count').textContent,
                  title: document.getElementById('guide-title').innerText,
                  body: document.getElementById('guide-body').innerText,
                  next: document.getElementById('guide-next').textContent,
                  back: !document.getElementById('guide-back').hidden})"""
    )


@pytest.mark.parametrize("lang", ["en", "de", "it"])
def test_a_first_visit_gets_three_steps_then_never_again(browser, first_visit_context_args, app_url, lang):
    context = browser.new_context(**{**first_visit_context_args, "viewport": {"width": 1366, "height": 768}})
    try:
        page = record_errors(context.new_page())
        open_url(page, app_url, f"?game=reloaded&seed=3&lang={lang}")
        page.wait_for_selector("#guide", state="visible")
        assert page.evaluate("document.activeElement === document.body")  # it takes no focus
        want = [
            ("guide.move_title", "guide.move_body"),
            ("guide.help_title", "guide.help_body"),
            ("guide.score_title", "guide.score_body"),
        ]
        for n, (title, body) in enumerate(want, 1):
            shown = steps_shown(page)
            assert shown["count"] == t(lang, "guide.step", n=n, of=3)
            assert (shown["title"], shown["body"]) == (words(lang, title, "action"), words(lang, body, "action"))
            assert shown["back"] == (n > 1)
            assert shown["next"] == t(lang, "guide.done" if n == 3 else "guide.next")
            if n == 2:  # the board stays playable under it: a move, by clicks
                before = page.evaluate("window.solitaire.state().moves")
                click_card(page, "t6", count(page, "t6") - 1)
                click_pile(page, "t5")
                page.wait_for_function(f"window.solitaire.state().moves > {before}")
                page.click("#guide-back")  # and back a step, and on again
                assert steps_shown(page)["title"] == t(lang, "guide.move_title")
                page.click("#guide-next")
            if n < 3:
                page.click("#guide-next")
        page.click("#guide-next")  # "Let's play" closes it
        page.wait_for_selector("#guide", state="hidden")
        open_url(page, app_url, f"?game=reloaded&seed=4&lang={lang}")
        page.wait_for_timeout(500)  # (it shows with the deal, if it does)
        assert page.is_hidden("#guide")
        assert page.errors == []
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["it", "de"])
def test_closed_at_once_on_a_phone_it_stays_closed(browser, first_visit_context_args, app_url, lang):
    """A game without undo says so, naming the tool as the phone's toolbar
    does (German "Zurück", not "Rückgängig"); the close button ends the guide too."""
    context = browser.new_context(
        **{**first_visit_context_args, "viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
    )
    try:
        page = record_errors(context.new_page())
        open_url(page, app_url, f"?game=solitario&seed=3&lang={lang}")
        page.wait_for_selector("#guide", state="visible")
        page.tap("#guide-next")
        shown = steps_shown(page)
        assert (shown["title"], shown["body"]) == (
            words(lang, "guide.help_title", "tool"),
            words(lang, "guide.help_body_no_undo", "tool"),
        )
        assert t(lang, "tool.undo") != t(lang, "action.undo")  # so the check above tells the two apart
        page.tap("#guide-next")
        assert steps_shown(page)["title"] == t(lang, "guide.rules_title")
        page.tap("#guide-close")
        page.wait_for_selector("#guide", state="hidden")
        page.reload()
        page.wait_for_selector('#board[data-status="playing"]', state="attached")
        page.wait_for_timeout(500)
        assert page.is_hidden("#guide")
        assert page.errors == []
    finally:
        context.close()
