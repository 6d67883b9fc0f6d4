"""A duel run signed with this device's key (``static/js/keys.js``), where
the browser can: the run goes on unsigned where it cannot, or where the key
or the signature is refused. Nothing here decides about the duel: ``sign``
hands the run (signed or not) to ``done``."""

from __future__ import annotations

import js
from pyodide.ffi import create_proxy, to_js


def once(ok, fail):
    """Two JS callbacks for ``promise.then(ok, fail)``: whichever runs, both
    are released after it."""
    proxies = []

    def wrap(fn):
        def run(*args):
            try:
                fn(*args)
            finally:
                for p in proxies:
                    p.destroy()

        return run

    proxies.extend((create_proxy(wrap(ok)), create_proxy(wrap(fail))))
    return proxies


def sign(session, run, guard, done) -> None:
    """Sign ``run`` of ``session``, then ``done(run)`` with the signed run
    (or the run as it was, where it cannot be signed); ``guard``: the page's
    error guard (dom.Events.guard) for the callbacks."""
    keys = getattr(js.window, "SolKeys", None)
    if keys is None or str(keys.state) == "none":
        done(run)
        return

    def unsigned(*_):
        done(run)

    def got_key(raw):
        key = bytes(raw.to_bytes())
        message = js.Uint8Array.new(to_js(session.message(run, key)))

        def signed(sig):
            done(run.signed(key, bytes(sig.to_bytes())))

        keys.sign(message).then(*once(guard(signed), guard(unsigned)))

    ok, fail = once(guard(got_key), guard(unsigned))
    keys.key().then(ok, fail)
