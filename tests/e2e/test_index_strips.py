"""A tight column reads each card once (issue 42, item 2): the open top card of
a tightly fanned column shows its artwork's own corner and no strip index over
it; every card under it shows a strip that reaches the next card, so no sliver
of the artwork's corner (a clipped "A", the foot of a "10") peeks out between
two strips; on compact cards the top card's strip covers its artwork's corner."""

from __future__ import annotations

import pytest
from ui_helpers import open_url, position_query, record_errors

RUN = [rank + ("S" if i % 2 == 0 else "H") for i, rank in enumerate("KQJT98765432A")]


def long_column() -> dict:
    """Solitaire Reloaded as dealt, with column 7's face-up card grown into a
    run from King to Ace: the tightest fan the game can show."""
    rest = [r + s for s in "SHDC" for r in "A23456789TJQK" if r + s not in RUN]
    piles = {}
    for n in range(1, 7):
        piles[f"t{n}"] = [c.lower() for c in rest[: n - 1]] + [rest[n - 1]]
        rest = rest[n:]
    piles["t7"] = [c.lower() for c in rest[:6]] + RUN
    piles["stock"] = [c.lower() for c in rest[6:]]
    return {"game": "reloaded", "piles": piles}


# Column 7's face-up cards: where each card and its strip index are painted.
STRIPS = """() => {
  const pile = document.querySelector('#board [data-pile="t7"]');
  const cards = [...pile.querySelectorAll('.card[data-face="up"]')];
  return {tight: pile.classList.contains("tight"),
          compact: document.getElementById("board").classList.contains("compact"),
          cards: cards.map(c => {
            const r = c.getBoundingClientRect(), i = c.querySelector(".idx");
            const s = i.getBoundingClientRect();
            return {code: c.dataset.card, top: r.top, height: r.height, shown: getComputedStyle(i).display !== "none",
                    idxTop: s.top, idxBottom: s.bottom, rank: i.querySelector("b")?.textContent};
          })};
}"""


@pytest.fixture(scope="module")
def page(browser, browser_context_args):
    context = browser.new_context(**{**browser_context_args, "viewport": {"width": 1366, "height": 768}})
    yield record_errors(context.new_page())
    context.close()


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080), (844, 390), (390, 844)])
def test_tight_column_reads_each_card_once(page, app_url, lang, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_url(page, app_url, position_query(long_column()) + f"&lang={lang}")
    seen = page.evaluate(STRIPS)
    cards = seen["cards"]
    assert [c["code"] for c in cards] == RUN
    assert seen["tight"] or seen["compact"], seen  # the case this test is about
    under, top = cards[:-1], cards[-1]
    for card, above in zip(under, cards[1:]):
        assert card["shown"], card
        # The strip runs on under the next card: not a pixel of artwork between.
        assert card["idxBottom"] >= above["top"] + 1, (card, above)
    assert under[2]["rank"] == {"en": "J", "de": "B"}[lang] and under[3]["rank"] == "10"
    if seen["compact"]:
        # The top card's strip hides the artwork's corner (a fifth of its height).
        assert top["shown"] and top["idxBottom"] - top["top"] >= 0.25 * top["height"], top
    else:
        assert not top["shown"], top  # the artwork's own corner is the index
    assert page.errors == []
