"""The command line of CONTRACT.md, run as ``python -m game`` in a subprocess.

Every answer is one JSON value on stdout; success exits 0; a refused input
exits 2 with ``{"error": ...}`` on stdout, nothing on stderr and never a
traceback. Expected numbers come from RULES.md, worked out by hand.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from game import Game, deal, read_position

ROOT = Path(__file__).resolve().parents[2]
PLAY_KEYS = {"position", "score", "status", "moves", "legal"}
STATUSES = {"playing", "won", "stalled", "time-up", "resigned"}

# RULES.md's table of the nineteen games, in its order: id and number of cards.
GAMES_TABLE = [
    ("reloaded", 52),
    ("retinue", 52),
    ("solitario", 40),
    ("forty-thieves", 104),
    ("indian", 104),
    ("limited", 104),
    ("little-forty", 104),
    ("lucas", 104),
    ("maria", 104),
    ("number-ten", 104),
    ("rank-and-file", 104),
    ("streets", 104),
    ("klondike-1", 52),
    ("klondike-3", 52),
    ("freecell", 52),
    ("spider-1", 104),
    ("spider-2", 104),
    ("spider-4", 104),
    ("yukon", 52),
]
GAME_IDS = [g for g, _ in GAMES_TABLE]


class Result:
    def __init__(self, proc: subprocess.CompletedProcess):
        self.code = proc.returncode
        self.out = proc.stdout
        self.err = proc.stderr

    @property
    def json(self):
        return json.loads(self.out)


def cli(*args: str, stdin: str | None = None, env: dict | None = None) -> Result:
    proc = subprocess.run(
        [sys.executable, "-m", "game", *args],
        cwd=ROOT,
        input=stdin if stdin is not None else "",
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        env=env,
    )
    return Result(proc)


def cli_many(calls: list) -> list[Result]:
    """Run several command lines at once (each a tuple of arguments, or
    ``(args, stdin)``); the results in the same order."""

    def one(call):
        if isinstance(call, tuple) and len(call) == 2 and isinstance(call[0], tuple):
            return cli(*call[0], stdin=call[1])
        return cli(*call)

    with ThreadPoolExecutor(max_workers=4) as pool:
        return list(pool.map(one, calls))


def check_ok(r: Result):
    assert r.code == 0, r.out + r.err
    assert r.err == ""
    assert r.out.endswith("\n") and r.out.count("\n") == 1, "one line of JSON"
    return r.json


def check_refused(r: Result) -> dict:
    assert r.code == 2, f"exit {r.code}: {r.out} {r.err}"
    assert r.err == "", f"stderr must be empty, got {r.err!r}"
    assert "Traceback" not in r.out
    assert r.out.count("\n") == 1
    out = r.json
    assert isinstance(out, dict)
    assert isinstance(out.get("error"), str) and out["error"].strip()
    assert not out["error"].startswith("internal error")
    return out


def check_play(out) -> dict:
    assert isinstance(out, dict) and set(out) == PLAY_KEYS
    assert type(out["score"]) is int and type(out["moves"]) is int
    assert out["status"] in STATUSES
    assert isinstance(out["legal"], list) and all(isinstance(m, str) for m in out["legal"])
    read_position(out["position"])  # a valid position
    return out


# --- a hand-made Reloaded position with known points -----------------------------------
# t2: A♠ on a face-down K♥; t3: 2♠ on a face-down Q♠ (on a face-down 5♦);
# the other columns as a deal lays them (face-down cards under one face-up
# spade, 3♠ to 7♠, so no other card can go home), 24 cards in the stock.
# t2>f1: A♠ home (+10 × 1) and K♥ turns up (+5) = 15.
# t3>f1: 2♠ home (+10 × 2) and Q♠ turns up (+5) = 25; 40 in all.
FRENCH = [r + s for s in "SHDC" for r in "A23456789TJQK"]


def reloaded_hand() -> dict:
    cols = {"t2": ["kh", "AS"], "t3": ["5d", "qs", "2S"]}
    used = {c.upper() for cards in cols.values() for c in cards}
    rest = [c for c in FRENCH if c not in used]
    tops = ["3S", "4S", "5S", "6S", "7S"]
    rest = [c for c in rest if c not in tops]
    for (name, down), top in zip({"t1": 0, "t4": 3, "t5": 4, "t6": 5, "t7": 6}.items(), tops):
        cols[name] = [rest.pop().lower() for _ in range(down)] + [top]
    assert len(rest) == 24
    return {"game": "reloaded", "piles": {"stock": [c.lower() for c in rest], **cols}}


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("positions")

    def write(name: str, content) -> str:
        path = d / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
        return str(path)

    hand = reloaded_hand()
    dealt = deal("reloaded", 5).to_json()
    stock = dealt["piles"]["stock"]
    t3 = dealt["piles"]["t3"]
    assert t3[0].islower() and t3[1].islower() and not t3[2].islower()

    def changed(**piles):
        out = json.loads(json.dumps(dealt))
        out["piles"].update(piles)
        return out

    paths = {
        "hand": write("hand.json", hand),
        "dealt": write("dealt.json", dealt),
        "forty": write("forty.json", deal("forty-thieves", 5).to_json()),
        "dir": str(d),
        "missing": str(d / "no-such-file.json"),
        "binary": write("binary.json", b"\xff\xfe\x00garbage"),
        "not-json": write("not-json.json", "{'game': 'reloaded',"),
        "empty": write("empty.json", ""),
        "list": write("list.json", [1, 2, 3]),
        "string": write("string.json", '"reloaded"'),
        "deep": write("deep.json", "[" * 100_000 + "]" * 100_000),
        "no-game": write("no-game.json", {"piles": dealt["piles"]}),
        "wrong-count": write("wrong-count.json", changed(stock=stock[1:])),
        "unknown-card": write("unknown-card.json", changed(stock=["zz"] + stock[1:])),
        "duplicate": write("duplicate.json", changed(stock=[stock[1]] + stock[1:])),
        "up-under-down": write("up-under-down.json", changed(t3=[t3[0].upper()] + t3[1:])),
        "turned-list": write("turned-list.json", {**dealt, "turned": ["t1"]}),
    }
    return paths


# --- list --------------------------------------------------------------------------------


def test_list_names_the_nineteen_games():
    out = check_ok(cli("list"))
    assert [g["id"] for g in out] == GAME_IDS
    for entry, (_game_id, cards) in zip(out, GAMES_TABLE):
        assert set(entry) == {"id", "name", "deck", "cards"}
        assert entry["cards"] == cards
        assert isinstance(entry["name"], str) and entry["name"]
        assert isinstance(entry["deck"], str) and entry["deck"]
    decks = {g["deck"]: g["cards"] for g in out}
    assert len(decks) == 5  # French 52, Italian 40, two French decks, Spider's one- and two-suit decks


# --- deal --------------------------------------------------------------------------------


def test_deal_every_game_is_a_valid_position_and_the_same_twice():
    calls = [("deal", g, "--seed", "42") for g in GAME_IDS] * 2
    results = cli_many(calls)
    first, second = results[: len(GAME_IDS)], results[len(GAME_IDS) :]
    for game_id, a, b in zip(GAME_IDS, first, second):
        out = check_ok(a)
        assert a.out == b.out, f"{game_id}: two runs differ"
        assert out["game"] == game_id
        pos = read_position(out, game=game_id)
        assert pos == deal(game_id, 42)
        cards = sum(len(p) for p in out["piles"].values())
        assert cards == dict(GAMES_TABLE)[game_id]


def test_deal_numbers_give_different_deals_and_the_largest_works():
    a, b, big = cli_many(
        [
            ("deal", "reloaded", "--seed", "0"),
            ("deal", "reloaded", "--seed", "1"),
            ("deal", "reloaded", "--seed", str(2**53 - 1)),
        ]
    )
    assert check_ok(a) != check_ok(b)
    assert read_position(check_ok(big)) == deal("reloaded", 2**53 - 1)


# --- play --------------------------------------------------------------------------------


def test_play_with_seed_applies_moves_in_order():
    start = deal("forty-thieves", 3)
    game = Game(start)
    moves = []
    for i in range(6):
        legal = game.legal_moves()
        move = str(legal[(7 * i) % len(legal)])
        moves.append(move)
        game.play(move)
    out = check_play(check_ok(cli("play", "forty-thieves", "--seed", "3", *moves)))
    assert read_position(out["position"]) == game.position
    assert out["moves"] == 6
    assert out["status"] == "playing"
    assert out["legal"] == [str(m) for m in game.legal_moves()]


def test_play_without_moves_gives_the_deal(files):
    out = check_play(check_ok(cli("play", "retinue", "--seed", "8")))
    assert read_position(out["position"]) == deal("retinue", 8)
    assert out["moves"] == 0 and out["score"] == 0 and out["status"] == "playing"
    assert len(out["legal"]) == 1  # Royal Retinue: one card to move


def test_play_from_a_position_file_and_from_stdin(files):
    text = Path(files["hand"]).read_text(encoding="utf-8")
    from_file, from_stdin = cli_many(
        [
            ("play", "reloaded", "--position", files["hand"], "t2>f1", "t3>f1"),
            (("play", "reloaded", "--position", "-", "t2>f1", "t3>f1"), text),
        ]
    )
    out = check_play(check_ok(from_file))
    assert check_ok(from_stdin) == out
    assert out["score"] == 40  # 10 + 5 for A♠ and K♥, 20 + 5 for 2♠ and Q♠
    assert out["moves"] == 2
    piles = out["position"]["piles"]
    assert piles["f1"] == ["AS", "2S"]
    assert piles["t2"] == ["KH"] and piles["t3"] == ["5d", "QS"]


def test_at_reads_reloaded_time_points(files):
    """Reloaded: −2 for every full 10 s, and never below 0."""
    ats = ["9.999", "10", "35", "199.9", "200", "100000"]
    results = cli_many([("play", "reloaded", "--position", files["hand"], "t2>f1", "t3>f1", "--at", at) for at in ats])
    scores = [check_play(check_ok(r))["score"] for r in results]
    assert scores == [40, 38, 34, 2, 0, 0]


def test_moves_carry_their_time(files):
    timed, late, early = cli_many(
        [
            ("play", "reloaded", "--position", files["hand"], "t2>f1@3", "t3>f1@12.5"),
            ("play", "reloaded", "--position", files["hand"], "t2>f1@3", "t3>f1@12.5", "--at", "31"),
            ("play", "reloaded", "--position", files["hand"], "t2>f1@3", "t3>f1@12.5", "--at", "12"),
        ]
    )
    assert check_play(check_ok(timed))["score"] == 38  # read at the last move, 12.5 s
    assert check_play(check_ok(late))["score"] == 34
    out = check_refused(early)  # --at before the last move
    assert "--at" in out["error"]


def test_time_limit_ends_the_game(files):
    over, refused, zero = cli_many(
        [
            ("play", "reloaded", "--position", files["hand"], "--time-limit", "30", "t2>f1@3", "--at", "45"),
            ("play", "reloaded", "--position", files["hand"], "--time-limit", "30", "t2>f1@3", "t3>f1@31"),
            ("play", "reloaded", "--seed", "1", "--time-limit", "0"),
        ]
    )
    out = check_play(check_ok(over))
    assert out["status"] == "time-up"
    assert out["score"] == 15 - 6  # read when time ran out, at 30 s
    assert out["legal"] == []
    err = check_refused(refused)
    assert err["index"] == 1 and err["move"] == "t3>f1@31"
    out = check_play(check_ok(zero))
    assert out["status"] == "time-up" and out["legal"] == []


def test_undo_token(files):
    one, four, none = cli_many(
        [
            ("play", "reloaded", "--position", files["hand"], "t2>f1", "t3>f1", "undo"),
            (
                "play",
                "reloaded",
                "--position",
                files["hand"],
                "t2>f1",
                "t3>f1",
                "draw",
                "draw",
                "undo",
                "undo",
                "undo",
                "undo",
            ),
            ("play", "solitario", "--seed", "1", "undo"),
        ]
    )
    out = check_play(check_ok(one))
    assert out["moves"] == 1
    assert out["score"] == 15 - 1  # the undone 25 points are taken back; the undo costs 1
    assert out["position"]["piles"]["f1"] == ["AS"]
    assert "t3>f1" in out["legal"]
    err = check_refused(four)  # Reloaded takes back at most the last 3 moves
    assert err == {"error": err["error"], "index": 7, "move": "undo"}
    err = check_refused(none)  # Solitario has no undo
    assert set(err) == {"error", "index", "move"} and err["index"] == 0


def test_illegal_move_stops_at_its_index(files):
    first_bad, later_fixable, bad_text, at_start = cli_many(
        [
            ("play", "reloaded", "--position", files["hand"], "t2>f1", "t3>f2", "t3>f1", "nonsense"),
            ("play", "reloaded", "--position", files["hand"], "t3>f1", "t2>f1"),
            ("play", "reloaded", "--position", files["hand"], "t2>f1", "t3>>f1", "t3>f1"),
            ("play", "forty-thieves", "--seed", "1", "redeal", "draw"),
        ]
    )
    err = check_refused(first_bad)
    assert set(err) == {"error", "index", "move"}
    assert (err["index"], err["move"]) == (1, "t3>f2")  # 0-based; the later tokens are not reached
    err = check_refused(later_fixable)  # 2♠ before its Ace: refused though the next move would fix it
    assert (err["index"], err["move"]) == (0, "t3>f1")
    err = check_refused(bad_text)
    assert (err["index"], err["move"]) == (1, "t3>>f1")
    err = check_refused(at_start)
    assert (err["index"], err["move"]) == (0, "redeal")


# --- refused input: exit 2, JSON with "error", nothing on stderr -----------------------------

REFUSALS = {
    "no verb": [],
    "unknown verb": ["shuffle", "reloaded"],
    "unknown option of list": ["list", "--all"],
    "unknown game (deal)": ["deal", "klondike", "--seed", "1"],
    "unknown game (play)": ["play", "Reloaded", "--seed", "1"],
    "missing seed (deal)": ["deal", "reloaded"],
    "seed without number": ["deal", "reloaded", "--seed"],
    "missing seed or position (play)": ["play", "reloaded", "draw"],
    "non-numeric seed": ["deal", "reloaded", "--seed", "seven"],
    "fractional seed": ["deal", "reloaded", "--seed", "1.5"],
    "empty seed": ["play", "reloaded", "--seed", ""],
    "negative seed": ["deal", "reloaded", "--seed", "-1"],
    "huge seed": ["deal", "reloaded", "--seed", str(2**53)],
    "enormous seed": ["play", "reloaded", "--seed", "9" * 5000],
    "both seed and position": ["play", "reloaded", "--seed", "1", "--position", "{dealt}"],
    "missing file": ["play", "reloaded", "--position", "{missing}"],
    "directory as file": ["play", "reloaded", "--position", "{dir}"],
    "file not UTF-8": ["play", "reloaded", "--position", "{binary}"],
    "file not JSON": ["play", "reloaded", "--position", "{not-json}"],
    "empty file": ["play", "reloaded", "--position", "{empty}"],
    "JSON list": ["play", "reloaded", "--position", "{list}"],
    "JSON string": ["play", "reloaded", "--position", "{string}"],
    "JSON nested too deeply": ["play", "reloaded", "--position", "{deep}"],
    "position without game": ["play", "reloaded", "--position", "{no-game}"],
    "position of another game": ["play", "reloaded", "--position", "{forty}"],
    "wrong card count": ["play", "reloaded", "--position", "{wrong-count}"],
    "unknown card": ["play", "reloaded", "--position", "{unknown-card}"],
    "duplicate card": ["play", "reloaded", "--position", "{duplicate}"],
    "face up under face down": ["play", "reloaded", "--position", "{up-under-down}"],
    "turned not a pile name": ["play", "reloaded", "--position", "{turned-list}"],
    "malformed move": ["play", "reloaded", "--seed", "1", "t3->t4"],
    "malformed count": ["play", "reloaded", "--seed", "1", "t3:0>t4"],
    "unknown pile": ["play", "reloaded", "--seed", "1", "t9>t4"],
    "empty move": ["play", "reloaded", "--seed", "1", ""],
    "at before last move": ["play", "reloaded", "--seed", "1", "draw@20", "--at", "19.9"],
    "at not a number": ["play", "reloaded", "--seed", "1", "--at", "soon"],
    "at negative": ["play", "reloaded", "--seed", "1", "--at", "-5"],
    "at not finite": ["play", "reloaded", "--seed", "1", "--at", "nan"],
    "time limit not a number": ["play", "reloaded", "--seed", "1", "--time-limit", "long"],
    "unknown option (play)": ["play", "reloaded", "--seed", "1", "--undo-all"],
    "unknown option (deal)": ["deal", "reloaded", "--seed", "1", "--position", "{dealt}"],
    "option-like move": ["play", "reloaded", "--seed", "1", "-t3>t4"],
}

# What each refusal's message must name, where the reason is specific.
NAMES = {
    "unknown game (deal)": "klondike",
    "unknown game (play)": "Reloaded",
    "missing file": "no-such-file",
    "position of another game": "forty-thieves",
    "wrong card count": "51",
    "unknown card": "zz",
    "face up under face down": "t3",
    "malformed move": "t3->t4",
    "unknown pile": "t9",
    "at before last move": "--at",
    "unknown option (play)": "--undo-all",
}


@pytest.fixture(scope="module")
def refusals(files):
    names = list(REFUSALS)
    calls = [tuple(a.format(**files) if a.startswith("{") else a for a in REFUSALS[n]) for n in names]
    return dict(zip(names, cli_many(calls)))


@pytest.mark.parametrize("case", list(REFUSALS))
def test_refused_input(case, refusals, files):
    out = check_refused(refusals[case])
    if case in NAMES:
        assert NAMES[case] in out["error"], out["error"]
    if case == "duplicate card":
        dup = json.loads(Path(files["duplicate"]).read_text())["piles"]["stock"][0]
        assert dup.upper() in out["error"]
    if REFUSALS[case][:1] == ["play"] and "index" in out:
        assert set(out) == {"error", "index", "move"}
        assert REFUSALS[case][4 + out["index"]] == out["move"]


def test_refusal_prints_on_a_stdout_that_is_not_utf8():
    """The answer is JSON whatever the stdout encoding (a pipe on Windows,
    a latin-1 locale): the '≥' of this message must not crash the print."""
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    r = cli("play", "reloaded", "--seed", "1", "--at", "-1", env=env)
    out = check_refused(r)
    assert "≥" in out["error"]


def test_steps_and_an_undo_of_a_step():
    # Forty Thieves 3: the stock's top card fits on t5; drawn and played in one step.
    one, undone, bad_inside, bad_shape = cli_many(
        [
            ("play", "forty-thieves", "--seed", "3", "draw+waste>t5@4"),
            ("play", "forty-thieves", "--seed", "3", "draw+waste>t5@4", "draw@4.5", "undo@5", "undo@6"),
            ("play", "forty-thieves", "--seed", "3", "draw+waste>t5+t1>f1"),
            ("play", "reloaded", "--seed", "3", "draw+waste>t4"),
        ]
    )
    out = check_play(check_ok(one))
    assert out["moves"] == 2 and out["position"]["piles"].get("waste") is None
    dealt = deal("forty-thieves", 3).to_json()
    assert out["position"]["piles"]["t5"][:-1] == dealt["piles"]["t5"]
    out = check_play(check_ok(undone))  # the second undo takes back the draw and the move
    assert out["moves"] == 0 and out["position"] == dealt
    err = check_refused(bad_inside)  # an illegal move inside a step refuses the whole step
    assert (err["index"], err["move"]) == (0, "draw+waste>t5+t1>f1")
    err = check_refused(bad_shape)
    assert "cannot be played directly" in err["error"]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_an_answer_that_cannot_be_written_is_a_clear_message_not_a_traceback():
    """``python -m game list > /dev/full`` (issue 41): exit 1 and one line on
    stderr that says why, not a traceback."""
    with open("/dev/full", "w") as full:
        proc = subprocess.run(
            [sys.executable, "-m", "game", "list"],
            cwd=ROOT,
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    assert proc.returncode == 1
    assert proc.stderr.strip() == "python -m game: cannot write the answer: No space left on device"


# --- the classics ------------------------------------------------------------------------


def test_play_freecell_cells_spider_deal_and_yukon_group_on_the_command_line():
    freecell, spider, refused = cli_many(
        [
            ("play", "freecell", "--seed", "1", "t1>c1", "t1>c2"),
            ("play", "spider-1", "--seed", "1", "deal"),
            ("play", "spider-1", "--seed", "1", "t1>c1"),
        ]
    )
    out = check_ok(freecell)
    assert out["position"]["piles"]["c1"] == ["6S"] and out["position"]["piles"]["c2"] == ["6D"]
    assert "c1>t1" not in out["legal"] and "t1>c3" in out["legal"] and out["moves"] == 2
    out = check_ok(spider)
    assert len(out["position"]["piles"]["stock"]) == 40 and out["score"] == 499
    assert refused.code == 2 and json.loads(refused.out)["index"] == 0
