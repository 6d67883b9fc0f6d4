"""Duels that travel as links (issue 6), in two browser contexts that share
nothing but the link: A starts a duel and plays with real clicks and drags,
gives up and copies the link; B opens it, sees who challenged, accepts, sees
A's ghost score advance, plays, gives up and sees the ranking; A opens the
reply and sees the same ranking. Also a tampered link, pass-and-play, and the
screens at phone size. Expectations come from the engine under CPython."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from ui_helpers import (
    WAIT_MS,
    click_card,
    click_pile,
    count,
    drag,
    handed,
    open_url,
    pause_clock,
    record_errors,
    settle,
    status,
)

from game import Move, new_game
from game.duel import InvalidChallenge, Run, decode_challenge, encode_challenge, verify
from tools.serve import ROOT

SHOTS = ROOT / "artifacts" / "screenshots"
GAME, SEED = "solitario", 2  # its first moves turn cards over: Ann scores at once
ANN_MOVES = ("t3>t4", "t7>t3")  # +5 each (each turns a card)


@pytest.fixture(scope="module")
def contexts(browser, browser_context_args):
    made = {}

    def get(name, **extra):
        if name not in made:
            context = browser.new_context(**{**browser_context_args, **extra})
            made[name] = record_errors(context.new_page())
        return made[name]

    yield get
    for page in made.values():
        page.context.close()


@pytest.fixture(scope="module")
def shared():
    return {}  # what one test of the story hands to the next


def linked(runs_moves) -> str:
    """A duel link made here, of runs played by the engine: (name, moves) each."""
    runs = []
    for name, moves in runs_moves:
        g = new_game(GAME, SEED, time_limit=180)
        for i, m in enumerate(moves):
            g.play(m, 0.5 + i)
        g.resign(3.0)
        runs.append(Run.from_game(name, g))
    return encode_challenge(runs)


def move_by(page, text: str, how: str) -> None:
    move = Move(*text.split(">"))
    index = count(page, move.src) - move.count
    if how == "drag":
        drag(page, move.src, index, move.dst)
    else:
        click_card(page, move.src, index)
        click_pile(page, move.dst)
    settle(page)


def give_up(page) -> None:
    page.click("#btn-giveup")
    page.click("#confirm-yes")
    page.wait_for_selector('#duel-dialog[open][data-view="result"]', timeout=WAIT_MS)


def ranking(page) -> list[tuple[str, int]]:
    rows = page.evaluate(
        """() => [...document.querySelectorAll('#duel-rows tr')].map(
            tr => [tr.dataset.player, Number(tr.querySelector('.score').textContent)])"""
    )
    return [tuple(row) for row in rows]


# Records each score the ghost shows, in turn.
WATCH_GHOST = """() => {
  const shown = document.querySelector('[data-hud="ghost"]');
  const seen = window.__ghost = [];
  new MutationObserver(() => seen.push(Number(shown.textContent)))
    .observe(shown, {childList: true, characterData: true, subtree: true});
}"""


def ghost(page) -> int:
    return int(page.text_content('[data-hud="ghost"]'))


def severe(page) -> list[str]:
    """axe-core's serious and critical findings on the page as it stands."""
    found = Axe().run(page).response["violations"]
    return [
        f"{v['id']}: {v['help']} -> {[n['target'] for n in v['nodes']][:4]}"
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"duel-{name}.png"))


def test_a_starts_a_duel_plays_gives_up_and_gets_a_link(contexts, app_url, shared):
    a = contexts("A")
    open_url(a, app_url, f"?game={GAME}&seed={SEED}")
    a.click("#btn-duel")
    a.wait_for_selector('#duel-dialog[open][data-view="setup"]')
    assert a.is_checked('input[name="duel-limit"][value="300"]')  # Solitario's default: 5 minutes
    assert a.text_content("#duel-deal-this") == f"This deal (game {SEED})"
    shot(a, "setup-desktop")
    assert severe(a) == []
    a.fill("#duel-name-0", "Ann")
    a.check('input[name="duel-limit"][value="180"]')
    a.click("#duel-start")
    a.wait_for_selector("#duel-dialog", state="hidden")
    assert a.text_content('[data-hud="time"]') in ("03:00", "02:59")
    assert a.text_content("#hud-time-label") == "Time left"
    assert a.text_content("#duel-tag") == "Duel: Ann"
    assert a.url.endswith(f"?game={GAME}&seed={SEED}&limit=180")
    a.wait_for_timeout(1_200)
    assert a.text_content('[data-hud="time"]') == "03:00"  # the challenger's clock starts at her first action
    move_by(a, ANN_MOVES[0], "drag")
    move_by(a, ANN_MOVES[1], "click")
    assert int(a.text_content('[data-hud="score"]')) == 10
    give_up(a)
    assert a.text_content("#duel-title") == "Game given up"
    assert a.text_content("#duel-mine") == "Ann: 10 points"
    link = a.input_value("#duel-link")
    assert link.startswith(app_url + "?duel=s2.")
    assert a.url == link  # a reload shows this duel again
    (run,) = decode_challenge(link).runs
    assert [x.split("@")[0] for x in run.actions] == [*ANN_MOVES, "resign"]
    assert verify(decode_challenge(link)).players[0].score == 10
    assert a.evaluate("document.activeElement.id") == "duel-copy"  # ready for Enter
    a.click("#duel-copy")  # the clipboard, or the selected field where it is refused
    a.wait_for_selector("#toast.show")
    shared["link"] = link
    assert not a.errors


