"""The short index of small cards and tight fans follows the face set and the
language (issue 12, item 6): Italian faces carry 1 to 10 and their own suit
signs, never "A" and a French suit; in German the French court cards read
B, D, K, and so do Royal Retinue's pile labels."""

from __future__ import annotations

import pytest
from ui_helpers import open_url, record_errors, settle, use_tool

# What the index must read on Italian faces: the numbers their corners carry.
ITALIAN_NUMBERS = dict(zip("A234567JQK", [str(n) for n in range(1, 11)]))

# Every face-up card's short index as shown: its rank text, the text of its
# suit sign, the sign's picture, and whether the index shows at all.
INDEXES = """() => [...document.querySelectorAll('#board .card[data-face="up"]')].map(c => {
  const i = c.querySelector('.idx i'), b = c.querySelector('.idx b'), idx = c.querySelector('.idx');
  return {code: c.dataset.card, rank: b ? b.textContent : null, suit: i ? i.textContent : null,
          picture: i ? getComputedStyle(i).backgroundImage : "", shown: getComputedStyle(idx).display !== "none"};
})"""


# Every face-up card's artwork: code -> the picture's address.
ART = """() => Object.fromEntries([...document.querySelectorAll('#board .card[data-face="up"]')]
  .map(c => [c.dataset.card, c.querySelector('img.art').getAttribute('src')]))"""


@pytest.fixture(scope="module")
def page(browser, browser_context_args, app_url):
    context = browser.new_context(**{**browser_context_args, "viewport": {"width": 390, "height": 844}})
    pg = record_errors(context.new_page())
    open_url(pg, app_url, "?game=solitario&seed=3&lang=it")
    yield pg
    context.close()


def faces(page, value: str) -> None:
    use_tool(page, "btn-settings")
    page.check(f'#settings-dialog input[name="faces"][value="{value}"]')
    page.keyboard.press("Escape")
    settle(page)


@pytest.mark.parametrize("face_set", ["napoletane", "piacentine"])
def test_italian_faces_carry_their_own_numbers_and_signs(page, face_set):
    faces(page, face_set)
    cards = page.evaluate(INDEXES)
    assert cards and all(c["shown"] for c in cards)  # small cards on a phone: the short index shows
    for c in cards:
        assert c["rank"] == ITALIAN_NUMBERS[c["code"][0]], c
        assert c["suit"] == "", c  # no French suit symbol
        assert f"signs/{face_set}-{c['code'][1]}.svg" in c["picture"], c
    assert page.errors == []


def test_french_faces_keep_french_indexes(page):
    faces(page, "french")
    for c in page.evaluate(INDEXES):
        assert c["suit"] in "\u2660\u2665\u2666\u2663" and c["suit"], c
        assert c["picture"] == "none", c
    faces(page, "napoletane")


def test_german_court_cards_and_retinue_labels_read_b_d_k(page, app_url):
    open_url(page, app_url, "?game=forty-thieves&seed=1&lang=de")
    courts = [c for c in page.evaluate(INDEXES) if c["code"][0] in "JQK"]
    assert courts
    for c in courts:
        assert c["shown"] and c["rank"] == {"J": "B", "Q": "D", "K": "K"}[c["code"][0]], c
    # The artwork's own corners agree: the Bube and the Dame come from french-de/.
    # A face shows its back until its picture has loaded (issue 42, item 4): wait for the faces.
    page.wait_for_function(f"() => Object.values(({ART})()).every(src => !src.split('/').pop().startsWith('back-'))")
    art = page.evaluate(ART)
    assert {code: src.split("/")[-2] for code, src in art.items() if code[0] in "JQK"} == {
        code: "french" if code[0] == "K" else "french-de" for code in art if code[0] in "JQK"
    }
    assert any(code[0] in "JQ" for code in art)
    page.select_option("#lang-select", "en")  # and follow the language
    page.wait_for_function("document.documentElement.lang === 'en'")
    # A face's picture changes once the new one has loaded (issue 42, item 4): wait for it.
    page.wait_for_function(f"() => Object.values(({ART})()).every(src => src.split('/').slice(-2)[0] === 'french')")
    assert {src.split("/")[-2] for src in page.evaluate(ART).values()} == {"french"}
    open_url(page, app_url, "?game=retinue&seed=2&lang=de")
    labels = page.locator("#board .pile-label").all_text_contents()
    assert labels[-3:] == ["B", "D", "K"] and labels[0] == "A"
    assert page.get_attribute('#board [data-pile="t11"]', "aria-label").startswith("Stapel B")
    page.select_option("#lang-select", "en")  # the labels follow the language
    page.wait_for_function("document.querySelector('#board .pile-label:last-of-type') !== null")
    assert page.locator("#board .pile-label").all_text_contents()[-3:] == ["J", "Q", "K"]
    assert page.errors == []
