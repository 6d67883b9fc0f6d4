"""The seven classics (RULES.md section 5) played in real Chromium as a
person plays them: drags, click-click, the stock, touch, the keyboard,
Hint, undo and redo, saves, the daily deal, statistics and duel links.
What the page shows is checked against the engine under CPython playing
the same moves; piles and cards are found by their ``data-pile`` and
``data-card`` attributes, never by where they stand on the table.

One page for the module (``module_tab``): each test loads its game afresh
over cleared storage (``clean_tab``); the touch tests share a second page
with a touch screen."""

from __future__ import annotations

import datetime
import json
import re

import pytest
from conftest import clean_tab
from playwright.sync_api import Page, expect
from ui_helpers import (
    WAIT_MS,
    card,
    check_matches,
    click_card,
    click_pile,
    count,
    dom_piles,
    drag,
    engine_piles,
    key_move,
    open_url,
    played_count,
    position_query,
    settle,
    toast,
    use_tool,
)

from game import DEAL, DRAW, REDEAL, Game, Move, new_game, read_position
from game.web.cues import cue_text
from game.web.gestures import places
from game.web.texts.cards import card_name
from game.web.texts.ui import t
from tests.positions import FREECELL_SUPERMOVE

CLASSICS = ("klondike-1", "klondike-3", "freecell", "spider-1", "spider-2", "spider-4", "yukon")
SAFE_HOME = json.dumps({"auto_home": "safe", "guide": "seen"})


@pytest.fixture
def page(module_tab, app_url):
    return clean_tab(module_tab, app_url)


@pytest.fixture(scope="module")
def touch_tab(browser, default_context_args):
    """A phone held sideways: a touch screen, where one tap is on by default."""
    context = browser.new_context(
        **{**default_context_args, "has_touch": True, "is_mobile": True, "viewport": {"width": 844, "height": 390}}
    )
    yield context.new_page()
    context.close()


def state(page: Page) -> dict:
    return page.evaluate("window.solitaire.state()")


def moved(page: Page, before: int) -> None:
    """Wait until the page has counted a move past ``before``, and its cards have landed."""
    page.wait_for_function(f"window.solitaire.state().moves > {before}", timeout=WAIT_MS)
    settle(page)


def refused_with(page: Page, game, move, lang: str = "en") -> None:
    """The page said the engine's reason for refusing ``move``, and changed nothing."""
    try:
        game.position.apply(move)
    except Exception as e:  # the engine's refusal
        words = cue_text(lang, e, lambda c: card_name(lang, c, game.spec.deck.name))
    else:
        raise AssertionError(f"{move} is legal")
    assert toast(page) == words
    settle(page)
    check_matches(page, game)


def first(moves, pred=lambda m: True):
    return next((m for m in moves if pred(m)), None)


# --- positions made for a rule --------------------------------------------------------------------
def _suit_run(suit: str, ranks: str) -> list[str]:
    return [r + suit for r in ranks]


# Spider, one suit: five runs home, t1 holds King to 2 and t2 the Ace that
# completes it; ten cards left in the stock (one deal).
SPIDER_RUN = {
    "game": "spider-1",
    "piles": {
        **{f"f{i}": _suit_run("S", "A23456789TJQK") for i in range(1, 6)},
        "stock": [c.lower() for c in _suit_run("S", "3456789TJQ")],
        "t1": _suit_run("S", "KQJT98765432"),
        "t2": ["AS"],
        "t3": ["ks", "2S"],
        "t4": ["ks", "3S"],
        "t5": ["as", "4S"],
        "t6": ["as", "5S"],
        "t7": ["2s", "6S"],
        "t8": ["js", "7S"],
        "t9": ["qs", "8S"],
        "t10": ["ts", "9S"],
    },
}


def boot_position(page: Page, app_url: str, position: dict) -> Game:
    """The page opened on ``position``, and the engine's game of it."""
    game = Game(read_position(position, position["game"]))
    open_url(page, app_url, position_query(position))
    assert dom_piles(page) == engine_piles(game)
    return game


# --- FreeCell -------------------------------------------------------------------------------------
def test_freecell_deal_numbers_are_microsofts(page, app_url):
    # RULES.md: game 1's first row, columns 1 to 8, is J♦ 2♦ 9♥ J♣ 5♦ 7♥ 7♣ 5♥.
    open_url(page, app_url, "?game=freecell&seed=1")
    piles = dom_piles(page)
    assert [piles[f"t{i}"][0] for i in range(1, 9)] == ["JD", "2D", "9H", "JC", "5D", "7H", "7C", "5H"]
    assert [len(piles[f"t{i}"]) for i in range(1, 9)] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert piles == engine_piles(new_game("freecell", 1))
    expect(page.locator("#board [data-pile='t1'] > [data-card='JD'] img")).to_have_attribute(
        "src", re.compile(r"/JD\.svg$")
    )
    # The famous 11982 is the same deal as the engine's.
    open_url(page, app_url, "?game=freecell&seed=11982")
    assert state(page)["seed"] == 11982 and dom_piles(page) == engine_piles(new_game("freecell", 11982))


