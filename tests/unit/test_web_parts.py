"""Parts receive what they use (part.py, app.py). ``App`` makes every part
and hands each one the parts it calls, at construction or as a callback
list; no part reaches another through the controller (``app.hud``,
``self.app.today``), a call that no import graph and no signature shows.
An AST scan of game/web: the part attributes come from ``App.__init__``.
The debug hook (hook.py) is the one module that takes the whole app."""

from __future__ import annotations

import ast
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "game" / "web"
ALLOWED = {"app.py", "hook.py"}


def part_attributes() -> set[str]:
    """The names App gives the parts it makes: ``self.x = SomePart(self, ...)``."""
    tree = ast.parse((WEB / "app.py").read_text())
    app = next(node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "App")
    init = next(node for node in app.body if isinstance(node, ast.FunctionDef) and node.name == "__init__")
    names = set()
    for node in ast.walk(init):
        if not (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)):
            continue
        call = node.value
        made_with_app = any(isinstance(arg, ast.Name) and arg.id == "self" for arg in call.args) or any(
            keyword.arg == "app" for keyword in call.keywords
        )
        if made_with_app and isinstance(call.func, ast.Name) and call.func.id[:1].isupper():
            for target in node.targets:
                if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name):
                    names.add(target.attr)
    names.add("board")  # the table's board, which App keeps as app.board
    return names


def is_app(node: ast.AST) -> bool:
    """``app`` or ``self.app``."""
    if isinstance(node, ast.Name):
        return node.id == "app"
    return isinstance(node, ast.Attribute) and node.attr == "app" and isinstance(node.value, ast.Name)


def sideways_lookups(source: str, parts: set[str]) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr in parts and is_app(node.value):
            found.append(f"{node.lineno}: {ast.unparse(node)}")
    return found


def test_app_makes_the_parts_the_scan_looks_for():
    parts = part_attributes()
    assert {"progress", "hud", "duel", "today", "titles", "frame", "voice", "hints", "dialogs"} <= parts


def test_the_scan_finds_a_lookup_through_the_controller():
    parts = part_attributes()
    source = "def f(self, app):\n    app.hud.show_clock()\n    self.app.today.goal()\n    self.today.goal()\n"
    assert sideways_lookups(source, parts) == ["2: app.hud", "3: self.app.today"]


def test_no_part_reaches_another_through_the_app():
    parts = part_attributes()
    found = {
        path.name: lookups
        for path in sorted(WEB.glob("*.py"))
        if path.name not in ALLOWED and (lookups := sideways_lookups(path.read_text(), parts))
    }
    assert found == {}
