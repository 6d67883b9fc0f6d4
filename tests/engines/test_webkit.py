"""The smoke set (engine_smoke.py) in WebKit (WebKitGTK's MiniBrowser under
Xvfb, over WebKitWebDriver); skipped where those are not installed."""

from engine_smoke import *  # noqa: F403 (the set's tests and fixtures, collected here)

ENGINE = "webkit"
