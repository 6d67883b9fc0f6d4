// Starts PyScript, with storage it can rely on.
//
// PyScript's Pyodide loader opens an IndexedDB database (its package cache,
// through @webreflection/idb-map) and awaits it before Python starts. Where
// the browser denies the page storage -- a cross-site <iframe> with
// third-party storage blocked, some private windows -- indexedDB.open fails
// (Chromium: "UnknownError ... denied permission"), idb-map re-dispatches the
// failing event and throws, and the game never boots. So this script probes
// localStorage, and puts a wrapper in place of window.indexedDB: each open
// goes to the browser's IndexedDB, and where that is denied, broken or
// silent for TIMEOUT_MS, to the small in-memory implementation below, which
// does all that idb-map uses. Then PyScript's core.js is added to the page,
// as soon as the document is parsed. Before all that, the runtime's
// WebAssembly starts compiling (compileRuntimeEarly below).
//
// What Python reads: window.solitaireStorage = {local: bool, indexed: bool,
// memory: bool} (indexed: an open of the browser's IndexedDB succeeded;
// memory: the in-memory IndexedDB is in use). The game keeps
// everything in localStorage, so Python says that progress won't be kept only
// when localStorage is refused; IndexedDB holds nothing but the runtime's
// package cache, which then lasts for the visit.
(function () {
  "use strict";

  var TIMEOUT_MS = 1500;
  var CORE = "./static/vendor/pyscript/core.js";
  var RUNTIME_URL = "./static/vendor/pyodide/pyodide.asm.wasm"; // as pyscript.toml's interpreter

  var params = new URLSearchParams(location.search);
  if (params.get("embed") === "1") document.documentElement.classList.add("embed");

  var found = { local: false, indexed: false, memory: false };
  window.solitaireStorage = found;

  // The loading bar counts bytes (static/js/boot.js): what has arrived of
  // each of the runtime's files that the page fetches (pyodide.asm.wasm, the
  // standard library, the game's archive, ...), read from a copy of each
  // response as it streams in, by address: window.solitaireBytes.got[url]
  // (bytes so far), .done[url] (true once its last byte is in).
  // Installed before the early compile below, whose fetch is counted too.
  (function countRuntimeBytes() {
    var fetch0 = window.fetch;
    if (typeof fetch0 !== "function" || typeof Response !== "function") return;
    var RUNTIME_FILE = /\/static\/(vendor\/(pyodide|pyscript)\/[^/?#]+|game\.zip)$/;
    var counted = { got: {}, done: {} };
    window.solitaireBytes = counted;
    function count(url, response) {
      if (!response || !response.ok || !response.body || counted.got[url] !== undefined) return;
      var reader;
      try { reader = response.clone().body.getReader(); } catch (e) { return; }
      counted.got[url] = 0;
      function pump() {
        reader.read().then(function (step) {
          if (step.done) { counted.done[url] = true; return; }
          counted.got[url] += step.value.byteLength;
          pump();
        }, function () { /* the page's own read reports a failed download */ });
      }
      pump();
    }
    window.fetch = function (input) {
      var result = fetch0.apply(this, arguments);
      try {
        var asked = input && (input.href || input.url || input);
        var url = new URL(String(asked), document.baseURI);
        var key = url.origin + url.pathname;
        if (url.origin === location.origin && RUNTIME_FILE.test(url.pathname)) {
          return result.then(function (response) { count(key, response); return response; });
        }
      } catch (e) { /* not an address this counts */ }
      return result;
    };
  })();

  // The runtime's code (pyodide.asm.wasm, 9 MB of WebAssembly) is compiled
  // from here, while the page is still parsed, instead of once PyScript has
  // loaded Pyodide (after the page is parsed and pyscript.toml fetched: 0.3 to
  // 0.5 s later on a first visit). When Pyodide instantiates its runtime,
  // the module compiled here is used, and the download Pyodide started is
  // dropped; if this compile failed, Pyodide's own goes on as it would have.
  // The module is kept (window.solitaireRuntime), so the solver worker
  // (static/js/solver.js) starts from it instead of compiling it again while
  // the player is moving cards.
  (function compileRuntimeEarly() {
    var wasm = window.WebAssembly;
    if (!wasm || typeof wasm.instantiateStreaming !== "function") return;
    var instantiate = wasm.instantiateStreaming;
    var RUNTIME = /pyodide\.asm\.wasm$/;
    var STAND_INS = typeof WeakSet === "function" ? new WeakSet() : { add: function () {}, has: function () { return false; } };
    var early = null;
    if (typeof wasm.compileStreaming === "function" && typeof window.fetch === "function") {
      try {
        // As index.html's preload asks for it (same mode and credentials), so
        // this fetch takes the preloaded response.
        var url = new URL(RUNTIME_URL, document.baseURI).href;
        var download = window.fetch;
        early = wasm.compileStreaming(download(url));
        early.then(function (module) { keep(url, module); }, function () {
          /* Pyodide's own fetch and compile then run, and report */
        });
        // Pyodide asks for the runtime itself when it loads, and reads that
        // response only when it instantiates, a second or more later: had it
        // gone to the network, a first visit would download the 9 MB twice,
        // both at once. While this compile serves, it gets a stand-in instead
        // (STAND_INS), which instantiateStreaming below knows; should the
        // compile fail, the runtime is downloaded then.
        window.fetch = function (input) {
          var asked = input && (input.href || input.url || input);
          if (early && asked && String(asked) === url) {
            window.fetch = download;
            var standIn = new Response(null);
            STAND_INS.add(standIn);
            return Promise.resolve(standIn);
          }
          return download.apply(this, arguments);
        };
      } catch (e) {
        early = null;
      }
    }

    function fail(err) {
      // The runtime could not be fetched or compiled. Pyodide only warns
      // and waits for ever: the loading screen says so (static/js/boot.js).
      if (window.boot && typeof window.boot.fail === "function") window.boot.fail(String(err && err.message || err));
    }

    function failed(err) { // as fail, for a rejection that goes on to Pyodide
      fail(err);
      throw err;
    }

    function keep(url, module) {
      if (!window.solitaireRuntime && RUNTIME.test(url || "")) window.solitaireRuntime = module;
    }

    function own(self, response, imports) {
      var result = instantiate.call(self, response, imports);
      result.then(function (made) { keep(response && response.url, made.module); }, fail);
      return result;
    }

    wasm.instantiateStreaming = function (source, imports) {
      var self = this;
      var compiled = early;
      early = null; // once: the page's runtime
      function fromEarly(module) {
        return wasm.instantiate(module, imports).then(function (instance) {
          return { module: module, instance: instance };
        }, failed);
      }
      return Promise.resolve(source).then(function (response) {
        var standIn = !!response && STAND_INS.has(response);
        function ownDownload() {  // Pyodide's own way; a stand-in is first replaced by the file
          if (!standIn) return own(self, response, imports);
          return window.fetch(url).then(function (real) { return own(self, real, imports); }, failed);
        }
        if (!compiled || !response || !(standIn || RUNTIME.test(response.url || ""))) return ownDownload();
        return compiled.then(function (module) {
          try { if (response.body) response.body.cancel(); } catch (e) { /* already read */ }
          return fromEarly(module);
        }, ownDownload);
      }, function (err) {
        // Pyodide's own download failed: the one made here may still serve.
        if (compiled) return compiled.then(fromEarly, function () { failed(err); });
        failed(err);
      });
    };
  })();

  try {
    var ls = window.localStorage;
    ls.setItem("solitaire.check", "1");
    ls.removeItem("solitaire.check");
    found.local = true;
  } catch (e) { /* denied or full: Python keeps progress in memory */ }

  // ---- A minimal in-memory IndexedDB --------------------------------------
  // Enough for idb-map as PyScript uses it: open (upgrade, success), one
  // object store per database, and get / getKey / getAllKeys / put / delete /
  // clear / count on it. Requests complete asynchronously, as real ones do.
  function memoryIndexedDB() {
    var databases = new Map();

    function later(fn) { setTimeout(fn, 0); }

    function fire(target, type) {
      var handler = target["on" + type];
      var event = { type: type, target: target, currentTarget: target, isTrusted: false,
                    preventDefault: function () {}, stopPropagation: function () {} };
      if (typeof handler === "function") handler.call(target, event);
    }

    function keyOf(key) {
      return typeof key === "string" || typeof key === "number" ? key : JSON.stringify(key);
    }

    function copy(value) {
      try { return typeof structuredClone === "function" ? structuredClone(value) : value; }
      catch (e) { return value; }
    }

    function request(source, transaction, run) {
      var req = { result: undefined, error: null, readyState: "pending", source: source,
                  transaction: transaction, onsuccess: null, onerror: null };
      later(function () {
        try {
          req.result = run();
          req.readyState = "done";
          fire(req, "success");
        } catch (err) {
          req.error = err;
          req.readyState = "done";
          fire(req, "error");
        }
      });
      return req;
    }

    function Store(name, entries, transaction) {
      this.name = name;
      this.transaction = transaction;
      var self = this;
      function op(run) { return request(self, transaction, run); }
      this.get = function (key) { return op(function () { var e = entries.get(keyOf(key)); return e ? copy(e.value) : undefined; }); };
      this.getKey = function (key) { return op(function () { var e = entries.get(keyOf(key)); return e ? e.key : undefined; }); };
      this.getAllKeys = function () { return op(function () { return Array.from(entries.values(), function (e) { return e.key; }); }); };
      this.getAll = function () { return op(function () { return Array.from(entries.values(), function (e) { return copy(e.value); }); }); };
      this.count = function () { return op(function () { return entries.size; }); };
      this.put = function (value, key) { return op(function () { entries.set(keyOf(key), { key: key, value: copy(value) }); return key; }); };
      this.add = this.put;
      this.delete = function (key) { return op(function () { entries.delete(keyOf(key)); }); };
      this.clear = function () { return op(function () { entries.clear(); }); };
    }

    function Transaction(db, names, mode) {
      var tx = this;
      this.db = db;
      this.mode = mode || "readonly";
      this.oncomplete = null;
      this.onerror = null;
      this.onabort = null;
      this.objectStore = function (name) {
        var entries = db._stores.get(name);
        if (!entries) throw new DOMException("No object store named " + name, "NotFoundError");
        return new Store(name, entries, tx);
      };
      this.abort = function () {};
      this.commit = function () {};
      // Requests made now finish in the next tasks; complete after them.
      later(function () { later(function () { fire(tx, "complete"); }); });
      void names;
    }

    function Database(name, record) {
      this.name = name;
      this.version = record.version;
      this._stores = record.stores;
      this.onabort = null; this.onclose = null; this.onerror = null; this.onversionchange = null;
    }
    Object.defineProperty(Database.prototype, "objectStoreNames", {
      get: function () {
        var names = Array.from(this._stores.keys());
        names.contains = function (n) { return names.indexOf(n) >= 0; };
        names.item = function (i) { return names[i] === undefined ? null : names[i]; };
        return names;
      }
    });
    Database.prototype.createObjectStore = function (name) {
      if (!this._stores.has(name)) this._stores.set(name, new Map());
      return new Store(name, this._stores.get(name), null);
    };
    Database.prototype.deleteObjectStore = function (name) { this._stores.delete(name); };
    Database.prototype.transaction = function (names, mode) { return new Transaction(this, names, mode); };
    Database.prototype.close = function () {};

    function open(name, version) {
      name = String(name);
      var req = { result: undefined, error: null, readyState: "pending", source: null, transaction: null,
                  onsuccess: null, onerror: null, onupgradeneeded: null, onblocked: null };
      later(function () {
        var record = databases.get(name);
        var wanted = version === undefined ? (record ? record.version : 1) : Number(version);
        var upgrade = !record || wanted > record.version;
        if (!record) {
          record = { version: 0, stores: new Map() };
          databases.set(name, record);
        }
        if (wanted < record.version) {
          req.error = new DOMException("The requested version is less than the existing version", "VersionError");
          req.readyState = "done";
          fire(req, "error");
          return;
        }
        record.version = wanted;
        var db = new Database(name, record);
        req.result = db;
        if (upgrade) {
          req.transaction = new Transaction(db, [], "versionchange");
          req.readyState = "done";
          fire(req, "upgradeneeded");
        }
        later(function () {
          req.transaction = null;
          req.readyState = "done";
          fire(req, "success");
        });
      });
      return req;
    }

    return {
      open: open,
      deleteDatabase: function (name) {
        return request(null, null, function () { databases.delete(String(name)); });
      },
      databases: function () {
        return Promise.resolve(Array.from(databases, function (e) { return { name: e[0], version: e[1].version }; }));
      },
      cmp: function (a, b) { a = keyOf(a); b = keyOf(b); return a < b ? -1 : a > b ? 1 : 0; }
    };
  }

  // ---- IndexedDB that falls back by itself, open by open ------------------
  // Each open is tried on the browser's IndexedDB; where that throws, fails,
  // is blocked or stays silent for TIMEOUT_MS, the same open goes to the
  // in-memory IndexedDB above, and so does every later one. So PyScript
  // starts at once: nothing is opened ahead of it to find out (on a new
  // profile, a probe database cost a first visit about half a second).
  // found.indexed: the browser's IndexedDB answered; found.memory: the
  // in-memory one is in use.
  function fallingBack(real) {
    var memory = null;

    function inMemory() {
      if (!memory) memory = memoryIndexedDB();
      found.memory = true;
      found.indexed = false;
      return memory;
    }

    function open(name, version) {
      var req = { result: undefined, error: null, readyState: "pending", source: null, transaction: null,
                  onsuccess: null, onerror: null, onupgradeneeded: null, onblocked: null };
      var settled = false;
      function relay(from, type, event) {
        req.result = from.result;
        req.transaction = from.transaction || null;
        req.readyState = from.readyState || "done";
        req.error = type === "error" ? from.error : null;
        var handler = req["on" + type];
        if (typeof handler !== "function") return;
        handler.call(req, { type: type, target: req, currentTarget: req, isTrusted: false,
                            oldVersion: event ? event.oldVersion : 0, newVersion: event ? event.newVersion : null,
                            preventDefault: function () {}, stopPropagation: function () {} });
      }
      function toMemory() {
        if (settled) return;
        settled = true;
        var m = inMemory().open(name, version);
        m.onupgradeneeded = function (event) { relay(m, "upgradeneeded", event); };
        m.onsuccess = function (event) { relay(m, "success", event); };
        m.onerror = function (event) { relay(m, "error", event); };
      }
      if (memory || !real) { toMemory(); return req; }
      var timer = setTimeout(toMemory, TIMEOUT_MS);
      function giveUp(event) {
        if (event && event.preventDefault) event.preventDefault();
        clearTimeout(timer);
        toMemory();
      }
      try {
        var r = version === undefined ? real.open(name) : real.open(name, version);
        r.onupgradeneeded = function (event) { if (!settled) relay(r, "upgradeneeded", event); };
        r.onsuccess = function (event) {
          clearTimeout(timer);
          if (settled) { try { r.result.close(); } catch (e) { /* too late: memory has it */ } return; }
          settled = true;
          if (!found.memory) found.indexed = true;
          relay(r, "success", event);
        };
        r.onerror = giveUp;
        r.onblocked = giveUp;
      } catch (e) {
        giveUp(null);
      }
      return req;
    }

    return {
      open: open,
      deleteDatabase: function (name) { return memory || !real ? inMemory().deleteDatabase(name) : real.deleteDatabase(name); },
      databases: function () {
        return memory || !real || !real.databases ? inMemory().databases() : real.databases();
      },
      cmp: function (a, b) { return real ? real.cmp(a, b) : inMemory().cmp(a, b); }
    };
  }

  function install() {
    var real = null;
    try { real = window.indexedDB || null; } catch (e) { real = null; }
    try {
      Object.defineProperty(window, "indexedDB", { value: fallingBack(real), configurable: true, writable: true });
    } catch (e) {
      console.warn("solitaire: cannot wrap indexedDB", e);
    }
  }

  // Once the document is parsed (so the page's <script type="py"> is in it),
  // without waiting for the deferred scripts and the style sheets they wait
  // for, as DOMContentLoaded would: PyScript then reads its configuration and
  // starts Pyodide 0.2 to 0.4 s sooner on a first visit. The deferred scripts
  // still run long before Python's first line (the runtime takes seconds).
  function startPyScript() {
    if (document.readyState === "loading") {
      document.addEventListener("readystatechange", startPyScript, { once: true });
      return;
    }
    var script = document.createElement("script");
    script.type = "module";
    script.src = CORE;
    document.head.appendChild(script);
  }

  install();
  startPyScript();
})();

// A BroadcastChannel that reaches this page only, where the browser refuses
// the real one. Firefox throws SecurityError from `new BroadcastChannel()`
// in a cross-site frame whose storage it blocks (third-party cookies
// blocked), and PyScript opens one as it loads: the game would never start.
// No other page of the game can share such a frame's channel, so one that
// carries messages between the channels of this page does all there is to do.
// (Runs before PyScript's core.js, which the block above adds as a module.)
(function () {
  "use strict";

  var Real = window.BroadcastChannel;
  if (typeof Real !== "function" || typeof EventTarget !== "function") return;
  try {
    new Real("solitaire.check").close();
    return;
  } catch (e) {
    if (!e || e.name !== "SecurityError") return;
  }
  var open = [];

  class PageChannel extends EventTarget {
    constructor(name) {
      super();
      this.name = String(name);
      this.onmessage = null;
      this.onmessageerror = null;
      this.closed = false;
      open.push(this);
    }

    postMessage(data) {
      if (this.closed) throw new DOMException("The channel is closed.", "InvalidStateError");
      var copy = typeof structuredClone === "function" ? structuredClone(data) : data;
      var from = this;
      open.forEach(function (to) {
        if (to === from || to.name !== from.name) return;
        setTimeout(function () {
          if (to.closed) return;
          var event = new MessageEvent("message", { data: copy });
          if (typeof to.onmessage === "function") to.onmessage(event);
          to.dispatchEvent(event);
        }, 0);
      });
    }

    close() {
      this.closed = true;
      var self = this;
      open = open.filter(function (c) { return c !== self; });
    }
  }

  window.BroadcastChannel = PageChannel;
})();

// The look (issue 16), set before the first paint so nothing flashes: the
// table's colour (html[data-table]) and the light or dark scheme
// (html[data-scheme]) from the saved settings. "auto" (or nothing saved)
// follows the system's prefers-color-scheme, also when it changes later.
// game/web/looks.py decides and saves the settings, and calls
// SolLooks.apply(theme, table) when the player changes them.
(function () {
  "use strict";

  var TABLES = ["green", "blue", "burgundy", "charcoal"];
  var THEMES = ["auto", "light", "dark"];
  var root = document.documentElement;
  var dark = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;
  var theme = "auto";

  function scheme() {
    if (theme === "light" || theme === "dark") return theme;
    return dark && dark.matches ? "dark" : "light";
  }

  function apply(wantedTheme, table) {
    theme = THEMES.indexOf(wantedTheme) >= 0 ? wantedTheme : "auto";
    root.setAttribute("data-theme", theme);
    root.setAttribute("data-scheme", scheme());
    root.setAttribute("data-table", TABLES.indexOf(table) >= 0 ? table : TABLES[0]);
  }

  var saved = null;
  try { saved = JSON.parse(window.localStorage.getItem("solitaire.settings")); } catch (e) { saved = null; }
  if (!saved || typeof saved !== "object") saved = {};
  apply(saved.theme, saved.table);
  if (dark) {
    var follow = function () { root.setAttribute("data-scheme", scheme()); };
    if (dark.addEventListener) dark.addEventListener("change", follow);
    else if (dark.addListener) dark.addListener(follow);
  }
  window.SolLooks = { apply: apply, scheme: scheme };

  // Sound waits for the player's first gesture (the browser's autoplay rule):
  // a trusted press, tap or key (game/web/sound.py reads SolLooks.gestured).
  var seen = function (event) {
    if (!event.isTrusted || (event.type === "keydown" && event.key === "Escape")) return;
    window.SolLooks.gestured = true;
    ["pointerdown", "pointerup", "keydown", "touchend"].forEach(function (type) {
      removeEventListener(type, seen, true);
    });
  };
  window.SolLooks.gestured = false;
  ["pointerdown", "pointerup", "keydown", "touchend"].forEach(function (type) {
    addEventListener(type, seen, true);
  });
})();
