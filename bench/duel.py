"""What a duel link can make a device do (issue 18, finding 3), in CPU time.

    python bench/duel.py [--repeat N]
    node bench/duel_pyodide.mjs          # the same in Pyodide (the page's Python)

Reported:
  stall check   the cost of one draw's stall check on deal 1596 of Reloaded,
                whose stock holds few playable cards: the check as it was
                (every position of the pass searched, kept here as the
                baseline) against the engine's (the pass played on the stock's
                cards), measured by turns in this process
  links         decoding (every signature checked, every run replayed) and
                ranking: the flood link of the finding (8 runs of 4,000 draws
                and turn-overs, refused at once now), a link at the bounds
                (12,000 actions), and an honest 8-player 10-minute duel with
                every run signed
  signature     one ECDSA P-256 check (game/p256.py)
"""

from __future__ import annotations

import argparse
import base64
import json
import platform
import random
import sys
import time
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import Game, InvalidChallenge, duel, p256  # noqa: E402
from game.catalog import get_spec  # noqa: E402
from game.duel import Challenge, Run  # noqa: E402
from game.moves import DRAW, REDEAL  # noqa: E402

# A key pair for the honest duel's signatures: made with plain integers here
# (the bench must not need the cryptography package), signing as RFC 6979
# would not matter: any valid signature costs the same to check.
N, P = p256.N, p256.P


def _sign(d: int, message: bytes, k: int) -> bytes:
    import hashlib

    x, _, z = p256._combined(k, 0, (p256.GX, p256.GY, 1))
    r = x * pow(z * z % P, -1, P) % P % N
    e = int.from_bytes(hashlib.sha256(message).digest(), "big")
    s = pow(k, -1, N) * (e + r * d) % N
    return r.to_bytes(32, "big") + s.to_bytes(32, "big")


def _public(d: int) -> bytes:
    x, y, z = p256._combined(d, 0, (p256.GX, p256.GY, 1))
    zi = pow(z, -1, P)
    return p256.compress(x * zi * zi % P, y * zi * zi * zi % P)


def pack(payload: dict, tag: str = "s2.") -> str:
    data = json.dumps(payload, sort_keys=True, separators=(",", ":")).encode()
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = packer.compress(data) + packer.flush()
    crc = zlib.crc32(tag.encode() + body).to_bytes(4, "big")
    return tag + base64.urlsafe_b64encode(crc + body).decode().rstrip("=")


def cycle(n: int) -> str:
    words: list[str] = []
    while len(words) < n:
        words += ["draw"] * 24 + ["redeal"]
    return " ".join(words[:n])


def pass_played_out(rules, pos) -> bool:
    """The stall check as it was: a move search at every position of the pass."""
    if rules.has_progress_move(pos):
        return False
    state, turned = pos, False
    while True:
        if state.piles[0]:
            state = rules.apply(state, DRAW)[0]
        elif state.piles[1] and not turned and rules._may_redeal(state):
            state, turned = rules.apply(state, REDEAL)[0], True
        else:
            return True
        if rules.has_progress_move(state):
            return False


def cpu(fn, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.process_time()
        fn()
        best = min(best, time.process_time() - t0)
    return best


def stall_rows(repeat: int) -> list[str]:
    rules = get_spec("reloaded").engine
    pos = Game.new("reloaded", 1596).start
    positions = []
    for _ in range(500):
        positions.append(pos)
        pos = rules.apply(pos, DRAW if pos.piles[0] else REDEAL)[0]
    assert all(rules.is_stalled(p) == pass_played_out(rules, p) for p in positions)
    old = cpu(lambda: [pass_played_out(rules, p) for p in positions], repeat) / len(positions)
    new = cpu(lambda: [rules.is_stalled(p) for p in positions], repeat) / len(positions)
    return [
        "| stall check of one draw (deal 1596) | as it was | now | ratio |",
        "|---|---:|---:|---:|",
        f"| Reloaded, 500 draws and turn-overs | {old * 1e6:,.0f} µs | {new * 1e6:,.0f} µs | {old / new:.1f}× |",
    ]


def honest_duel() -> Challenge:
    rng = random.Random(6)
    c = Challenge("reloaded", 7, 600)
    for i in range(8):
        g = Game.new("reloaded", 7, time_limit=600)
        t = 0.0
        while g.status == "playing":
            t = round(t + rng.randint(5, 25) / 10, 3)
            if t >= 600:
                break
            moves = g.legal_moves()
            progress = [m for m in moves if not m.is_stock_action]
            g.play(rng.choice(progress if progress and rng.random() < 0.7 else moves), t)
        run = Run.from_game(f"Player {i + 1}", g).linked()
        d = 1000 + i
        key = _public(d)
        sig = _sign(d, duel.signed_message(c, run, key), 7777 + i)
        c = c.add_run(run.signed(key, sig))
    return c


def link_rows(repeat: int) -> list[str]:
    flood = pack(
        {
            "g": "reloaded",
            "l": None,
            "r": [{"n": f"P{i}", "m": cycle(4000), "t": [1] * 4000} for i in range(8)],
            "s": 1596,
        }
    )
    bound = pack(
        {
            "g": "reloaded",
            "l": None,
            "r": [{"n": f"P{i}", "m": cycle(4000), "t": [3] * 4000} for i in range(3)],
            "s": 1596,
        }
    )
    honest = duel.encode_challenge(honest_duel())

    def check(token):
        def run():
            duel._RESULTS.clear()
            try:
                duel.verify(duel.decode_challenge(token))
            except InvalidChallenge:
                pass

        return run

    def steps(token):
        """The longest step of ``duel.decoding`` (what the page does between two frames)."""
        duel._RESULTS.clear()
        longest, count = 0.0, 0
        gen = duel.decoding(token)
        while True:
            t0 = time.process_time()
            try:
                next(gen)
            except (StopIteration, InvalidChallenge):
                return max(longest, time.process_time() - t0), count + 1
            longest = max(longest, time.process_time() - t0)
            count += 1

    rows = [
        "| link | characters | actions | decode + rank (CPU) | per action | steps | longest step |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for name, token, actions in (
        ("flood of the finding: 8 × 4,000 (refused)", flood, 32000),
        ("at the bounds: 3 × 4,000", bound, 12000),
        (
            "honest: 8 players, 10 minutes, signed",
            honest,
            sum(len(r.actions) for r in duel.decode_challenge(honest).runs),
        ),
    ):
        seconds = cpu(check(token), repeat)
        longest, count = min((steps(token) for _ in range(repeat)), key=lambda x: x[0])
        rows.append(
            f"| {name} | {len(token):,} | {actions:,} | {seconds * 1000:,.0f} ms | {seconds / actions * 1e6:.0f} µs "
            f"| {count} | {longest * 1000:.1f} ms |"
        )
    return rows


def signature_row(repeat: int) -> list[str]:
    key, message = _public(4242), b"a run"
    sig = _sign(4242, message, 99)
    assert p256.verify(key, message, sig)
    per = cpu(lambda: [p256.verify(key, message, sig) for _ in range(20)], repeat) / 20
    return [f"One ECDSA P-256 signature check: {per * 1000:.1f} ms."]


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each measure; the best is kept")
    args = parser.parse_args(argv)
    print(
        f"{platform.python_implementation()} {platform.python_version()} ({platform.machine()}), CPU time, best of {args.repeat}"
    )
    print()
    print("\n".join(stall_rows(args.repeat)))
    print()
    print("\n".join(link_rows(args.repeat)))
    print()
    print("\n".join(signature_row(args.repeat)))


if __name__ == "__main__":
    main()