def test_b_opens_the_link_races_the_ghost_and_sees_the_ranking(contexts, app_url, shared):
    link = handed(shared, "link")
    (ann,) = decode_challenge(link).runs
    second = float(ann.actions[1].split("@")[1]) * 1000  # Ann's second move, ms into her run
    assert second >= 100  # the first came at 0 s: her clock started with it
    b = contexts("B")
    b.clock.install()  # the page's time flows as usual until the test stops it
    b.goto(link)
    b.wait_for_selector('#duel-dialog[open][data-view="intro"]', timeout=60_000)
    assert b.text_content("#duel-title") == "Ann challenges you"
    assert b.inner_text("#duel-facts").split() == [
        "Game",
        "Solitario",
        "Deal",
        "Game",
        "2",
        "Time",
        "limit",
        "3",
        "min",
        "Played",
        "by",
        "Ann",
        "Signature",
        "signed",
        "on",
        "each",
        "player's",
        "device",
    ]
    shot(b, "intro-desktop")
    assert severe(b) == []
    b.click("#duel-accept")  # no name yet: refused, with a reason
    assert b.text_content("#duel-join-error") == "Please enter a name."
    b.fill("#duel-join-name", "ann")
    b.click("#duel-accept")
    assert "already in this duel" in b.text_content("#duel-join-error")
    b.fill("#duel-join-name", "Bea")
    b.evaluate(WATCH_GHOST)
    # From here the page's time moves only as the test moves it: Bea's run
    # against the ghost, however busy the machine is.
    pause_clock(b)
    b.click("#duel-accept")
    b.wait_for_selector("#duel-dialog", state="hidden")
    assert b.text_content("#ghost-name") == "Ann"
    assert ghost(b) == 5  # at 0 s of Bea's run: Ann's first move
    b.clock.run_for(int(second) - 100)
    assert ghost(b) == 5
    b.clock.run_for(350)  # past her second move (the clock ticks every 250 ms)
    assert ghost(b) == 10
    shown = b.evaluate("window.__ghost")  # each score it showed, in turn: 5, then 10, nothing between
    assert [x for i, x in enumerate(shown) if x and (i == 0 or shown[i - 1] != x)] == [5, 10], shown
    b.clock.resume()  # the cards' slides need time to flow
    assert b.get_attribute("#hud-ghost", "data-lead") == "behind"
    shot(b, "ghost-desktop")
    game = new_game(GAME, SEED)
    move = next(str(m) for m in game.legal_moves() if m.src.startswith("t") and m.dst.startswith("t"))
    move_by(b, move, "click")
    give_up(b)
    expected = verify(decode_challenge(b.input_value("#duel-link")))
    by_name = {p.name: p.score for p in expected.players}
    table = ranking(b)
    assert table == [(name, by_name[name]) for name in expected.ranking.order]
    assert {name for name, _ in table} == {"Ann", "Bea"}
    assert b.get_attribute('#duel-rows tr[data-player="Bea"]', "class") == "mine"
    assert "Send this link back" in b.text_content("#duel-share-text")
    shot(b, "ranking-desktop")
    assert severe(b) == []
    shared["reply"], shared["table"] = b.input_value("#duel-link"), table
    assert not b.errors


def test_a_opens_the_reply_and_sees_the_same_ranking(contexts, shared):
    reply, table = handed(shared, "reply"), handed(shared, "table")
    a = contexts("A")
    a.goto(reply)
    a.wait_for_selector('#duel-dialog[open][data-view="ranking"]', timeout=60_000)
    assert ranking(a) == table
    assert a.get_attribute('#duel-rows tr[data-player="Ann"]', "class") == "mine"  # the name this device used
    assert a.text_content("#duel-mine") == "Solitario \u00b7 Game 2 \u00b7 3 min"
    assert a.is_visible("#duel-play-too")
    a.click("#duel-close")
    assert status(a) == "playing"  # the deal, to look at or play as usual
    assert not a.errors


def test_a_tampered_link_is_refused_with_the_reason_and_a_playable_game(contexts, app_url, shared):
    b = contexts("B")
    token = handed(shared, "link").split("?duel=")[1]
    i = len(token) // 2
    tampered = token[:i] + ("A" if token[i] != "A" else "B") + token[i + 1 :]
    with pytest.raises(InvalidChallenge) as refused:
        decode_challenge(tampered)
    open_url(b, app_url, f"?duel={tampered}")
    notice = b.text_content("#notice")
    assert "This duel link can't be opened" in notice and str(refused.value) in notice
    assert not b.is_visible("#duel-dialog")
    assert "duel" not in b.url
    click_pile(b, "stock")  # and it plays
    settle(b)
    assert b.evaluate("window.solitaire.state().moves") == 1


