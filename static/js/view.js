// The first view: the table of the last visit, painted before Python starts.
//
// Python draws the board (game/web/board.py) and that is the only place that
// knows the rules and the layout. This script only keeps a copy of what it
// drew: when the page is hidden or left, and a moment after the player acts,
// the board's elements, the titles and the HUD go to localStorage
// ("solitaire.view", with the window's size, the language and the address
// Python wrote). On the next visit, while the runtime loads, the copy is put
// back in the page, before the first paint, if Python is about to show that
// same board:
//   - the window has the same size (the layout depends on it), the language
//     is the same and the page is not embedded;
//   - the address is the one Python wrote for that board (a reload), or it
//     names no deal (the bare address, "?game=ID") while that game was still
//     being played and is the game played last ("solitaire.current").
// The copy is inert: nothing listens to it, so clicks do nothing until
// Python is up; its first deal replaces every element in place (the same
// sizes and places, so nothing moves). Any doubt shows the loading screen
// as before. index.html loads it in <head>, after start.js (which marks an
// embedded page): the copy goes in as soon as the parser has made #board,
// from a MutationObserver, whose callbacks run before the browser paints.
(function () {
  "use strict";

  var KEY = "solitaire.view";
  var VERSION = 1;
  var STYLE = "data-view-style";
  var KEEP_AFTER_MS = 800; // after the player's last action
  // Python's transient marks: a copy shows the table at rest.
  var TRANSIENT = ["selected", "target", "dragging", "lifted", "shake", "moving", "focus", "hinted", "peek"];
  // Visible parts of the page Python fills in; their text is kept too.
  var TEXTS = ["game-title", "deal-info"];
  var HUD = ["score", "time", "moves", "bonus"];

  var store = null;
  try { store = window.localStorage; } catch (e) { store = null; }

  function el(id) { return document.getElementById(id); }

  function params(search) {
    var out = {};
    new URLSearchParams(search).forEach(function (value, name) { out[name] = value; });
    return out;
  }

  // The address without the parameters that do not choose the board.
  function dealPart(search) {
    var p = params(search);
    delete p.lang;
    return p;
  }

  function same(a, b) {
    var ka = Object.keys(a).sort(), kb = Object.keys(b).sort();
    if (ka.join("&") !== kb.join("&")) return false;
    for (var i = 0; i < ka.length; i++) if (a[ka[i]] !== b[ka[i]]) return false;
    return true;
  }

  function read() {
    if (!store) return null;
    try {
      var data = JSON.parse(store.getItem(KEY));
      return data && data.v === VERSION && typeof data.html === "string" ? data : null;
    } catch (e) {
      return null; // damaged: the loading screen, as before
    }
  }

  function currentGame() {
    try { return JSON.parse(store.getItem("solitaire.current")); } catch (e) { return null; }
  }

  function fits(view) {
    if (document.documentElement.classList.contains("embed")) return false;
    if (view.w !== window.innerWidth || view.h !== window.innerHeight) return false;
    var asked = params(location.search);
    if (asked.lang && asked.lang !== view.lang) return false;
    var want = dealPart(location.search);
    if (same(want, dealPart(view.search))) return true;
    var names = Object.keys(want);
    var bare = names.length === 0 || (names.length === 1 && names[0] === "game" && want.game === view.game);
    return bare && view.playing && currentGame() === view.game;
  }

  function show(view) {
    var board = el("board");
    var loading = el("loading");
    if (!board || !loading) return false;
    // The page's policy refuses style="" attributes from markup; styles set
    // through the CSSOM are allowed, so the copy keeps them apart (STYLE).
    board.innerHTML = view.html;
    board.querySelectorAll("[" + STYLE + "]").forEach(function (node) {
      node.style.cssText = node.getAttribute(STYLE);
      node.removeAttribute(STYLE);
    });
    board.style.cssText = view.style || "";
    if (view.cls) board.className = view.cls;
    ["game", "deck", "faces"].forEach(function (name) {
      if (view.data && view.data[name]) board.dataset[name] = view.data[name];
    });
    board.setAttribute("data-preview", "");
    board.setAttribute("aria-busy", "true");
    var hint = el("turn-hint");
    if (hint) hint.hidden = !view.turnHint;
    TEXTS.forEach(function (id) {
      var node = el(id);
      if (node && typeof view.texts[id] === "string") node.textContent = view.texts[id];
    });
    HUD.forEach(function (name) {
      var node = document.querySelector('[data-hud="' + name + '"]');
      if (node && typeof view.hud[name] === "string") node.textContent = view.hud[name];
    });
    var bonus = el("hud-bonus");
    if (bonus) bonus.hidden = !view.bonus;
    if (view.title) document.title = view.title;
    loading.hidden = true;
    board.hidden = false;
    return true;
  }

  // ---- keeping the copy ------------------------------------------------------
  function keep() {
    if (!store) return;
    var board = el("board");
    if (!board || board.hidden || board.hasAttribute("data-preview") || !board.dataset.status) return;
    if (document.documentElement.classList.contains("embed")) return;
    var copy = board.cloneNode(true);
    TRANSIENT.forEach(function (name) {
      copy.querySelectorAll("." + name).forEach(function (node) { node.classList.remove(name); });
    });
    copy.querySelectorAll("[tabindex]").forEach(function (node) { node.setAttribute("tabindex", "-1"); });
    copy.querySelectorAll("[style]").forEach(function (node) {
      node.setAttribute(STYLE, node.getAttribute("style"));
      node.removeAttribute("style");
    });
    var texts = {};
    TEXTS.forEach(function (id) { var node = el(id); if (node) texts[id] = node.textContent; });
    var hud = {};
    HUD.forEach(function (name) {
      var node = document.querySelector('[data-hud="' + name + '"]');
      if (node) hud[name] = node.textContent;
    });
    var hint = el("turn-hint");
    var bonus = el("hud-bonus");
    var view = {
      v: VERSION,
      w: window.innerWidth,
      h: window.innerHeight,
      lang: document.documentElement.lang || "en",
      search: location.search,
      game: board.dataset.game || "",
      playing: board.dataset.status === "playing",
      html: copy.innerHTML,
      style: board.getAttribute("style") || "",
      cls: board.className,
      data: { game: board.dataset.game, deck: board.dataset.deck, faces: board.dataset.faces },
      turnHint: !!(hint && !hint.hidden),
      bonus: !!(bonus && !bonus.hidden),
      texts: texts,
      hud: hud,
      title: document.title
    };
    try {
      store.setItem(KEY, JSON.stringify(view));
    } catch (e) { /* full or denied: the next visit shows the loading screen */ }
  }

  var timer = null;
  function keepSoon() {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(function () { timer = null; keep(); }, KEEP_AFTER_MS);
  }

  function taken() {
    // Python dealt: its board replaced the copy's elements.
    var board = el("board");
    if (board) {
      board.removeAttribute("data-preview");
      board.removeAttribute("aria-busy");
    }
    keepSoon();
  }

  var api = { shown: false, keep: keep };
  window.SolView = api;

  function apply(view) {
    if (!el("board") || !el("loading")) return false; // not parsed yet
    try { api.shown = show(view); } catch (e) { api.shown = false; }
    if (api.shown && window.performance && performance.mark) performance.mark("first-view");
    return true;
  }

  var view = read();
  if (view && fits(view) && !apply(view)) {
    var watch = new MutationObserver(function () { if (apply(view)) watch.disconnect(); });
    watch.observe(document.documentElement, { childList: true, subtree: true });
    document.addEventListener("DOMContentLoaded", function () {
      watch.disconnect();
      if (!api.shown) apply(view);
    }, { once: true });
  }

  addEventListener("solitaire:dealt", taken);
  addEventListener("pagehide", keep);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") keep();
  });
  ["pointerup", "keyup"].forEach(function (type) {
    addEventListener(type, keepSoon, { capture: true, passive: true });
  });
  addEventListener("resize", keepSoon, { passive: true });
})();
