"""What a device remembers to judge duel links (game/web/duel_trust.py) and
how the page's duel moves between phases and marks its ranking
(game/web/duel_view.py): trust on first use, this device's own runs, the
phase table, the ranking's marks and warnings in every language."""

from __future__ import annotations

import json
import random

import pytest

from game import Game
from game.duel import Challenge, Run, decode_challenge, encode_challenge, verify
from game.web import duel_trust as dt
from game.web import duel_view as dv
from game.web.storage import Store
from game.web.texts.ui import t
from tests.duel_keys import Device

LANGS = ("en", "de", "it")


class Backend:
    """localStorage as a dict."""

    def __init__(self, items=None):
        self.items = dict(items or {})

    def getItem(self, key):
        return self.items.get(key)

    def setItem(self, key, value):
        self.items[key] = value

    def removeItem(self, key):
        self.items.pop(key, None)


def played(name, seed=2, rng=1, limit=300) -> Game:
    r = random.Random(rng)
    g = Game.new("solitario", seed, time_limit=limit)
    t_ = 0.0
    for _ in range(6):
        t_ += r.randint(8, 20) / 10
        g.play(r.choice(g.legal_moves()), t_)
    g.resign(t_ + 1)
    return g


ANN, ANN_ELSEWHERE, BEA = Device(1), Device(2), Device(3)


def signed(*entries, seed=2) -> Challenge:
    c = Challenge("solitario", seed, 300)
    for device, name, rng in entries:
        c = device.play(c, name, played(name, seed, rng))
    return decode_challenge(encode_challenge(c))


# --- trust on first use -----------------------------------------------------------------------------


def test_a_key_is_remembered_the_first_time_and_a_new_one_flagged():
    trust = dt.Trust(Store(Backend()))
    first = signed((ANN, "Ann", 1))
    assert trust.flags(first) == []
    trust.seen(first)
    assert trust.flags(signed((ANN, "Ann", 5))) == []  # the same key again
    later = signed((ANN_ELSEWHERE, "Ann", 1), (BEA, "Bea", 2))
    assert trust.flags(later) == [dt.Flag("Ann", "new-key", "Ann")]
    trust.seen(later)  # the first key stays: the flag stays
    assert trust.flags(later) == [dt.Flag("Ann", "new-key", "Ann")]


def test_look_alikes_share_the_remembered_key():
    trust = dt.Trust(Store(Backend()))
    trust.seen(signed((ANN, "Ian", 1)))
    for other in ("IAN", "lan", "ian"):
        assert trust.flags(signed((ANN_ELSEWHERE, other, 1))) == [dt.Flag(other, "new-key", "Ian")]
    assert trust.flags(signed((ANN_ELSEWHERE, "Ivo", 1))) == []


def test_an_unsigned_run_under_a_name_that_signed_before_is_flagged():
    trust = dt.Trust(Store(Backend()))
    trust.seen(signed((ANN, "Ann", 1)))
    bare = Challenge("solitario", 2, 300, (Run.from_game("Ann", played("Ann")),))
    assert trust.flags(bare) == [dt.Flag("Ann", "unsigned", "Ann")]
    assert dv.row_marks("en", verify(bare).players[0], trust.flags(bare))[0][0] == "unsigned-now"


def test_the_key_book_is_kept_bounded_and_read_back():
    backend = Backend()
    trust = dt.Trust(Store(backend))
    for i in range(dt.MAX_KEYS + 5):
        trust.book.learn([Run(f"P{i}", "solitario", 2, 300, (), ANN.key, b"\1" * 64)])
    trust.store.write(dt.KEYS_KEY, trust.book.to_json())  # as stored: seen() builds on the stored book
    trust.seen(signed((BEA, "Bea", 2)))
    assert len(trust.book.entries) == dt.MAX_KEYS
    again = dt.Trust(Store(backend))
    assert again.book.entries == trust.book.entries and not again.damaged


def test_runs_and_keys_from_two_tabs_are_all_kept():
    """Two tabs, each with the book and runs it read when it opened: each
    run played is added to what is stored by then, not to the tab's copy."""
    backend = Backend()
    first, second = dt.Trust(Store(backend)), dt.Trust(Store(backend))
    ann, bea = signed((ANN, "Ann", 1)).runs[0], signed((BEA, "Bea", 2)).runs[0]
    first.played(ann)
    second.played(bea)
    again = dt.Trust(Store(backend))
    assert again.played_here(ann) and again.played_here(bea)
    assert {name for name, _ in again.book.entries} == {"Ann", "Bea"}


