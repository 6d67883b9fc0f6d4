"""A drag that starts on a card still sliding takes that card (issue 41):
at full speed a player drags a card while it is still in flight. A card
seen edge-on as it turns over, or leaving the stock over it, is no target
for a tap (table.js: a tap there goes to what shows around it); a drag
from it took what lay under it and was refused. Here the slide is held at
its first millisecond (the page's animations, paused by the test, not a
wall-clock wait), the drag is made with the mouse from the card as painted,
and the move is played."""

from __future__ import annotations

from ui_helpers import click_card, click_pile, count, open_url, settle, target_point

from game import new_game

# Every animation the page starts is held at ``window.__freeze`` ms while it is set.
FREEZE = """
(() => {
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    const anim = animate.apply(this, args);
    if (window.__freeze) { anim.pause(); anim.currentTime = window.__freeze; }
    return anim;
  };
})();
"""


def test_a_drag_from_the_card_still_turning_over_takes_it(browser, browser_context_args, app_url):
    """Reloaded 1: t3>t4 uncovers the ace of spades, which turns over where
    it lies; a quick player drags it home at once. Edge-on, it was no target
    for the press, which took the face-down card under it and was refused."""
    game = new_game("reloaded", 1)
    game.play(next(m for m in game.legal_moves() if str(m) == "t3>t4"), 1.0)
    assert game.position.to_json()["piles"]["t3"][-1] == "AS"
    context = browser.new_context(**browser_context_args)  # cards go home by hand: the drag does it
    try:
        page = context.new_page()
        page.add_init_script(FREEZE)
        open_url(page, app_url, "?game=reloaded&seed=1")
        click_card(page, "t3", count(page, "t3") - 1)
        page.evaluate("window.__freeze = 1")
        click_pile(page, "t4")
        page.wait_for_function("window.solitaire.state().moves === 1")
        ace = page.locator('#board [data-pile="t3"] > [data-card="AS"]')
        assert "flying" in ace.get_attribute("class")
        box = ace.bounding_box()
        assert box["width"] < ace.evaluate("el => el.offsetWidth") / 2  # edge-on: no target for a tap
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.mouse.move(x, y)
        page.mouse.down()
        tx, ty = target_point(page, "f1")
        for k in range(1, 9):
            page.mouse.move(x + (tx - x) * k / 8, y + (ty - y) * k / 8)
        page.mouse.up()
        page.evaluate("window.__freeze = 0; document.getAnimations().forEach(a => a.finish())")
        settle(page)
        state = page.evaluate("window.solitaire.state()")
        assert state["moves"] == 2, state["moves"]
        assert state["position"]["piles"]["f1"] == ["AS"]
        assert page.locator('#board [data-pile="f1"] > [data-card="AS"]').count() == 1
    finally:
        context.close()
