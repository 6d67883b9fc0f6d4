"""The ``--fuzz-deep`` option (a pytest plugin, loaded by pytest.ini's
``-p tests.fuzz_deep``): the fuzz tests run long, with many more examples;
without it they stay fast enough for every run of ./test."""

from __future__ import annotations

import os


def pytest_addoption(parser):
    try:
        parser.addoption(
            "--fuzz-deep", action="store_true", default=False, help="run the fuzz tests with many more examples"
        )
    except ValueError:  # another conftest of the suite added it already
        pass


def pytest_configure(config):
    if config.getoption("--fuzz-deep", default=False):
        os.environ["SOLITAIRE_FUZZ_DEEP"] = "1"
