"""The command line under fuzzing (issue 18): garbage tokens, mutated
positions, huge and negative numbers, unicode, deep nesting, broken links.
Every run answers one line of JSON and exits 0, or 2 with ``{"error": ...}``;
never a traceback, never "internal error", never a hang.

``game.cli.main`` runs in-process for speed; a few real ``python -m game``
runs check the same at the process boundary. ``./test tests/unit/test_cli_fuzz.py
--fuzz-deep`` (or ``SOLITAIRE_FUZZ_DEEP=1``) tries many more examples, with a
new random start each time.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import time
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import deal, duel, new_game
from game.cli import VERBS, main

ROOT = Path(__file__).resolve().parents[2]
DEEP = os.environ.get("SOLITAIRE_FUZZ_DEEP") == "1"
EXAMPLES = 3000 if DEEP else 120
HANG_GUARD = 30.0  # CPU seconds: not a speed target, only far beyond any honest answer
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture, HealthCheck.data_too_large],
    derandomize=not DEEP,
)

GAME_IDS = ["reloaded", "retinue", "solitario", "forty-thieves", "little-forty", "lucas", "klondike-1"]


def run(argv, stdin: str = "") -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    start = time.process_time()
    try:
        with redirect_stdout(out), redirect_stderr(err):
            code = main(list(argv))
    finally:
        sys.stdin = old
    assert time.process_time() - start < HANG_GUARD, argv
    assert err.getvalue() == "", err.getvalue()
    return code, out.getvalue()


def check(code: int, text: str, argv) -> dict:
    assert code in (0, 2), (code, text, argv)
    assert text.endswith("\n") and text.count("\n") == 1, (text, argv)
    answer = json.loads(text)
    if code == 2:
        assert isinstance(answer, dict) and isinstance(answer.get("error"), str) and answer["error"], argv
        assert not answer["error"].startswith("internal error"), (answer, argv)
    return answer


# --- strategies ------------------------------------------------------------------------------------

numbers = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30),
    st.just(2**53),
    st.just(10**5000),
    st.floats(allow_nan=True, allow_infinity=True),
).map(lambda n: str(n) if not isinstance(n, int) or abs(n) < 10**50 else "9" * 5000)
piles = st.sampled_from(["stock", "waste", "f1", "f8", "f9", "t1", "t7", "t13", "t14", "t0", "x", ""])
move_words = st.one_of(
    st.builds(lambda a, b: f"{a}>{b}", piles, piles),
    st.builds(lambda a, n, b: f"{a}:{n}>{b}", piles, st.integers(-3, 1000), piles),
    st.sampled_from(["draw", "redeal", "undo", "redo", "resign", "draw+waste>t4", "t1>f1+t2>f1", "--help", "-h", "-x"]),
)
tokens = st.one_of(
    move_words,
    st.builds(lambda m, t: f"{m}@{t}", move_words, numbers),
    st.builds(lambda ms: "+".join(ms), st.lists(move_words, min_size=1, max_size=6)),
    st.text(max_size=30),
    st.text(alphabet="+@:>.0123456789tfdrawsoukc-", max_size=40),
)


def mutated_position(data) -> st.SearchStrategy:
    """A real position with one to three things broken in it."""
    base = deal(*data).to_json()
    junk = st.one_of(
        st.none(),
        st.booleans(),
        numbers.map(lambda n: int(n) if n.lstrip("-").isdigit() and len(n) < 20 else n),
        st.text(max_size=8),
        st.just([[[[[]]]]]),
        st.just({"a": 1}),
        st.lists(st.text(max_size=3), max_size=4),
    )

    @st.composite
    def mutate(draw):
        pos = json.loads(json.dumps(base))
        for _ in range(draw(st.integers(1, 3))):
            kind = draw(st.integers(0, 8))
            names = list(pos.get("piles", {}) or ["t1"]) if isinstance(pos.get("piles"), dict) else ["t1"]
            name = draw(st.sampled_from(names))
            if kind == 0:
                pos[draw(st.sampled_from(["game", "piles", "redeals", "turned", "extra"]))] = draw(junk)
            elif kind == 1 and isinstance(pos.get("piles"), dict):
                pos["piles"].pop(name, None)
            elif kind == 2 and isinstance(pos.get("piles"), dict):
                pos["piles"][draw(piles)] = draw(junk)
            elif kind == 3 and isinstance(pos.get("piles"), dict) and isinstance(pos["piles"].get(name), list):
                cards = pos["piles"][name]
                if cards:
                    i = draw(st.integers(0, len(cards) - 1))
                    flipped = cards[i].swapcase() if isinstance(cards[i], str) else cards[i]
                    cards[i] = draw(st.one_of(st.just(flipped), st.text(max_size=4), junk))
            elif kind == 4 and isinstance(pos.get("piles"), dict):
                a, b = draw(st.sampled_from(names)), draw(st.sampled_from(names))
                if isinstance(pos["piles"].get(a), list) and pos["piles"][a] and isinstance(pos["piles"].get(b), list):
                    pos["piles"][b].append(pos["piles"][a].pop())
            elif kind == 5:
                pos["redeals"] = draw(st.one_of(st.integers(-5, 10**6), st.just(10**5000)))
            elif kind == 6:
                pos = draw(st.sampled_from([[pos], "text", 7, None, {"game": pos.get("game")}]))
                break
            elif kind == 7:
                pos["game"] = draw(st.sampled_from(GAME_IDS + ["nope", "", "RELOADED"]))
            else:
                nested = pos
                for _ in range(draw(st.integers(1, 3000))):
                    nested = [nested]
                pos = nested
                break
        return pos

    return mutate()


def dump(value) -> str:
    try:
        return json.dumps(value)
    except (ValueError, RecursionError):
        return "[" * 5000 + "]" * 5000


# --- the fuzz tests -----------------------------------------------------------------------------------


@FUZZ
@given(
    verb=st.one_of(st.sampled_from(VERBS), st.text(max_size=6)),
    game=st.one_of(st.sampled_from(GAME_IDS), st.text(max_size=12)),
    seed=numbers,
    extra=st.lists(tokens, max_size=12),
    flags=st.lists(st.sampled_from(["--at", "--time-limit", "--budget", "--seed", "--position", "--nope"]), max_size=3),
    values=st.lists(numbers, max_size=3),
)
def test_any_arguments(verb, game, seed, extra, flags, values):
    argv = [verb, game, "--seed", seed, *extra]
    for flag, value in zip(flags, values):
        argv += [flag, value]
    if verb == "solve" and "--budget" not in argv:
        argv += ["--budget", "50"]  # a search of the default size takes seconds; its refusals are what is fuzzed
    check(*run(argv), argv)


@FUZZ
@given(data=st.data(), game=st.sampled_from(GAME_IDS), seed=st.integers(0, 50))
def test_mutated_positions_from_a_file_and_stdin(tmp_path_factory, data, game, seed):
    pos = data.draw(mutated_position((game, seed)))
    text = dump(pos)
    moves = data.draw(st.lists(tokens, max_size=5))
    path = tmp_path_factory.mktemp("fuzz") / "p.json"
    path.write_text(text, encoding="utf-8")
    target = data.draw(st.sampled_from(GAME_IDS))
    for argv, stdin in (
        (["play", target, "--position", str(path), *moves], ""),
        (["play", game, "--position", "-", *moves], text),
        (["solve", game, "--position", "-", "--budget", "30"], text),
    ):
        check(*run(argv, stdin), argv)


@FUZZ
@given(moves=st.lists(tokens, min_size=1, max_size=30), game=st.sampled_from(GAME_IDS), seed=st.integers(0, 10**6))
def test_garbage_among_real_moves(moves, game, seed):
    g = new_game(game, seed % 1000)
    real = [str(m) for m in g.legal_moves()[:2]]
    argv = ["play", game, "--seed", str(seed % 1000), *real, *moves]
    answer = check(*run(argv), argv)
    if "error" in answer and "index" in answer:
        assert argv[4 + answer["index"]] == answer["move"]


def sample_token() -> str:
    g = new_game("forty-thieves", 3)
    g.play_from_stock("t5", 4)
    g.play("draw@6")
    g.undo(7)
    g.resign(9)
    return duel.encode_challenge([duel.Run.from_game("Ann", g)])


TOKEN = sample_token()


@FUZZ
@given(data=st.data())
def test_mutated_duel_links(data):
    token = TOKEN
    kind = data.draw(st.integers(0, 3))
    if kind == 0:
        i = data.draw(st.integers(3, len(token) - 1))
        token = token[:i] + data.draw(st.characters()) + token[i + 1 :]
    elif kind == 1:
        token = token[: data.draw(st.integers(0, len(token)))]
    elif kind == 2:
        token = data.draw(st.text(max_size=80))
    else:
        token = "index.html?duel=" + token + data.draw(st.text(max_size=10))
    argv = ["verify", token]
    check(*run(argv), argv)


# --- fixed hostile inputs, in-process and as real processes -----------------------------------------------

HOSTILE = [
    ["play", "reloaded", "--seed", "1", "draw", "--help"],
    ["play", "reloaded", "--seed", "-1"],
    ["play", "reloaded", "--seed", "1", "t1>f1@" + "9" * 40],
    ["play", "reloaded", "--seed", "1", "\u202edraw", "t\u0661>f1", "💥"],
    ["deal", "reloaded", "--seed", "9" * 25],
    ["verify", "s1." + "A" * 5000],
    ["solve", "reloaded", "--seed", "1", "--budget", "0"],
    ["--help"],
]


@pytest.mark.parametrize("argv", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_inputs_in_process(argv):
    check(*run(argv), argv)


def test_help_among_the_moves_answers_json():
    code, text = run(["play", "reloaded", "--seed", "1", "draw", "--help"])
    answer = check(code, text, "help")
    assert code == 0 and answer["help"].startswith("usage: python -m game play")


def test_a_huge_number_in_a_position_file_is_refused_not_a_crash(tmp_path):
    path = tmp_path / "big.json"
    path.write_text('{"game": "reloaded", "piles": {}, "redeals": ' + "9" * 5000 + "}", encoding="utf-8")
    code, text = run(["play", "reloaded", "--position", str(path)])
    assert code == 2 and "number too long" in check(code, text, "big")["error"]


def test_a_few_real_processes(tmp_path):
    path = tmp_path / "big.json"
    path.write_text('{"game": "reloaded", "piles": {"t1": ' + "[" * 50_000 + "]" * 50_000 + "}}", encoding="utf-8")
    runs = [["play", "reloaded", "--position", str(path)], *HOSTILE[:4]]
    for argv in runs:
        proc = subprocess.run(
            [sys.executable, "-m", "game", *argv],
            cwd=ROOT,
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=120,
        )
        assert proc.stderr == "", (argv, proc.stderr)
        check(proc.returncode, proc.stdout, argv)
