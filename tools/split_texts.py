"""Split a table of words shaped ``{lang: {key: text}}`` into one module per
language, the shape ``game/web/texts`` loads (see its ``__init__.py``):
``<table>_<lang>.py`` holding ``WORDS = {key: text}``. The entries are
copied as written, comments included.

    python -m tools.split_texts game/web/texts/daily.py DAILY
        -> game/web/texts/daily_en.py, daily_de.py, daily_it.py

Then delete daily.py (and the lines that merged it into ``ui.UI``), add
"daily" to ``TABLES`` in texts/ui.py, and run
``python -m tools.pyscript_files --write``.
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

LANG_NAMES = {"en": "English", "de": "German", "it": "Italian"}


def split(path: Path, name: str) -> list[Path]:
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    tree = ast.parse(source)
    table = next(
        node.value
        for node in tree.body
        if isinstance(node, (ast.Assign, ast.AnnAssign))
        and any(
            isinstance(t, ast.Name) and t.id == name for t in getattr(node, "targets", [getattr(node, "target", None)])
        )
    )
    if not isinstance(table, ast.Dict):
        raise SystemExit(f"{name} in {path} is not a dict literal")
    written = []
    for key, words in zip(table.keys, table.values):
        lang = ast.literal_eval(key)
        if not isinstance(words, ast.Dict):
            raise SystemExit(f"{name}[{lang!r}] is not a dict literal")
        body = lines[words.lineno : words.end_lineno - 1]  # between the braces
        indent = min(len(line) - len(line.lstrip()) for line in body if line.strip())
        body = [line[indent - 4 :] if line.strip() else "" for line in body]
        out = path.with_name(f"{path.stem}_{lang}.py")
        head = f'"""The ``{path.stem}`` words in {LANG_NAMES.get(lang, lang)}; texts/ui.py loads them with the language."""\n\n'
        out.write_text(head + "WORDS = {\n" + "\n".join(body) + "\n}\n", encoding="utf-8")
        written.append(out)
    return written


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("name", help="the table's variable, e.g. FLOW")
    args = parser.parse_args(argv)
    for out in split(args.path, args.name):
        print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
