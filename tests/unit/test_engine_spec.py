"""The spec's vocabulary is checked (game/spec.py, game/scoring.py): closed
vocabularies are enums whose members carry their behaviour and wording, and a
``GameSpec`` refuses an unknown or unplayable value when it is made."""

from __future__ import annotations

import json

import pytest

from game import GAMES, PLAYER_GAMES, get_spec
from game.cards import FRENCH, FRENCH_2
from game.errors import InvalidSpec
from game.scoring import Scoring
from game.spec import Build, EmptyColumn, Guarantee, RulesKind, Stall


def test_members_are_their_text():
    spec = get_spec("indian")
    assert spec.build is Build.OTHER_SUIT and spec.build == "other-suit"
    assert spec.scoring is Scoring.FORTY_THIEVES and spec.scoring == "forty-thieves"
    assert spec.stall == "no-move" and spec.empty_column == "any" and spec.rules == "build"
    assert get_spec("solitario").guarantee is Guarantee.SCORING_MOVE
    assert json.dumps([spec.build, spec.scoring]) == '["other-suit", "forty-thieves"]'
    assert Build("same-suit") is Build.SAME_SUIT


def test_every_member_has_english_wording():
    for vocabulary in (Build, EmptyColumn, Stall, Guarantee, RulesKind, Scoring):
        for member in vocabulary:
            assert isinstance(member.wording, str) and len(member.wording) > 5, member


@pytest.mark.parametrize(
    "build, below, fits, fails",
    [
        (Build.ALTERNATE, "9S", {"8H", "8D"}, {"8S", "8C"}),
        (Build.SAME_SUIT, "9S", {"8S"}, {"8H", "8D", "8C"}),
        (Build.OTHER_SUIT, "9S", {"8H", "8D", "8C"}, {"8S"}),
    ],
)
def test_a_build_member_carries_its_predicate(build, below, fits, fails):
    assert all(build.fits(FRENCH, below, c) for c in fits)
    assert not any(build.fits(FRENCH, below, c) for c in fails)


def test_empty_column_members():
    assert EmptyColumn.KING.takes(FRENCH, "KS") and not EmptyColumn.KING.takes(FRENCH, "QS")
    assert EmptyColumn.ANY.takes(FRENCH, "2D")


def test_a_scoring_member_carries_its_scheme():
    reloaded = Scoring.RELOADED.scheme
    assert reloaded.time_points(25) == -4 and reloaded.win_bonus(100, 0) == 2570 and reloaded.floors_at_zero
    assert Scoring.RETINUE.scheme.time_bonus(10.9) == 950 and Scoring.RETINUE.scheme.bonus_drop == 5
    assert Scoring.NONE.scheme.win_bonus(10, 10) == 0 and Scoring.FORTY_THIEVES.scheme.time_points(999) == 0


@pytest.mark.parametrize(
    "changes, why",
    [
        (dict(scoring="forty-theives"), "scoring 'forty-theives' is unknown"),
        (dict(stall="no-moves"), "stall 'no-moves' is unknown"),
        (dict(build="same_suit"), "build 'same_suit' is unknown"),
        (dict(empty_column="queen"), "empty_column 'queen' is unknown"),
        (dict(guarantee="winnable"), "guarantee 'winnable' is unknown"),
        (dict(draw=0), "draw must be"),
        (dict(draw=3), "played directly"),
        (dict(runs="yes"), "runs must be true or false"),
        (dict(redeals=-1), "redeals must be"),
        (dict(undo_depth=0), "redo needs undo"),
        (dict(foundations=4), "one foundation per Ace"),
        (dict(deal=((0, 4),) * 14), "deal must be 1 to 13"),
        (dict(deal=((0, 30),) * 4), "the deal needs 120 cards"),
        (dict(id="Forty Thieves"), "the id is"),
        (dict(stall="chain-end"), "belongs to Royal Retinue"),
        (dict(deck=FRENCH), "one foundation per Ace: 4"),
    ],
)
def test_a_spec_refuses_what_it_does_not_know(changes, why):
    with pytest.raises(InvalidSpec, match=why):
        get_spec("forty-thieves").variant(**changes)


def test_every_game_passes_its_own_check_and_a_plain_variant_is_fine():
    for spec in GAMES.values():
        assert spec.variant() == spec
    v = get_spec("forty-thieves").variant(id="forty-eight", name="Forty-Eight", build="alternate", deck=FRENCH_2)
    assert v.build is Build.ALTERNATE


def test_what_the_page_asks_the_spec():
    asked = {
        g: (s.has_undo, s.has_redo, s.has_stock, s.stock_play, s.forced, s.shows_bonus, s.family)
        for g, s in ((g, get_spec(g)) for g in PLAYER_GAMES)
    }
    assert asked["reloaded"] == (True, False, True, False, False, False, None)
    assert asked["retinue"] == (False, False, False, False, True, True, None)
    assert asked["solitario"] == (False, False, True, False, False, False, None)
    assert asked["maria"] == (True, True, True, True, False, False, "forty-thieves")
    assert asked["little-forty"] == (True, True, True, False, False, False, "forty-thieves")
    assert get_spec("retinue").labels == ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
    assert get_spec("reloaded").labels == ()
    assert get_spec("reloaded").time_penalty == (2, 10) and get_spec("maria").time_penalty is None
    assert get_spec("retinue").bonus_drop == 5 and get_spec("reloaded").bonus_drop is None
    assert get_spec("solitario").stall_word == "Stallo" and get_spec("reloaded").stall_word is None
