"""Two browser engines besides Chromium, driven the same way: Firefox over
Marionette (``marionette-driver``) and WebKit over W3C WebDriver
(``WebKitWebDriver`` from Debian's ``webkit2gtk-driver``, under Xvfb).

Playwright drives only its own builds of Firefox and WebKit, so these tests
start the system's browsers themselves. Each driver offers the few things the
smoke set needs: open an address, run a script in the page, wait for a
condition, press, move and release the mouse at a point, press a key, and
enter or leave a frame. Waits poll the page; their limits only stop a hung
browser, they measure nothing.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

WAIT_S = 20.0
# A cold first visit (a new origin: no runtime snapshot yet), e.g. a
# cross-site frame in WebKit, took over 90 s on a loaded 2-core machine.
BOOT_S = 150.0

# Firefox: a quiet profile for a machine without the internet. Third-party
# cookies (and with them a cross-site frame's storage) are blocked, as a
# user or a privacy setting may have them.
FIREFOX_PREFS = {
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.aboutwelcome.enabled": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "datareporting.healthreport.uploadEnabled": False,
    "toolkit.telemetry.enabled": False,
    "app.update.enabled": False,
    "app.normandy.enabled": False,
    "extensions.update.enabled": False,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "browser.newtabpage.enabled": False,
    "network.cookie.cookieBehavior": 1,  # block all third-party cookies and storage
}

KEYS = {"Enter": "\ue007", "Tab": "\ue004", "ArrowLeft": "\ue012", "ArrowUp": "\ue013", "ArrowRight": "\ue014"}
KEYS["ArrowDown"] = "\ue015"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Engine:
    """What the smoke set uses of a browser (one window, one page at a time)."""

    name = ""
    blocks_third_party_storage = False  # a cross-site frame is denied localStorage

    def js(self, script: str, *args):
        """Run ``script`` (a function body; ``arguments`` holds ``args``) in the page."""
        raise NotImplementedError

    def go(self, url: str) -> None:
        raise NotImplementedError

    def actions(self, pointer: list[dict] | None = None, keys: list[dict] | None = None) -> None:
        raise NotImplementedError

    def frame(self, selector: str | None) -> None:
        """Enter the <iframe> at ``selector`` of the top page, or (None) leave to the top page."""
        raise NotImplementedError

    def quit(self) -> None:
        raise NotImplementedError

    def last_words(self) -> str:
        """The end of the browser's own output (to tell why it died)."""
        return ""

    def crashed(self) -> bool:
        """Whether the browser's own output says its page crashed."""
        return False

    def alive(self) -> bool:
        """Whether the browser still answers (it may have crashed)."""
        for _ in range(3):  # a page between two documents may refuse once
            try:
                return self.js("return 1;") == 1
            except Exception:
                time.sleep(0.5)
        return False

    # --- built on those -----------------------------------------------------------------------
    def wait(self, expression: str, timeout: float = WAIT_S, *args):
        """The first truthy value of ``expression`` (JavaScript), polled."""
        end = time.monotonic() + timeout
        last = None
        while True:
            try:
                value = self.js(f"return ({expression});", *args)
            except Exception as exc:  # the page is between two documents
                value, last = None, exc
            if value:
                return value
            if time.monotonic() > end:
                raise AssertionError(f"{self.name}: still false after {timeout} s: {expression} ({last})")
            time.sleep(0.1)

    def click_at(self, x: float, y: float) -> None:
        self.actions(pointer=[_move(x, y), _down(), _pause(60), _up()])

    def drag(self, start: tuple, end: tuple) -> None:
        (x, y), (tx, ty) = start, end
        steps = [_move(x, y), _down(), _move(x + 6, y + 6, 50)]
        steps += [_move(x + (tx - x) * i / 8, y + (ty - y) * i / 8, 30) for i in range(1, 9)]
        self.actions(pointer=[*steps, _pause(50), _up()])

    def type(self, text: str) -> None:
        keys = []
        for ch in text:
            keys += [{"type": "keyDown", "value": ch}, {"type": "keyUp", "value": ch}]
        self.actions(keys=keys)

    def press(self, key: str) -> None:
        value = KEYS.get(key, key)
        self.actions(keys=[{"type": "keyDown", "value": value}, {"type": "keyUp", "value": value}])


