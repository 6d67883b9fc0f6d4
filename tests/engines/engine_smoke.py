"""The smoke set for the browser engines besides Chromium, run by
test_firefox.py (always: ./test installs Debian's firefox-esr) and
test_webkit.py (where WebKitWebDriver and Xvfb are installed), each module
naming its engine in ENGINE. A small set, to catch what breaks in another
engine, not to repeat the suite: ./build's output served from a sub-folder boots and takes
a move in every game (in WebKit, whose boots are slow, the games after the
first are dealt from the picker in the same page); four games take a drag, clicks, keys and an undo; the
game plays offline after one visit; it is embedded on the same site and on
another one (third-party cookies blocked) and talks to the host page by
postMessage, also after a reload of its frame; a duel link opens the duel.

Cards go home by hand here (the setting, stored before the first visit), so
the page can be compared with the engine playing the same moves."""

from __future__ import annotations

import json
import shutil
import warnings
from urllib.parse import quote

import pytest
from engine_drivers import BOOT_S, Engine, Firefox, find_firefox, find_webkit

from game import DRAW, PLAYER_GAMES, duel, new_game, parse_move
from game.web.texts.ui import t
from tests.e2e.ui_helpers import plan_for
from tools import build
from tools.serve import ROOT, make_server, serve_in_thread

BASE = "/sub/dir/"
# A test here may boot the game twice (an embedded frame, then its reload),
# in a browser slower to start than Chromium: more than pytest.ini's 180 s
# on a busy machine. (Each wait has its own limit: engine_drivers.py.)
pytestmark = pytest.mark.timeout(420)
MANUAL_HOME = json.dumps({"auto_home": "off"})


class Site:
    """A copy of ./build's output (with examples/ beside it), served below a sub-folder."""

    def __init__(self, root):
        self.root = root
        self.server = make_server(root, port=0, base=BASE, quiet=True)
        serve_in_thread(self.server)
        self.port = self.server.server_address[1]

    def url(self, host: str = "127.0.0.1") -> str:
        return f"http://{host}:{self.port}{BASE}"

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("dist") / "dist"
    build.build(ROOT, out)
    shutil.copytree(ROOT / "examples", out / "examples")
    return out


@pytest.fixture(scope="module")
def site(built):
    served = Site(built)
    yield served
    served.stop()


def start_engine(name: str) -> Engine:
    if name == "firefox":
        binary = find_firefox()
        if binary is None:
            pytest.fail("Firefox is not installed (./test installs Debian's firefox-esr)")
        return Firefox(binary)
    found = find_webkit()
    if found is None:
        pytest.skip("WebKitWebDriver or Xvfb is not installed (Debian: webkit2gtk-driver, xvfb)")
    from engine_drivers import WebKit

    return WebKit(*found)


class Browsers:
    """One browser per module, replaced before a test if it died: a browser
    that crashes fails the test it crashed in, never the rest of the module."""

    def __init__(self, name: str):
        self.name, self.current, self.homes = name, None, set()

    def get(self) -> Engine:
        if self.current is not None and (self.current.crashed() or not self.current.alive()):
            warnings.warn(
                f"{self.name} died and was started again; its last words:\n{self.current.last_words()}", stacklevel=2
            )
            self.current.quit()
            self.current, self.homes = None, set()
        if self.current is None:
            self.current = start_engine(self.name)
        return self.current

    def quit(self) -> None:
        if self.current is not None:
            self.current.quit()


@pytest.fixture(scope="module")
def browsers(request):
    held = Browsers(request.module.ENGINE)
    yield held
    held.quit()


@pytest.fixture
def engine(browsers):
    return browsers.get()


# --- the page ---------------------------------------------------------------------------------
PLAYING = "(b => !!b && b.dataset.status === 'playing' && !b.hidden)(document.getElementById('board'))"


def hand_home(e: Engine, site_url: str) -> None:
    """Store the manual-home setting for the site's origin (before a first boot)."""
    e.go(site_url + "static/favicon.svg")
    e.js("localStorage.setItem('solitaire.settings', arguments[0]);", MANUAL_HOME)


def open_game(e: Engine, url: str) -> None:
    e.go(url)
    e.wait(PLAYING, BOOT_S)


