"""Every game, played in the page with real input: a seeded deal chosen in
the picker of one booted page (opening a deal by its address is tested in
test_smoke, test_controls and others); moves by click-click, drag, keyboard and double-click; draws from the
stock; an illegal drop refused. After each action the board and the HUD must
show what the engine (under CPython, playing the same moves) says."""

from __future__ import annotations

import pytest
from ui_helpers import (
    check_matches,
    click_card,
    click_pile,
    count,
    deal_from_picker,
    dom_piles,
    double_click_card,
    drag,
    key_move,
    open_url,
    pause_between_taps,
    plan_for,
    record_errors,
    refusal_text,
    settle,
    toast,
)

from game import DEAL, DRAW, PLAYER_GAMES, Move, new_game, parse_move

STOCK_DIRECT = {
    g for g in PLAYER_GAMES if new_game(g, 1).spec.scoring == "forty-thieves" and new_game(g, 1).spec.draw == 1
}


@pytest.fixture(scope="module")
def booted(browser, browser_context_args, app_url):
    """One booted page for the module (each test deals its game from the
    picker); a page whose renderer crashed is replaced by a fresh one."""
    ctx = browser.new_context(**browser_context_args)
    held = {}

    def current():
        if "page" not in held:
            pg = record_errors(ctx.new_page())
            pg.on("crash", lambda _: held.pop("page", None))
            open_url(pg, app_url, "?game=reloaded&seed=999")  # a deal no plan uses
            held["page"] = pg
        return held["page"]

    current()
    yield current
    ctx.close()


@pytest.fixture
def page(booted):
    pg = booted()
    pg.errors.clear()
    return pg


def act(page, game, how: str, text: str) -> None:
    """Make one step of a plan in the page and in the engine."""
    if how == "stock":
        click_pile(page, "stock")
        game.play(text)
        return
    if how == "stockdrag":
        dst = text.split(">")[1]
        drag(page, "stock", count(page, "stock") - 1, dst)
        game.play(DRAW)
        game.play(Move("waste", dst))
        return
    move, _ = parse_move(text)
    index = count(page, move.src) - move.count
    if how == "click":
        click_card(page, move.src, index)
        click_pile(page, move.dst)
    elif how == "drag":
        drag(page, move.src, index, move.dst)
    elif how == "key":
        key_move(page, move)
    elif how == "double":
        double_click_card(page, move.src, index)
    if how in ("click", "double"):
        pause_between_taps(page)
    game.play(move)


def find_illegal(game):
    """A card the player can see and a pile it may not go to."""
    names = game.spec.pile_names
    legal = set(game.legal_moves())
    sources = [n for n in names if n.startswith("t") or n == "waste"]
    for src in sources:
        pile = game.position.pile(src)
        if not pile or pile[-1].islower():
            continue
        if game.spec.rules == "retinue" and names.index(src) != game.position.waiting:
            continue
        for dst in names:
            if dst in (src, "stock", "waste"):
                continue
            move = Move(src, dst)
            if move not in legal and dst.startswith("t") and game.position.pile(dst):
                return move
    raise AssertionError("no illegal move to try")


@pytest.mark.parametrize("game_id", PLAYER_GAMES)
def test_play_every_way(page, game_id):
    extra = ("stockdrag",) if game_id in STOCK_DIRECT else ()
    plan = plan_for(game_id, extra=extra)
    game = new_game(game_id, plan.seed)
    deal_from_picker(page, game_id, plan.seed)
    assert page.url.endswith(f"?game={game_id}&seed={plan.seed}")
    check_matches(page, game)
    for how, text in plan.steps:
        act(page, game, how, text)
        check_matches(page, game)

    # An illegal drop: refused with the engine's reason, nothing changes.
    before = dom_piles(page)
    bad = find_illegal(game)
    page.wait_for_selector("#toast:not(.show)", state="attached")  # no word left from before (this page's last deal)
    drag(page, bad.src, count(page, bad.src) - 1, bad.dst)
    assert toast(page) == refusal_text(game, bad)
    settle(page)
    assert dom_piles(page) == before
    check_matches(page, game)

    # The stock draws (Spider: deals a row; Royal Retinue, FreeCell and Yukon have none).
    if game.spec.has_stock and game.position.pile("stock"):
        click_pile(page, "stock")
        game.play(DEAL if DEAL in game.legal_moves() else DRAW)
        check_matches(page, game)
    assert page.errors == []
