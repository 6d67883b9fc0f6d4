// The service worker: plays the game offline.
//
// sw-precache.js (written by tools/precache.py: served fresh by tools/serve.py,
// written into dist/ by ./build) lists every file the app loads and a
// version hashed from their contents. On install every file is fetched into
// a cache named after the version; once active, the app's files come from
// that cache, so the game loads and plays with no network at all.
//
// Updates: the browser checks sw.js and sw-precache.js on each visit; a new
// version installs beside the old one and waits. The page then offers a
// reload (static/js/offline.js); its "skip-waiting" message activates the
// new version, which deletes the old caches. A page that never reloads keeps
// the version it started with until every tab of the game is closed.
/* global PRECACHE */
"use strict";

importScripts("./sw-precache.js");

var SCOPE = self.registration.scope; // absolute, ends with "/"
var PREFIX = "solitaire:" + SCOPE + ":"; // one app per scope; a site may host several
var CACHE = PREFIX + PRECACHE.version;
var INDEX = new URL("./index.html", SCOPE).href;
var FILES = PRECACHE.files.map(function (path) { return new URL(path, SCOPE).href; });
var KNOWN = new Set(FILES);

// Where the browser can (Chromium's static routing, InstallEvent.addRoutes),
// the app's files are answered straight from this version's cache without
// running this script for each request: a warm start no longer waits for it
// ~150 times. Pages (navigations) still come through the fetch handler
// below, which answers ?game=… with index.html; a file missing from the cache
// goes to the network, as the fetch handler does.
function addRoutes(event) {
  if (typeof event.addRoutes !== "function" || typeof URLPattern !== "function") return;
  var files = new URLPattern({ pathname: new URL(SCOPE).pathname + "*", search: "" , baseURL: SCOPE });
  var rules = ["cors", "no-cors", "same-origin"].map(function (mode) {
    return { condition: { urlPattern: files, requestMethod: "GET", requestMode: mode },
             source: { cacheName: CACHE } };
  });
  try {
    var done = event.addRoutes(rules);
    if (done && done.catch) done.catch(function (err) { console.warn("solitaire: no static routes", err); });
  } catch (err) {
    console.warn("solitaire: no static routes", err);
  }
}

self.addEventListener("install", function (event) {
  addRoutes(event);
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    // Revalidate with the server: a stale HTTP cache must not fill a new version.
    return cache.addAll(FILES.map(function (url) { return new Request(url, { cache: "no-cache" }); }));
  }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.map(function (name) {
      return name.indexOf(PREFIX) === 0 && name !== CACHE ? caches.delete(name) : null;
    }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("message", function (event) {
  var data = event.data;
  if (data && data.type === "solitaire" && data.command === "skip-waiting") self.skipWaiting();
});

// The address a request is answered from: index.html for the app's page
// with any query (?game=…&seed=…), the file itself for the rest.
function cachedUrl(request) {
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return null;
  var bare = url.origin + url.pathname;
  if (request.mode === "navigate" && (bare === SCOPE || bare === INDEX)) return INDEX;
  if (url.search) return null;
  return KNOWN.has(bare) ? bare : null;
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var key = cachedUrl(request);
  if (!key) return; // not the app's: the network, as without a service worker
  event.respondWith(caches.open(CACHE).then(function (cache) {
    return cache.match(key).then(function (hit) { return hit || fetch(request); });
  }));
});