def test_pass_and_play_two_players_and_an_untimed_tie_offers_a_rematch(contexts, app_url, shared):
    handed(shared, "link")  # this device played as Ann before
    a = contexts("A")
    open_url(a, app_url, "?duel=" + linked((("Ann", ANN_MOVES), ("Bea", ANN_MOVES[:1]))))
    a.wait_for_selector('#duel-dialog[open][data-view="ranking"]', timeout=WAIT_MS)
    a.click("#duel-close")
    a.click("#btn-duel")  # the duel on hand first: its ranking
    a.wait_for_selector('#duel-dialog[open][data-view="ranking"]', timeout=WAIT_MS)
    a.click("#duel-new")
    a.wait_for_selector('#duel-dialog[open][data-view="setup"]', timeout=WAIT_MS)
    assert a.input_value("#duel-name-0") == "Ann"  # remembered
    a.click("#duel-add")
    a.fill("#duel-name-1", "ann")
    a.check('input[name="duel-limit"][value="none"]')
    a.click("#duel-start")
    assert "already in this duel" in a.text_content("#duel-setup-error")
    a.fill("#duel-name-1", "Cid")
    a.click("#duel-start")
    a.wait_for_selector("#duel-dialog", state="hidden")
    assert a.text_content("#duel-tag") == "Duel: Ann"
    assert a.is_hidden("#hud-ghost")  # nobody has played before Ann
    give_up(a)  # both give up at once: 0 to 0, an untimed tie for first place
    assert a.text_content("#duel-next-text").startswith("Next: Cid.")
    a.click("#duel-next-go")
    a.wait_for_selector("#duel-dialog", state="hidden")
    assert a.text_content("#duel-tag") == "Duel: Cid"
    assert a.text_content("#ghost-name") == "Ann"
    give_up(a)
    assert {name for name, _ in ranking(a)} == {"Ann", "Cid"}
    assert a.text_content("#duel-title") == "A tie for first place"
    seed = verify(decode_challenge(a.input_value("#duel-link"))).ranking.rematch
    assert a.text_content("#duel-rematch") == f"Rematch (game {seed})"
    a.click("#duel-rematch")
    a.wait_for_selector('#duel-dialog[open][data-view="setup"]')
    assert a.text_content("#duel-fixed") == f"Rematch on game {seed} \u00b7 Untimed"
    assert [a.input_value("#duel-name-0"), a.input_value("#duel-name-1")] == ["Ann", "Cid"]
    a.keyboard.press("Escape")
    assert not a.errors


# The HUD's labels whose clip leaves no room above and below their line:
# five figures in a row on a phone end a long label in an ellipsis, and the
# dots of a capital Ü (ZÜGE) stand above the line's own box, so a clip at
# that box cut them off. Room of a sixth of the text's size is asked for.
LABELS_CLIPPED = """() => [...document.querySelectorAll('.hud .hud-item:not([hidden]) dt')].filter(dt => {
  if (getComputedStyle(dt).overflow === 'visible') return false;
  const range = document.createRange();
  range.selectNodeContents(dt);
  const text = range.getBoundingClientRect(), box = dt.getBoundingClientRect();
  const room = parseFloat(getComputedStyle(dt).fontSize) / 6;
  return text.top - box.top < room || box.bottom - text.bottom < room;
}).map(dt => dt.textContent)"""


def test_phone_screens(contexts, app_url):
    """A reply link opened on a phone: ranking, joining as a third player with
    the best ghost in the HUD, and the set-up panel."""
    phone = contexts("phone", viewport={"width": 360, "height": 740})
    open_url(phone, app_url, f"?duel={linked((('Ann', ANN_MOVES), ('<b>Bea</b>', ANN_MOVES[:1])))}&lang=de")
    phone.wait_for_selector('#duel-dialog[open][data-view="ranking"]')
    assert phone.text_content("#duel-title") == "Ann gewinnt"
    assert phone.text_content("#duel-rows tr:nth-child(2) .name") == "<b>Bea</b>"
    assert phone.locator("#duel-dialog b").count() == 0
    shot(phone, "ranking-phone")
    phone.click("#duel-play-too")
    phone.fill("#duel-join-name", "Dan")
    phone.click("#duel-accept")
    phone.wait_for_selector("#duel-dialog", state="hidden")
    phone.wait_for_function("document.querySelector('[data-hud=\"ghost\"]').textContent === '10'", timeout=WAIT_MS)
    assert phone.text_content("#ghost-lead") == "\u221210"
    assert phone.url.endswith("&lang=de") and "?duel=" in phone.url  # a reload is German still
    assert phone.text_content('#hud dt[data-t="hud.moves"]') == "Züge"
    assert phone.evaluate(LABELS_CLIPPED) == []  # the dots of ZÜGE included
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 360
    shot(phone, "ghost-phone")
    phone.click("#btn-duel")
    phone.wait_for_selector('#duel-dialog[open][data-view="setup"]')
    phone.click("#duel-add")
    shot(phone, "setup-phone")
    phone.keyboard.press("Escape")
    assert not phone.errors
