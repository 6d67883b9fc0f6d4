// Loading indicator while Python starts. PyScript reports its stages as
// `py:progress` events on window; the Python side reports its own stages
// through window.boot and calls boot.done() once the board is dealt.
(function () {
  "use strict";
  // PyScript's stage -> [the key of what the player reads (game/web/texts,
  // through static/js/sketches.js and view.js), the same in English where
  // that script is missing, progress at its start, the most the bar may
  // creep to before the next stage is reported].
  var STAGES = {
    "Loading Pyodide": ["loading.runtime", "Fetching the cards and the table\u2026", 10, 14],
    "Loading Storage": ["loading.storage", "Setting up the table\u2026", 15, 19],
    "Loaded Storage": ["loading.storage", "Setting up the table\u2026", 20, 24],
    "Loading interpreter": ["loading.python", "Shuffling the cards\u2026", 25, 78],
    "Loaded interpreter": ["loading.python_ready", "Almost ready", 80, 84],
    "Loading files": ["loading.rules", "Reading the rules\u2026", 85, 90],
    "Loaded files": ["loading.rules", "Reading the rules\u2026", 90, 92],
    "Loaded Pyodide": ["loading.rules", "Reading the rules\u2026", 92, 95]
  };

  function word(key, english) {
    var view = window.SolView;
    return (view && view.word && view.word(key)) || english;
  }

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

  var said = null;     // the stage's words, while a tap's answer shows instead
  var nudged = 0;      // that answer's timer

  function stage(text, percent, upTo) {
    if (finished) return;
    var label = el("loading-stage");
    if (label && text) {
      if (nudged) said = text;
      else label.textContent = text;
    }
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
      var failed = word("loading.failed", "The game could not start ({reason}).");
      failed = message ? failed.replace("{reason}", message) : failed.replace(/\s*\(\{reason\}\)/, "");
      label.textContent = failed + " " + word("loading.reload", "Reload the page to try again.");
    }
  }

  // A tap or click on the table, or on the loading screen, before the game
  // is ready: the cards cannot move yet, and the player is told so where
  // they look for progress (the loading screen, or its bar over the table),
  // for a few seconds; then the stage's words come back.
  function nudge(event) {
    var box = el("loading");
    var label = el("loading-stage");
    if (finished || !box || box.hidden || !label || !event.isTrusted) return;
    var target = event.target;
    if (!(target && target.closest && target.closest("#board, #loading"))) return;
    if (!nudged) said = label.textContent;
    label.textContent = word("loading.wait", "One moment: the cards wake up as soon as the game is ready.");
    box.classList.add("nudged");
    clearTimeout(nudged);
    nudged = setTimeout(function () {
      nudged = 0;
      box.classList.remove("nudged");
      if (!finished && said) label.textContent = said;
    }, 2500);
  }
  addEventListener("pointerdown", nudge, true);

  function done() {
    if (nudged) { clearTimeout(nudged); nudged = 0; }
    var box0 = el("loading");
    if (box0) box0.classList.remove("nudged");
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
    if (known) stage(word(known[0], known[1]), known[2], known[3]);
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
