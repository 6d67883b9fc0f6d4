"""The page's DOM helpers live once, in game/web/dom.py (issue 14): no other
module of game/web defines its own ``by_id``, ``el``, ``proxy``, ``guard``,
``later`` or boot-screen call. An AST scan of every module in game/web."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "game" / "web"
HELPERS = {"by_id", "el", "_el", "proxy", "guard", "later", "run_later", "boot", "_boot"}


def helper_defs(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        f"{path.name}:{node.lineno} {node.name}"
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in HELPERS
    ]


@pytest.mark.parametrize("path", sorted(p for p in WEB.rglob("*.py") if p.name != "dom.py"), ids=lambda p: p.name)
def test_no_copy_of_a_dom_helper(path):
    assert helper_defs(path) == []


def test_the_scan_finds_the_helpers_where_they_are():
    found = {entry.split()[-1] for entry in helper_defs(WEB / "dom.py")}
    assert {"by_id", "el", "proxy", "guard", "later", "boot"} <= found
