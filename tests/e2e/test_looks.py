"""Sound, themes and the table (issue 16) in real Chromium.

Sounds are checked through the page's hook: ``window.__sounds`` lists the
sounds asked for and played, ``window.__soundsHeld`` those held back before
the player's first gesture, and ``SolSound.played`` (static/js/sound.js,
loaded at the first sound) what the Web Audio graph was given. Themes and
backs are read from computed styles and the images the cards use; the
left-handed layout and the card sizes from the piles' boxes. Screenshots of
every theme, light and dark, and of the settings dialog go to
artifacts/screenshots/.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import MANUAL_HOME, clean_tab
from ui_helpers import (
    WAIT_MS,
    click_card,
    click_pile,
    context_with,
    count,
    deal_from_picker,
    leave_if_asked,
    open_url,
    position_query,
    resize,
    settle,
    use_tool,
)

from game import GameError, Move, new_game
from tests.positions import NEAR_WON

SHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
TABLES = {  # --felt of each table, light and dark (static/css/shell.css)
    "green": ("#1d6b43", "#134a2e"),
    "blue": ("#1f5582", "#163d5e"),
    "burgundy": ("#7a1f33", "#551625"),
    "charcoal": ("#3b4045", "#26292c"),
}
BACKS = ("blue", "red", "green", "black")
SIZES = ("small", "medium", "large")

PILES = """() => Object.fromEntries([...document.querySelectorAll('#board [data-pile]')].map(p => {
  const r = p.getBoundingClientRect(); return [p.dataset.pile, [r.left, r.top, r.width, r.height]]; }))"""
CARD_W = "() => parseFloat(getComputedStyle(document.getElementById('board')).getPropertyValue('--card-w'))"


def tab(module_tab, app_url: str, settings: dict | None = None, size: tuple[int, int] = (1280, 720)):
    """The module's page as a new context with ``settings`` stored would give
    it (as ``context_with``: the suite's settings when None)."""
    stored = MANUAL_HOME if settings is None else json.dumps({"guide": "seen", **settings})
    return clean_tab(module_tab, app_url, stored, size)


def sounds(page) -> list:
    return page.evaluate("[...window.__sounds]")


def synthesised(page) -> list:
    return page.evaluate("window.SolSound ? [...window.SolSound.played] : null")


def open_settings(page) -> None:
    use_tool(page, "btn-settings")
    page.wait_for_selector("#settings-dialog[open]")


def close_settings(page) -> None:
    page.keyboard.press("Escape")
    page.wait_for_selector("#settings-dialog:not([open])", state="attached")


def revealing_deal() -> tuple[int, Move, Move]:
    """A Solitaire Reloaded deal whose first column move turns a card up,
    and a column move it refuses."""
    for seed in range(1, 200):
        game = new_game("reloaded", seed)
        moves = [m for m in game.legal_moves() if m.src.startswith("t") and m.dst.startswith("t")]
        for move in moves:
            if len(game.position.pile(move.src)) > 1:
                refused = None
                for dst in ("t1", "t2", "t3", "t4", "t5", "t6", "t7"):
                    if dst in (move.src, move.dst):
                        continue
                    try:
                        game.position.apply(Move(move.src, dst))
                    except GameError:
                        refused = Move(move.src, dst)
                        break
                if refused is not None:
                    return seed, move, refused
    raise AssertionError("no deal found")


# --- sound ---------------------------------------------------------------------------------------
def test_no_sound_before_a_gesture_then_each_sound(module_tab, app_url):
    seed, move, refused = revealing_deal()
    page = tab(module_tab, app_url)
    asked_for = []

    def listen(request):
        asked_for.append(request.url)

    page.on("request", listen)
    open_url(page, app_url, f"?game=reloaded&seed={seed}")
    page.wait_for_timeout(300)  # time for a sound that should not play to play wrongly
    # The deal asked for its shuffle (wait for it: a busy machine may be late),
    # but nothing plays before a gesture, and the sound module is not even loaded.
    page.wait_for_function("window.__soundsHeld.length > 0", timeout=10_000)
    assert page.evaluate("[...window.__soundsHeld]") == ["shuffle"]
    assert sounds(page) == []
    assert synthesised(page) is None
    assert not any(url.endswith("/sound.js") for url in asked_for)

    click_pile(page, "stock")  # the first gesture: a card turns over
    page.wait_for_function("window.SolSound && window.SolSound.played.length === 1")
    assert sounds(page) == ["flip"] and synthesised(page) == ["flip"]
    assert page.evaluate("window.SolSound.state()") in ("running", "suspended")

    click_card(page, move.src, count(page, move.src) - 1)  # picked up
    click_pile(page, move.dst)  # put down, and the card below turns up
    settle(page)
    click_card(page, refused.src, count(page, refused.src) - 1)
    click_pile(page, refused.dst)  # refused: the cards shake
    page.wait_for_function("window.__sounds.length >= 6", timeout=10_000)
    assert sounds(page) == ["flip", "pick", "place", "flip", "pick", "refuse"]

    page.click("#btn-new")
    leave_if_asked(page)
    page.wait_for_function("window.__sounds.includes('shuffle')")

    page.goto(app_url + position_query(NEAR_WON))  # a new page: a gesture again first
    page.wait_for_selector('#board[data-status="playing"]', timeout=60_000)
    assert sounds(page) == []
    for src, dst in (("t1", "f1"), ("t2", "f2"), ("t3", "f1")):  # cards home by hand in this suite
        click_card(page, src, 0)
        click_pile(page, dst)
        settle(page)
    page.wait_for_function("window.__sounds.includes('win')", timeout=WAIT_MS)
    assert sounds(page) == ["pick", "place"] * 3 + ["win"]
    page.wait_for_function("window.SolSound && window.SolSound.played.includes('win')")
    page.remove_listener("request", listen)


def test_the_toolbar_mutes_and_it_lasts(module_tab, app_url):
    page = tab(module_tab, app_url, size=(390, 844))
    open_url(page, app_url, "?game=reloaded&seed=3")
    button = page.locator("#btn-sound")
    assert button.get_attribute("aria-pressed") == "true"
    use_tool(page, "btn-sound")  # on a phone it may be in the More menu
    assert button.get_attribute("aria-pressed") == "false"
    assert json.loads(page.evaluate("localStorage.getItem('solitaire.settings')"))["sound"] == "off"
    page.keyboard.press("Escape")
    click_pile(page, "stock")
    page.wait_for_timeout(200)
    assert sounds(page) == []  # muted: nothing is asked for
    page.reload()
    page.wait_for_selector('#board[data-status="playing"]', timeout=60_000)
    assert page.locator("#btn-sound").get_attribute("aria-pressed") == "false"
    resize(page, 844, 390)  # the side rail
    use_tool(page, "btn-sound")
    assert page.locator("#btn-sound").get_attribute("aria-pressed") == "true"
    page.wait_for_function("window.__sounds.includes('pick')")  # turning it on lets you hear it


def test_volume_and_reduced_motion(module_tab, app_url):
    page = tab(module_tab, app_url)
    page.emulate_media(reduced_motion="reduce")
    open_url(page, app_url, "?game=reloaded&seed=4")
    open_settings(page)
    assert page.input_value("#setting-volume") == "70"
    page.focus("#setting-volume")
    for _ in range(8):
        page.keyboard.press("ArrowLeft")
    page.wait_for_function("window.SolSound && window.SolSound.played.length > 0")
    assert page.input_value("#setting-volume") == "30"
    assert json.loads(page.evaluate("localStorage.getItem('solitaire.settings')"))["volume"] == 30
    assert page.evaluate("window.SolSound.gain()") == pytest.approx(0.09, abs=0.001)
    page.click("#setting-sound")  # off: the volume waits
    assert page.is_disabled("#setting-volume")
    page.click("#setting-sound")
    close_settings(page)
    page.click("#btn-new")
    leave_if_asked(page)
    page.wait_for_function("window.SolSound.played.includes('shuffle:short')")  # reduced motion: short


# --- themes and backs ---------------------------------------------------------------------------------
def felt(page) -> str:
    return page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--felt').trim()")


def test_each_table_light_and_dark_and_each_back(module_tab, app_url):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = tab(module_tab, app_url, size=(1366, 768))
    open_url(page, app_url, "?game=reloaded&seed=7")
    for scheme in ("light", "dark"):
        for back, (table, colours) in zip(BACKS, TABLES.items()):
            open_settings(page)
            page.click(f'#settings-dialog input[name="theme"][value="{scheme}"]')
            page.click(f'#settings-dialog input[name="table"][value="{table}"]')
            page.click(f'#settings-dialog input[name="back"][value="{back}"]')
            panel = page.evaluate("getComputedStyle(document.getElementById('settings-dialog')).backgroundColor")
            assert panel == ("rgb(32, 38, 42)" if scheme == "dark" else "rgb(251, 250, 246)")
            close_settings(page)
            assert page.evaluate(
                "[document.documentElement.dataset.scheme, document.documentElement.dataset.table]"
            ) == [
                scheme,
                table,
            ]
            assert felt(page) == colours[scheme == "dark"]
            # The felt: a layer of its own behind the page (app.css, body::before).
            background = page.evaluate("getComputedStyle(document.body, '::before').backgroundImage")
            rgb = tuple(int(colours[scheme == "dark"][i : i + 2], 16) for i in (1, 3, 5))
            assert f"rgb({rgb[0]}, {rgb[1]}, {rgb[2]})" in background
            # Every face-down card shows this back, and the image is really there.
            backs = page.evaluate(
                """() => [...document.querySelectorAll('#board [data-face="down"] img, #board .card img')]
                    .filter(i => /back-/.test(i.src)).map(i => [i.src.split('/').pop(), i.complete && i.naturalWidth > 0])"""
            )
            page.wait_for_function(
                "[...document.querySelectorAll('#board img')].filter(i => /back-/.test(i.src)).every(i => i.complete && i.naturalWidth > 0)"
            )
            assert backs and {name for name, _ in backs} == {f"back-{back}.svg"}
            page.screenshot(path=str(SHOTS / f"theme-{table}-{scheme}.png"))
    stored = json.loads(page.evaluate("localStorage.getItem('solitaire.settings')"))
    assert (stored["theme"], stored["table"], stored["back"]) == ("dark", "charcoal", "black")


EARLY = """document.addEventListener('DOMContentLoaded', () => {
  const html = document.documentElement;
  window.__early = [html.dataset.table, html.dataset.scheme, getComputedStyle(document.body, '::before').backgroundImage,
                    typeof window.pyscript];
});"""


def test_the_saved_look_is_there_before_python_and_auto_follows_the_system(module_tab, app_url):
    page = tab(module_tab, app_url, {"table": "burgundy"})
    page.emulate_media(color_scheme="dark")
    page.add_init_script(EARLY)  # stays on the module's page: it only notes what it saw
    open_url(page, app_url, "?game=reloaded&seed=8")
    table, scheme, background, _ = page.evaluate("window.__early")
    assert (table, scheme) == ("burgundy", "dark")  # before Python starts: nothing flashes green
    assert "rgb(85, 22, 37)" in background
    assert page.get_attribute('meta[name="theme-color"]', "content") == "#330b15"
    page.emulate_media(color_scheme="light")  # "Like the system" follows a change at once
    page.wait_for_function("document.documentElement.dataset.scheme === 'light'")
    assert felt(page) == TABLES["burgundy"][0]
    open_settings(page)
    assert page.is_checked('#settings-dialog input[name="theme"][value="auto"]')
    assert page.is_checked('#settings-dialog input[name="table"][value="burgundy"]')


# --- the table ----------------------------------------------------------------------------------
def mirrored(before: dict, after: dict, card_w: float) -> None:
    """Each pile of the top row one card wide (a stock's element is a few px
    wider: its stack's edge), mirrored within the board's span."""
    lo = min(b[0] for b in before.values())
    hi = max(b[0] for b in before.values()) + card_w
    for pile, (x, y, _w, _h) in before.items():
        nx, ny, _, _ = after[pile]
        if pile.startswith("t"):
            assert (nx, ny) == pytest.approx((x, y), abs=0.5), pile
        else:
            assert nx == pytest.approx(lo + hi - x - card_w, abs=0.6) and ny == pytest.approx(y, abs=0.5), pile


def toggle_hand(page, left: bool) -> None:
    """Turn the left-handed layout on or off in the settings; back once the stock has moved over."""
    w = page.viewport_size["width"]
    open_settings(page)
    page.click("#setting-hand")
    close_settings(page)
    side = f"> {w / 2}" if left else f"< {w / 2}"
    page.wait_for_function(f"document.querySelector('[data-pile=stock]').getBoundingClientRect().left {side}")
    settle(page)


def test_the_left_handed_layout_is_mirrored(module_tab, app_url):
    # One page: a laptop, then the same page as an upright phone (the
    # setting is turned off again there first, then on).
    page = tab(module_tab, app_url, size=(1366, 768))
    open_url(page, app_url, "?game=reloaded&seed=9")
    for n, (w, h) in enumerate(((1366, 768), (390, 844))):
        if n:
            resize(page, w, h)
            toggle_hand(page, left=False)
        before = page.evaluate(PILES)
        assert before["stock"][0] < min(v[0] for p, v in before.items() if p.startswith("f")), (w, h)
        toggle_hand(page, left=True)
        after = page.evaluate(PILES)
        mirrored(before, after, page.evaluate(CARD_W))
        assert after["stock"][0] > max(v[0] for p, v in after.items() if p.startswith("f") or p == "waste"), (w, h)
        # The stock's count stays inside the table, toward its middle.
        count_box = page.locator('#board [data-pile="stock"] .badge').bounding_box()
        table_box = page.locator("main.table").bounding_box()
        assert (
            table_box["x"] <= count_box["x"]
            and count_box["x"] + count_box["width"] <= table_box["x"] + table_box["width"]
        )
        assert count_box["x"] < after["stock"][0] + 10, (w, h)  # at the stock's left corner
    # Forty Thieves has eight foundations: mirrored too; the setting lasts
    # (a new page load), on the phone and on the laptop.
    open_url(page, app_url, "?game=forty-thieves&seed=2")
    for w, h in ((390, 844), (1366, 768)):
        resize(page, w, h)
        left = page.evaluate(PILES)
        assert left["stock"][0] > max(v[0] for p, v in left.items() if p.startswith("f")), (w, h)
        assert left["waste"][0] < left["stock"][0], (w, h)


NO_SCROLL = """() => {
  const root = document.documentElement, table = document.querySelector('main.table').getBoundingClientRect();
  const cards = [...document.querySelectorAll('#board [data-card]')].map(c => c.getBoundingClientRect());
  return {scrollH: root.scrollHeight, scrollW: root.scrollWidth, h: innerHeight, w: innerWidth,
          bottom: Math.max(...cards.map(r => r.bottom)), right: Math.max(...cards.map(r => r.right)),
          left: Math.min(...cards.map(r => r.left)), tableBottom: table.bottom, tableRight: table.right,
          tableLeft: table.left};
}"""


def test_each_card_size_fits_without_scrolling(module_tab, app_url):
    # One page: each game at an upright phone and at a laptop, each card size.
    page = tab(module_tab, app_url, size=(390, 844))
    open_url(page, app_url, "?game=reloaded&seed=11")
    for game in ("reloaded", "forty-thieves"):
        if game != "reloaded":
            deal_from_picker(page, game, 11)
        for w, h in ((390, 844), (1366, 768)):
            resize(page, w, h)
            widths = {}
            for size in SIZES:
                open_settings(page)
                page.click(f'#settings-dialog input[name="card_size"][value="{size}"]')
                close_settings(page)
                page.wait_for_timeout(150)
                settle(page)
                widths[size] = page.evaluate(CARD_W)
                box = page.evaluate(NO_SCROLL)
                assert box["scrollH"] <= box["h"] and box["scrollW"] <= box["w"], (game, w, size, box)
                assert box["bottom"] <= box["tableBottom"] + 0.5 and box["right"] <= box["tableRight"] + 0.5, (
                    size,
                    box,
                )
                assert box["left"] >= box["tableLeft"] - 0.5
            assert widths["small"] < widths["medium"] <= widths["large"], (game, w, widths)
            if w > h and game == "reloaded":
                assert widths["large"] > widths["medium"] * 1.15


# --- the settings dialog in three languages ----------------------------------------------------------------
def test_the_settings_dialog_fits_every_screen(module_tab, app_url):
    # One page, each language chosen in it, each screen size.
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = tab(module_tab, app_url)
    open_url(page, app_url, "?game=reloaded&seed=12&lang=en")
    for lang in ("en", "de", "it"):
        if lang != "en":
            page.select_option("#lang-select", lang)
            page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        for w, h in ((390, 844), (844, 390), (1366, 768), (1920, 1080)):
            resize(page, w, h)
            open_settings(page)
            box = page.evaluate(
                """() => { const d = document.getElementById('settings-dialog'), r = d.getBoundingClientRect();
                  const inner = [...d.querySelectorAll('fieldset:not([hidden]) label')].map(l => l.getBoundingClientRect());
                  return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, sw: d.scrollWidth, cw: d.clientWidth,
                          widest: Math.max(...inner.map(b => b.right))}; }"""
            )
            assert box["left"] >= 0 and box["right"] <= w and box["top"] >= 0 and box["bottom"] <= h, (lang, box)
            assert box["sw"] <= box["cw"] + 1, (lang, box)  # nothing sticks out sideways
            assert page.text_content("#settings-theme legend") != "" and page.is_visible("#setting-volume")
            page.screenshot(path=str(SHOTS / f"settings-{lang}-{w}x{h}.png"))
            page.evaluate("document.getElementById('settings-dialog').scrollTop = 10000")
            page.screenshot(path=str(SHOTS / f"settings-{lang}-{w}x{h}-end.png"))
            close_settings(page)


def test_where_the_system_saves_data_sound_waits_to_be_turned_on(
    playwright, browser_type_launch_args, browser_context_args, app_url
):
    # Chromium matches prefers-reduced-data only with its Blink feature on.
    args = {**browser_type_launch_args}
    args["args"] = [*args.get("args", []), "--enable-blink-features=PrefersReducedData"]
    browser = playwright.chromium.launch(**args)
    try:
        context = context_with(browser, browser_context_args)
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-data", "value": "reduce"}]})
        asked_for = []
        page.on("request", lambda r: asked_for.append(r.url))
        open_url(page, app_url, "?game=reloaded&seed=5")
        assert page.evaluate("matchMedia('(prefers-reduced-data: reduce)').matches")
        assert page.get_attribute("#btn-sound", "aria-pressed") == "false"
        click_pile(page, "stock")
        page.wait_for_timeout(200)
        assert sounds(page) == [] and page.evaluate("[...window.__soundsHeld]") == []
        assert not any(url.endswith("/sound.js") for url in asked_for)  # not even fetched
        use_tool(page, "btn-sound")
        page.wait_for_function("window.SolSound && window.SolSound.played.includes('pick')")
    finally:
        browser.close()  # a browser of its own: closed even when the test fails
