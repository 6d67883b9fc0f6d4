"""Refusals are codes with parameters (game/errors.py): every code the source
raises is known to its error class, has English, and has a text in every
language of the page (found by scanning the source, so a new code without
texts fails here)."""

from __future__ import annotations

import ast
import pickle
import string
from pathlib import Path

import pytest

from game import IllegalMove, InvalidPosition, new_game
from game.web.texts.ui import UI

ROOT = Path(__file__).resolve().parents[2]
CODED = {"IllegalMove": IllegalMove, "InvalidPosition": InvalidPosition}


def coded_classes(trees) -> dict:
    """Class names that raise with codes: the two, and any class deriving from them."""
    names = dict(CODED)
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                for base in node.bases:
                    if isinstance(base, ast.Name) and base.id in CODED:
                        names[node.name] = CODED[base.id]
    return names


def _results(node):
    """The strings an expression can give: a literal, either branch of
    ``a if test else b``, or the values of a literal dict looked up."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.IfExp):
        yield from _results(node.body)
        yield from _results(node.orelse)
    elif isinstance(node, ast.Subscript) and isinstance(node.value, ast.Dict):
        for value in node.value.values:
            yield from _results(value)


def raised_codes(source: str, classes: dict, filename: str = "<source>") -> list[tuple[str, str, str]]:
    """(class name, code, where) for every string in the first argument of a
    call of a coded error class."""
    out = []
    for node in ast.walk(ast.parse(source, filename)):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
        if name not in classes:
            continue
        strings = list(_results(node.args[0]))
        if not strings:
            out.append((name, "<not a literal>", f"{filename}:{node.lineno}"))
        out += [(name, code, f"{filename}:{node.lineno}") for code in strings]
    return out


def all_raised() -> list:
    files = [p for p in sorted((ROOT / "game").rglob("*.py")) if p.name != "errors.py"]
    sources = {p: p.read_text(encoding="utf-8") for p in files}
    classes = coded_classes(ast.parse(s) for s in sources.values())
    found = []
    for path, source in sources.items():
        found += [(classes[name], code, where) for name, code, where in raised_codes(source, classes, str(path))]
    return found


RAISED = all_raised()


def fields(text: str) -> set:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def test_the_scan_finds_codes_in_the_source():
    assert len(RAISED) > 60
    snippet = 'raise IllegalMove("x" if a == "no" else "y", card=c)\nraise InvalidPosition({"k": "z"}[k])\n'
    assert [c for _, c, _ in raised_codes(snippet, CODED)] == ["x", "y", "z"]
    assert raised_codes("raise IllegalMove(code)", CODED)[0][1] == "<not a literal>"


def test_every_raised_code_is_known_and_every_known_code_is_raised():
    for cls, code, where in RAISED:
        assert code in cls.ENGLISH, f"{where}: {cls.__name__} has no code {code!r}"
    for cls in CODED.values():
        used = {code for c, code, _ in RAISED if c is cls}
        assert set(cls.ENGLISH) == used, f"{cls.__name__} codes never raised: {set(cls.ENGLISH) - used}"


@pytest.mark.parametrize("lang", sorted(UI))
def test_every_code_has_a_text_in_every_language(lang):
    texts = UI[lang]
    for cls in CODED.values():
        for code, english in cls.ENGLISH.items():
            key = f"{cls.TEXT_PREFIX}.{code}"
            assert key in texts, f"{lang}: no text {key!r}"
            assert fields(texts[key]) <= fields(english), f"{lang} {key}: fields the engine does not give"


def test_an_error_carries_its_code_params_and_english():
    g = new_game("reloaded", 1)
    with pytest.raises(IllegalMove) as info:
        g.play("t1>waste")
    e = info.value
    assert (e.reason, e.params, str(e), e.text_key) == (
        "no_waste_drop",
        {},
        "no card may be put on the waste",
        "cue.no_waste_drop",
    )
    again = pickle.loads(pickle.dumps(e))
    assert (type(again), again.reason, again.params, str(again)) == (IllegalMove, e.reason, e.params, str(e))
    with pytest.raises(ValueError, match="no reason code"):
        IllegalMove("a made-up refusal")
