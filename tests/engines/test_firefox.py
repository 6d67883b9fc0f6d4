"""The smoke set (engine_smoke.py) in Firefox ESR, over Marionette."""

from engine_smoke import *  # noqa: F403 (the set's tests and fixtures, collected here)

ENGINE = "firefox"