def test_freecell_a_card_to_a_free_cell_and_back_by_drag_and_by_clicks(page, app_url):
    open_url(page, app_url, "?game=freecell&seed=6")
    game = new_game("freecell", 6)
    top = count(page, "t2") - 1
    drag(page, "t2", top, "c1")
    moved(page, 0)
    game.play(Move("t2", "c1"))
    check_matches(page, game)
    drag(page, "c1", 0, "t2")
    moved(page, 1)
    game.play(Move("c1", "t2"))
    check_matches(page, game)
    # The same by clicks: the card, then the free cell; the card, then its column.
    click_card(page, "t2", top)
    click_pile(page, "c3")
    moved(page, 2)
    game.play(Move("t2", "c3"))
    check_matches(page, game)
    assert dom_piles(page)["c3"] == ["6C"]
    click_card(page, "c3", 0)
    click_pile(page, "t2")
    moved(page, 3)
    game.play(Move("c3", "t2"))
    check_matches(page, game)


def test_freecell_a_run_within_the_supermove_limit_moves_as_one_by_drag(page, app_url):
    game = boot_position(page, app_url, FREECELL_SUPERMOVE)
    # Three cards with two free cells and no empty column: (2 + 1) x 2^0 = 3.
    drag(page, "t1", count(page, "t1") - 3, "t3")
    moved(page, 0)
    game.play(Move("t1", "t3", 3))
    check_matches(page, game)
    assert dom_piles(page)["t3"][-3:] == ["8H", "7C", "6D"]


def test_freecell_a_run_one_card_too_long_is_refused_and_says_why(page, app_url):
    game = boot_position(page, app_url, FREECELL_SUPERMOVE)
    drag(page, "t1", count(page, "t1") - 4, "t2")  # four cards onto TH: one too many
    refused_with(page, game, Move("t1", "t2", 4))
    assert "at most 3" in toast(page)
    assert state(page)["moves"] == 0


def test_freecell_one_tap_on_a_card_with_nowhere_to_go_says_so(touch_tab, app_url):
    """Every free cell taken: a card that fits no column is told it has
    nowhere to go, not that a free cell is taken."""
    page = clean_tab(touch_tab, app_url, settings=json.dumps({"guide": "seen"}))
    piles = {**FREECELL_SUPERMOVE["piles"], "c3": ["QH"], "c4": ["JC"], "t6": ["9H", "JH"]}
    piles["t8"] = ["KD", "6C", "8C", "TC"]
    game = boot_position(page, app_url, {"game": "freecell", "piles": piles})
    stuck = first(("t2", "t3", "t4", "t5", "t6", "t7", "t8"), lambda p: not places(game.position, p, 1))
    code = game.position.pile(stuck)[-1]
    card(page, stuck, count(page, stuck) - 1).tap()
    assert toast(page) == t("en", "tap.nowhere", card=card_name("en", code, "french"))
    check_matches(page, game)


# --- Spider ---------------------------------------------------------------------------------------
def test_spider_a_click_on_the_stock_deals_a_card_to_every_column(page, app_url):
    open_url(page, app_url, "?game=spider-1&seed=3")
    game = new_game("spider-1", 3)
    before = {t: count(page, t) for t in (f"t{i}" for i in range(1, 11))}
    click_pile(page, "stock")
    moved(page, 0)
    game.play(DEAL)
    check_matches(page, game)
    assert all(count(page, t) == n + 1 for t, n in before.items())
    assert count(page, "stock") == 40 and state(page)["score"] == 499
    # D on the keyboard deals too.
    page.keyboard.press("d")
    moved(page, 1)
    game.play(DEAL)
    check_matches(page, game)