# --- this device's runs --------------------------------------------------------------------------------


def test_a_link_that_changes_a_run_played_here_is_flagged():
    backend = Backend()
    trust = dt.Trust(Store(backend))
    mine = signed((ANN, "Ann", 1))
    trust.played(mine.runs[0])
    assert trust.played_here(mine.runs[0])
    assert trust.flags(mine) == []
    # Bea's reply with Ann's run cut, made unsigned, and Bea's own run signed over it.
    cut = Run("Ann", "solitario", 2, 300, mine.runs[0].actions[:2])
    forged = BEA.play(Challenge("solitario", 2, 300, (cut,)), "Bea", played("Bea", rng=4))
    flags = dt.Trust(Store(backend)).flags(forged)  # read back from storage
    assert flags == [dt.Flag("Ann", "changed", "Ann")]
    assert dv.flag_sentences("en", flags)[0].startswith("Careful: this link changes a game played on this device")
    # The same name on another deal is another game: nothing to say.
    assert trust.flags(signed((ANN_ELSEWHERE, "Ann", 1), seed=3)) == [dt.Flag("Ann", "new-key", "Ann")]


def test_two_games_on_one_deal_under_one_name_are_both_this_devices():
    trust = dt.Trust(Store(Backend()))
    one, two = signed((ANN, "Ann", 1)), signed((ANN, "Ann", 7))
    trust.played(one.runs[0])
    trust.played(two.runs[0])
    assert trust.flags(one) == trust.flags(two) == []


@pytest.mark.parametrize(
    "key, value",
    [
        (dt.KEYS_KEY, "not json"),
        (dt.KEYS_KEY, json.dumps({"v": 1, "keys": [["Ann"]]})),
        (dt.KEYS_KEY, json.dumps({"v": 1, "keys": [["\u0410nn", "A" * 44]]})),  # a name no link may carry
        (dt.KEYS_KEY, json.dumps({"v": 2, "keys": []})),
        (dt.RUNS_KEY, json.dumps({"v": 1, "runs": [{"g": "chess"}]})),
        (
            dt.RUNS_KEY,
            json.dumps({"v": 1, "runs": [{"g": "solitario", "s": 2, "l": 300, "n": "A", "m": "", "t": [-1]}]}),
        ),
        (dt.RUNS_KEY, json.dumps([1, 2])),
    ],
)
def test_damaged_values_are_set_aside(key, value):
    backend = Backend({key: value})
    trust = dt.Trust(Store(backend))
    assert trust.damaged
    assert backend.items.get(key + ".corrupt") == value and key not in backend.items
    trust.played(signed((ANN, "Ann", 1)).runs[0])  # and it starts remembering afresh
    assert dt.Trust(Store(backend)).mine.items


# --- the phase of a duel on the page ------------------------------------------------------------------


def test_the_phase_table():
    P = dv.Phase
    walk = [
        (P.IDLE, "link", P.CHECKING),
        (P.CHECKING, "checked", P.VIEWING),
        (P.VIEWING, "play", P.PLAYING),
        (P.PLAYING, "ended", P.SIGNING),
        (P.SIGNING, "signed", P.DONE),
        (P.DONE, "play", P.PLAYING),  # the next player
        (P.PLAYING, "leave", P.IDLE),
    ]
    for before, event, after in walk:
        assert dv.next_phase(before, event) is after
    assert dv.next_phase(P.CHECKING, "refused") is P.IDLE
    assert dv.next_phase(P.DONE, "view") is P.VIEWING
    for phase in P:
        assert dv.next_phase(phase, "leave") is P.IDLE
    with pytest.raises(ValueError, match="cannot go from idle"):
        dv.next_phase(P.IDLE, "ended")
    with pytest.raises(ValueError):
        dv.next_phase(P.CHECKING, "play")  # no run starts before the link is checked
    assert [p for p in P if p.active] == [P.VIEWING, P.PLAYING, P.SIGNING, P.DONE]


# --- names, marks and warnings -------------------------------------------------------------------------


