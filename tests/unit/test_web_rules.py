"""The rules dialog is built from the spec (game/web/texts/rules): a game
added to the catalog gets correct rules in English, German and Italian with
no other edit, and every language has the same pieces with the same fields."""

from __future__ import annotations

import re
import string

import pytest

from game import catalog
from game.catalog import PLAYER_GAMES, get_spec
from game.spec import even_deal
from game.web.texts import rules
from game.web.texts.rules import Item, game_rules, words

LANGS = ("en", "de", "it")
TABLES = (
    "TITLES",
    "TABLE",
    "W",
    "BUILD",
    "EMPTY",
    "MOVES",
    "RUN_LIMIT",
    "SHUFFLE",
    "STOCK",
    "STALL",
    "GUARANTEE",
    "CARDS",
    "SCORING",
    "LABELLED",
    "OWN",
)


def fields(text) -> set[str]:
    """The figures a text names (``Copies_w`` is ``copies_w`` at the start of a sentence)."""
    text = text.text if isinstance(text, Item) else text
    return {name.lower() for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def leaves(value, path=()):
    """(path, text) for every text of a words table, however nested."""
    if isinstance(value, (str, Item)):
        yield path, value
    elif isinstance(value, dict):
        for key, inner in value.items():
            yield from leaves(inner, (*path, key))
    else:
        for i, inner in enumerate(value):
            yield from leaves(inner, (*path, i))


def text_of(lang: str, game_id: str) -> str:
    return "\n".join(i.text for s in game_rules(lang, game_id) for i in s.items)


def numbers(text: str) -> set[int]:
    return {int(n) for n in re.findall(r"\d+", text)}


def marked(lang: str, game_id: str) -> set[str]:
    return {i.decided for s in game_rules(lang, game_id) for i in s.items if i.decided}


@pytest.mark.parametrize("table", TABLES)
def test_every_language_has_the_same_pieces_with_the_same_fields(table):
    english = dict(leaves(getattr(words("en"), table)))
    for lang in LANGS[1:]:
        other = dict(leaves(getattr(words(lang), table)))
        assert set(other) == set(english), f"{lang} {table}: {set(english) ^ set(other)}"
        for path, text in english.items():
            assert fields(other[path]) == fields(text), (lang, table, path)
            if isinstance(text, Item):
                assert isinstance(other[path], Item) and other[path].decided == text.decided, (lang, table, path)


@pytest.fixture
def added(monkeypatch):
    """Add specs to the catalog for one test, as a new catalog entry would."""

    def add(spec):
        monkeypatch.setitem(catalog.GAMES, spec.id, spec)
        return spec

    return add


def test_a_forty_thieves_variant_added_to_the_catalog_has_its_own_figures_in_every_language(added):
    spec = added(
        catalog.FORTY_THIEVES.variant(
            id="forty-eight-test",
            name="Forty-Eight",
            deal=even_deal(8, 5, down=2),
            build="alternate",
            runs=True,
            redeals=1,
        )
    )
    stock = 104 - 8 * 5
    for lang in LANGS:
        w = words(lang).W
        text = text_of(lang, spec.id)
        assert not re.search(r"\{\w+\}", text), text
        # columns, cards per column, face-down cards, stock, build, runs, redeals, points
        assert w["even_down"].format(columns=8, per_column=5) in text
        assert w["some_down"].format(down_w=words(lang).NUMBERS[2], up_w=words(lang).NUMBERS[3]) in text
        assert w["stock_left"].format(stock=stock) in text
        assert words(lang).BUILD["alternate"] in text
        assert w["runs"] in text and w["one_card"] not in text
        assert words(lang).EMPTY["any"][True] in text
        assert w["reveal"] in text
        assert w["redeal_n"].format(redeals=1, passes=2) in text and w["no_redeal"] not in text
        assert w["stock_play"] in text
        assert words(lang).SCORING["forty-thieves"][0].text.format(per_card=5, best=520) in text
        assert w["undo_free"] in text
        assert {8, 5, stock, 1, 2, 520, 104} <= numbers(text)
        assert numbers(text) == numbers(text_of("en", spec.id)), lang
        # the family's decisions, told as for every member
        assert marked(lang, spec.id) == marked(lang, "forty-thieves")


def test_a_klondike_variant_without_a_name_of_its_own_reads_its_figures(added):
    """A Reloaded deal drawing three with no redeal and free, unlimited undo:
    nothing of Reloaded's own words (its duel line) that belongs to its id."""
    spec = added(
        get_spec("reloaded").variant(
            id="reloaded-test", name="Test", draw=3, redeals=0, undo_depth=None, undo_cost=0, redo=True
        )
    )
    for lang in LANGS:
        w = words(lang).W
        text = text_of(lang, spec.id)
        assert w["stairs"].format(columns=7, dealt=28, last=7) in text and w["top_up"] in text
        assert w["draw_n"].format(draw=3) in text
        assert w["no_redeal"] in text
        assert w["undo_free"] in text
        assert words(lang).EMPTY["king"][True].format(king=_king(lang)) in text
        assert words(lang).OWN["reloaded"]["goal_more"] not in text
        assert "undo-depth-3" not in marked(lang, spec.id)


def _king(lang: str) -> str:
    from game.web.texts.cards import rank_name

    return rank_name(lang, "K")


def test_a_deal_of_another_shape_is_told_column_by_column(added):
    """FreeCell's shape (8 columns of 7 and 6, all face up), as a variant of
    the family: no template of its own needed."""
    deal = ((0, 7),) * 4 + ((0, 6),) * 4
    spec = added(catalog.FORTY_THIEVES.variant(id="wide-test", name="Wide", deal=deal))
    text = text_of("en", spec.id)
    assert "8 columns, holding 7, 7, 7, 7, 6, 6, 6 and 6 cards from left to right. All of them lie face up." in text
    assert "The other 52 cards form the stock, face down." in text
    for lang in LANGS:
        assert numbers(text_of(lang, spec.id)) == numbers(text)


@pytest.mark.parametrize("game", PLAYER_GAMES)
def test_every_game_states_its_spec_figures(game):
    spec = get_spec(game)
    figures = rules.figures("en", spec)
    assert not set(rules.spec_figures("en", spec)) & set(spec.scoring.scheme.figures(spec))  # none hides another
    text = text_of("en", game)
    assert str(spec.card_count) in text
    if spec.has_stock:
        assert str(figures["stock"]) in text
    if spec.draw > 1:
        assert str(spec.draw) in text
    if spec.undo_depth:
        assert str(spec.undo_depth) in text
    best = spec.scoring.scheme.figures(spec).get("best")
    if best is not None:
        assert str(best) in text


def test_the_rules_take_every_game_from_the_catalog_not_from_a_list_of_their_own():
    assert set(rules.RULES) == set(PLAYER_GAMES)
    # a game the words give nothing of their own still has whole rules
    plain = [g for g in PLAYER_GAMES if g not in words("en").OWN]
    assert "maria" in plain
    with pytest.raises(KeyError):
        game_rules("en", "no-such-game")


@pytest.mark.parametrize("game", list(catalog.GAMES))
def test_every_game_of_the_catalog_has_whole_rules_in_every_language(game):
    """The hidden games too (plain Klondike): a game the words know nothing
    of gets every section, every field filled, the same figures in each language."""
    english = text_of("en", game)
    for lang in LANGS:
        keys = [s.key for s in game_rules(lang, game)]
        assert {"goal", "layout", "moves", "scoring", "undo", "end", "table", "controls"} <= set(keys)
        assert keys == sorted(keys, key=[*rules.ORDER, "table", "controls"].index)
        text = text_of(lang, game)
        assert not re.search(r"[{}]", text), (game, lang)
        assert numbers(text) == numbers(english), (game, lang)
        assert marked(lang, game) == marked("en", game), (game, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_classics_pieces_are_told_from_their_specs(lang):
    """RULES.md section 5: FreeCell's cells and supermove, Spider's row deal,
    decks of one and two suits and runs that go home, Yukon's groups and its
    five face-up cards, Klondike's turnover cost per variant."""
    w = words(lang)
    n = w.NUMBERS
    freecell = text_of(lang, "freecell")
    assert w.W["cells"].format(cells_w=n[4]) in freecell and w.W["cell_moves"] in freecell
    assert w.RUN_LIMIT["supermove"].text in freecell
    spider = text_of(lang, "spider-1")
    assert w.STOCK["row"][0].format(columns=10, stock=50, deals=5) in spider
    assert w.W["runs_home"].format(king=_king(lang), ace=_ace(lang)) in spider
    assert w.MOVES["suit-runs"] in spider and w.BUILD["any-suit"] in spider
    assert w.W["waste"] not in spider and w.W["draw_1"].format() not in spider
    assert "(" + _suits(lang, "S") + ")" in spider and "(" + _suits(lang, "SH") + ")" in text_of(lang, "spider-2")
    yukon = text_of(lang, "yukon")
    assert w.W["top_n_up"].format(most_up_w=n[5]) in yukon and w.MOVES["groups"] in yukon
    assert w.EMPTY["king"]["groups"].format(king=_king(lang)) in yukon
    turnover = w.SCORING["classic"][4]
    assert turnover.format(turnover=100) in text_of(lang, "klondike-1")
    assert turnover.format(turnover=20) in text_of(lang, "klondike-3")
    assert turnover.format(turnover=100) not in text_of(lang, "klondike-3")
    assert not {100, 20} & numbers(yukon)  # no waste, no turnover cost


def _ace(lang: str) -> str:
    from game.web.texts.cards import rank_name

    return rank_name(lang, "A")


def _suits(lang: str, suits: str) -> str:
    from game.web.texts.cards import suit_name

    return words(lang).AND.join(suit_name(lang, s) for s in suits)