def state(e: Engine) -> dict:
    return e.js("return window.solitaire.state();")


def settle(e: Engine) -> None:
    e.wait(
        "document.getAnimations().every(a => a.playState !== 'running' || a.effect.getTiming().iterations === Infinity)"
    )


def box(e: Engine, selector: str, index: int = -1) -> dict:
    found = e.js(
        """const all = document.querySelectorAll(arguments[0]);
        const node = all[arguments[1] < 0 ? all.length + arguments[1] : arguments[1]];
        if (!node) return null;
        node.scrollIntoView({block: 'nearest'});
        const r = node.getBoundingClientRect();
        return {x: r.left, y: r.top, width: r.width, height: r.height};""",
        selector,
        index,
    )
    assert found, selector
    return found


def cards(pile: str) -> str:
    return f'#board [data-pile="{pile}"] > [data-card]'


def count(e: Engine, pile: str) -> int:
    return e.js("return document.querySelectorAll(arguments[0]).length;", cards(pile))


def grip(e: Engine, pile: str, index: int) -> tuple:
    b = box(e, cards(pile), index)
    return b["x"] + b["width"] / 2, b["y"] + min(7, b["height"] / 6)


def target(e: Engine, pile: str) -> tuple:
    if count(e, pile):
        b = box(e, cards(pile))
        return b["x"] + b["width"] / 2, b["y"] + b["height"] / 2
    b = box(e, f'#board [data-pile="{pile}"]')
    return b["x"] + b["width"] / 2, b["y"] + min(b["height"], b["width"] * 1.4) / 2


def played(e: Engine, before: int) -> None:
    e.wait(f"window.solitaire.state().moves > {before}")
    settle(e)


def focused(e: Engine):
    return e.js("return document.activeElement && document.activeElement.dataset.pile || null;")


def key_focus(e: Engine, pile: str) -> None:
    for _ in range(30):
        if focused(e):
            break
        e.press("Tab")
    for _ in range(40):
        here = focused(e)
        if here == pile:
            return
        a, b = box(e, f'#board [data-pile="{here}"]'), box(e, f'#board [data-pile="{pile}"]')
        if abs(a["y"] - b["y"]) > 4:
            e.press("ArrowDown" if b["y"] > a["y"] else "ArrowUp")
        else:
            e.press("ArrowRight" if b["x"] > a["x"] else "ArrowLeft")
    raise AssertionError(f"the arrow keys never reached {pile}")


def play(e: Engine, text: str, how: str = "click") -> None:
    """One move as a player makes it: ``click`` (the card, then its pile),
    ``drag`` or ``key`` (Enter on each pile), and a click on the stock for
    its own moves. (No double click: a driver's two clicks can be further
    apart than the game's double-tap time on a busy machine.)"""
    move, _ = parse_move(text)
    before = state(e)["moves"]
    if move.is_stock_action or how == "stock":
        e.click_at(*target(e, "stock"))
    elif how == "drag":
        e.drag(grip(e, move.src, count(e, move.src) - move.count), target(e, move.dst))
    elif how == "key":
        key_focus(e, move.src)
        e.press("Enter")
        key_focus(e, move.dst)
        e.press("Enter")
    else:
        e.click_at(*grip(e, move.src, count(e, move.src) - move.count))
        e.click_at(*target(e, move.dst))
    played(e, before)


def first_move(game_id: str, seed: int) -> str:
    legal = new_game(game_id, seed).legal_moves()
    plays = [m for m in legal if not m.is_stock_action]
    return str(plays[0] if plays else DRAW if DRAW in legal else legal[0])


# --- boot and one move in every game -----------------------------------------------------------
@pytest.fixture
def at_home(browsers, engine, site):
    if site.url() not in browsers.homes:  # once per browser and site
        hand_home(engine, site.url())
        browsers.homes.add(site.url())
    return engine


# A boot costs WebKit about 15 CPU seconds here (it compiles the runtime's
# WebAssembly anew at every load), five times Firefox's. So in WebKit the
# game boots from its address once, and the other games are dealt from the
# picker in that page, as a player switches games; Firefox boots every game
# from its own address. Both play one real move in every game.
BOOTS_EACH_GAME = {"firefox": True, "webkit": False}
DEAL_S = 60.0  # a new deal, with the page up: only a hung page takes this long


