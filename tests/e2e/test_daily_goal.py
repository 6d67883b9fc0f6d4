"""The daily goal (issue 42, item 7): beside winning, a daily deal has a goal
of moves, "win in under N moves", N from the solver's winning line from the
deal's start, found in the solver's worker with a node budget (the same line
here under CPython). The page shows it in the deal's line under the title
and on the Today tool once found, measures the win against it in the end
dialog, and the calendar marks the day "goal met" apart from a plain win.

Each test resumes the day's Reloaded deal saved near its end (the solver's
line, or that line with pointless moves added) and plays the last move."""

from __future__ import annotations

import datetime
import json

import pytest
from ui_helpers import WAIT_MS, card, click_card, click_pile, context_with, count, open_url, record_errors

from game import Move, daily, new_game
from game.solver import solve
from game.web.history import date_text, short_date
from game.web.storage import Slot
from game.web.texts.ui import t
from tools.serve import ROOT

SHOTS = ROOT / "artifacts" / "screenshots" / "daily"
GAME = "reloaded"
TODAY = "2026-11-20"
GOAL_MS = 90_000  # the worker's start and its search, on a busy machine


def goal_line(game_id: str, date: str) -> tuple[list[Move], int]:
    """The solver's line from the day's deal and the goal it gives, as the page finds them."""
    start = new_game(game_id, daily.daily_number(date)).position
    found = solve(start, budget_nodes=daily.GOAL_NODES, time_limit=None)
    assert found.status == "won"
    return found.line, daily.goal_moves(len(found.line))


def detour(game) -> list[Move]:
    """Two pointless moves: a king from its foundation to an empty column and back."""
    for move in game.legal_moves():
        if move.src.startswith("f") and move.dst.startswith("t"):
            return [move, Move(move.dst, move.src)]
    raise AssertionError("no king to move out and back")


def saved_near_the_end(line: list[Move], extra: int) -> tuple[str, object]:
    """The day's deal played to one move before the end, with ``extra``
    detours before that move: its save, and the game."""
    game = new_game(GAME, daily.daily_number(TODAY))
    for i, move in enumerate(line[:-1]):
        game.play(move, 1.0 + i)
    for _ in range(extra):
        for move in detour(game):
            game.play(move, game.clock + 1)
    return json.dumps(Slot(game, game.clock + 5).to_json()), game


def open_saved(browser, browser_context_args, app_url, slot: str, lang: str, touch: bool):
    size = {"width": 390, "height": 844} if touch else {"width": 1366, "height": 768}
    context = context_with(
        browser, browser_context_args, {"auto_home": "off"}, viewport=size, has_touch=touch, is_mobile=touch
    )
    context.add_init_script(
        f"if (!localStorage.getItem('solitaire.save.{GAME}')) localStorage.setItem('solitaire.save.{GAME}', {json.dumps(slot)})"
    )
    page = record_errors(context.new_page())
    page.clock.set_fixed_time(datetime.datetime.fromisoformat(TODAY).replace(hour=12, tzinfo=datetime.UTC))
    open_url(page, app_url, f"?game={GAME}&daily={TODAY}&lang={lang}")
    return context, page


def play_last(page, move: Move, touch: bool) -> None:
    if touch:  # one tap plays the card to its place (the setting's default on a touch screen)
        card(page, move.src, count(page, move.src) - move.count).tap()
    else:
        click_card(page, move.src, count(page, move.src) - move.count)
        click_pile(page, move.dst)
    page.wait_for_selector("#celebrate.cascade .fly, #celebrate.calm", state="attached", timeout=WAIT_MS)
    page.keyboard.press("Shift")  # skip the celebration
    page.wait_for_selector('#end-dialog[open][data-status="won"]', timeout=10_000)


def calendar_day(page, lang: str) -> tuple[str, str]:
    page.click("#end-close")
    page.evaluate("document.getElementById('btn-stats').click()")  # in the bar or in its More menu
    page.wait_for_selector("#stats-dialog[open] #stats-calendar")
    page.select_option("#stats-game", GAME)
    day = page.locator(f'#stats-calendar [data-day="{TODAY}"]')
    day.scroll_into_view_if_needed()
    return day.get_attribute("data-state"), day.get_attribute("aria-label")