def _move(x: float, y: float, duration: int = 0) -> dict:
    return {"type": "pointerMove", "x": round(x), "y": round(y), "origin": "viewport", "duration": duration}


def _down() -> dict:
    return {"type": "pointerDown", "button": 0}


def _up() -> dict:
    return {"type": "pointerUp", "button": 0}


def _pause(ms: int) -> dict:
    return {"type": "pause", "duration": ms}


def _sequences(pointer, keys) -> list[dict]:
    out = []
    if pointer:
        out.append({"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": pointer})
    if keys:
        out.append({"type": "key", "id": "keyboard", "actions": keys})
    return out


# --- Firefox ----------------------------------------------------------------------------------
def find_firefox() -> str | None:
    for name in (os.environ.get("FIREFOX"), "firefox-esr", "firefox"):
        path = name and shutil.which(name)
        if path:
            return path
    return None


class Firefox(Engine):
    """Firefox started with ``--headless --marionette`` on a fresh profile
    whose user.js names the Marionette port."""

    name = "firefox"
    blocks_third_party_storage = True  # FIREFOX_PREFS block third-party cookies

    def __init__(self, binary: str, width: int = 1366, height: int = 768):
        from marionette_driver.marionette import Marionette

        self.profile = Path(tempfile.mkdtemp(prefix="solitaire-firefox-"))
        port = free_port()
        prefs = {**FIREFOX_PREFS, "marionette.port": port}
        (self.profile / "user.js").write_text(
            "".join(f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in prefs.items())
        )
        self.log = open(self.profile / "firefox.log", "w")  # noqa: SIM115 (closed in quit)
        env = {**os.environ, "MOZ_CRASHREPORTER_DISABLE": "1"}
        self.process = subprocess.Popen(
            [binary, "--headless", "--marionette", "--no-remote", "--profile", str(self.profile)],
            stdout=self.log,
            stderr=subprocess.STDOUT,
            env=env,
        )
        self.client = Marionette(host="127.0.0.1", port=port, startup_timeout=120)
        try:
            self.client.start_session()
            self.client.timeout.page_load = BOOT_S
            self.client.set_window_rect(width=width, height=height)
        except Exception:
            self.quit()
            raise

    def js(self, script: str, *args):
        # sandbox=None: the page's own globals (window.solitaire), not an Xray view of them
        return self.client.execute_script(script, script_args=args, sandbox=None, new_sandbox=False)

    def go(self, url: str) -> None:
        self.client.navigate(url)

    def actions(self, pointer=None, keys=None) -> None:
        self.client._send_message("WebDriver:PerformActions", {"actions": _sequences(pointer, keys)})
        self.client._send_message("WebDriver:ReleaseActions")

    def frame(self, selector: str | None) -> None:
        from marionette_driver.by import By

        self.client.switch_to_default_content()
        if selector is not None:
            self.client.switch_to_frame(self.client.find_element(By.CSS_SELECTOR, selector))

    def quit(self) -> None:
        try:
            if self.client.session is not None:
                self.client.delete_session()
        except Exception:
            pass
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()
        shutil.rmtree(self.profile, ignore_errors=True)

    def last_words(self) -> str:
        self.log.flush()
        return (self.profile / "firefox.log").read_text(errors="replace")[-2000:]


# --- WebKit -----------------------------------------------------------------------------------
# What MiniBrowser prints when the process that runs the page dies (seen under
# heavy load, once in 19 deals in one page); pytest.ini runs such a test again.
CRASHED = "WebProcess CRASHED"
MINIBROWSER = (
    "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
    "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.0/MiniBrowser",
)


def find_webkit() -> tuple[str, str, str] | None:
    """(WebKitWebDriver, MiniBrowser, Xvfb), or None where one is missing."""
    driver, xvfb = shutil.which("WebKitWebDriver"), shutil.which("Xvfb")
    browser = next((p for p in MINIBROWSER if os.path.exists(p)), None)
    return (driver, browser, xvfb) if driver and browser and xvfb else None