def test_spider_a_completed_run_goes_home_then_the_deal_waits_for_the_empty_columns_and_undo_costs_a_point(
    page, app_url
):
    game = boot_position(page, app_url, SPIDER_RUN)
    assert state(page)["score"] == 500
    drag(page, "t2", 0, "t1")  # the Ace onto the 2: King to Ace, home by itself
    moved(page, 0)
    game.play(Move("t2", "t1"))
    check_matches(page, game)
    piles = dom_piles(page)
    assert piles["t1"] == piles["t2"] == [] and len(piles["f6"]) == 13
    assert state(page)["score"] == 500 - 1 + 100
    # Two columns are empty: the stock refuses to deal, and says why.
    click_pile(page, "stock")
    refused_with(page, game, DEAL)
    # Undo takes the whole step back, run and all, and costs its point.
    use_tool(page, "btn-undo")
    page.wait_for_function("window.solitaire.state().moves === 0")
    settle(page)
    game.undo()
    check_matches(page, game)
    assert state(page)["score"] == 499 and dom_piles(page)["t2"] == ["AS"]


@pytest.mark.parametrize(("game_id", "suits"), [("spider-1", "S"), ("spider-2", "SH"), ("spider-4", "SHDC")])
def test_spider_decks_show_their_suits(page, app_url, game_id, suits):
    open_url(page, app_url, f"?game={game_id}&seed=2")
    game = new_game(game_id, 2)
    for k in range(3):  # three deals bring 30 more cards face up
        click_pile(page, "stock")
        moved(page, k)
        game.play(DEAL)
    check_matches(page, game)
    up = [c for cards in dom_piles(page).values() for c in cards if not c.islower()]
    assert {c[1] for c in up} == set(suits)
    for code in up[:6]:  # what the player sees: the face's picture
        face = page.locator(f"#board [data-card='{code}'] img").first
        expect(face).to_have_attribute("src", re.compile(f"/{code}\\.svg$"))


# --- Yukon ----------------------------------------------------------------------------------------
def test_yukon_a_card_moves_with_the_unordered_cards_on_it(page, app_url):
    open_url(page, app_url, "?game=yukon&seed=1")
    game = new_game("yukon", 1)
    group = dom_piles(page)["t4"][-4:]
    accepts = game.position.rules.accepts
    assert any(group[k + 1] not in accepts[group[k]] for k in range(3))  # not a run: a group
    assert Move("t4", "t6", 4) in game.legal_moves()
    drag(page, "t4", count(page, "t4") - 4, "t6")
    moved(page, 0)
    game.play(Move("t4", "t6", 4))
    check_matches(page, game)
    assert dom_piles(page)["t6"][-4:] == group


def test_yukon_a_group_that_breaks_the_build_is_refused(page, app_url):
    open_url(page, app_url, "?game=yukon&seed=1")
    game = new_game("yukon", 1)
    legal = game.legal_moves()
    dst = first(("t1", "t2", "t3", "t5", "t7"), lambda t: Move("t4", t, 4) not in legal)
    drag(page, "t4", count(page, "t4") - 4, dst)
    refused_with(page, game, Move("t4", dst, 4))


