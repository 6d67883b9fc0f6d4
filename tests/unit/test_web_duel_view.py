"""Duels in the page, the plain-Python part (game/web/duel_view.py): the ghost
score against ``duel.score_at``, the session of a duel on one device and by
link, names, addresses, the ranking table and its words."""

from __future__ import annotations

import random

import pytest

from game import Game, duel
from game.duel import Challenge, Run, decode_challenge, encode_challenge, score_at, verify
from game.web import duel_view as dv
from game.web.hud import Hud
from game.web.texts.ui import t

LANGS = ("en", "de", "it")


def playout(game_id, seed, actions, time_limit=None, rng=None, resign=False):
    """Random legal play with human-like, millisecond times (as the page logs them)."""
    rng = rng or random.Random(seed)
    g = Game.new(game_id, seed, time_limit=time_limit)
    at = 0.0
    while g.status == "playing" and g.actions < actions:
        at = round(at + rng.randint(2, 40) / 10 + rng.randint(0, 999) / 1000, 3)
        if time_limit is not None and at >= time_limit:
            break
        if g.undo_steps and rng.random() < 0.05:
            g.undo(at)
            continue
        moves = g.legal_moves()
        progress = [m for m in moves if not m.is_stock_action]
        g.play(rng.choice(progress if progress and rng.random() < 0.85 else moves), at)
    if resign and g.status == "playing":
        g.resign(round(at + 1.234, 3))
    return g


def decoded_run(name, game) -> Run:
    """A run as a device that opened the link holds it (times in tenths)."""
    return decode_challenge(encode_challenge([Run.from_game(name, game)])).runs[0]


# --- the ghost ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "game_id, seed, limit, resign",
    [
        ("reloaded", 3, 300, False),  # timed, still playing at its last action: runs on to the limit
        ("reloaded", 4, 180, True),  # gave up; Reloaded's clock points stop there
        ("solitario", 7, None, False),  # untimed, stopped: counts as given up at its last action
        ("solitario", 9, 600, True),
        ("retinue", 5, None, False),  # the falling bonus is paid only on a win
        ("forty-thieves", 2, None, True),
    ],
)
def test_the_ghost_is_score_at_every_tenth_of_a_second(game_id, seed, limit, resign):
    run = decoded_run("Ann", playout(game_id, seed, 60, limit, resign=resign))
    ghost = dv.Ghost(run)
    last = float(run.actions[-1].split("@")[1]) if run.actions else 0.0
    end = (limit if limit is not None else last) + 25
    step = 0
    while step / 10 <= end:
        at = step / 10
        assert ghost.score(at) == score_at(run, at), (at, run.actions)
        step += 1 if step < 400 else 7  # every tenth for a while, then sparser
    assert ghost.score(1e8) == verify(Challenge.of([run])).players[0].score


def test_the_ghost_at_odd_times_and_going_back():
    run = decoded_run("Ann", playout("reloaded", 8, 50, 300))
    ghost = dv.Ghost(run)
    rng = random.Random(1)
    times = sorted(rng.uniform(0, 320) for _ in range(200))
    times += [float(a.split("@")[1]) for a in run.actions]  # exactly at an action
    for at in times + [5.0, 0.0, 17.3]:  # then back in time: it replays from the start
        assert ghost.score(at) == score_at(run, at), at


def test_rivals_follow_the_leader_and_the_earlier_run_wins_a_tie():
    a = decoded_run("Ann", playout("solitario", 11, 40, 300))
    b = decoded_run("Bea", playout("solitario", 11, 40, 300, rng=random.Random(99)))
    rivals = dv.Rivals([a, b])
    assert rivals
    for at in range(0, 301, 3):
        sa, sb = score_at(a, at), score_at(b, at)
        expected = ("Ann", sa) if sa >= sb else ("Bea", sb)
        assert rivals.leader(at) == expected
    assert not dv.Rivals([])
    assert dv.Rivals([]).leader(3) is None


def test_lead():
    assert dv.lead(120, 100) == ("ahead", 20, "+20")
    assert dv.lead(80, 100) == ("behind", 20, "\u221220")
    assert dv.lead(5, 5) == ("level", 0, "=")
    assert dv.lead_sentence("en", "Ann", 120, 100) == "You lead Ann by 20"
    assert dv.lead_sentence("en", "Ann", 80, 100) == "Ann leads by 20"
    assert dv.lead_sentence("de", "Ann", 5, 5) == "Gleichstand mit Ann"