class WebKit(Engine):
    """WebKitGTK's MiniBrowser, driven by WebKitWebDriver (W3C WebDriver over
    HTTP), on an Xvfb display of its own."""

    name = "webkit"  # MiniBrowser gives a cross-site frame localStorage

    def __init__(self, driver: str, browser: str, xvfb: str, width: int = 1366, height: int = 768):
        self.processes = []
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 (the driver's and browser's output, closed in quit)
        display = f":{free_port() % 500 + 100}"
        self.processes.append(
            subprocess.Popen(
                [xvfb, display, "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        )
        port = free_port()
        env = {**os.environ, "DISPLAY": display}
        self.processes.append(
            subprocess.Popen([driver, f"--port={port}"], stdout=self.log, stderr=subprocess.STDOUT, env=env)
        )
        self.base = f"http://127.0.0.1:{port}"
        self.session = None
        self.offset = (0, 0)  # of the frame entered, in the top page
        end = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(self.base + "/status", timeout=5):
                    break
            except OSError:
                if time.monotonic() > end:
                    self.quit()
                    raise
                time.sleep(0.2)
        options = {"binary": browser, "args": ["--automation"]}
        caps = {"capabilities": {"alwaysMatch": {"webkitgtk:browserOptions": options}}}
        try:
            self.session = self._call("POST", "/session", caps)["sessionId"]
            self._call("POST", f"/session/{self.session}/timeouts", {"pageLoad": int(BOOT_S * 1000), "script": 30_000})
            self._call("POST", f"/session/{self.session}/window/rect", {"width": width, "height": height})
        except Exception:
            self.quit()
            raise

    def _call(self, method: str, path: str, body: dict | None = None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.base + path, data=data, method=method, headers={"Content-Type": "application/json"}
        )
        try:
            with urllib.request.urlopen(request, timeout=BOOT_S + 30) as reply:
                return json.loads(reply.read() or b"{}").get("value")
        except urllib.error.HTTPError as exc:
            said = exc.read()[:500]
            if self.crashed():  # the driver says only "unknown error"; MiniBrowser tells why
                raise RuntimeError(f"WebKitWebDriver {path}: {CRASHED} (the browser's log says so)") from None
            raise RuntimeError(f"WebKitWebDriver {path}: {said!r}") from None

    def _s(self, path: str) -> str:
        return f"/session/{self.session}{path}"

    def js(self, script: str, *args):
        return self._call("POST", self._s("/execute/sync"), {"script": script, "args": list(args)})

    def go(self, url: str) -> None:
        self._call("POST", self._s("/url"), {"url": url})

    def actions(self, pointer=None, keys=None) -> None:
        # WebKitWebDriver places the pointer in the top page's viewport even
        # inside a frame, so a frame's own coordinates are moved by its offset.
        dx, dy = self.offset
        pointer = [{**a, "x": a["x"] + round(dx), "y": a["y"] + round(dy)} if "x" in a else a for a in pointer or []]
        self._call("POST", self._s("/actions"), {"actions": _sequences(pointer, keys)})
        self._call("DELETE", self._s("/actions"))

    def frame(self, selector: str | None) -> None:
        self._call("POST", self._s("/frame"), {"id": None})
        self.offset = (0, 0)
        if selector is not None:
            self.offset = self.js(
                "const f = document.querySelector(arguments[0]), r = f.getBoundingClientRect();"
                "return [r.left + f.clientLeft, r.top + f.clientTop];",
                selector,
            )
            found = self._call("POST", self._s("/element"), {"using": "css selector", "value": selector})
            self._call("POST", self._s("/frame"), {"id": found})

    def quit(self) -> None:
        if self.session:
            try:
                self._call("DELETE", self._s(""))
            except Exception:
                pass
        for process in reversed(self.processes):
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        self.log.close()

    def _output(self) -> bytes:
        self.log.seek(0)
        return self.log.read()

    def last_words(self) -> str:
        return self._output()[-2000:].decode(errors="replace")

    def crashed(self) -> bool:
        return CRASHED.encode() in self._output()
