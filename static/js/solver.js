// The page's side of the solver worker (static/js/solver-worker.js).
// window.SolSolver.ask(cmd, positionJson, budget, seconds, callback[, background])
// sends a request and returns its id; callback(answerJson) gets only the
// answer to the latest request: cancel() (called when the player moves) and
// each new request make every earlier answer stale, and stale answers are
// dropped. One request is in the worker at a time; a newer one waits and
// replaces any other waiting one.
// window.SolSolver.keep(cmd, positionJson, budget, callback) asks for an
// answer that no later request makes stale (the daily goal): kept requests
// wait in turn behind the latest request, each gets its answer, and they
// start the worker as background requests do.
//
// The worker's start costs a second Python runtime's start-up, and on a
// machine with few cores it would slow the player's moves while it runs. So
// it starts lazily and out of the player's way:
// - warm() (after the first deal) and background requests (the quiet "can
//   this deal still be won?" checks) start it only once the player has been
//   still for QUIET_MS: no press, no key;
// - every press or key puts that moment off again;
// - a request the player asked for (the Hint button) starts it at once;
// - it starts from the runtime the page has already compiled
//   (window.solitaireRuntime, kept by start.js), so it compiles nothing.
(function () {
  "use strict";
  var script = document.currentScript;
  var base = script ? script.src : location.href;
  var QUIET_MS = 1500;
  var worker = null;
  var failed = null;
  var ready = false;
  var latest = 0;
  var busy = false;
  var waiting = null;
  var callbacks = {};
  var kept = [];         // kept requests not yet sent, in turn
  var keptCallbacks = {};
  var keptId = 0;        // their ids count down from -1: never one of latest's
  var wanted = false;    // start at the next still moment
  var quiet = 0;         // its timer
  var shared = false;    // it started from the page's compiled runtime
  var snapshot = null;   // how its Python started: "restored", "made" (and kept), "none"

  function send(request) {
    busy = true;
    worker.postMessage(request);
  }

  // The next request to send, if any: the latest one first, then the kept ones.
  function next() {
    if (waiting) { var request = waiting; waiting = null; send(request); }
    else if (kept.length) send(kept.shift());
  }

  function answerKept(id, text) {
    var cb = keptCallbacks[id];
    delete keptCallbacks[id];
    if (cb) cb(text);
  }

  // The worker cannot run: the requests held for it get an error answer.
  function fail(error) {
    failed = failed || error;
    busy = false;
    kept.splice(0).forEach(function (request) {
      answerKept(request.id, JSON.stringify({ id: request.id, status: "error", error: failed }));
    });
    if (!waiting) return;
    var held = waiting, cb = callbacks[held.id];
    waiting = null;
    if (cb && held.id === latest) cb(JSON.stringify({ id: held.id, status: "error", error: failed }));
  }

  function start() {
    clearTimeout(quiet);
    if (worker || failed) return;
    try {
      worker = new Worker(new URL("solver-worker.js", base), { type: "module" });
      // First message: the page's compiled runtime, or null (then it compiles its own).
      worker.postMessage({ cmd: "runtime", module: window.solitaireRuntime || null });
    } catch (err) {
      worker = null;
      fail(String(err));
      return;
    }
    worker.onmessage = function (event) {
      var data = event.data || {};
      if ("ready" in data) {
        if (!data.ready) { fail(data.error || "failed"); return; }
        ready = true;
        shared = !!data.shared;
        snapshot = data.snapshot || null;
        if (!busy) next();
        return;
      }
      busy = false;
      if (data.id < 0) {
        answerKept(data.id, JSON.stringify(data));
      } else {
        var cb = callbacks[data.id];
        delete callbacks[data.id];
        if (cb && data.id === latest) cb(JSON.stringify(data));
      }
      next();
    };
    worker.onerror = function (event) { fail(String(event.message || "worker error")); };
  }

  function whenStill() {
    wanted = true;
    clearTimeout(quiet);
    if (!worker && !failed) quiet = setTimeout(start, QUIET_MS);
  }

  // A press or a key: the player is busy, the still moment begins again.
  function pressed() {
    if (wanted && !worker) whenStill();
  }
  window.addEventListener("pointerdown", pressed, true);
  window.addEventListener("keydown", pressed, true);

  window.SolSolver = {
    warm: function () { whenStill(); },
    ask: function (cmd, position, budget, seconds, callback, background) {
      latest += 1;
      var request = { id: latest, cmd: cmd, position: position, budget: budget, seconds: seconds };
      if (failed) {
        setTimeout(function () { callback(JSON.stringify({ id: request.id, status: "error", error: failed })); }, 0);
        return request.id;
      }
      callbacks = {};
      callbacks[request.id] = callback;
      if (busy || !ready) waiting = request; else send(request);
      if (!worker) { if (background) whenStill(); else start(); }
      return request.id;
    },
    keep: function (cmd, position, budget, callback) {
      keptId -= 1;
      var request = { id: keptId, cmd: cmd, position: position, budget: budget, seconds: null };
      if (failed) {
        setTimeout(function () { callback(JSON.stringify({ id: request.id, status: "error", error: failed })); }, 0);
        return request.id;
      }
      keptCallbacks[request.id] = callback;
      if (busy || !ready) kept.push(request); else send(request);
      if (!worker) whenStill();
      return request.id;
    },
    cancel: function () { latest += 1; callbacks = {}; waiting = null; },
    get started() { return !!worker; },
    get ready() { return ready; },  // its Python is up and waiting for requests
    get shared() { return shared; },  // it compiled nothing: the page's runtime was handed over
    get snapshot() { return snapshot; },  // "made": it made the runtime's snapshot and kept it (runtime.mjs)
    get failed() { return failed; }
  };
})();
