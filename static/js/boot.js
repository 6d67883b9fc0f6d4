// Loading indicator while Python starts. PyScript reports its stages as
// `py:progress` events on window; the Python side reports its own stages
// through window.boot and calls boot.done() once the board is dealt.
//
// The bar counts bytes: up to BYTES_SHARE % it is the share of the
// runtime's files that has arrived (their sizes come from
// static/js/sketches.js, made by tools/sketches.py; static/js/start.js
// counts each fetched file's bytes as they stream in, and a file loaded
// another way counts once its resource entry says it is in). The rest is
// Python's start after the last byte, by its stages. The bar only moves
// forward; role progressbar (a <progress>), with aria-valuenow and the
// words "42% loaded" (aria-valuetext, and beside the bar).
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

  // The big downloads finish during "Starting Python"; each moves the bar
  // (where the files' sizes are not known).
  var FILES = { "python_stdlib.zip": 40, "pyodide.asm.wasm": 50 };
  var BYTES_SHARE = 90;

  var shown = 3;
  var ceiling = 9;
  var finished = false;
  var inFull = {};  // address -> true: a runtime file whose resource entry is in

  function el(id) { return document.getElementById(id); }

  // {address: bytes} of the runtime's files, or null where not known.
  var sizes = (function () {
    var known = window.SolSketches && window.SolSketches.runtime;
    if (!known) return null;
    var out = {};
    var any = false;
    Object.keys(known).forEach(function (path) {
      try {
        var url = new URL(path, document.baseURI);
        out[url.origin + url.pathname] = known[path];
        any = true;
      } catch (e) { /* an address this page cannot make */ }
    });
    return any ? out : null;
  })();

  // The share (0 to 1) of the runtime's bytes that has arrived, or null.
  function arrived() {
    if (!sizes) return null;
    var counted = window.solitaireBytes || { got: {}, done: {} };
    var total = 0;
    var got = 0;
    Object.keys(sizes).forEach(function (url) {
      var size = sizes[url];
      total += size;
      got += inFull[url] || counted.done[url] ? size : Math.min(size, counted.got[url] || 0);
    });
    return total > 0 ? got / total : null;
  }

  // A stage's place on the bar once every byte is in (BYTES_SHARE to 100).
  function afterBytes(percent) {
    return BYTES_SHARE + Math.max(0, percent - 80) / 2;
  }

  var told = -1;
  function show() {
    var bar = el("loading-progress");
    if (!bar) return;
    bar.value = shown;
    var whole = Math.floor(shown);
    if (whole === told) return;
    told = whole;
    var text = word("loading.amount", "{percent}% loaded").replace("{percent}", String(whole));
    bar.setAttribute("aria-valuenow", String(whole));
    bar.setAttribute("aria-valuetext", text);
    var amount = el("loading-amount");
    if (amount) amount.textContent = text;
  }

  // Where the bar stands now: the bytes, then the latest stage after them.
  var later = null;  // [percent, upTo] of that stage, on PyScript's scale
  function measure() {
    var share = arrived();
    if (share === null) return;
    var target = 3 + (BYTES_SHARE - 3) * share;
    if (share >= 1 && later) {
      target = Math.max(target, afterBytes(later[0]));
      ceiling = Math.max(ceiling, afterBytes(later[1]));
    }
    if (target > shown) shown = target;
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
    if (sizes) {  // bytes lead: a stage moves the bar once they are all in
      if (typeof percent === "number" && percent >= 80) later = [percent, typeof upTo === "number" ? upTo : percent];
      percent = upTo = null;
    }
    if (typeof percent === "number" && percent > shown) shown = percent;
    if (typeof upTo === "number") ceiling = upTo;
    if (ceiling < shown) ceiling = shown;
    measure();
    show();
  }

  // The bytes, read as they come; and within a long stage after them (or
  // where the sizes are not known) the bar creeps towards the stage's
  // ceiling, so a slow machine still sees that something is happening.
  function creep() {
    if (finished) return;
    measure();
    if (shown < ceiling && (!sizes || arrived() >= 1)) {
      shown = Math.min(ceiling, shown + Math.max(0.05, (ceiling - shown) * 0.02));
    }
    show();
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
  measure();
  show();
  setTimeout(creep, 150);

  addEventListener("py:progress", function (event) {
    var known = STAGES[event.detail];
    if (known) stage(word(known[0], known[1]), known[2], known[3]);
  });

  if (window.PerformanceObserver) {
    try {
      new PerformanceObserver(function (list) {
        list.getEntries().forEach(function (entry) {
          var url = entry.name.split("?")[0].split("#")[0];
          if (sizes) {
            if (sizes[url] !== undefined && !inFull[url]) { inFull[url] = true; stage(null); }
            return;
          }
          var name = url.split("/").pop();
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
