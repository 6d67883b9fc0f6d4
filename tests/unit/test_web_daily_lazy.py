"""Start-up stays as fast as before issue 16: nothing of the daily deal or the
statistics' history is imported before the first deal. The modules the page
imports at start are those reached from ``game.web.app`` through imports at
the top of a module (a function's own import runs only when it is called);
none of them may be the new ones."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LATER = {"game.daily", "game.web.history", "game.web.daily_ui", "game.web.stats_more"}


def top_level_imports(module: str) -> set[str]:
    path = ROOT / (module.replace(".", "/") + ".py")
    if not path.exists():
        path = ROOT / module.replace(".", "/") / "__init__.py"
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            out.add(base)
            out |= {f"{base}.{a.name}" for a in node.names}
    return {m for m in out if m.startswith("game")}


def exists(module: str) -> bool:
    p = ROOT / module.replace(".", "/")
    return p.with_suffix(".py").exists() or (p / "__init__.py").exists()


def reached(start: str) -> set[str]:
    seen, todo = set(), [start]
    while todo:
        module = todo.pop()
        if module in seen or not exists(module):
            continue
        seen.add(module)
        todo += sorted(top_level_imports(module))
        parts = module.split(".")
        todo += [".".join(parts[:i]) for i in range(1, len(parts))]  # packages run their __init__
    return seen


def test_start_up_imports_nothing_of_the_daily_deal_or_the_history():
    at_start = reached("game.web.app")
    assert {"game.web.progress", "game.web.stats_panel", "game.web.picker", "game.web.url"} <= at_start
    assert not at_start & LATER