def test_the_hud_calls_the_ghost_after_each_update():
    class Node:
        def __init__(self):
            self.textContent, self.hidden, self.title = "", False, ""

        def setAttribute(self, *a):
            pass

        def removeAttribute(self, *a):
            pass

    nodes = [Node() for _ in range(9)]
    hud = Hud(*nodes)
    game = Game.new("reloaded", 1)
    hud.reset(game, "en")
    seen = []
    hud.after_update = lambda g, at: seen.append((g, at))
    hud.update(game, 12.5)
    assert seen == [(game, 12.5)]


# --- the session ---------------------------------------------------------------------------


def test_pass_and_play_session_ranks_like_the_link_it_makes():
    session = dv.Session.new("solitario", 7, 180, ["Ann", "Bea"])
    assert session.current == "Ann" and not session.finished and not session.rivals()
    assert session.token() is None and session.verdict() is None
    a = session.record(playout("solitario", 7, 30, 180, resign=True))
    assert a.name == "Ann" and session.current == "Bea"
    assert [g.name for g in session.rivals().ghosts] == ["Ann"]
    session.record(playout("solitario", 7, 30, 180, rng=random.Random(5)))
    assert session.finished and session.current is None
    token = session.token()
    assert session.verdict() == verify(decode_challenge(token))
    # The runs were stored as the link carries them (tenths of a second).
    assert session.challenge == decode_challenge(token)


def test_a_local_tie_is_drawn_as_every_device_draws_it():
    """Two players who never score tie at move 0: the draw hashes their
    actions, so the device that played must hash the link's times too."""
    session = dv.Session.new("reloaded", 2, 300, ["Ann", "Bea"])
    for name in ("Ann", "Bea"):
        g = Game.new("reloaded", 2, time_limit=300)
        g.play("draw", 1.2345 if name == "Ann" else 2.7182)
        g.resign(3.3333)
        session.record(g)
    here = session.verdict()
    there = verify(decode_challenge(session.token()))
    assert here.ranking == there.ranking
    assert [p.score for p in here.players] == [0, 0]


def test_answering_a_link_adds_a_run_and_the_reply_carries_both():
    challenge = decode_challenge(encode_challenge([Run.from_game("Ann", playout("reloaded", 5, 30, 300))]))
    session = dv.Session.answer(challenge, "Bea")
    assert session.from_link and session.taken() == ["Ann"] and session.current == "Bea"
    assert [g.name for g in session.rivals().ghosts] == ["Ann"]
    session.record(playout("reloaded", 5, 20, 300, rng=random.Random(3), resign=True))
    reply = decode_challenge(session.token())
    assert [r.name for r in reply.runs] == ["Ann", "Bea"]
    assert reply.runs[0] == challenge.runs[0]
    assert verify(reply).ranking == session.verdict().ranking


def test_untimed_tie_for_first_offers_a_rematch_with_the_same_players():
    session = dv.Session.new("retinue", 4, None, ["Ann", "Bea"])
    for _name in ("Ann", "Bea"):
        g = Game.new("retinue", 4)
        g.resign(2.0)
        session.record(g)
    verdict = session.verdict()
    assert verdict.ranking.rematch is not None
    again = session.rematch(verdict.ranking.rematch)
    assert again.deal == ("retinue", verdict.ranking.rematch, None)
    assert again.queue == ["Ann", "Bea"] and not again.challenge.runs
    assert dv.winner_title("en", verdict) == "A tie for first place"
    assert dv.tie_notes("en", verdict)[-1] == t("en", "duel.rematch_note")


# --- names and addresses --------------------------------------------------------------------


def test_names():
    assert dv.clean_name("  Ann   Lee ") == "Ann Lee"
    assert dv.clean_name(None) == ""
    assert dv.name_problem("") == ("duel.name_empty", {})
    assert dv.name_problem("x" * 25) == ("duel.name_long", {"max": duel.MAX_NAME})
    assert dv.name_problem("ANN", ["Bea", "ann"]) == ("duel.name_taken", {"name": "ANN"})
    assert dv.name_problem("A\u202eB") == ("duel.name_chars", {})
    assert dv.name_problem("Zoë 🃏") is None
    assert dv.players_problem(["Ann", "Bea"]) is None
    assert dv.players_problem(["Ann", "", "Cid"]) == (1, "duel.name_empty", {})
    assert dv.players_problem(["Ann", "Bea", "bea"]) == (2, "duel.name_taken", {"name": "bea"})
    assert dv.players_problem(["Cid"], taken=["cid"]) == (0, "duel.name_taken", {"name": "Cid"})
    assert dv.players_problem([f"P{i}" for i in range(9)])[1] == "duel.too_many"


