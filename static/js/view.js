// The first view: the table, painted before Python starts.
//
// Python draws the board (game/web/board.py) and that is the only place that
// knows the rules and the layout. This script only shows what Python drew:
//   - a returning player's last table: when the page is hidden or left, and a
//     moment after the player acts, the board as data (its piles and cards:
//     classes, places, card codes, pictures and words), the titles and the
//     HUD go to localStorage ("solitaire.view", with the window's size, the
//     language and the address Python wrote). It is never markup: the copy is
//     checked value by value and built again with createElement and
//     textContent, so nothing stored can add an element or a script to the
//     page; a copy that does not pass is removed;
//   - on a first visit, a new deal's table with every card face down, from
//     static/js/sketches.js, which tools/sketches.py makes from
//     game/web/layout.py: its places are CSS expressions of the table's size,
//     so the browser fits them to any window.
// On the next visit, while the runtime loads, the copy is put back in the
// page, before the first paint, if Python is about to show that same board:
//   - the window has the same size (the layout depends on it), the language
//     is the same and the page is not embedded;
//   - the address is the one Python wrote for that board (a reload), or it
//     names no deal (the bare address, "?game=ID") while that game was still
//     being played and is the game played last ("solitaire.current").
// A sketch is shown when there is no copy and nothing of the game is stored
// at all (a first visit: Python deals a new game with the default settings),
// the address names at most the game and the language, and the page is not
// embedded; it is taken back where the cards would be narrower than a finger
// on an upright phone (Python then shows the hint to turn it, and the table
// is smaller).
// It also gives the loading screen its words in the player's language
// (SolView.word, which static/js/boot.js asks), from the same sketches.js.
// A copy or a sketch is inert: nothing listens to it, so clicks do nothing
// until Python is up; its first deal replaces every element in place (the
// same sizes and places, so nothing moves). Any doubt shows the loading
// screen as before. index.html loads it in <head>, after start.js (which
// marks an embedded page) and sketches.js: the copy goes in as soon as the
// parser has made #board, from a MutationObserver, whose callbacks run
// before the browser paints.
(function () {
  "use strict";

  var KEY = "solitaire.view";
  var VERSION = 2;  // 1 kept the board's markup: dropped on reading
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

  // The copy is data, never markup: piles, cards, classes, words and places,
  // each checked here and built again with createElement and textContent
  // (buildCopy). Anything else in it (a copy of an older kind, an element or
  // a value this page never writes) drops the whole copy: the loading screen
  // shows, as on a visit with nothing stored.
  var PILE = /^(stock|waste|f[1-8]|c[1-4]|t(1[0-3]|[1-9]))$/;
  var CLASSES = /^[a-z][a-z0-9-]*( [a-z][a-z0-9-]*)*$/;
  var PROPERTY = /^(left|top|width|height|--[a-z][a-z0-9-]*)$/;
  var VALUE = /^[\w.%+*\/ (),-]{0,120}$/;
  var FUNCTIONS = ["calc", "var", "min", "max", "clamp"];
  var ART = /^\.\/static\/cards\/[\w-]+(\/[\w-]+)?\.svg$/;
  var CODE = /^[A-Za-z0-9]{2}$/;
  var MARKS = ["badge", "pile-label"];

  function isText(value) { return typeof value === "string" && value.length <= 1000; }
  function isList(value) { return Array.isArray(value); }

  function okValue(value) {
    if (!isText(value) || !VALUE.test(value)) return false;
    var calls = value.match(/[a-z-]*\(/gi) || [];
    return calls.every(function (call) { return FUNCTIONS.indexOf(call.slice(0, -1)) >= 0; });
  }

  // [[property, value], ...]: places and sizes only (no url(), no other rule).
  function okStyle(style) {
    return isList(style) && style.length <= 12 && style.every(function (kv) {
      return isList(kv) && kv.length === 2 && typeof kv[0] === "string" && PROPERTY.test(kv[0]) && okValue(kv[1]);
    });
  }

  function okCard(c) {
    return c && typeof c === "object" && typeof c.cls === "string" && CLASSES.test(c.cls) &&
      okStyle(c.style) && typeof c.code === "string" && CODE.test(c.code) &&
      (c.face === "up" || c.face === "down") && isText(c.label) &&
      (c.art === null || (typeof c.art === "string" && ART.test(c.art))) &&
      (c.index === null || (isList(c.index) && c.index.length === 3 && isText(c.index[0]) &&
        /^[SHDC]$/.test(c.index[1]) && isText(c.index[2])));
  }

  function okPile(p) {
    return p && typeof p === "object" && typeof p.pile === "string" && PILE.test(p.pile) &&
      typeof p.cls === "string" && CLASSES.test(p.cls) && okStyle(p.style) && isText(p.label) &&
      (p.redeal === null || (typeof p.redeal === "string" && /^[a-z]{1,12}$/.test(p.redeal))) &&
      isList(p.marks) && p.marks.length <= 2 && p.marks.every(function (m) {
        return isList(m) && m.length === 2 && MARKS.indexOf(m[0]) >= 0 && isText(m[1]);
      }) &&
      isList(p.cards) && p.cards.length <= 208 && p.cards.every(okCard);
  }

  function okWords(words, names) {
    return words && typeof words === "object" && names.every(function (n) {
      return words[n] === undefined || isText(words[n]);
    });
  }

  function valid(data) {
    return data && typeof data === "object" && data.v === VERSION &&
      typeof data.w === "number" && typeof data.h === "number" &&
      typeof data.lang === "string" && typeof data.search === "string" &&
      typeof data.game === "string" && typeof data.playing === "boolean" &&
      isList(data.piles) && data.piles.length > 0 && data.piles.length <= 40 && data.piles.every(okPile) &&
      okStyle(data.style) && typeof data.cls === "string" && CLASSES.test(data.cls) &&
      okWords(data.data, ["game", "deck", "faces"]) &&
      Object.keys(data.data).every(function (k) { return /^[a-z][a-z0-9-]{0,30}$/.test(data.data[k] || "x"); }) &&
      okWords(data.texts, TEXTS) && okWords(data.hud, HUD) && isText(data.title);
  }

  function drop() {
    try { store.removeItem(KEY); } catch (e) { /* storage refused: nothing to drop */ }
  }

  function read() {
    if (!store) return null;
    var raw = null;
    try { raw = store.getItem(KEY); } catch (e) { return null; }
    if (raw === null) return null;
    var data = null;
    try { data = JSON.parse(raw); } catch (e) { data = null; }
    if (valid(data)) return data;
    drop(); // damaged, older or not ours: the loading screen, as before
    return null;
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

  function setStyle(node, style) {
    style.forEach(function (kv) { node.style.setProperty(kv[0], kv[1]); });
  }

  function buildCard(c) {
    var card = document.createElement("div");
    card.className = c.cls;
    card.setAttribute("role", "img");
    card.dataset.card = c.code;
    card.dataset.face = c.face;
    card.setAttribute("aria-label", c.label);
    setStyle(card, c.style);
    if (c.art !== null) {
      var img = document.createElement("img");
      img.className = "art";
      img.alt = "";
      img.draggable = false;
      img.decoding = "async";
      img.src = c.art;
      card.append(img);
    }
    var idx = document.createElement("span");
    idx.className = "idx";
    idx.setAttribute("aria-hidden", "true");
    if (c.index !== null) {
      var rank = document.createElement("b");
      rank.textContent = c.index[0];
      var suit = document.createElement("i");
      suit.dataset.suit = c.index[1];
      suit.textContent = c.index[2];
      idx.append(rank, suit);
    }
    card.append(idx);
    return card;
  }

  // The copy's table, as board.py builds it (the same elements, classes and words).
  function buildCopy(board, view) {
    var frame = document.createDocumentFragment();
    view.piles.forEach(function (p) {
      var pile = document.createElement("div");
      pile.className = p.cls;
      pile.dataset.pile = p.pile;
      pile.setAttribute("role", "button");
      pile.tabIndex = -1;
      pile.setAttribute("aria-label", p.label);
      if (p.redeal !== null) pile.dataset.redeal = p.redeal;
      setStyle(pile, p.style);
      p.marks.forEach(function (m) {
        var mark = document.createElement("span");
        mark.className = m[0];
        mark.setAttribute("aria-hidden", "true");
        mark.textContent = m[1];
        pile.append(mark);
      });
      p.cards.forEach(function (c) { pile.append(buildCard(c)); });
      frame.append(pile);
    });
    board.replaceChildren(frame);
    board.style.cssText = "";
    setStyle(board, view.style);
    board.className = view.cls;
    ["game", "deck", "faces"].forEach(function (name) {
      if (view.data[name]) board.dataset[name] = view.data[name];
    });
  }

  function show(view) {
    var board = el("board");
    var loading = el("loading");
    if (!board || !loading) return false;
    if (view.sketch) return showSketch(view.sketch, board, loading);
    buildCopy(board, view);
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

  // ---- a first visit: the sketch of a new deal -------------------------------
  var sketches = window.SolSketches || null;

  function storedAnything() {
    if (!store) return false; // no storage: Python cannot resume anything either
    try {
      for (var i = 0; i < store.length; i++) {
        var key = store.key(i);
        if (key && key.indexOf("solitaire.") === 0) return true;
      }
      return false;
    } catch (e) {
      return true;
    }
  }

  // Besides the game and the language, what an address may name and still
  // show the sketch: the deal (a shared deal's seed, a daily deal's date)
  // does not change a new table seen face down.
  var DEAL_NAMES = ["game", "lang", "seed", "daily"];

  function sketchOf(game) {
    game = game || sketches.defaultGame;
    if (!Object.prototype.hasOwnProperty.call(sketches.games, game)) return null;
    return sketches.games[game];
  }

  // The game a first visit's address deals, if a sketch can show it.
  function sketchFor() {
    if (!sketches || !sketches.games) return null;
    if (document.documentElement.classList.contains("embed")) return null;
    var asked = params(location.search);
    var other = Object.keys(asked).filter(function (n) { return DEAL_NAMES.indexOf(n) < 0; });
    if (other.length) return null;
    if (storedAnything()) return null;
    return sketchOf(asked.game);
  }

  // A duel link (?duel=TOKEN, alone or with the language) names its game
  // inside the token: "s2." then base64url of a CRC (4 bytes) and the
  // challenge's JSON, deflated (game/duel.py), whose first key is "g", the
  // game. Read with the browser's own inflate, which answers in a few
  // milliseconds, long before Python is up; where anything is amiss, null.
  function duelGame() {
    if (!sketches || !sketches.games || typeof DecompressionStream !== "function") return null;
    if (document.documentElement.classList.contains("embed") || storedAnything()) return null;
    var asked = params(location.search);
    var other = Object.keys(asked).filter(function (n) { return n !== "duel" && n !== "lang"; });
    var token = asked.duel;
    if (other.length || !token || !/^s\d+\.[A-Za-z0-9_-]+$/.test(token)) return null;
    try {
      var text = token.slice(token.indexOf(".") + 1).replace(/-/g, "+").replace(/_/g, "/");
      while (text.length % 4) text += "=";
      var raw = atob(text);
      var bytes = new Uint8Array(raw.length - 4);
      for (var i = 4; i < raw.length; i++) bytes[i - 4] = raw.charCodeAt(i);
      var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
      return new Response(stream).text().then(function (json) {
        var found = /^\{"g":"([a-z0-9-]+)"/.exec(json);
        return found ? sketchOf(found[1]) : null;
      }, function () { return null; });
    } catch (e) {
      return null;
    }
  }

  function build(board, sketch) {
    var frame = document.createDocumentFragment();
    sketch.piles.forEach(function (p) {
      var pile = document.createElement("div");
      pile.className = "pile " + p[1] + (p[3].length ? "" : " empty");
      pile.dataset.pile = p[0];
      pile.setAttribute("role", "button");
      pile.tabIndex = -1;
      p[2].forEach(function (kv) { pile.style.setProperty(kv[0], kv[1]); });
      if (p[4]) {  // Royal Retinue's rank label, as game/web/board.py writes it
        var label = document.createElement("span");
        label.className = "pile-label";
        label.setAttribute("aria-hidden", "true");
        var ranks = sketches.ranks && (sketches.ranks[lang] || sketches.ranks.en);
        label.textContent = (ranks && ranks[p[4]]) || p[4];
        pile.append(label);
      }
      if (p[1] === "stock") {
        var badge = document.createElement("span");
        badge.className = "badge";
        badge.setAttribute("aria-hidden", "true");
        pile.append(badge);
      }
      var shown = /^(stock|waste|foundation)$/.test(p[1]) ? p[3].length - 5 : 0;  // table.js's bury
      p[3].forEach(function (at, k) {
        var card = document.createElement("div");
        card.className = k < shown ? "card buried" : "card";
        card.setAttribute("role", "img");
        card.dataset.face = "down";
        var img = document.createElement("img");
        img.className = "art";
        img.alt = "";
        img.draggable = false;
        img.src = sketches.back;
        var idx = document.createElement("span");
        idx.className = "idx";
        idx.setAttribute("aria-hidden", "true");
        card.append(img, idx);
        card.style.left = at[0];
        card.style.top = at[1];
        pile.append(card);
      });
      frame.append(pile);
    });
    board.replaceChildren(frame);
    board.style.cssText = "";
    sketch.style.forEach(function (kv) { board.style.setProperty(kv[0], kv[1]); });
    board.className = sketch.cls;
    ["game", "deck", "faces"].forEach(function (name) { board.dataset[name] = sketch.data[name]; });
  }

  function cardWidth(board) {
    var card = board.querySelector(".card");
    return card ? card.getBoundingClientRect().width : 0;
  }

  // The sketch's places follow the table's size by themselves; two things
  // are decided here, after each layout and before it is painted (a
  // ResizeObserver's moment, when the style sheets are in): compact cards
  // (another sketch, where they fan differently), and cards too narrow for a
  // finger on an upright phone. Until the first decision the board is laid
  // out but not seen (data-sketch="new", app.css).
  function takeBack(board, loading) {
    board.replaceChildren();
    board.style.cssText = "";
    board.className = "board";
    ["data-sketch", "data-preview", "aria-busy"].forEach(function (name) { board.removeAttribute(name); });
    board.hidden = true;
    loading.classList.remove("over");
    loading.hidden = false;
    api.shown = false;
    if (window.performance && performance.clearMarks) performance.clearMarks("first-view");
  }

  // The card width a sketch's arrangement allows at the table's size (its
  // "fit", before the layout's limits), measured on an unseen box in the table.
  function fitOf(board, sketch) {
    var probe = document.createElement("div");
    probe.style.cssText = "position:absolute;left:0;top:0;height:0;visibility:hidden";
    sketch.style.forEach(function (kv) { if (kv[0].indexOf("--") === 0) probe.style.setProperty(kv[0], kv[1]); });
    probe.style.width = sketch.fit;
    board.append(probe);
    var w = probe.getBoundingClientRect().width;
    probe.remove();
    return w;
  }

  // Royal Retinue's arrangements (entry, then entry.other), as
  // game/web/layout.py picks: in order, the one with larger cards by more
  // than half a pixel; the "narrow" ones (three piles a row) only on an
  // upright table (its size as the layout reads it, 200 px at least).
  function arrangement(entry, board) {
    if (!entry.other || !entry.normal.fit) return entry;
    var upright = Math.max(200, board.clientHeight) > Math.max(200, board.clientWidth);
    var best = entry;
    var most = fitOf(board, entry.normal);
    entry.other.forEach(function (each) {
      if (/^narrow /.test(each.arrangement || "") && !upright) return;
      var fit = fitOf(board, each.normal);
      if (fit > most + 0.5) { best = each; most = fit; }
    });
    return best;
  }

  function fitSketch(entry, board, loading) {
    if (!board.hasAttribute("data-sketch")) return false;
    var set = arrangement(entry, board);
    if (board.sketchShown !== set.normal && board.sketchShown !== set.compact) {
      build(board, set.normal);
      board.sketchShown = set.normal;
    }
    var w = cardWidth(board);
    var want = set.compact && w > 0 && w < sketches.compactBelow ? set.compact : set.normal;
    if (board.sketchShown !== want) {
      build(board, want);
      board.sketchShown = want;
      w = cardWidth(board);
    }
    if (!(w > 0) || (w < sketches.targetW && window.innerHeight > window.innerWidth)) {
      // Python will show the hint to turn the phone: the table is smaller.
      takeBack(board, loading);
      return false;
    }
    board.setAttribute("data-sketch", "");
    return true;
  }

  function showSketch(entry, board, loading) {
    if (!window.ResizeObserver) return false;
    try {
      build(board, entry.normal);
    } catch (e) {
      takeBack(board, loading);
      return false;
    }
    board.sketchShown = entry.normal;
    board.setAttribute("data-sketch", "new");
    board.setAttribute("data-preview", "");
    board.setAttribute("aria-busy", "true");
    board.hidden = false;
    // The loading screen becomes a slim bar over the table: a first visit
    // downloads the whole runtime, and the bar says how far it has come.
    loading.classList.add("over");
    var watch = new ResizeObserver(function () {
      var fits = false;
      try { fits = fitSketch(entry, board, loading); } catch (e) { takeBack(board, loading); }
      if (!fits) watch.disconnect();
    });
    watch.observe(board);
    return true;
  }

  // ---- keeping the copy ------------------------------------------------------
  function classData(node) {
    return Array.prototype.filter.call(node.classList, function (name) {
      return TRANSIENT.indexOf(name) < 0;
    }).join(" ");
  }

  function styleData(node) {
    var out = [];
    for (var i = 0; i < node.style.length; i++) {
      var name = node.style[i];
      out.push([name, node.style.getPropertyValue(name).trim()]);
    }
    return out;
  }

  // The faces' bitmaps (table.js, srcset) are made again on the next visit:
  // the copy names the pictures only, and stays a few kilobytes.
  function cardData(c) {
    var img = c.querySelector("img.art");
    var rank = c.querySelector(".idx > b"), suit = c.querySelector(".idx > i");
    return {
      cls: classData(c),
      style: styleData(c),
      code: c.dataset.card || "",
      face: c.dataset.face === "up" ? "up" : "down",
      label: c.getAttribute("aria-label") || "",
      art: img ? img.getAttribute("src") : null,
      index: rank && suit ? [rank.textContent, suit.dataset.suit, suit.textContent] : null
    };
  }

  function pileData(p) {
    var marks = [], cards = [];
    for (var c = p.firstElementChild; c; c = c.nextElementSibling) {
      if (c.hasAttribute("data-card")) cards.push(cardData(c));
      else if (MARKS.indexOf(c.className) >= 0) marks.push([c.className, c.textContent]);
    }
    return {
      pile: p.dataset.pile,
      cls: classData(p),
      style: styleData(p),
      label: p.getAttribute("aria-label") || "",
      redeal: p.dataset.redeal === undefined ? null : p.dataset.redeal,
      marks: marks,
      cards: cards
    };
  }

  function keep() {
    if (!store) return;
    var board = el("board");
    if (!board || board.hidden || board.hasAttribute("data-preview") || !board.dataset.status) return;
    if (document.documentElement.classList.contains("embed")) return;
    var piles = [];
    for (var p = board.firstElementChild; p; p = p.nextElementSibling) {
      if (p.dataset.pile) piles.push(pileData(p));
    }
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
      piles: piles,
      style: styleData(board),
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
      if (board.hasAttribute("data-sketch")) {
        board.removeAttribute("data-sketch");
        var loading = el("loading");
        if (loading) loading.classList.remove("over");
        // The sketch's own custom properties (Python's deal set the rest).
        for (var i = board.style.length - 1; i >= 0; i--) {
          var name = board.style[i];
          if (/^--s\d+$/.test(name)) board.style.removeProperty(name);
        }
      }
    }
    keepSoon();
  }

  // ---- the loading screen's words, before Python ------------------------------
  // The language Python will speak (game/web/app.py's start): the address's
  // ?lang=, else the one the player chose, else the browser's first that the
  // game speaks, else English.
  function pickLanguage() {
    var langs = (sketches && sketches.languages) || [];
    var asked = params(location.search).lang;
    if (langs.indexOf(asked) >= 0) return asked;
    try {
      var saved = store && JSON.parse(store.getItem("solitaire.settings"));
      if (saved && langs.indexOf(saved.lang) >= 0) return saved.lang;
    } catch (e) { /* damaged: as if nothing were stored */ }
    var tags = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || ""];
    for (var i = 0; i < tags.length; i++) {
      var primary = String(tags[i]).split(";")[0].trim().replace("_", "-").split("-")[0].toLowerCase();
      if (langs.indexOf(primary) >= 0) return primary;
    }
    return "en";
  }
  var lang = pickLanguage();

  // The name of the game the address asks for, in the player's language
  // (a duel link's game is inside its token: the page's own name then).
  function gameName() {
    var names = sketches && sketches.names && (sketches.names[lang] || sketches.names.en);
    var asked = params(location.search);
    if (!names || asked.duel) return document.title || "Solitaire";
    return names[asked.game || sketches.defaultGame] || names[sketches.defaultGame] || document.title;
  }

  // A word of the loading screen in the player's language (null: not known).
  function word(key) {
    var words = sketches && sketches.words;
    var table = words && (words[lang] || words.en);
    var text = (table && table[key]) || null;
    return text && text.indexOf("{game}") >= 0 ? text.replace(/\{game\}/g, gameName()) : text;
  }

  var api = { shown: false, keep: keep, word: word };
  window.SolView = api;

  // The loading screen's first line and its bar's name, as soon as they
  // are parsed, and the page's language for a screen reader meanwhile.
  // Once only: by the time the page is parsed the loading screen may say
  // more (static/js/boot.js), such as that the runtime could not be fetched.
  var worded = false;
  function firstWords() {
    if (worded) return true;
    var label = el("loading-stage");
    var bar = el("loading-progress");
    var box = el("loading");
    if (!label || !bar) return false;
    worded = true;
    if (box && box.classList.contains("failed")) return true;
    var text = word("loading.start");
    if (!text) return true;  // no words for it (sketches.js missing): English stays
    label.textContent = text;
    if (lang === "en") return true;
    document.documentElement.lang = lang;
    var name = word("loading.progress");
    if (name) bar.setAttribute("aria-label", name);
    return true;
  }
  if (!firstWords()) {
    var wait = new MutationObserver(function () { if (firstWords()) wait.disconnect(); });
    wait.observe(document.documentElement, { childList: true, subtree: true });
    document.addEventListener("DOMContentLoaded", function () { wait.disconnect(); firstWords(); }, { once: true });
  }

  var decided = false;
  function apply(view) {
    if (decided) return true;
    if (!el("board") || !el("loading")) return false; // not parsed yet
    decided = true;
    try { api.shown = show(view); } catch (e) { api.shown = false; }
    if (api.shown && window.performance && performance.mark) performance.mark("first-view");
    return true;
  }

  var view = read();
  if (!(view && fits(view))) {
    var entry = sketchFor();
    view = entry ? { sketch: entry } : null;
    var duel = entry ? null : duelGame();
    if (duel) {
      duel.then(function (found) {
        var board = el("board");
        if (!found || (board && board.dataset.status)) return; // Python has dealt already
        var later = { sketch: found };
        if (!apply(later)) document.addEventListener("DOMContentLoaded", function () { apply(later); }, { once: true });
      }, function () { /* the loading screen stays */ });
    }
  }
  if (view && !apply(view)) {
    var watch = new MutationObserver(function () { if (apply(view)) watch.disconnect(); });
    watch.observe(document.documentElement, { childList: true, subtree: true });
    document.addEventListener("DOMContentLoaded", function () {
      watch.disconnect();
      apply(view);
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
