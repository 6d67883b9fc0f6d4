// Loading indicator while Python starts. PyScript reports its stages as
// `py:progress` events on window; the Python side reports its own stages
// through window.boot and calls boot.done() once the board is dealt.
(function () {
  "use strict";
  // PyScript's stage names -> what the player reads, and how far along it is.
  var STAGES = {
    "Loading Pyodide": ["Loading the Python runtime\u2026", 10],
    "Loading Storage": ["Preparing storage\u2026", 15],
    "Loaded Storage": ["Preparing storage\u2026", 20],
    "Loading interpreter": ["Starting Python\u2026", 25],
    "Loaded interpreter": ["Python is running", 80],
    "Loading files": ["Loading the game rules\u2026", 85],
    "Loaded files": ["Loading the game rules\u2026", 90],
    "Loaded Pyodide": ["Loading the game rules\u2026", 92]
  };
  // Big downloads finish during "Starting Python"; tick the bar for each.
  var FILES = { "pyodide.asm.wasm": 55, "python_stdlib.zip": 70 };

  var shown = 0;
  var finished = false;

  function el(id) { return document.getElementById(id); }

  function stage(text, percent) {
    if (finished) return;
    var label = el("loading-stage");
    var bar = el("loading-progress");
    if (label && text) label.textContent = text;
    if (bar && typeof percent === "number" && percent > shown) {
      shown = percent;
      bar.value = percent;
    }
  }

  function fail(message) {
    finished = true;
    var box = el("loading");
    if (box) box.classList.add("failed");
    var label = el("loading-stage");
    if (label) label.textContent = "The game could not start. " + (message || "");
  }

  function done() {
    stage("Ready", 100);
    finished = true;
    var box = el("loading");
    if (box) box.hidden = true;
  }

  window.boot = { stage: stage, fail: fail, done: done };
  if (window.performance && performance.mark) performance.mark("boot-start");

  addEventListener("py:progress", function (event) {
    var known = STAGES[event.detail];
    if (known) stage(known[0], known[1]);
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