def test_addresses():
    assert dv.address_has_duel("?duel=s1.abc")
    assert dv.address_has_duel("?lang=de&duel=")
    assert dv.address_has_duel("", "#duel=s1.abc")
    assert not dv.address_has_duel("?game=reloaded&seed=3", "#x")
    assert not dv.address_has_duel("?duelx=1")
    assert (
        dv.challenge_link("https://example.org/games/sol/index.html?game=reloaded&seed=3#top", "s1.AB-_")
        == "https://example.org/games/sol/index.html?duel=s1.AB-_"
    )
    assert (
        dv.challenge_link("http://127.0.0.1:8000/sub/dir/?duel=s1.old", "s1.new")
        == "http://127.0.0.1:8000/sub/dir/?duel=s1.new"
    )
    assert dv.duel_query("s1.x") == "?duel=s1.x"
    token = encode_challenge([Run.from_game("Ann", playout("lucas", 3, 10))])
    link = dv.challenge_link("http://h/p/?game=lucas", token)
    assert decode_challenge(link).runs[0].name == "Ann"


# --- words ------------------------------------------------------------------------------------


def test_limits_statuses_and_facts_in_every_language():
    assert [dv.limit_text("en", x) for x in dv.TIME_CHOICES] == ["3 min", "5 min", "10 min", "Untimed"]
    assert dv.limit_text("de", 600) == "10 Min."
    assert dv.status_text("en", "stalled", "retinue") == "Chain ended"
    assert dv.status_text("it", "time-up") == "Tempo scaduto"
    assert dv.names_text("en", ["Ann"]) == "Ann"
    assert dv.names_text("en", ["Ann", "Bea", "Cid"]) == "Ann, Bea and Cid"
    assert dv.names_text("it", ["Ann", "Bea"]) == "Ann e Bea"
    challenge = decode_challenge(encode_challenge([Run.from_game("Ann", playout("solitario", 7, 5, 180))]))
    for lang in LANGS:
        lines = dv.facts(lang, challenge)
        assert len(lines) == 5 and all(label and value for label, value in lines)
        assert "{" not in " ".join(v for _, v in lines)
    assert [v for _, v in dv.facts("en", challenge)] == ["Solitario", "Game 7", "3 min", "Ann", "none for Ann"]


def _tied_pair(first_moves: int, second_moves: int):
    """Ann and Bea with equal scores, reached at the given move numbers."""
    runs = []
    for name, at_move in (("Ann", first_moves), ("Bea", second_moves)):
        g = Game.new("solitario", 2, time_limit=180)
        scoring = "t3>t4"  # turns a card: +5, and draws leave the columns alone
        for _ in range(at_move - 1):
            g.play("draw", g.clock + 1)
        g.play(scoring, g.clock + 1)
        g.resign(g.clock + 1)
        runs.append(Run.from_game(name, g))
    return verify(decode_challenge(encode_challenge(runs)))


def test_ranking_rows_and_tie_notes():
    verdict = _tied_pair(3, 1)  # both score the same; Bea reached it first
    rows = dv.ranking_rows("en", verdict, ["Ann"])
    assert [(r.place, r.name, r.local) for r in rows] == [(1, "Bea", False), (2, "Ann", True)]
    assert rows[0].score == rows[1].score and rows[0].final_move == 1 and rows[1].final_move == 3
    assert rows[0].status == "Gave up"
    (note,) = dv.tie_notes("en", verdict)
    assert note.startswith("Bea and Ann both scored") and "(1, not 3)" in note
    assert dv.winner_title("en", verdict) == "Bea wins"
    assert dv.winner_title("en", verdict, ["Bea"]) == "You win!"
    same = _tied_pair(1, 1)
    (note,) = dv.tie_notes("de", same)
    assert "Los" in note
    for lang in LANGS:
        for text in dv.tie_notes(lang, verdict) + dv.tie_notes(lang, same):
            assert "{" not in text


def test_each_panel_page_shows_a_section_of_the_duel_dialog_markup():
    from pathlib import Path

    from game.web.duel_view import Panel

    html = (Path(__file__).resolve().parents[2] / "index.html").read_text(encoding="utf-8")
    dialog = html[html.index('<dialog id="duel-dialog"') : html.index("</dialog>", html.index('id="duel-dialog"'))]
    for panel in Panel:
        assert f'id="{panel.section}"' in dialog, panel
    assert Panel.RANKING.section == Panel.RESULT.section  # the ranking is a result, read later
