"""No blank faces on the first paint (issue 42, item 4). The first deal's
faces are fetched while the board comes up; a face-up card whose picture has
not arrived yet showed a blank white face (its image had nothing to paint).
It now shows the back until its face can be painted, then the face. The race
is made certain here: the faces' pictures are held back until the board is
up."""

from __future__ import annotations

import re

import pytest
from ui_helpers import open_url, record_errors

FACES = re.compile(r"/cards/(french|french-de|napoletane|piacentine)/[^/]+\.svg$")

# Every face-up card's image: whether it has a loaded picture to paint, and which.
SHOWN = """() => [...document.querySelectorAll('#board .card[data-face="up"] img.art')].map(i => ({
  code: i.parentElement.dataset.card, painted: i.complete && i.naturalWidth > 0,
  shows: i.currentSrc.startsWith('data:') ? 'bitmap' : i.currentSrc.split('/').pop(),
  src: i.getAttribute('src').split('/').pop()}))"""


@pytest.mark.parametrize(("lang", "query"), [("en", "?game=reloaded&seed=3"), ("it", "?game=solitario&seed=3")])
def test_face_up_cards_are_never_blank_while_their_faces_load(browser, browser_context_args, app_url, lang, query):
    context = browser.new_context(**{**browser_context_args, "viewport": {"width": 1920, "height": 1080}})
    held = []

    def hold(route):
        held.append(route)  # until the board is up

    context.route(FACES, hold)
    try:
        page = record_errors(context.new_page())
        open_url(page, app_url, f"{query}&lang={lang}")
        cards = page.evaluate(SHOWN)
        assert cards and held
        blank = [c["code"] for c in cards if not c["painted"]]
        assert blank == [], f"blank faces: {blank}"
        # The back (its picture, or the bitmap drawn of it) until the face comes.
        assert all(c["src"].startswith("back-") for c in cards), cards
        for route in held:
            route.continue_()
        context.unroute(FACES, hold)
        # The faces come, each on its own card.
        page.wait_for_function(
            f"""() => ({SHOWN})().every(c => c.painted && c.src === c.code + '.svg' && (c.shows === 'bitmap' || c.shows === c.src))""",
            timeout=20_000,
        )
        assert page.errors == []
    finally:
        context.close()
