// Loading indicator while Python starts. PyScript reports its stages as
// `py:progress` events on window; the Python side reports its own stages
// through window.boot and calls boot.done() once the board is dealt.
(function () {
  "use strict";
  // PyScript's stage -> [what the player reads, progress at its start, the
  // most the bar may creep to before the next stage is reported].
  var STAGES = {
    "Loading Pyodide": ["Loading the Python runtime\u2026", 10, 14],
    "Loading Storage": ["Preparing storage\u2026", 15, 19],
    "Loaded Storage": ["Preparing storage\u2026", 20, 24],
    "Loading interpreter": ["Starting Python\u2026", 25, 78],
    "Loaded interpreter": ["Python is running", 80, 84],
    "Loading files": ["Loading the game rules\u2026", 85, 90],
    "Loaded files": ["Loading the game rules\u2026", 90, 92],
    "Loaded Pyodide": ["Loading the game rules\u2026", 92, 95]
  };
  // The big downloads finish during "Starting Python"; each moves the bar.
  var FILES = { "python_stdlib.zip": 40, "pyodide.asm.wasm": 50 };

  var shown = 3;
  var ceiling = 9;
  var finished = false;

  function el(id) { return document.getElementById(id); }

  function show() {
    var bar = el("loading-progress");
    if (bar) bar.value = shown;
  }

  function stage(text, percent, upTo) {
    if (finished) return;
    var label = el("loading-stage");
    if (label && text) label.textContent = text;
    if (typeof percent === "number" && percent > shown) shown = percent;
    if (typeof upTo === "number") ceiling = upTo;
    if (ceiling < shown) ceiling = shown;
    show();
  }

  // Within a long stage the bar creeps towards its ceiling, so a slow
  // machine still sees that something is happening.
  function creep() {
    if (finished) return;
    if (shown < ceiling) {
      shown = Math.min(ceiling, shown + Math.max(0.05, (ceiling - shown) * 0.02));
      show();
    }
    setTimeout(creep, 150);
  }

  function fail(message) {
    finished = true;
    var box = el("loading");
    if (box) {
      box.classList.add("failed");
      box.classList.remove("over");  // the slim bar over a first visit's sketch: the whole screen again
      box.hidden = false;  // static/js/view.js hides it while it shows the last table
    }
    var board = el("board");
    if (board && board.hasAttribute("data-preview")) board.hidden = true;
    var label = el("loading-stage");
    if (label) {
      label.textContent = "The game could not start" + (message ? " (" + message + ")" : "") +
        ". Reload the page to try again.";
    }
  }

  function done() {
    if (!finished) dispatchEvent(new Event("solitaire:dealt"));  // once: the first deal is up
    shown = 100;
    show();
    finished = true;
    var box = el("loading");
    if (box) box.hidden = true;
  }

  window.boot = { stage: stage, fail: fail, done: done };
  setTimeout(creep, 150);

  addEventListener("py:progress", function (event) {
    var known = STAGES[event.detail];
    if (known) stage(known[0], known[1], known[2]);
  });

  if (window.PerformanceObserver) {
    try {
      new PerformanceObserver(function (list) {
        list.getEntries().forEach(function (entry) {
          var name = entry.name.split("?")[0].split("/").pop();
          if (FILES[name]) stage(null, FILES[name]);
        });
      }).observe({ type: "resource", buffered: true });
    } catch (e) { /* progress is a nicety; never block the boot on it */ }
  }

  // A runtime that fails to download or start never reaches Python.
  addEventListener("error", function (event) {
    if (!finished && event.filename && /vendor\//.test(event.filename)) fail(event.message);
  });
  addEventListener("unhandledrejection", function (event) {
    if (!finished) fail(String(event.reason && event.reason.message || event.reason));
  });
})();
