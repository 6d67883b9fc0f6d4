"""The ends of a game: a near-won position opened by URL and finished with
real pointer input, stalls, time running out, giving up, and what the end
screen offers next."""

from __future__ import annotations

import pytest
from ui_helpers import (
    WAIT_MS,
    check_matches,
    click_card,
    click_pile,
    drag,
    hud,
    open_url,
    position_query,
    settle,
    status,
)

from game import Game, read_position

FRENCH = "A23456789TJQK"
ITALIAN = "A234567JQK"


def run(suit: str, ranks: str) -> list[str]:
    return [r + suit for r in ranks]


def near_won(game_id: str) -> dict:
    """Every card home but one King (Royal Retinue: every card placed but the
    last 8, which the fourth King turned up on the K pile; the 8 pile, which
    turned its first card by itself, has three)."""
    if game_id == "retinue":
        piles = {f"t{i}": run_ranks(c) for i, c in enumerate(FRENCH, start=1)}
        piles["t8"] = ["8S", "8H", "8D"]
        piles["t13"] = piles["t13"] + ["8C"]
        return {"game": "retinue", "piles": piles, "turned": "t13"}
    ranks = ITALIAN if game_id == "solitario" else FRENCH
    n = 8 if game_id == "forty-thieves" else 4
    piles = {f"f{i + 1}": run("SHDC"[i % 4], ranks) for i in range(n)}
    piles[f"f{n}"] = run("C", ranks[:-1])
    piles["t3"] = ["KC"]
    return {"game": game_id, "piles": piles}


def run_ranks(rank: str) -> list[str]:
    return [rank + s for s in "SHDC"]


@pytest.fixture(scope="module")
def page(browser, browser_context_args):
    context = browser.new_context(**browser_context_args)
    pg = context.new_page()
    yield pg
    context.close()


def end_dialog(page):
    page.wait_for_selector("#end-dialog[open]", timeout=WAIT_MS)
    return page.text_content("#end-title"), page.text_content("#end-body")


@pytest.mark.parametrize(
    "game_id,how,encoded",
    [
        ("reloaded", "drag", True),
        ("retinue", "click", False),
        ("solitario", "click", True),
        ("forty-thieves", "drag", False),
    ],
)
def test_finish_a_near_won_position(page, app_url, game_id, how, encoded):
    position = near_won(game_id)
    game = Game(read_position(position))
    open_url(page, app_url, position_query(position, encoded))
    check_matches(page, game)
    (move,) = [m for m in game.legal_moves() if m.dst.startswith("f") or game_id == "retinue"]
    if how == "drag":
        drag(page, move.src, 0 if game_id != "retinue" else -1, move.dst)
    else:
        n = page.locator(f'#board [data-pile="{move.src}"] > [data-card]').count()
        click_card(page, move.src, n - 1)
        click_pile(page, move.dst)
    # The cards celebrate over the table first; the dialog follows.
    page.wait_for_selector("#celebrate.cascade .fly", state="attached", timeout=WAIT_MS)
    assert not page.is_visible("#end-dialog")
    title, body = end_dialog(page)
    assert status(page) == "won"
    assert page.get_attribute("#end-dialog", "data-status") == "won"
    shown = hud(page)
    game.play(move, shown["time"])
    assert game.status == "won"
    assert title == "Solved!"
    assert str(game.score()) in body and shown["score"] == game.score()
    if game_id in ("reloaded", "retinue"):
        assert "bonus" in body
    # The end screen's buttons: a new deal of the same game, playable at once.
    page.click("#end-new")
    page.wait_for_selector('#board[data-status="playing"]')
    assert not page.is_visible("#end-dialog")
    assert f"game={game_id}&seed=" in page.url
    assert page.locator("#celebrate .fly").count() == 0


# A stall reached in play (Solitario 1, random moves): no move but turning the
# stock, and a whole pass through it offers none.
STALLED = {
    "game": "solitario",
    "piles": {
        "stock": ["3d"],
        "waste": ["7D", "KD", "4C", "KC", "7H", "4S"],
        "f2": ["AD"],
        "f3": ["AS", "2S"],
        "t1": ["7C"],
        "t2": ["ah", "QC"],
        "t3": ["kh", "6d", "5S", "4D"],
        "t4": ["qd", "qh", "3s", "5C", "4H"],
        "t5": ["6s", "6c", "5d", "ac", "KS"],
        "t6": ["2c", "3h", "6h", "3c", "7s", "2H"],
        "t7": ["jc", "jh", "5h", "jd", "2d", "js", "QS"],
    },
    "redeals": 2,
}


def test_a_stalled_solitario_says_stallo(page, app_url):
    position = STALLED
    open_url(page, app_url, position_query(position), status="stalled")
    title, body = end_dialog(page)
    assert "Stallo" in title
    assert "0" in body
    page.click("#end-close")
    assert not page.is_visible("#end-dialog")
    click_pile(page, "t1")  # the board no longer plays
    assert status(page) == "stalled"


def test_royal_retinue_chain_end(page, app_url):
    # The fourth 8 arrived with no card left to turn on the 8 pile; the Ace of
    # clubs still lies face down under the three Aces placed on its own pile.
    piles = {f"t{i}": run_ranks(c) for i, c in enumerate(FRENCH, start=1)}
    piles["t1"] = ["AS", "AH", "AD", "ac"]
    open_url(page, app_url, position_query({"game": "retinue", "piles": piles}), status="stalled")
    title, body = end_dialog(page)
    assert title == "The chain has ended"
    assert "51 of 52" in body


def test_time_runs_out(page, app_url):
    page.clock.install()  # the page's time, run forward by the test
    open_url(page, app_url, "?game=maria&seed=3&limit=60")  # the shortest limit the address takes
    assert page.text_content("#hud-time-label") == "Time left"
    page.clock.run_for(1_500)
    assert page.text_content('[data-hud="time"]') == "01:00"  # the clock waits for the first action
    click_pile(page, "stock")
    page.clock.run_for(61_000)
    page.wait_for_selector('#board[data-status="time-up"]', timeout=6_000)
    title, _ = end_dialog(page)
    assert title == "Time's up"
    assert page.text_content('[data-hud="time"]') == "00:00"


def test_give_up_then_restart_the_same_deal(page, app_url):
    open_url(page, app_url, "?game=streets&seed=8")
    before = page.evaluate("window.solitaire.state().position")
    click_pile(page, "stock")
    settle(page)
    page.click("#btn-giveup")
    page.wait_for_selector("#confirm-dialog[open]")
    assert page.text_content("#confirm-title") == "Give up this game?"
    page.click("#confirm-yes")
    title, body = end_dialog(page)
    assert status(page) == "resigned" and title == "Game given up"
    page.click("#end-restart")
    page.wait_for_selector('#board[data-status="playing"]')
    assert page.evaluate("window.solitaire.state().position") == before
    assert page.url.endswith("?game=streets&seed=8")