@pytest.mark.parametrize(("lang", "touch"), [("en", False), ("de", True)])
def test_a_daily_win_under_the_goal_is_marked_goal_met(browser, browser_context_args, app_url, lang, touch):
    line, goal = goal_line(GAME, TODAY)
    slot, game = saved_near_the_end(line, extra=0)
    context, page = open_saved(browser, browser_context_args, app_url, slot, lang, touch)
    try:
        # No goal until the worker has found the line, then in the deal's line.
        assert page.evaluate("window.solitaire.state().moves") == game.moves
        tag = t(lang, "daily.goal_tag", moves=goal)
        shown = t(lang, "daily.with_goal", info=t(lang, "daily.deal_info", date=date_text(lang, TODAY)), goal=tag)
        page.wait_for_function(
            "text => document.getElementById('deal-info').textContent === text", arg=shown, timeout=GOAL_MS
        )
        # A phone's short line has no room for it: the HUD shows it, beside the moves, at every size.
        assert page.get_attribute("#deal-info", "data-short") == t(
            lang, "daily.deal_info_short", date=short_date(lang, TODAY)
        )
        assert page.is_visible("#hud-goal") and page.text_content("#hud-goal dd") == f"< {goal}"
        assert page.text_content("#hud-goal dt") == t(lang, "hud.goal")
        assert page.evaluate("getComputedStyle(document.querySelector('#hud-goal dd')).textDecorationLine") == "none"
        assert t(lang, "daily.goal", moves=goal) in page.get_attribute("#btn-today", "title")
        page.screenshot(path=str(SHOTS / f"goal-{'phone' if touch else 'laptop'}-{lang}.png"))
        play_last(page, line[-1], touch)
        moves = game.moves + 1
        assert moves < goal
        expect_line = t(lang, "daily.goal_met", moves=moves, goal=goal)
        assert page.text_content("#end-goal") == expect_line and page.is_visible("#end-goal")
        page.screenshot(path=str(SHOTS / f"goal-met-{'phone' if touch else 'laptop'}-{lang}.png"))
        state, label = calendar_day(page, lang)
        assert state == "goal"
        assert label == t(lang, "calendar.day_goal_today", date=date_text(lang, TODAY))
        page.screenshot(path=str(SHOTS / f"goal-calendar-{'phone' if touch else 'laptop'}-{lang}.png"))
        assert page.errors == []
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["it", "en"])
def test_a_daily_win_over_the_goal_is_a_plain_win(browser, browser_context_args, app_url, lang):
    line, goal = goal_line(GAME, TODAY)
    extra = (goal - len(line)) // 2 + 1  # enough detours to end at the goal or over it
    slot, game = saved_near_the_end(line, extra=extra)
    assert game.moves + 1 >= goal
    context, page = open_saved(browser, browser_context_args, app_url, slot, lang, False)
    try:
        tag = t(lang, "daily.goal_tag", moves=goal)
        page.wait_for_function(
            "tag => document.getElementById('deal-info').textContent.endsWith(tag)", arg=tag, timeout=GOAL_MS
        )
        # The moves have reached the goal already: struck through in the HUD.
        assert page.evaluate("getComputedStyle(document.querySelector('#hud-goal dd')).textDecorationLine") == (
            "line-through"
        )
        play_last(page, line[-1], False)
        assert page.text_content("#end-goal") == t(lang, "daily.goal_missed", moves=game.moves + 1, goal=goal)
        state, label = calendar_day(page, lang)
        assert state == "won"
        assert label == t(lang, "calendar.day_won_today", date=date_text(lang, TODAY))
        assert page.errors == []
    finally:
        context.close()


def test_another_deal_has_no_goal(browser, browser_context_args, app_url):
    """A numbered deal is no daily one: no goal, whatever the worker does."""
    context = context_with(browser, browser_context_args, {"auto_home": "off"}, viewport={"width": 1366, "height": 768})
    try:
        page = record_errors(context.new_page())
        open_url(page, app_url, f"?game={GAME}&seed=3")
        page.click("#btn-hint")  # the worker starts and answers
        page.wait_for_function("window.SolSolver && window.SolSolver.ready", timeout=GOAL_MS)
        assert page.text_content("#deal-info") == t("en", "app.deal_info", number=3)
        assert page.is_hidden("#hud-goal")
        assert page.locator("#end-goal").count() == 0
        assert page.errors == []
    finally:
        context.close()
