// The page's side of the solver worker (static/js/solver-worker.js).
// window.SolSolver.ask(cmd, positionJson, budget, seconds, callback) sends a
// request and returns its id; callback(answerJson) gets only the answer to
// the latest request: cancel() (called when the player moves) and each new
// request make every earlier answer stale, and stale answers are dropped.
// One request is in the worker at a time; a newer one waits and replaces any
// other waiting one. The worker starts lazily: on the first request or warm().
(function () {
  "use strict";
  var script = document.currentScript;
  var base = script ? script.src : location.href;
  var worker = null;
  var failed = null;
  var ready = false;
  var latest = 0;
  var busy = false;
  var waiting = null;
  var callbacks = {};

  function send(request) {
    busy = true;
    worker.postMessage(request);
  }

  function start() {
    if (worker || failed) return;
    try {
      worker = new Worker(new URL("solver-worker.js", base), { type: "module" });
    } catch (err) {
      failed = String(err);
      return;
    }
    worker.onmessage = function (event) {
      var data = event.data || {};
      if ("ready" in data) {
        if (!data.ready) failed = data.error || "failed";
        else ready = true;
        return;
      }
      busy = false;
      var cb = callbacks[data.id];
      delete callbacks[data.id];
      if (cb && data.id === latest) cb(JSON.stringify(data));
      if (waiting) { var next = waiting; waiting = null; send(next); }
    };
    worker.onerror = function (event) { failed = String(event.message || "worker error"); };
  }

  window.SolSolver = {
    warm: function () { start(); },
    ask: function (cmd, position, budget, seconds, callback) {
      start();
      latest += 1;
      var request = { id: latest, cmd: cmd, position: position, budget: budget, seconds: seconds };
      if (failed) {
        setTimeout(function () { callback(JSON.stringify({ id: request.id, status: "error", error: failed })); }, 0);
        return request.id;
      }
      callbacks = {};
      callbacks[request.id] = callback;
      if (busy) waiting = request; else send(request);
      return request.id;
    },
    cancel: function () { latest += 1; callbacks = {}; waiting = null; },
    get started() { return !!worker; },
    get ready() { return ready; },  // its Python is up and waiting for requests
    get failed() { return failed; }
  };
})();
