"""The controls around the board, on one booted page: the game picker, new
deal and restart, undo and redo, the stock turning over, the Forty Thieves
stock card played straight to a pile, keys, languages, card faces, and bad
addresses."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect
from ui_helpers import (
    WAIT_MS,
    card,
    check_matches,
    click_card,
    click_pile,
    count,
    deal_from_picker,
    dom_piles,
    drag,
    grip,
    key_focus,
    open_url,
    pause_between_taps,
    record_errors,
    settle,
    status,
    toast,
)

from game import DRAW, PLAYER_GAMES, Move, new_game
from game.web.texts.games import game_text

START = "?game=reloaded&seed=5"


@pytest.fixture(scope="module")
def booted(browser, browser_context_args, app_url):
    context = browser.new_context(**browser_context_args)
    pg = context.new_page()
    open_url(pg, app_url, START)
    yield pg
    context.close()


@pytest.fixture
def page(booted, app_url, went_well):
    """The module's page, its errors counted afresh for each test; loaded
    again after a failed test, which may have left a dialog open."""
    if not went_well:
        open_url(booted, app_url, START)
    return record_errors(booted)


def state(page) -> dict:
    return page.evaluate("window.solitaire.state()")


def test_the_picker_lists_every_game_with_words_and_a_picture(page):
    page.click("#btn-games")
    page.wait_for_selector("#picker[open]")
    tiles = page.locator(".game-tile")
    assert tiles.count() == len(PLAYER_GAMES)
    for game_id in PLAYER_GAMES:
        tile = page.locator(f'.game-tile[data-game="{game_id}"]')
        text = game_text("en", game_id)
        assert tile.locator(".tile-name").text_content() == text.name
        assert tile.locator(".tile-about").text_content() == text.description
        assert tile.locator("img.schematic").evaluate("i => i.complete && i.naturalWidth > 0")
    assert page.get_attribute('.game-tile[data-game="reloaded"]', "aria-current") == "true"
    page.keyboard.press("Escape")
    assert not page.is_visible("#picker")


def test_choosing_deals_in_the_page_and_keeps_the_url(page):
    page.evaluate("window.__sameDocument = true")
    deal_from_picker(page, "lucas", 77)
    assert page.url.endswith("?game=lucas&seed=77")
    assert page.evaluate("window.__sameDocument") is True  # no reload
    check_matches(page, new_game("lucas", 77))
    assert page.text_content("#game-title") == "Lucas"
    assert page.text_content("#deal-info") == "Game 77"


def test_new_deal_and_restart(page):
    deal_from_picker(page, "maria", 12)
    click_pile(page, "stock")
    settle(page)
    page.click("#btn-restart")
    assert page.is_visible("#leave-dialog")  # a move was made: it asks first
    page.click("#leave-yes")
    settle(page)
    check_matches(page, new_game("maria", 12))
    page.click("#btn-new")
    settle(page)
    seed = state(page)["seed"]
    assert seed != 12 and page.url.endswith(f"?game=maria&seed={seed}")
    check_matches(page, new_game("maria", seed))


def test_reloaded_undo_counts_down_from_three_and_costs_a_point(page):
    deal_from_picker(page, "reloaded", 9)
    game = new_game("reloaded", 9)
    for _ in range(4):
        click_pile(page, "stock")
        game.play(DRAW)
    settle(page)
    assert page.text_content("#undo-count") == "3"
    assert page.get_attribute("#btn-undo", "title") == "Undo (3 left)"
    assert page.is_hidden("#btn-redo")
    page.click("#btn-undo")
    game.undo(0)
    page.keyboard.press("u")
    game.undo(0)
    page.keyboard.press("Control+z")
    game.undo(0)
    check_matches(page, game)
    assert page.get_attribute("#btn-undo", "aria-disabled") == "true"
    page.click("#btn-undo", force=True)  # still clickable: it says why nothing happens
    assert toast(page) == "Only the last 3 moves can be taken back."
    check_matches(page, game)


@pytest.mark.parametrize("game_id", ["retinue", "solitario"])
def test_no_undo_games_hide_undo_and_the_key_says_so(page, game_id):
    deal_from_picker(page, game_id, 3)
    assert page.locator("#btn-undo").is_hidden()  # hidden, not greyed: the game never has it
    assert not page.locator("#more-menu #btn-undo").is_visible()
    page.keyboard.press("u")
    assert toast(page) == "This game has no undo."
    assert state(page)["moves"] == 0
    deal_from_picker(page, "reloaded", 3)  # and back where the game has it
    assert page.locator("#btn-undo").is_visible()


def test_forty_thieves_stock_card_straight_to_a_pile_is_one_undo(page):
    seed, dst = next(
        (s, m.dst)
        for s in range(1, 200)
        for m in new_game("forty-thieves", s).position.apply(DRAW)[0].legal_moves()
        if m.src == "waste"
    )
    deal_from_picker(page, "forty-thieves", seed)
    game = new_game("forty-thieves", seed)
    drag(page, "stock", count(page, "stock") - 1, dst)
    game.play(DRAW)
    game.play(Move("waste", dst))
    check_matches(page, game)
    assert state(page)["moves"] == 2
    page.keyboard.press("u")  # one undo takes back both halves
    settle(page)
    check_matches(page, new_game("forty-thieves", seed))
    page.keyboard.press("r")  # and one redo makes both again
    check_matches(page, game)
    # A stock card dropped where it may not go goes back, face down.
    bad = next(
        n
        for n in game.spec.pile_names
        if n.startswith("t") and Move("waste", n) not in game.position.apply(DRAW)[0].legal_moves()
    )
    before = dom_piles(page)
    drag(page, "stock", count(page, "stock") - 1, bad)
    toast(page)
    settle(page)
    assert dom_piles(page) == before


def test_keys_draw_cancel_undo_redo(page):
    deal_from_picker(page, "streets", 4)
    game = new_game("streets", 4)
    page.keyboard.press("d")
    game.play(DRAW)
    check_matches(page, game)
    page.locator('#board [data-pile="waste"]').focus()
    page.keyboard.press("Enter")
    assert page.locator("#board .card.selected").count() == 1
    page.keyboard.press("Escape")
    assert page.locator("#board .card.selected").count() == 0
    page.keyboard.press("u")
    game.undo(0)
    check_matches(page, game)
    page.keyboard.press("Control+y")
    game.redo(0)
    check_matches(page, game)


@pytest.mark.parametrize("game_id", ["reloaded", "solitario", "little-forty", "forty-thieves"])
def test_the_empty_stock_turns_over_where_the_rules_allow(page, game_id):
    deal_from_picker(page, game_id, 21)
    game = new_game(game_id, 21)
    while game.position.pile("stock"):
        click_pile(page, "stock")
        game.play(DRAW)
    check_matches(page, game)
    can = any(m.src == "redeal" for m in game.legal_moves())
    stock = page.locator('#board [data-pile="stock"]')
    assert stock.get_attribute("data-redeal") == ("yes" if can else "no")
    # Where the turnovers are counted (Little Forty: 3), the empty stock shows
    # how many are left, in its arrow and in its name.
    limited = game_id == "little-forty"
    assert (stock.get_attribute("data-left") or "") == ("3" if limited else "")
    assert ("Redeals left: 3" in stock.get_attribute("aria-label")) is limited
    if limited:
        left = page.evaluate("getComputedStyle(document.querySelector('#board [data-pile=stock]'), '::after').content")
        assert left == '"3"'
    click_pile(page, "stock")  # the empty stock
    if game_id == "forty-thieves":
        assert not can
        assert toast(page) == "The stock is used up, and this game has no redeal."
    else:
        game.play("redeal")  # Reloaded: -10 (the score never shows below 0)
    check_matches(page, game)
    if limited:
        assert stock.get_attribute("data-left") == "2" and "Redeals left: 2" in stock.get_attribute("aria-label")


def test_the_board_follows_the_window_size(page):
    deal_from_picker(page, "limited", 6)

    def width():
        return page.locator('#board [data-pile="t1"]').bounding_box()["width"]

    wide = width()
    page.set_viewport_size({"width": 500, "height": 700})
    page.wait_for_function(
        f"document.querySelector('#board [data-pile=t1]').getBoundingClientRect().width < {wide - 10}"
    )
    boxes = page.evaluate(
        "[...document.querySelectorAll('#board [data-card]')].map(c => c.getBoundingClientRect().right)"
    )
    assert max(boxes) <= 500
    page.set_viewport_size({"width": 1280, "height": 720})
    page.wait_for_function(
        f"document.querySelector('#board [data-pile=t1]').getBoundingClientRect().width > {wide - 1}"
    )
    check_matches(page, new_game("limited", 6))


def test_the_language_switch(page):
    deal_from_picker(page, "solitario", 2)
    page.select_option("#lang-select", "de")
    assert page.get_attribute("html", "lang") == "de"
    assert page.text_content("#btn-new .txt") == "Neues Spiel"
    assert page.text_content("#game-title") == "Solitario"
    assert page.text_content("#deal-info") == "Spiel Nr. 2"
    label = page.get_attribute('#board [data-pile="waste"] > [data-card]:last-child', "aria-label")
    assert label.split()[-1] in ("Münzen", "Kelche", "Stäbe", "Schwerter")
    page.select_option("#lang-select", "it")
    assert page.text_content("#btn-new .txt") == "Nuova partita"
    page.click("#btn-rules")
    page.wait_for_selector("#rules-dialog[open]")
    assert page.text_content("#rules-title").startswith("Come si gioca")
    assert page.locator("#rules-body h3").count() >= 4
    page.keyboard.press("Escape")
    page.select_option("#lang-select", "en")
    assert page.text_content("#btn-new .txt") == "New deal"


def test_solitario_faces_switch_in_the_settings(page):
    deal_from_picker(page, "solitario", 2)
    first = '#board [data-pile="waste"] > [data-card]:last-child img'
    assert "/napoletane/" in page.get_attribute(first, "src")
    page.click("#btn-settings")
    # A new face shows once its picture has loaded (the old one stays till then).
    page.check('input[name="faces"][value="piacentine"]')
    expect(page.locator(first)).to_have_attribute("src", re.compile("/piacentine/"))
    page.check('input[name="faces"][value="french"]')
    expect(page.locator(first)).to_have_attribute("src", re.compile("/french/"))
    page.check('input[name="back"][value="red"]')
    stock = '#board [data-pile="stock"] > [data-card] img'
    expect(page.locator(stock).first).to_have_attribute("src", re.compile(r"back-red\.svg$"))
    page.check('input[name="faces"][value="napoletane"]')
    page.check('input[name="back"][value="blue"]')
    page.keyboard.press("Escape")
    assert page.errors == []


@pytest.mark.parametrize(
    "query,says",
    [
        ("?game=nope&seed=abc", ["There is no game called \u201cnope\u201d", "\u201cabc\u201d is not a game number"]),
        ("?game=lucas&position=not-a-position", ["This position link is damaged"]),
        (
            "?position=%7B%22game%22%3A%22maria%22%2C%22piles%22%3A%7B%7D%7D",
            ["This position link is damaged", "This game is played with 104 cards, not 0"],
        ),
    ],
)
def test_bad_addresses_show_a_notice_and_a_playable_game(page, app_url, query, says):
    open_url(page, app_url, query)
    notice = page.locator("#notice")
    assert notice.is_visible()
    for words in says:
        assert words in notice.text_content()
    assert "Traceback" not in page.text_content("body")
    assert status(page) == "playing"
    before = state(page)["moves"]  # a game in play is resumed, not replaced (issue 41)
    click_pile(page, "stock")  # and it plays
    settle(page)
    assert state(page)["moves"] == before + 1
    page.click("#notice-close")
    assert not notice.is_visible()


def test_a_quick_click_on_the_card_just_drawn_picks_it_up(page):
    """The stock's top card becomes the waste's top card; clicking it at once
    is a new click (it is picked up), not a double click sending it home."""
    deal_from_picker(page, "reloaded", 39)  # the first draw turns up the ace of diamonds
    game = new_game("reloaded", 39)
    click_pile(page, "stock")
    game.play(DRAW)
    assert game.position.pile("waste")[-1] == "AD"
    waste_top = page.locator('#board [data-pile="waste"] > [data-card]').last
    box = page.locator('#board [data-pile="waste"]').bounding_box()  # not the card: it may be in flight
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # within 350 ms
    assert waste_top.get_attribute("class").split().count("selected") == 1
    assert dom_piles(page)["waste"][-1] == "AD"
    assert all(not cards for name, cards in dom_piles(page).items() if name.startswith("f"))
    page.keyboard.press("Escape")


@pytest.mark.parametrize("how", ["taps", "keys", "drag"])
def test_a_retinue_card_of_its_own_piles_rank_goes_there_when_picked_and_put(page, how):
    """Royal Retinue deal 4 turns up an eight on the eight pile: picked up and
    put on its own pile, it is played there (a slow second tap or a second
    Enter is a put, not a cancel; a drag let go over its own pile is that
    move, not a drop on a neighbour), as it would be on any other pile."""
    deal_from_picker(page, "retinue", 4)
    game = new_game("retinue", 4)
    assert [str(m) for m in game.legal_moves()] == ["t8>t8"]
    eight = game.position.pile("t8")[-1]
    top = count(page, "t8") - 1
    if how == "taps":
        click_card(page, "t8", top)
        assert "selected" in card(page, "t8", top).get_attribute("class").split()
        pause_between_taps(page)  # two taps, not a double tap
        click_card(page, "t8", top)
    elif how == "keys":
        key_focus(page, "t8")
        page.keyboard.press("Enter")
        page.keyboard.press("Enter")
    else:
        x, y = grip(page, "t8", top)
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x + 40, y + 30, steps=5)  # off and back: let go over its own pile
        page.mouse.move(x + 2, y + 10, steps=5)
        page.mouse.up()
    page.wait_for_function("window.solitaire.state().moves === 1", timeout=WAIT_MS)
    settle(page)
    game.play(Move("t8", "t8", 1))
    check_matches(page, game)
    assert eight in dom_piles(page)["t8"]


def test_a_card_let_go_over_its_own_pile_goes_back_quietly(page):
    """A drag that ends over the pile it started from is no move: the card
    goes back, with no shake and no word, even beside a pile it could go on
    (Reloaded 1: t3's card fits t4). Held by its edge and carried mostly
    over t4, though, it goes there."""
    deal_from_picker(page, "reloaded", 1)
    game = new_game("reloaded", 1)
    assert Move("t3", "t4", 1) in game.legal_moves()
    before = dom_piles(page)
    page.evaluate("""() => { window.__shook = 0; const a = Element.prototype.animate;
        Element.prototype.animate = function (...x) { if (x[0] && JSON.stringify(x[0]).includes('translateX')) window.__shook++;
            return a.apply(this, x); }; }""")
    x, y = grip(page, "t3", count(page, "t3") - 1)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 30, y + 10, steps=5)  # toward t4, and back
    page.mouse.move(x + 3, y + 12, steps=5)
    page.mouse.up()
    settle(page)
    assert dom_piles(page) == before and page.evaluate("window.solitaire.state().moves") == 0
    assert page.evaluate("window.__shook") == 0
    assert not page.is_visible("#toast.show")
    # Held near its left edge and carried three quarters of a card over t4.
    box = card(page, "t3", count(page, "t3") - 1).bounding_box()
    x, y = box["x"] + 4, box["y"] + 8
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 20, y + 5, steps=3)
    page.mouse.move(x + box["width"] * 0.75, y + 10, steps=5)
    page.mouse.up()
    page.wait_for_function("window.solitaire.state().moves === 1", timeout=WAIT_MS)
    settle(page)
    game.play(Move("t3", "t4", 1))
    check_matches(page, game)


# One-shot: the page's main thread is held up for 600 ms by the first release.
STALL_ONCE = """() => { let once = true; document.getElementById("board").addEventListener("pointerup", () => {
  if (!once) return; once = false; const t = performance.now(); while (performance.now() - t < 600); }); }"""


def test_a_double_click_counts_by_when_the_clicks_happened_not_when_the_page_got_to_them(page):
    """Two clicks 100 ms apart are a double click even when the first one's
    work keeps the page busy for 600 ms: the ace just drawn goes home."""
    deal_from_picker(page, "reloaded", 39)  # the first draw turns up the ace of diamonds
    click_pile(page, "stock")
    settle(page)
    x, y = grip(page, "waste", count(page, "waste") - 1)
    page.evaluate(STALL_ONCE)
    cdp = page.context.new_cdp_session(page)
    start = time.time()
    for at in (start, start + 0.1):  # the time each click happened, as the system reports it
        for kind in ("mousePressed", "mouseReleased"):
            cdp.send(
                "Input.dispatchMouseEvent",
                {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1, "timestamp": at},
            )
    cdp.detach()
    page.wait_for_function("window.solitaire.state().moves === 2", timeout=WAIT_MS)
    settle(page)
    assert dom_piles(page)["f1"] == ["AD"]


# Every card's slide held at its first frame, as when clicks come faster
# than the page paints: what the next click finds is where each card starts.
HOLD_SLIDES = "document.getAnimations().forEach(a => { a.pause(); a.currentTime = 0; })"

# A waste card painted face on over the middle of the stock, if any.
FACE_ON_STOCK = """() => {
  const s = document.querySelector('#board [data-pile="stock"]').getBoundingClientRect();
  const x = s.left + s.width / 2, y = s.top + s.height / 2;
  return [...document.querySelectorAll('#board [data-pile="waste"] > [data-card]')].filter(c => {
    const r = c.getBoundingClientRect();
    return r.width > c.offsetWidth / 2 && x > r.left && x < r.right && y > r.top && y < r.bottom;
  }).map(c => c.dataset.card);
}"""


def test_quick_clicks_on_the_stock_each_draw_while_the_cards_before_still_fly(page):
    """Three clicks on Solitario's stock, each before the last draw's cards
    have left it: three draws. A card whose turn was cut short by the next
    draw goes on turning (it never shows its face over the stock), and a
    card in flight never takes a click aimed at the stock."""
    deal_from_picker(page, "solitario", 21)
    game = new_game("solitario", 21)
    box = page.locator('#board [data-pile="stock"]').bounding_box()
    for n in (1, 2, 3):
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_for_function(f"window.solitaire.state().moves === {n}", timeout=WAIT_MS)
        page.evaluate(HOLD_SLIDES)
        assert page.evaluate(FACE_ON_STOCK) == []
        game.play(DRAW)
    page.evaluate("document.getAnimations().forEach(a => a.finish())")
    check_matches(page, game)
    assert page.locator("#board .card.selected").count() == 0


def test_after_the_end_the_table_says_the_game_is_over_and_what_starts_another(page):
    """Given up, the end dialog closed: the table stays as it was, and Hint,
    Give up, the cards and the keys say the game is over rather than doing
    nothing."""
    deal_from_picker(page, "reloaded", 7)
    click_pile(page, "stock")
    page.click("#btn-giveup")
    page.click("#confirm-yes")
    page.wait_for_selector("#end-dialog[open]")
    page.click("#end-close")
    over = "This game is over: press New deal for another."
    for tool in ("#btn-hint", "#btn-giveup"):
        assert page.get_attribute(tool, "aria-disabled") == "true"
        assert page.get_attribute(tool, "title") == "This game is over."
    page.click("#btn-hint", force=True)  # shown dimmed, still there to press
    assert toast(page) == over

    # A card clicked, a key on the stock or on a pile, a card dragged: the same word.
    def then(act):
        page.evaluate("(t => { t.classList.remove('show'); t.textContent = ''; })(document.getElementById('toast'))")
        act()
        assert toast(page) == over

    then(lambda: click_card(page, "t7", count(page, "t7") - 1))
    then(lambda: page.keyboard.press("d"))
    page.locator('#board [data-pile="t6"]').focus()
    then(lambda: page.keyboard.press("Enter"))
    then(lambda: drag(page, "t7", count(page, "t7") - 1, "t1"))
    assert not page.is_visible("#confirm-dialog") and not page.is_visible("#end-dialog")
    assert page.locator("#board .card.selected").count() == 0
    deal_from_picker(page, "reloaded", 8)
    for tool in ("#btn-hint", "#btn-giveup"):
        assert page.get_attribute(tool, "aria-disabled") is None


def test_a_language_in_the_address_stays_there_until_the_player_picks_another(browser, browser_context_args, app_url):
    """``?lang=de``: the address written for the deal keeps it, so a reload is
    German still; choosing English in the page drops it (the choice is kept
    in the settings), and a reload is English. A word shown before the
    switch goes with it."""
    ctx = browser.new_context(**browser_context_args)
    try:
        pg = ctx.new_page()
        open_url(pg, app_url, "?game=maria&seed=4&lang=de")
        assert pg.url.endswith("?game=maria&seed=4&lang=de")
        pg.reload()
        pg.wait_for_selector('#board[data-status="playing"]', state="attached", timeout=60_000)
        assert pg.get_attribute("html", "lang") == "de" and pg.text_content("#deal-info") == "Spiel Nr. 4"
        pg.click("#btn-hint")
        pg.wait_for_selector("#toast.show")
        pg.select_option("#lang-select", "en")
        assert pg.url.endswith("?game=maria&seed=4")
        assert not pg.is_visible("#toast.show")
        pg.reload()
        pg.wait_for_selector('#board[data-status="playing"]', state="attached", timeout=60_000)
        assert pg.get_attribute("html", "lang") == "en" and pg.text_content("#deal-info") == "Game 4"
    finally:
        ctx.close()


def test_a_tap_that_put_cards_down_is_not_half_of_a_double_tap(page):
    """Reloaded deal 6: the card of t5 tapped onto t4, then at once a tap on
    t4's card (the one just covered) picks up the two and a tap on t2 puts
    them there: the quick tap is a new pick, not a double tap."""
    deal_from_picker(page, "reloaded", 6)
    game = new_game("reloaded", 6)
    x, y = grip(page, "t4", count(page, "t4") - 1)  # t4's card, where it will lie covered
    click_card(page, "t5", count(page, "t5") - 1)
    click_pile(page, "t4")
    page.mouse.click(x, y)  # at once: within the time of a double tap
    page.wait_for_function("window.solitaire.state().moves === 1", timeout=WAIT_MS)
    click_pile(page, "t2")
    page.wait_for_function("window.solitaire.state().moves === 2", timeout=WAIT_MS)
    settle(page)
    game.play(Move("t5", "t4", 1))
    game.play(Move("t4", "t2", 2))
    check_matches(page, game)