def test_name_problems_for_look_alikes():
    assert dv.name_problem("\u0410nn") == ("duel.name_scripts", {})
    assert dv.name_problem("lan", ["Ian"]) == ("duel.name_alike", {"name": "lan", "other": "Ian"})
    assert dv.name_problem("IAN", ["Ian"]) == ("duel.name_taken", {"name": "IAN"})
    assert dv.name_problem("Ann\u3164") == ("duel.name_chars", {})
    assert dv.name_problem("Анна", ["Ann"]) is None


def test_marks_and_notes_in_every_language():
    cheat = Game.new("retinue", 4)
    for _ in range(52):
        cheat.play(cheat.legal_moves()[0], 0.0)
    c = Challenge("retinue", 4, None, (Run.from_game("Bea", cheat),))
    c = ANN.play(c, "Ann", played_retinue())
    verdict = verify(decode_challenge(encode_challenge(c)))
    flags = [dt.Flag("Ann", "new-key", "ann")]
    for lang in LANGS:
        rows = dv.ranking_rows(lang, verdict, ["Ann"], flags)
        assert [r.name for r in rows] == ["Ann", "Bea"]
        assert [k for k, _, _ in rows[0].marks] == ["new-key"]
        assert [k for k, _, _ in rows[1].marks] == ["implausible", "unsigned"]
        for _, words, why in rows[0].marks + rows[1].marks:
            assert words and why and "{" not in words + why
        (note,) = dv.pace_notes(lang, verdict)
        assert "Bea" in note and "{" not in note
        for flag in (*flags, dt.Flag("Ann", "changed", "Ann"), dt.Flag("Ann", "unsigned", "ann")):
            (sentence,) = dv.flag_sentences(lang, [flag])
            assert "Ann" in sentence and "{" not in sentence
        assert t(lang, "duel.no_help") != t("en", "duel.no_help") or lang == "en"


def played_retinue() -> Game:
    g = Game.new("retinue", 4)
    for i in range(52):
        g.play(g.legal_moves()[0], 1.0 + 0.9 * i)
    return g


def test_facts_say_which_runs_are_signed():
    c = signed((ANN, "Ann", 1))
    assert dv.facts("en", c)[-1] == ("Signature", "signed on each player's device")
    c = c.add_run(Run.from_game("Bea", played("Bea", rng=2)).linked())
    assert dv.facts("en", c)[-1] == ("Signature", "none for Bea")


def test_a_session_signs_what_the_link_will_carry():
    session = dv.Session.new("solitario", 2, 300, ["Ann", "Bea"])
    run = session.run_of(played("Ann"))
    sig_run = ANN.sign(session.challenge, run)
    assert session.message(run, ANN.key) == __import__("game").duel.signed_message(session.challenge, run, ANN.key)
    recorded = session.record(sig_run)
    assert recorded.key == ANN.key
    bea = BEA.sign(session.challenge, session.run_of(played("Bea", rng=3)))
    session.record(bea)
    assert [p.signed for p in session.verdict().players] == [True, True]
    assert dv.token_of(session.challenge) == session.token()


def test_the_keys_of_players_played_against_outlast_the_cap():
    """Issue 41: after 38 links of 8 new names, a remembered key was
    forgotten. The keys of names this device played against are kept
    before any other (the oldest strangers go first)."""
    backend = Backend()
    me = dt.Trust(Store(backend))
    game_with_bea = signed((BEA, "Bea", 2))
    mine = Run.from_game("Ann", played("Ann", rng=4))
    together = game_with_bea.add_run(mine)
    me.played(together.runs[-1], together)  # Ann played against Bea
    assert "Bea" in me.book.against
    for link in range(38):  # 304 strangers
        runs = [Run(f"P{link}x{i}", "solitario", 2, 300, (), ANN_ELSEWHERE.key, b"\1" * 64) for i in range(8)]
        me.seen(Challenge("solitario", 2, 300, tuple(runs)))
    assert len(me.book.entries) == dt.MAX_KEYS
    assert me.book.known("Bea") == ("Bea", dt.key_text(BEA.key))
    assert me.book.known("P0x0") is None  # the oldest stranger went
    again = dt.Trust(Store(backend))  # as stored
    assert again.book.known("Bea") == ("Bea", dt.key_text(BEA.key)) and not again.damaged
    assert again.flags(signed((ANN_ELSEWHERE, "Bea", 2))) == [dt.Flag("Bea", "new-key", "Bea")]
