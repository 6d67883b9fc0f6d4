// This device's key for signing duel runs (game/duel.py, "The signed bytes";
// every device checks the signatures with game/p256.py).
//
// One ECDSA P-256 key pair per browser profile, made with Web Crypto the
// first time a run is signed. The private key is made non-extractable: no
// script, this page's included, can read it out; the browser only signs with
// it. The pair is kept in IndexedDB (database "solitaire-keys", store
// "keys", entry "device"), which stores CryptoKey objects as they are.
// Where IndexedDB is denied (start.js found it so, or opening it fails or
// hangs) the pair lives for this visit only.
//
//   SolKeys.key()       Promise<Uint8Array(33)>: the public key, SEC 1 compressed
//   SolKeys.sign(bytes) Promise<Uint8Array(64)>: ECDSA P-256 / SHA-256 of bytes, r‖s
//   SolKeys.state       "none" (no Web Crypto: runs go unsigned), "pending",
//                       "kept" (in IndexedDB), "visit" (for this visit only),
//                       "renewed" (kept, in place of a damaged entry: once)
// An entry that holds no usable pair (damaged, or written by something
// else) is replaced once by a new pair, and the page says so
// (game/web/duel_ui.py, "duel.key_renewed"); before, the new pair could
// not be added over it, and each visit signed with a key of its own.
(function () {
  "use strict";
  var DB = "solitaire-keys";
  var STORE = "keys";
  var ENTRY = "device";
  var WAIT_MS = 3000;  // an IndexedDB that never answers counts as denied
  var ALGORITHM = { name: "ECDSA", namedCurve: "P-256" };
  var subtle = (window.crypto && window.crypto.subtle) || null;  // only in secure contexts (https, localhost)
  var state = subtle ? "pending" : "none";
  var loading = null;

  function withTimeout(promise) {
    return new Promise(function (resolve, reject) {
      var timer = setTimeout(function () { reject(new Error("IndexedDB did not answer")); }, WAIT_MS);
      promise.then(function (v) { clearTimeout(timer); resolve(v); },
                   function (e) { clearTimeout(timer); reject(e); });
    });
  }

  function request(req) {
    return new Promise(function (resolve, reject) {
      req.onsuccess = function () { resolve(req.result); };
      req.onerror = function (event) {
        if (event && event.preventDefault) event.preventDefault();
        reject(req.error || new Error("IndexedDB request failed"));
      };
    });
  }

  function openDb() {
    var found = window.solitaireStorage;
    if (found && (found.indexed === false || found.memory)) {
      return Promise.reject(new Error("IndexedDB is denied here"));
    }
    return new Promise(function (resolve, reject) {
      var req = window.indexedDB.open(DB, 1);
      req.onupgradeneeded = function () { req.result.createObjectStore(STORE); };
      req.onblocked = function () { reject(new Error("IndexedDB is blocked")); };
      request(req).then(resolve, reject);
    });
  }

  function read(db) {
    return request(db.transaction(STORE, "readonly").objectStore(STORE).get(ENTRY));
  }

  function usable(entry) {
    return entry && entry.privateKey instanceof CryptoKey && entry.publicKey instanceof CryptoKey;
  }

  function make() {
    return subtle.generateKey(ALGORITHM, false, ["sign", "verify"]);
  }

  // The kept pair, or a new one added (add, not put: when two tabs make one
  // at once, the first stays and the other tab reads it back). An entry
  // that is there but unusable is replaced (put), and read back.
  var renewed = false;
  function kept(db) {
    return read(db).then(function (entry) {
      if (usable(entry)) return entry;
      var damaged = entry !== undefined;
      return make().then(function (pair) {
        var value = { privateKey: pair.privateKey, publicKey: pair.publicKey };
        var store = db.transaction(STORE, "readwrite").objectStore(STORE);
        return request(damaged ? store.put(value, ENTRY) : store.add(value, ENTRY))
          .then(function () { return damaged ? read(db) : value; }, function () { return read(db); })
          .then(function (entry) {
            if (!usable(entry)) throw new Error("no key kept");
            renewed = damaged;
            return entry;
          });
      });
    });
  }

  function load() {
    if (!subtle) return Promise.reject(new Error("this browser has no Web Crypto here"));
    if (!loading) {
      loading = withTimeout(openDb().then(kept))
        .then(function (pair) { state = renewed ? "renewed" : "kept"; return pair; },
              function () { return make().then(function (pair) { state = "visit"; return pair; }); });
      loading.catch(function () { state = "none"; loading = null; });
    }
    return loading;
  }

  function compress(raw) {
    var bytes = new Uint8Array(raw);  // 04, x (32 bytes), y (32 bytes)
    var out = new Uint8Array(33);
    out[0] = 2 | (bytes[64] & 1);
    out.set(bytes.subarray(1, 33), 1);
    return out;
  }

  window.SolKeys = {
    key: function () {
      return load().then(function (pair) { return subtle.exportKey("raw", pair.publicKey); }).then(compress);
    },
    sign: function (bytes) {
      return load().then(function (pair) {
        return subtle.sign({ name: "ECDSA", hash: "SHA-256" }, pair.privateKey, bytes);
      }).then(function (signature) { return new Uint8Array(signature); });
    },
    get state() { return state; }
  };
})();
