"""The web layer knows no rule (DESIGN.md): it asks the spec or ``Game`` what
is allowed, and never compares a game's name or a spec's value with a
literal. An AST scan of every module in game/web.

What counts as a spec value: anything read through a spec (``spec``,
``….spec``, ``get_spec(…)``, ``GAMES[…]``), a deck (``….deck``), or a game's
id (``game_id``, ``….game_id``, ``….game``, ``deck_name``). What counts as a
literal: a text, a tuple, list, set or dict holding one, a module constant
made of them (``ITALIAN_DECKS = {"italian-40"}``), or a member of a spec's
vocabulary named in the code (``Build.SAME_SUIT``, ``Scoring.RELOADED``),
which is its text by another name. The forms: ``==``, ``!=``, ``is``,
``in`` and ``not in`` either way round; ``startswith``, ``endswith`` and
the like; ``re.match`` and its kin; a ``match`` statement. Looking a value
up in a table (``WORDS[spec.scoring]``) is no comparison: it is data.
Figures compared with numbers (``spec.draw == 1``) are questions about the
figure, not names."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "game" / "web"
SPEC_NAMES = {"spec", "game_id", "deck_name", "deck"}
SPEC_ATTRS = {"spec", "deck", "game_id"}
VOCABULARIES = {"Build", "EmptyColumn", "Stall", "Guarantee", "Scoring", "RulesKind"}
TEXT_METHODS = {
    "startswith",
    "endswith",
    "removeprefix",
    "removesuffix",
    "find",
    "rfind",
    "index",
    "rindex",
    "count",
    "partition",
    "rpartition",
    "split",
    "__eq__",
    "__ne__",
    "__contains__",
}
RE_FUNCTIONS = {"match", "fullmatch", "search", "findall", "finditer", "fnmatch", "fnmatchcase"}


def _is_spec(node) -> bool:
    """Is ``node`` a spec value: read through a spec, a deck or a game id?"""
    if isinstance(node, ast.Attribute) and node.attr == "game":  # challenge.game, run.game: an id (app.game.x is not)
        return True
    if isinstance(node, ast.JoinedStr):
        return any(_is_spec(v.value) for v in node.values if isinstance(v, ast.FormattedValue))
    while True:
        if isinstance(node, ast.Name):
            return node.id in SPEC_NAMES
        if isinstance(node, ast.Attribute):
            if node.attr in SPEC_ATTRS:
                return True
            node = node.value
        elif isinstance(node, ast.Subscript):
            if isinstance(node.value, ast.Name) and node.value.id == "GAMES":
                return True
            node = node.value
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if name == "get_spec":
                return True
            if name == "get" and isinstance(func, ast.Attribute):
                owner = func.value
                if isinstance(owner, ast.Name) and owner.id == "GAMES":
                    return True
            node = func.value if isinstance(func, ast.Attribute) else func
        else:
            return False


class Scan(ast.NodeVisitor):
    def __init__(self, tree, filename: str):
        self.filename = filename
        self.found: list[str] = []
        # Module constants made only of literals: comparing with them is comparing with a literal.
        self.constants: set[str] = set()
        for node in tree.body:
            if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                if self.literal(node.value):
                    self.constants |= {t.id for t in targets if isinstance(t, ast.Name)}

    def literal(self, node) -> bool:
        if isinstance(node, ast.Constant):
            return isinstance(node.value, str)
        if isinstance(node, ast.JoinedStr):
            return True
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            return any(self.literal(e) for e in node.elts)
        if isinstance(node, ast.Dict):
            return any(k is not None and self.literal(k) for k in node.keys)
        if isinstance(node, ast.Name):
            return node.id in getattr(self, "constants", ())
        if isinstance(node, ast.Attribute):  # Build.SAME_SUIT, spec.Scoring.RELOADED
            return isinstance(node.value, ast.Name) and node.value.id in VOCABULARIES
        if isinstance(node, ast.Call):  # frozenset({"a"}), set(("a", "b"))
            made = isinstance(node.func, ast.Name) and node.func.id in ("frozenset", "set", "tuple", "list")
            return made and any(self.literal(a) for a in node.args)
        if isinstance(node, ast.BinOp):  # "italian" + suffix
            return self.literal(node.left) or self.literal(node.right)
        return False

    def hit(self, node, what: str = "") -> None:
        self.found.append(f"{self.filename}:{node.lineno}: {what or ast.unparse(node)}")

    def visit_Compare(self, node):
        sides = [node.left, *node.comparators]
        if any(_is_spec(a) and self.literal(b) for a in sides for b in sides if a is not b):
            self.hit(node)
        self.generic_visit(node)

    def visit_Call(self, node):
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr in TEXT_METHODS:
            mine, theirs = func.value, node.args
            if (_is_spec(mine) and any(self.literal(a) for a in theirs)) or (
                self.literal(mine) and any(_is_spec(a) for a in theirs)
            ):
                self.hit(node)
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        if name in RE_FUNCTIONS and any(_is_spec(a) for a in node.args):
            self.hit(node)
        self.generic_visit(node)

    def visit_Match(self, node):
        if _is_spec(node.subject):
            self.hit(node, f"match on {ast.unparse(node.subject)}")
        self.generic_visit(node)


def name_comparisons(source: str, filename: str = "<source>") -> list[str]:
    """Every place where ``source`` compares a spec value or a game's name with a literal."""
    tree = ast.parse(source, filename)
    scan = Scan(tree, filename)
    scan.visit(tree)
    return scan.found


