"""The import graph of game/: no loop in the engine (game/ outside game/web),
none in the web layer (game/web), counting every import, at the top of a
module or deferred into a function; the engine's own modules (game/*.py)
import neither the solver (game.solver) nor the web layer (game.web); and a
deferred import is there only for start-up speed, with its measured cost
said beside it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

GAME = Path(__file__).resolve().parents[2] / "game"
COST = re.compile(r"\b\d+(?:\.\d+)?\s*(?:ms|s)\b")


def module_name(path: Path) -> str:
    parts = path.relative_to(GAME.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def all_modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(GAME.rglob("*.py"))}


def engine_modules() -> dict[str, Path]:
    return {name: p for name, p in all_modules().items() if "web" not in p.relative_to(GAME).parts}


def web_modules() -> dict[str, Path]:
    return {name: p for name, p in all_modules().items() if name == "game.web" or name.startswith("game.web.")}


# The command line (``python -m game``) sits above the engine and the solver
# and wires them together (its ``solve`` verb); nothing imports it back.
FRONT = {"game.__main__", "game.cli"}


def _type_checking(node) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def imports(path: Path, modules: dict) -> list[tuple[str, int, bool]]:
    """(imported engine module, line, deferred) for every import of ``path``;
    ``if TYPE_CHECKING:`` blocks are not imports."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = {id(n) for block in ast.walk(tree) if _type_checking(block) for n in ast.walk(block)}
    top = {id(n) for n in tree.body}
    out = []
    for node in ast.walk(tree):
        if id(node) in skip or not isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        targets = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        else:
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            base = (f"{base}.{node.module}" if node.module else base) if node.level else node.module
            submodules = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in modules]
            targets = submodules
            # ``from package import name`` of a name that is no module needs the
            # package's own code to have run: an edge to it.
            if len(submodules) < len(node.names) or not name.startswith(base + "."):
                targets = [base] + submodules
        for target in targets:
            # importing a.b.c runs a.b too (packages above the importer are already running)
            parts = target.split(".")
            for i in range(1, len(parts) + 1):
                dotted = ".".join(parts[:i])
                ancestor = name.startswith(dotted + ".") and dotted != target
                if dotted in modules and dotted != name and not ancestor:
                    out.append((dotted, node.lineno, id(node) not in top))
    return out


def find_cycle(graph: dict[str, set]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(n):
        state[n] = 1
        stack.append(n)
        for m in sorted(graph.get(n, ())):
            if state.get(m) == 1:
                return stack[stack.index(m) :] + [m]
            if m not in state:
                found = visit(m)
                if found:
                    return found
        stack.pop()
        state[n] = 2
        return None

    for n in sorted(graph):
        if n not in state:
            found = visit(n)
            if found:
                return found
    return None


def test_the_cycle_finder_finds_one():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def test_the_engine_import_graph_has_no_cycle():
    modules = engine_modules()
    assert {"game.play", "game.position", "game.catalog", "game.spec", "game.safe", "game.solver"} <= set(modules)
    graph = graph_of(modules)
    # The package imports its modules; a module never imports the package back.
    assert "game" not in set().union(*(deps for name, deps in graph.items() if name != "game"))
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph))


def graph_of(modules: dict[str, Path], among: dict[str, Path] | None = None) -> dict[str, set]:
    """Each module of ``modules`` -> the modules of ``among`` (default: the
    same) that it imports."""
    among = modules if among is None else among
    return {name: {m for m, _, _ in imports(path, among)} for name, path in modules.items()}


def test_the_web_import_graph_has_no_cycle():
    modules = web_modules()
    assert {"game.web.duel_view", "game.web.history", "game.web.storage", "game.web.texts.ui"} <= set(modules)
    graph = graph_of(modules)
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph))


def test_the_web_layer_keeps_duel_names_out_of_storage():
    """The loop this test was written for: storage cleaned names with
    duel_view's code, and duel_view reads history, which reads storage."""
    graph = graph_of(web_modules())
    assert "game.web.duel_view" not in graph["game.web.storage"]


def test_the_cycle_finder_sees_a_loop_through_a_deferred_import(tmp_path):
    pkg = tmp_path / "game" / "web"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from .b import x\n")
    (pkg / "b.py").write_text("def x():\n    from .a import y  # 1 ms\n")
    global GAME
    saved, GAME = GAME, tmp_path / "game"
    try:
        graph = graph_of(web_modules())
    finally:
        GAME = saved
    assert find_cycle(graph) == ["game.web.a", "game.web.b", "game.web.a"]


def own_modules() -> dict[str, Path]:
    """The engine's own modules: game/*.py, the package and its files, not
    the solver's or the web layer's, nor the command line above them."""
    return {name: p for name, p in all_modules().items() if p.parent == GAME and name not in FRONT}


def test_the_engine_imports_neither_the_solver_nor_the_web_layer():
    everything = all_modules()
    own = own_modules()
    assert {"game", "game.play", "game.home", "game.safe", "game.advice", "game.names"} <= set(own)
    wrong = [
        f"{path.relative_to(GAME.parent)}:{line}: imports {target}"
        for name, path in own.items()
        for target, line, _ in imports(path, everything)
        if target.startswith(("game.solver", "game.web"))
    ]
    assert wrong == []


def test_nothing_imports_the_command_line():
    everything = all_modules()
    back = [
        (name, target)
        for name, path in everything.items()
        if name not in FRONT
        for target, _, _ in imports(path, everything)
        if target in FRONT
    ]
    assert back == []


def test_the_solver_and_the_web_layer_reach_the_engine_not_each_other():
    everything = all_modules()
    for name, path in everything.items():
        targets = {t for t, _, _ in imports(path, everything)}
        if name.startswith("game.solver"):
            assert not any(t.startswith("game.web") for t in targets), name


def test_a_deferred_import_says_what_it_saves():
    modules = engine_modules()
    for path in modules.values():
        lines = path.read_text(encoding="utf-8").splitlines()
        for target, line, deferred in imports(path, modules) + stdlib_deferred(path):
            if deferred:
                near = " ".join(lines[max(0, line - 5) : line])
                assert COST.search(near), f"{path}:{line}: deferred import of {target} without its measured cost"


def stdlib_deferred(path: Path) -> list[tuple[str, int, bool]]:
    """Deferred imports of anything (the standard library too)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = {id(n) for n in tree.body}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in top:
            if not any(_type_checking(b) and node in ast.walk(b) for b in tree.body):
                out.append((ast.unparse(node), node.lineno, True))
    return out
