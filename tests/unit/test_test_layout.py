"""The suite itself: pytest imports test modules by their base name (the
folders are not packages), so two files of one name make it stop collecting
everything."""

from collections import defaultdict
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent


def test_no_two_test_modules_share_a_name():
    seen = defaultdict(list)
    for path in TESTS.rglob("*.py"):
        seen[path.name].append(path.relative_to(TESTS).as_posix())
    clashes = {name: paths for name, paths in seen.items() if len(paths) > 1 and name != "__init__.py"}
    assert not clashes, f"rename one of each: {clashes}"
