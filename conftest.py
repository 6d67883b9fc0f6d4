"""Options for every test (here at the top, as pytest wants options: a second
``conftest.py`` under tests/ would share its name with tests/e2e/conftest.py).

``--fuzz-deep`` runs the fuzz tests long.

The fuzz tests (hypothesis, without a ``max_examples`` of their own) run a
quick round in the suite. ``--fuzz-deep`` loads the "fuzz-deep" profile:
many more examples each, for a long run by hand or in a nightly job:

    .venv/bin/python -m pytest tests/unit -k fuzz --fuzz-deep
"""

from __future__ import annotations

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
        help=f"run the fuzz tests with {FUZZ_DEEP_EXAMPLES} examples each (long)",
    )


def pytest_configure(config):
    if config.getoption("--fuzz-deep"):
        settings.load_profile("fuzz-deep")
