"""``window.solitaire``: a read-only hook for the tests, the benchmarks and
pages that embed the game. ``state()`` is the game on the table;
``diagnostics()`` the figures bench/browser.py reads."""

from __future__ import annotations

import gc
import sys

import js
from pyodide.ffi import to_js


def install(app) -> None:
    hook = js.Object.new()
    hook.state = app.proxy(lambda: to_js(state(app), dict_converter=js.Object.fromEntries))
    hook.diagnostics = app.proxy(lambda: to_js(diagnostics(app), dict_converter=js.Object.fromEntries))
    js.window.solitaire = hook


def state(app) -> dict:
    js.SolTable.flush()  # a move table.js made ahead, not yet seen here (ahead.py)
    game = app.game
    if game is None:
        return {}
    return {
        "game": game.spec.id,
        "seed": app.seed,
        "status": game.status,
        "score": game.score(app.now()),
        "moves": game.moves,
        "undo": game.undo_steps,
        "redo": game.redo_steps,
        "lang": app.lang,
        "position": game.position.to_json(),
        "legal": [str(m) for m in game.legal_moves()],
    }


def diagnostics(app) -> dict:
    """What one autosave of the game on the table costs, and the memory a
    leak would grow."""
    js.SolTable.flush()
    start = js.performance.now()
    app.progress.save()
    save_ms = js.performance.now() - start
    gc.collect()
    try:
        import pyodide_js  # the runtime's JavaScript side; its heap is the WebAssembly memory

        wasm = int(pyodide_js._module.HEAPU8.length)
    except Exception:
        wasm = None
    origins = [
        getattr(m.__spec__, "origin", None) or "" for n, m in list(sys.modules.items()) if n.split(".")[0] == "game"
    ]
    return {
        # How the game's modules were loaded: bytecode made ahead of time
        # (static/game.zip, tools/pyscript_files.py) or sources compiled here.
        "modules_bytecode": sum(o.endswith(".pyc") for o in origins),
        "modules_source": sum(o.endswith(".py") for o in origins),
        "python_objects": len(gc.get_objects()),
        "proxies": len(app.events.proxies),
        "wasm_bytes": wasm,
        "save_ms": save_ms,
    }