# --- Klondike -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("game_id", "turned"), [("klondike-1", 1), ("klondike-3", 3)])
def test_klondike_the_stock_turns_one_or_three_and_the_waste_turns_over(page, app_url, game_id, turned):
    open_url(page, app_url, f"?game={game_id}&seed=4")
    game = new_game(game_id, 4)
    click_pile(page, "stock")
    moved(page, 0)
    game.play(DRAW)
    check_matches(page, game)
    assert count(page, "waste") == turned and count(page, "stock") == 24 - turned
    for k in range(1, 24 // turned):  # the rest of the stock by D, then the waste over into the stock
        page.keyboard.press("d")
        moved(page, k)
        game.play(DRAW)
    assert count(page, "stock") == 0 and count(page, "waste") == 24
    for turn in range(2):  # any number of times, in order
        click_pile(page, "stock")
        moved(page, game.moves)
        game.play(REDEAL)
        check_matches(page, game)
        assert count(page, "stock") == 24 and count(page, "waste") == 0
        if not turn:
            for _ in range(24 // turned):
                click_pile(page, "stock")
                moved(page, game.moves)
                game.play(DRAW)
    assert state(page)["position"] == game.position.to_json()


def test_klondike_undo_and_redo_are_free_and_unlimited(page, app_url):
    open_url(page, app_url, "?game=klondike-1&seed=4")
    game = new_game("klondike-1", 4)
    for k in range(5):  # more than Reloaded's three undos
        click_pile(page, "stock")
        moved(page, k)
        game.play(DRAW)
    score = state(page)["score"]
    for k in range(5):
        use_tool(page, "btn-undo")
        page.wait_for_function(f"window.solitaire.state().moves === {4 - k}")
        game.undo()
    settle(page)
    check_matches(page, game)
    assert state(page)["score"] == score and count(page, "waste") == 0
    use_tool(page, "btn-redo")
    page.keyboard.press("r")
    page.wait_for_function("window.solitaire.state().moves === 2")
    game.redo()
    game.redo()
    settle(page)
    check_matches(page, game)


# --- every classic ----------------------------------------------------------------------------------
def classic_params():
    """The seven classics."""
    return list(CLASSICS)


def card_move(game, pred=lambda m: True):
    """A legal move of cards (no stock action) of ``game``, the first ``pred`` takes."""
    return first(game.legal_moves(), lambda m: not m.is_stock_action and pred(m))


def open_classic(page: Page, app_url: str, game_id: str, seed: int = 8):
    open_url(page, app_url, f"?game={game_id}&seed={seed}")
    return new_game(game_id, seed)


def click_move(page: Page, move: Move) -> None:
    """A move by click-click: the card that heads the cards moved, then the pile."""
    before = state(page)["moves"]
    click_card(page, move.src, count(page, move.src) - move.count)
    click_pile(page, move.dst)
    moved(page, before)


@pytest.mark.parametrize("game_id", classic_params())
def test_one_tap_on_a_touch_screen_plays_the_obvious_move(touch_tab, app_url, game_id):
    page = clean_tab(touch_tab, app_url, settings=json.dumps({"guide": "seen"}))
    page.set_viewport_size({"width": 844, "height": 390})
    game = open_classic(page, app_url, game_id)
    src = first(
        [p for p in game.spec.pile_names if p.startswith("t")],
        lambda p: places(game.position, p, 1, legal_moves=game.legal_moves()),
    )
    best = places(game.position, src, 1)[0]
    card(page, src, count(page, src) - 1).tap()
    moved(page, 0)
    game.play(Move(src, best), home="safe")
    check_matches(page, game)


@pytest.mark.parametrize("game_id", classic_params())
def test_the_keyboard_plays_a_move_and_the_stock(page, app_url, game_id):
    game = open_classic(page, app_url, game_id)
    move = card_move(game)
    longest = max(m.count for m in game.legal_moves() if (m.src, m.dst) == (move.src, move.dst))
    key_move(page, move)  # Enter on the pile, then Enter on where it goes
    moved(page, 0)
    game.play(Move(move.src, move.dst, longest))
    check_matches(page, game)
    if game.spec.has_stock:
        page.keyboard.press("d")
        moved(page, game.moves)
        game.play(DEAL if game.spec.stock == "row" else DRAW)
        check_matches(page, game)
    else:  # no stock: D does nothing, and says nothing of a stock
        page.keyboard.press("d")
        page.wait_for_timeout(300)  # (a refusal would show within a frame or two)
        assert not page.is_visible("#toast.show")
        check_matches(page, game)


@pytest.mark.parametrize("game_id", classic_params())
def test_hint_shows_a_legal_move(page, app_url, game_id):
    open_classic(page, app_url, game_id)
    page.keyboard.press("h")
    page.wait_for_function(
        "['winning', 'rule', 'only'].includes(document.getElementById('board').dataset.hint)", timeout=30_000
    )
    shown = page.get_attribute("#board", "data-hint-move")
    assert shown and shown.split("+")[0] in state(page)["legal"]
    assert page.is_visible("#toast.show") and page.locator("#board .hint-src, #board .hint-dst").count() >= 1


def home_soon(game_id: str):
    """A deal and a move after which cards go home by themselves ("when safe")."""
    for seed in range(1, 80):
        game = new_game(game_id, seed)
        for move in game.legal_moves():
            if move.is_stock_action:
                continue
            trial = new_game(game_id, seed)
            if len(trial.play(move, home="safe")) > 1:
                return seed, move
    raise AssertionError(f"no deal of {game_id} sends a card home after its first move")


@pytest.mark.parametrize("game_id", [g for g in classic_params() if not str(g).startswith("spider")])
def test_cards_go_home_by_themselves(module_tab, app_url, game_id):
    page = clean_tab(module_tab, app_url, settings=SAFE_HOME)
    seed, move = home_soon(game_id)
    game = open_classic(page, app_url, game_id, seed)
    click_move(page, move)
    changes = game.play(move, home="safe")
    page.wait_for_function(f"window.solitaire.state().moves === {game.moves}")
    settle(page)
    check_matches(page, game)
    assert any(c.move.dst.startswith("f") for c in changes[1:])


@pytest.mark.parametrize("game_id", classic_params())
def test_a_save_survives_a_reload(page, app_url, game_id):
    game = open_classic(page, app_url, game_id)
    move = card_move(game)
    click_move(page, move)
    game.play(move)
    if game.spec.has_stock:
        click_pile(page, "stock")
        moved(page, game.moves)
        game.play(DEAL if game.spec.stock == "row" else DRAW)
    page.reload()
    page.wait_for_selector('#board[data-status="playing"]', timeout=60_000)
    settle(page)
    check_matches(page, game)
    assert state(page)["undo"] == game.undo_steps


@pytest.mark.parametrize("game_id", classic_params())
def test_the_daily_deal_opens(page, app_url, game_id):
    page.goto(app_url + "manifest.webmanifest")
    today = page.evaluate(
        "(() => { const d = new Date(); return [d.getFullYear(), d.getMonth() + 1, d.getDate()]"
        ".map(n => String(n).padStart(2, '0')).join('-'); })()"
    )
    open_url(page, app_url, f"?game={game_id}&daily={today}")
    days = (datetime.date.fromisoformat(today) - datetime.date(1970, 1, 1)).days
    number = 1_000_000_000 + (days * 0x2C9277B5) % (1 << 30)
    st = state(page)
    assert (st["game"], st["seed"]) == (game_id, number)
    assert dom_piles(page) == engine_piles(new_game(game_id, number))


@pytest.mark.parametrize("game_id", classic_params())
def test_statistics_count_a_game_given_up(page, app_url, game_id):
    game = open_classic(page, app_url, game_id)
    click_move(page, card_move(game))
    assert played_count(page, game_id) == 0
    use_tool(page, "btn-giveup")
    page.click("#confirm-yes")
    page.wait_for_selector('#end-dialog[open][data-status="resigned"]')
    assert played_count(page, game_id) == 1
    page.click("#end-close")
    use_tool(page, "btn-stats")
    page.wait_for_selector("#stats-dialog[open]")
    assert page.locator("#stats-dialog").is_visible()


@pytest.mark.parametrize("game_id", classic_params())
def test_a_duel_link_opens_and_plays(page, app_url, game_id):
    game = open_classic(page, app_url, game_id)
    page.click("#btn-duel")
    page.wait_for_selector('#duel-dialog[open][data-view="setup"]')
    page.fill("#duel-name-0", "Ann")
    page.click("#duel-start")
    page.wait_for_selector("#duel-dialog", state="hidden")
    move = card_move(game)
    click_move(page, move)
    use_tool(page, "btn-giveup")
    page.click("#confirm-yes")
    page.wait_for_selector('#duel-dialog[open][data-view="result"]')
    link = page.input_value("#duel-link")
    # Another player opens the link: the same deal, and it plays.
    clean_tab(page, app_url)
    page.goto(link)
    page.wait_for_selector('#duel-dialog[open][data-view="intro"]', timeout=60_000)
    page.fill("#duel-join-name", "Bea")
    page.click("#duel-accept")
    page.wait_for_selector("#duel-dialog", state="hidden")
    fresh = new_game(game_id, 8)
    assert state(page)["game"] == game_id and dom_piles(page) == engine_piles(fresh)
    click_move(page, move)
    fresh.play(move)
    settle(page)
    assert dom_piles(page) == engine_piles(fresh)


# --- Finish ----------------------------------------------------------------------------------
def near_won(game_id: str) -> dict:
    """Every card home but the clubs from Ten up: the Ten on the waste
    (Klondike), in a free cell (FreeCell) or in a column (Yukon), the King,
    Queen and Jack each alone in a column."""
    ranks = "A23456789TJQK"
    piles = {f"f{i + 1}": [r + suit for r in ranks] for i, suit in enumerate("SHD")}
    piles["f4"] = [r + "C" for r in ranks[:9]]
    piles.update(t1=["KC"], t3=["QC"], t5=["JC"])
    ten = {"freecell": "c1", "yukon": "t2"}.get(game_id, "waste")
    piles[ten] = ["TC"]
    return {"game": game_id, "piles": piles}


@pytest.mark.parametrize("game_id", ["klondike-1", "klondike-3", "freecell", "yukon"])
def test_finish_plays_the_last_cards_home(page, app_url, game_id):
    """Nothing left to choose: Finish shows and sends the last four cards
    home one by one, through the normal path, and the game is won."""
    position = near_won(game_id)
    check = Game(read_position(position))
    open_url(page, app_url, position_query(position))
    check_matches(page, check)
    finish = page.locator("#btn-finish")
    expect(finish).to_be_visible(timeout=10_000)
    finish.click()
    page.wait_for_selector('#end-dialog[open][data-status="won"]', timeout=15_000)
    now = state(page)
    assert now["status"] == "won" and now["moves"] == 4
    assert dom_piles(page)["f4"][-1] == "KC"
    expect(finish).to_be_hidden()