@pytest.mark.parametrize(
    "snippet",
    [
        'if spec.id == "solitario": pass',
        'x = self.game.spec.rules != "retinue"',
        'y = get_spec(g).scoring == "forty-thieves"',
        'z = app.game.spec.id in ("reloaded", "solitario")',
        'z = "retinue" not in app.game.spec.id',
        'match game.spec.scoring:\n    case "reloaded": pass',
        "match spec.build:\n    case Build.SAME_SUIT: pass",
        # the forms the first scan missed (issue 38)
        'if status == "stalled" and game_id == "retinue": pass',
        'if spec.build == "same-suit": pass',
        'ok = self.spec is not None and self.spec.deck.name.startswith("italian")',
        'ok = deck_name.endswith("-40")',
        'ok = "italian".startswith(spec.deck.name)',
        'ok = re.match(r"forty", spec.id)',
        'ok = fnmatch(game_id, "spider-*")',
        'ITALIAN_DECKS = frozenset({"italian-40"})\nok = deck_name in ITALIAN_DECKS',
        'LABELLED = ("retinue",)\nok = spec.id not in LABELLED',
        "ok = spec.build is Build.SAME_SUIT",
        "ok = GAMES[game].scoring == Scoring.RELOADED",
        "ok = GAMES.get(challenge.game).stall is Stall.CHAIN_END",
        'ok = verdict.challenge.game == "retinue"',
        'ok = spec.id.__eq__("lucas")',
        'ok = f"{spec.id}" == "lucas"',
    ],
)
def test_the_scan_finds_a_name_comparison(snippet):
    assert name_comparisons(snippet)


def test_the_scan_lets_questions_to_the_spec_pass():
    ok = (
        "if spec.labels: pass\n"
        "if spec.stock_play and spec.id == other_id: pass\n"
        "x = {spec.id: 1}\n"
        "y = WORDS[spec.scoring]\n"
        "z = STALL_KEYS.get(spec.stall, 'duel.status_stalled')\n"
        "w = spec.draw == 1 or spec.redeals is None\n"
        "v = slot.kind == 'column' and status == 'stalled'\n"
        "u = spec.build.fits(spec.deck, below, card)\n"
    )
    assert name_comparisons(ok) == []


def test_no_module_in_game_web_compares_a_game_name():
    modules = sorted(WEB.rglob("*.py"))
    assert len(modules) > 20
    found = [hit for path in modules for hit in name_comparisons(path.read_text(encoding="utf-8"), str(path))]
    assert found == []