def showing_the_game(e: Engine, site_url: str) -> bool:
    """Is the window on the game at ``site_url``, its board playing?"""
    return bool(e.js(f"return location.href.startsWith(arguments[0]) && {PLAYING};", site_url))


def deal_from_picker(e: Engine, game_id: str, seed: int) -> None:
    """Open Games, type the deal's number, and pick the game's tile;
    leaving the deal in play when the page asks (it counts as a loss).
    Each step waits for what the player would see before the next one, so
    a busy machine only makes it slower."""
    e.click_at(*center(box(e, "#btn-games")))
    e.wait("!!document.querySelector('#picker[open]')")
    settle(e)  # the panel's opening slide: a click during it may land beside its target
    e.click_at(*center(box(e, "#picker-number")))
    e.js("document.getElementById('picker-number').select();")
    e.type(str(seed))
    e.wait(f"document.getElementById('picker-number').value === {str(seed)!r}")
    e.click_at(*center(box(e, f'.game-tile[data-game="{game_id}"]')))
    e.wait(f"document.querySelector('#leave-dialog[open]') || window.solitaire.state().game === {game_id!r}")
    if e.js("return !!document.querySelector('#leave-dialog[open]');"):
        settle(e)
        e.click_at(*center(box(e, "#leave-yes")))
    try:
        e.wait(
            f"window.solitaire.state().game === {game_id!r} && window.solitaire.state().seed === {seed} && {PLAYING}",
            DEAL_S,
        )
    except AssertionError as failed:
        raise AssertionError(f"{failed}; the page shows {where(e)}") from None
    settle(e)


def where(e: Engine) -> dict:
    """What the page shows, for a failure's message: the deal and the open panels."""
    return e.js(
        """const s = window.solitaire && window.solitaire.state();
        return {game: s && s.game, seed: s && s.seed, moves: s && s.moves,
                board: document.getElementById('board').dataset.status,
                open: [...document.querySelectorAll('dialog[open]')].map(d => d.id),
                picker: document.getElementById('picker-number').value};"""
    )


def start_game(e: Engine, site_url: str, game_id: str, seed: int, boot: bool) -> None:
    """The game's deal ``seed`` on a fresh table: booted from its address, or
    (``boot`` false, where the window shows the game already) dealt from the picker."""
    if boot or not showing_the_game(e, site_url):
        open_game(e, f"{site_url}?game={game_id}&seed={seed}")
    else:
        deal_from_picker(e, game_id, seed)


@pytest.mark.parametrize("game_id", PLAYER_GAMES)
def test_every_game_boots_and_takes_a_move(request, at_home, site, game_id):
    e = at_home
    start_game(e, site.url(), game_id, 3, BOOTS_EACH_GAME[request.module.ENGINE])
    text = first_move(game_id, 3)
    play(e, text)
    expected = new_game(game_id, 3)
    expected.play(parse_move(text)[0])
    now = state(e)
    assert (now["game"], now["seed"], now["moves"]) == (game_id, 3, 1)
    assert now["position"] == expected.position.to_json()


# --- every input in four games ------------------------------------------------------------------
@pytest.mark.parametrize("game_id", ["reloaded", "forty-thieves", "maria", "number-ten"])
def test_drag_clicks_keys_and_undo(request, at_home, site, game_id):
    e = at_home
    plan = plan_for(game_id)
    start_game(e, site.url(), game_id, plan.seed, BOOTS_EACH_GAME[request.module.ENGINE])
    expected = new_game(game_id, plan.seed)
    for how, text in plan.steps:
        play(e, text, how)
        expected.play(parse_move(text)[0])
    assert state(e)["position"] == expected.position.to_json()
    e.click_at(*center(box(e, "#btn-undo")))
    e.wait(f"window.solitaire.state().undo === {expected.undo_steps - 1}")
    expected.undo()
    now = state(e)
    assert (now["position"], now["moves"]) == (expected.position.to_json(), expected.moves)


