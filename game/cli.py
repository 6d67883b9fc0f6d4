"""The command line of CONTRACT.md: ``python -m game list | deal | play | verify | solve``.

Every answer is JSON on stdout. A refused input, of any argument, position
file or link, exits 2 with ``{"error": "<reason>", ...}``; nothing ever
prints a traceback. ``-h``/``--help`` anywhere answers ``{"help": "<usage>"}``
and exits 0.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys

from . import duel, jsonsafe
from .catalog import ALL_PLAYER_GAMES, GAMES, get_spec, read_position
from .errors import GameError
from .moves import check_time
from .play import Game
from .position import Position


class Refused(Exception):
    def __init__(self, message: str, **extra):
        super().__init__(message)
        self.payload = {"error": message, **extra}


class Help(Exception):
    """``--help`` was asked for: the usage text, answered as JSON."""

    def __init__(self, text: str):
        super().__init__(text)
        self.text = text


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # argparse would print usage text and exit 2
        raise Refused(message)

    def print_help(self, file=None):  # argparse would print plain text and exit 0
        raise Help(self.format_help())


def _number(text: str) -> int:
    if not re.fullmatch(r"-?[0-9]{1,20}", text):  # int() would also take "1_000" or " 7"
        raise argparse.ArgumentTypeError(f"{text[:24]!r} is not a whole number")
    return int(text)


def _seconds(text: str) -> float:
    try:
        return check_time(float(text))
    except (ValueError, GameError):
        raise argparse.ArgumentTypeError(f"{text[:24]!r} is not a number of seconds ≥ 0") from None


def _budget(text: str) -> int:
    n = _number(text)
    if n < 1:
        raise argparse.ArgumentTypeError(f"the budget must be at least 1 node, not {n}")
    return n


VERBS = ("list", "deal", "play", "verify", "solve")


def _parser(verb: str) -> argparse.ArgumentParser:
    p = _Parser(prog=f"python -m game {verb}")
    if verb == "list":
        p.description = "every game: id, name, deck, number of cards"
        return p
    if verb == "verify":
        p.description = "replay every run of a duel link and rank the players"
        p.add_argument("link", help="a duel token (s1....) or a page address with ?duel=...")
        return p
    p.add_argument("game")
    if verb == "deal":
        p.description = "the opening position of game number N"
        p.add_argument("--seed", type=_number, required=True)
        return p
    if verb == "solve":
        p.description = "search for a win: status (won | lost | unknown), nodes, seconds and the winning line"
        start = p.add_mutually_exclusive_group(required=True)
        start.add_argument("--seed", type=_number)
        start.add_argument("--position", metavar="FILE", help="a position as JSON ('-' reads stdin)")
        p.add_argument(
            "--budget",
            type=_budget,
            default=200_000,
            metavar="NODES",
            help="positions to search at most (default 200000)",
        )
        p.add_argument("--time-limit", type=_seconds, metavar="SECONDS", help="stop after this many CPU seconds")
        return p
    p.description = "apply moves in order and print the position, score, status and legal moves"
    start = p.add_mutually_exclusive_group(required=True)
    start.add_argument("--seed", type=_number)
    start.add_argument("--position", metavar="FILE", help="a position as JSON ('-' reads stdin)")
    p.add_argument("--at", type=_seconds, metavar="SECONDS", help="elapsed time at which to read the score")
    p.add_argument("--time-limit", type=_seconds, metavar="SECONDS", help="end the game when time runs out")
    p.add_argument(
        "moves",
        nargs="*",
        metavar="STEP",
        help="t3>f1, t3:4>t7, waste>t2, draw, redeal; moves of one step joined by + (draw+waste>t4); undo, redo",
    )
    return p


def _read_position(path: str, game: str) -> Position:
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as file:
                text = file.read()
    except (OSError, UnicodeDecodeError, ValueError) as e:
        raise Refused(f"cannot read the position file {path!r}: {getattr(e, 'strerror', None) or e}") from None
    try:
        data = jsonsafe.loads(text)
    except json.JSONDecodeError as e:
        raise Refused(f"the position file is not valid JSON ({e.msg}, line {e.lineno})") from None
    except ValueError:  # a number of thousands of digits (CPython refuses to convert it)
        raise Refused("the position file holds a number too long to be part of a position") from None
    except RecursionError:
        raise Refused("the position file is nested too deeply to be a position") from None
    return read_position(data, game=game)


def run(argv) -> dict | list:
    if not argv or argv[0] not in VERBS:
        if argv and argv[0] in ("-h", "--help"):
            raise Help(f"usage: python -m game {{{','.join(VERBS)}}} ...  (each verb has --help)")
        raise Refused(f"the first word must be one of: {', '.join(VERBS)}")
    verb = argv[0]
    args = _parser(verb).parse_intermixed_args(argv[1:])
    args.verb = verb
    if verb == "list":
        return [
            {"id": s.id, "name": s.name, "deck": s.deck.name, "cards": s.deck.size}
            for s in (GAMES[g] for g in ALL_PLAYER_GAMES)
        ]
    if verb == "verify":
        return duel.verify(duel.decode_challenge(args.link)).to_json()
    spec = get_spec(args.game)
    if args.verb == "deal":
        return Game.new(spec.id, args.seed).start.to_json()
    if args.verb == "solve":
        # Imported here: the solver package costs about 20 ms to import in
        # CPython (python -X importtime), which only this verb needs.
        from .solver import solve

        start = Game.new(spec.id, args.seed).start if args.seed is not None else _read_position(args.position, spec.id)
        return solve(start, budget_nodes=args.budget, time_limit=args.time_limit).to_json()
    if args.seed is not None:
        game = Game.new(spec.id, args.seed, time_limit=args.time_limit)
    else:
        game = Game(_read_position(args.position, spec.id), time_limit=args.time_limit)
    for index, token in enumerate(args.moves):
        try:
            game.act(token)
        except GameError as e:
            raise Refused(str(e), index=index, move=token) from None
    if args.at is not None:
        if args.at < game.clock:
            raise Refused(f"--at {args.at:g} is before the last move, made at {game.clock:g} s")
        game.expire(args.at)
    return {
        "position": game.position.to_json(),
        "score": game.score(args.at),
        "status": game.status,
        "moves": game.moves,
        "legal": [str(m) for m in game.legal_moves()],
    }


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    try:
        out, code = run(argv), 0
    except Refused as e:
        out, code = e.payload, 2
    except GameError as e:
        out, code = {"error": str(e)}, 2
    except Help as e:
        out, code = {"help": e.text}, 0
    except Exception as e:  # a bug: still no traceback on screen
        out, code = {"error": f"internal error: {type(e).__name__}: {e}"}, 1
    # ASCII JSON (non-ASCII as \u escapes) prints under any stdout encoding:
    # a pipe on Windows or a latin-1 locale would otherwise crash on '≥'.
    try:
        print(json.dumps(out), flush=True)
    except OSError as e:  # the reader went away (`| head`), or the output cannot take it (a full disk)
        _drop_stdout()
        if not isinstance(e, BrokenPipeError):  # a reader that went away wants nothing more
            print(f"python -m game: cannot write the answer: {e.strerror or e}", file=sys.stderr)
            return 1
    return code


def _drop_stdout() -> None:
    """What is left to write goes nowhere: Python writes its buffer out once
    more as it exits, which would fail again with a traceback."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
    sys.stdout = None
