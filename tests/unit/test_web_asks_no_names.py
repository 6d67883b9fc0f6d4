"""The web layer knows no rule (DESIGN.md): it asks the spec or ``Game`` what
is allowed and never compares a game's id, scoring scheme or rules kind with
a literal. An AST scan of every module in game/web."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "game" / "web"
NAMES = {"id", "scoring", "rules"}


def _is_spec(node) -> bool:
    """``spec``, ``….spec`` or ``get_spec(…)``."""
    if isinstance(node, ast.Name):
        return node.id == "spec"
    if isinstance(node, ast.Attribute):
        return node.attr == "spec"
    if isinstance(node, ast.Call):
        func = node.func
        return (isinstance(func, ast.Name) and func.id == "get_spec") or (
            isinstance(func, ast.Attribute) and func.attr == "get_spec"
        )
    return False


def _is_name_of_spec(node) -> bool:
    return isinstance(node, ast.Attribute) and node.attr in NAMES and _is_spec(node.value)


def _literal(node) -> bool:
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_literal(e) for e in node.elts)
    if isinstance(node, ast.Dict):
        return any(k is not None and _literal(k) for k in node.keys)
    return False


def name_comparisons(source: str, filename: str = "<source>") -> list[str]:
    """Every place where ``source`` compares a spec's id, scoring or rules with a literal."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        sides = []
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
        elif isinstance(node, ast.match_case) and isinstance(node.pattern, ast.MatchValue):
            continue  # a match statement's subject is checked below
        elif isinstance(node, ast.Match):
            if _is_name_of_spec(node.subject):
                found.append(f"{filename}:{node.lineno}: match on {ast.unparse(node.subject)}")
            continue
        if any(_is_name_of_spec(s) for s in sides) and any(_literal(s) for s in sides):
            found.append(f"{filename}:{node.lineno}: {ast.unparse(node)}")
    return found


@pytest.mark.parametrize(
    "snippet",
    [
        'if spec.id == "solitario": pass',
        'x = self.game.spec.rules != "retinue"',
        'y = get_spec(g).scoring == "forty-thieves"',
        'z = app.game.spec.id in ("reloaded", "solitario")',
        'match game.spec.scoring:\n    case "reloaded": pass',
    ],
)
def test_the_scan_finds_a_name_comparison(snippet):
    assert name_comparisons(snippet)


def test_the_scan_lets_questions_to_the_spec_pass():
    ok = "if spec.labels: pass\nif spec.stock_play and spec.id == other_id: pass\nx = {spec.id: 1}\n"
    assert name_comparisons(ok) == []


def test_no_module_in_game_web_compares_a_game_name():
    modules = sorted(WEB.rglob("*.py"))
    assert len(modules) > 20
    found = [hit for path in modules for hit in name_comparisons(path.read_text(encoding="utf-8"), str(path))]
    assert found == []
