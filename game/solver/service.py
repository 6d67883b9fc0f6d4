"""The solver's answers to the page, as plain JSON-able dicts.

The browser runs this in a Web Worker (static/js/solver-worker.js): a request
``{"id", "cmd": "hint" | "solve" | "autocomplete", "position", "budget",
"seconds"}`` gets ``{"id", "status", "move", "moves", "nodes", "proven"}``.
Pure Python, so the same answers can be checked under CPython.

``cmd: "line"`` is a ``solve`` limited by its node budget alone (no time
limit), so its answer is the same in every browser (the daily goal,
``game/daily.py``).

``seconds`` limits the search's CPU time (``time.process_time``), like every
limit of the solver; in the worker, where Pyodide's CPU clock follows the wall
clock, it is also the cap on the player's wait.
"""

from __future__ import annotations

import json

from ..catalog import read_position
from . import WON, auto_complete, hint, solve

HINT_BUDGET = 20_000  # nodes: about a second in Pyodide
HINT_SECONDS = 1.0  # CPU seconds


def answer(request) -> dict:
    """Answer one request (a dict, or its JSON text); never raises."""
    try:
        if isinstance(request, str):
            request = json.loads(request)
        rid = request.get("id")
        pos = request.get("position")
        position = read_position(json.loads(pos) if isinstance(pos, str) else pos)
        budget = int(request.get("budget") or HINT_BUDGET)
        seconds = request.get("seconds")
        seconds = HINT_SECONDS if seconds is None else float(seconds)
        cmd = request.get("cmd")
        if cmd == "hint":
            h = hint(position, budget_nodes=budget, time_limit=seconds)
            return {
                "id": rid,
                "status": h.status,
                "move": None if h.move is None else str(h.move),
                "moves": [],
                "nodes": h.nodes,
                "proven": h.proven,
            }
        if cmd in ("solve", "line"):
            r = solve(position, budget_nodes=budget, time_limit=seconds if cmd == "solve" else None)
            line = [str(m) for m in r.line]
            return {
                "id": rid,
                "status": r.status,
                "move": line[0] if line else None,
                "moves": line,
                "nodes": r.nodes,
                "proven": r.status != "unknown",
            }
        if cmd == "autocomplete":
            line = auto_complete(position)
            moves = [str(m) for m in line] if line is not None else []
            return {
                "id": rid,
                "status": WON if line is not None else "unknown",
                "move": moves[0] if moves else None,
                "moves": moves,
                "nodes": len(moves),
                "proven": line is not None,
            }
        return {"id": rid, "status": "error", "error": f"unknown command {cmd!r}"}
    except Exception as e:  # a bad request gets a reason, the worker lives on
        rid = request.get("id") if isinstance(request, dict) else None
        return {"id": rid, "status": "error", "error": f"{type(e).__name__}: {e}"}


def answer_text(request_text: str) -> str:
    """``answer`` from JSON text to JSON text (what the worker calls)."""
    return json.dumps(answer(request_text))
