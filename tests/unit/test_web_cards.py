"""The card artwork: every card has its SVG, drawn by tools/make_cards.py."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from game.web.texts.cards import relettered
from tools import make_cards

CARDS = make_cards.OUT
SVG = "{http://www.w3.org/2000/svg}"
DECK_CODES = {
    "french": [r + s for s in "SHDC" for r in "A23456789TJQK"],
    "napoletane": [r + s for s in "SHDC" for r in "A234567JQK"],
    "piacentine": [r + s for s in "SHDC" for r in "A234567JQK"],
    "french-de": [r + s for s in "SHDC" for r in "JQ"],  # the German Bube and Dame (corners B, D)
}
EXTRAS = ["back-blue.svg", "back-red.svg", "back-green.svg", "back-black.svg", "empty.svg"]
# The Italian face sets' suit signs, for the page's short index on small cards.
SIGNS = [f"signs/{deck}-{suit}.svg" for deck in ("napoletane", "piacentine") for suit in "SHDC"]


def all_svgs() -> list[Path]:
    return sorted(CARDS.rglob("*.svg"))


@pytest.mark.parametrize("deck", sorted(DECK_CODES))
def test_every_card_of_each_deck_has_its_file(deck):
    found = sorted(p.stem for p in (CARDS / deck).glob("*.svg"))
    assert found == sorted(DECK_CODES[deck])


def test_backs_placeholder_and_suit_signs_exist():
    for name in EXTRAS + SIGNS:
        assert (CARDS / name).is_file(), name


def test_files_parse_with_shared_viewbox_and_a_title():
    files = all_svgs()
    assert len(files) == sum(map(len, DECK_CODES.values())) + len(EXTRAS) + len(SIGNS)
    for path in files:
        root = ET.parse(path).getroot()
        assert root.tag == SVG + "svg", path
        square = path.parent.name == "signs"  # a suit sign alone, in a square
        assert root.get("viewBox") == ("-60 -60 120 120" if square else "0 0 250 350"), path
        title = root.find(SVG + "title")
        assert title is not None and title.text and title.text.strip(), path


def test_titles_name_the_cards():
    def title(rel: str) -> str:
        return ET.parse(CARDS / rel).getroot().find(SVG + "title").text

    assert title("french/QH.svg") == "Queen of hearts"
    assert title("french/TS.svg") == "Ten of spades"
    assert title("napoletane/QH.svg") == "Cavallo di coppe"
    assert title("piacentine/AD.svg") == "Asso di denari"
    assert title("piacentine/KC.svg") == "Re di bastoni"
    assert title("signs/napoletane-D.svg") == "denari"
    assert title("signs/piacentine-C.svg") == "bastoni"


def test_no_external_references_and_small_files():
    for path in all_svgs():
        text = path.read_text(encoding="utf-8")
        # The SVG namespace name is an identifier, not a fetch; nothing else may name a URL.
        rest = text.replace('xmlns="http://www.w3.org/2000/svg"', "")
        assert not re.search(r"https?:|//[a-z0-9.-]+\.[a-z]{2,}", rest, re.I), path
        for ref in re.findall(r'href="([^"]*)"', rest):
            assert ref.startswith("#"), (path, ref)
        for ref in re.findall(r"url\(([^)]*)\)", rest):
            assert ref.startswith("#"), (path, ref)
        assert "@import" not in rest and "<image" not in rest, path
        assert path.stat().st_size < 12_000, (path, path.stat().st_size)


def test_generator_reproduces_the_committed_files(tmp_path):
    written = make_cards.generate(tmp_path)
    fresh = sorted(p.relative_to(tmp_path) for p in written)
    committed = sorted(p.relative_to(CARDS) for p in all_svgs())
    assert fresh == committed, "run: python -m tools.make_cards"
    stale = [str(rel) for rel in fresh if (tmp_path / rel).read_bytes() != (CARDS / rel).read_bytes()]
    assert not stale, f"{len(stale)} files differ from the generator (run: python -m tools.make_cards): {stale[:5]}"


def test_the_german_court_cards_differ_from_the_french_only_in_their_corners():
    """french-de/JS.svg is french/JS.svg with B in its corners (D for the
    queen): the same figure and title; only the index group differs."""
    index = re.compile(r'<g id="i">.*?</g>', re.S)
    assert relettered("de") == {"J": "B", "Q": "D"} and relettered("en") == relettered("it") == {}
    for rank, letter in relettered("de").items():
        for suit in "SHDC":
            german = (CARDS / f"french-de/{rank}{suit}.svg").read_text()
            french = (CARDS / f"french/{rank}{suit}.svg").read_text()
            assert index.sub("", german) == index.sub("", french)
            assert make_cards.GLYPHS[letter][1] in index.search(german).group()
            assert make_cards.GLYPHS[rank][1] not in index.search(german).group()
