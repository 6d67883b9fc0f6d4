"""How ``-n`` spreads the suite over workers (a pytest plugin, loaded by
pytest.ini's ``-p tests.spread``; pytest.ini chooses ``--dist loadgroup``).

An end-to-end module stays whole on one worker, in order: its tests share a
booted page (module-scoped fixtures) and some follow on from the one before.
A unit test is a unit of its own, so the last minutes of a run are split
finely instead of waiting on one long module. The workers are given the
end-to-end modules first, then the slow searches, then the other unit tests.
Without ``--dist loadgroup`` (one process, or another ``--dist``) nothing
changes.
"""

from __future__ import annotations

import pytest


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups
def pytest_collection_modifyitems(config, items):
    if not getattr(config.option, "loadgroup", False):
        return
    e2e, slow, rest = [], [], []
    for item in items:
        if "e2e" in item.path.parts:
            item.add_marker(pytest.mark.xdist_group(f"e2e-{item.path.stem}"))
            e2e.append(item)
        elif item.get_closest_marker("slow"):
            slow.append(item)
        else:
            rest.append(item)
    items[:] = e2e + slow + rest