def center(b: dict) -> tuple:
    return b["x"] + b["width"] / 2, b["y"] + b["height"] / 2


# --- a duel link --------------------------------------------------------------------------------
def test_a_duel_link_opens_the_duel_and_races_the_ghost(at_home, site):
    g = new_game("lucas", 5)
    g.play(parse_move(first_move("lucas", 5))[0])
    g.resign(30)
    token = duel.encode_challenge([duel.Run.from_game("Ann", g)])
    e = at_home
    e.go(f"{site.url()}?duel={token}")
    e.wait("!!document.querySelector('#duel-dialog[open][data-view=\"intro\"]')", BOOT_S)
    assert e.js("return document.getElementById('duel-title').textContent;") == "Ann challenges you"
    e.click_at(*center(box(e, "#duel-join-name")))
    e.type("Bea")
    assert e.js("return document.getElementById('duel-join-name').value;") == "Bea"
    e.click_at(*center(box(e, "#duel-accept")))
    e.wait("document.getElementById('duel-dialog').open === false && " + PLAYING, BOOT_S)  # the duel's deal
    assert e.js("return document.getElementById('ghost-name').textContent;") == "Ann"
    now = state(e)
    assert (now["game"], now["seed"]) == ("lucas", 5)
    play(e, first_move("lucas", 5))


# --- embedded -------------------------------------------------------------------------------------
def host_page(site: Site, game_host: str, query: str) -> str:
    src = site.url(game_host) + "index.html" + query
    return site.url() + "examples/embed.html?src=" + quote(src, safe="")


def events(e: Engine) -> list:
    return e.js("return window.solitaireEvents;")


def wait_event(e: Engine, name: str, nth: int = 1, timeout: float = 20) -> dict:
    e.wait(f"window.solitaireEvents.filter(e => e.event === {name!r}).length >= {nth}", timeout)
    return [x for x in events(e) if x["event"] == name][nth - 1]


@pytest.mark.parametrize("game_host", ["127.0.0.1", "localhost"], ids=["same-site", "cross-site"])
def test_embedded_the_game_talks_to_its_host_and_a_reload_keeps_it_embedded(at_home, site, game_host):
    e = at_home
    origins = quote(site.url().split(BASE)[0], safe="")
    e.frame(None)
    e.go(host_page(site, game_host, f"?game=solitario&seed=11&embed=1&origins={origins}"))
    try:
        ready = wait_event(e, "ready", timeout=BOOT_S)
        assert (ready["game"], ready["seed"], ready["moves"]) == ("solitario", 11, 0)
        e.js("window.solitaireSend({command: 'new-game', game: 'maria', seed: 12});")
        started = wait_event(e, "started")
        assert (started["game"], started["seed"]) == ("maria", 12)
        e.frame("#game")
        if game_host == "localhost" and e.blocks_third_party_storage:  # the game says progress is not kept
            assert e.js("return window.solitaireStorage.local;") is False
            assert e.js("return document.getElementById('notice-text').textContent;") == t("en", "error.storage_short")
        play(e, first_move("maria", 12))
        search = e.js("return location.search;")
        assert "embed=1" in search and "origins=" in search, search
        e.js("location.reload();")
        e.frame(None)
        again = wait_event(e, "ready", nth=2, timeout=BOOT_S)  # the reloaded frame is still embedded
        assert again["game"] == "maria"
        e.frame("#game")
        assert e.js("return document.documentElement.classList.contains('embed');")
    finally:
        e.frame(None)


# --- offline ----------------------------------------------------------------------------------------
def test_after_one_visit_the_game_plays_offline(engine, built):
    e = engine
    own = Site(built)  # its own origin, so its service worker serves no other test
    try:
        hand_home(e, own.url())
        open_game(e, own.url() + "?game=solitario&seed=7")
        e.wait("window.SolOffline && window.SolOffline.state === 'ready'", BOOT_S)
        e.wait("navigator.serviceWorker.controller !== null")
    finally:
        own.stop()  # the network is gone: nothing answers at this address any more
    open_game(e, own.url() + "?game=solitario&seed=7")
    play(e, first_move("solitario", 7))
    assert state(e)["moves"] == 1
