"""The ``--fuzz-deep`` option (a pytest plugin, loaded by pytest.ini's
``-p tests.fuzz_deep``): the fuzz tests run long, with many more examples;
without it they stay fast enough for every run of ./test.

It loads the hypothesis profile "fuzz-deep" (tests without a ``max_examples``
of their own get FUZZ_DEEP_EXAMPLES each) and sets ``SOLITAIRE_FUZZ_DEEP=1``
for tests that size their own rounds:

    .venv/bin/python -m pytest tests/unit -k fuzz --fuzz-deep
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

FUZZ_DEEP_EXAMPLES = 5_000

settings.register_profile(
    "fuzz-deep",
    max_examples=FUZZ_DEEP_EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def pytest_addoption(parser):
    parser.addoption(
        "--fuzz-deep",
        action="store_true",
        default=False,
        help=f"run the fuzz tests long ({FUZZ_DEEP_EXAMPLES} examples each)",
    )


def pytest_configure(config):
    if config.getoption("--fuzz-deep", default=False):
        settings.load_profile("fuzz-deep")
        os.environ["SOLITAIRE_FUZZ_DEEP"] = "1"
