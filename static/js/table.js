// Pointer glue for the card table: turns pointer events on the board into a
// few high-level calls to Python (tap, double tap, grab, drop) and moves the
// dragged cards with transforms, once per animation frame. It decides no
// rule: Python answers whether a card may be picked up and whether a drop is
// a legal move. Also applies the board's changes Python sends (board.py's
// Changes, one call per update) and animates the cards it moved.
(function () {
  "use strict";

  var TAP_MS = 350;        // two taps within this time are a double tap
  var NEAR = 16;           // px: how far a card may be painted outside its pile's box (a lift, a shake)
  var SLOP = { mouse: 4, pen: 6, touch: 8 };
  var MOVE_MS = 190;
  var TURN_MS = 220;
  var reduced = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : { matches: false };

  function motion() { return !reduced.matches && !document.documentElement.classList.contains("no-motion"); }

  function cardsOf(pileEl) {
    var out = [];
    for (var c = pileEl.firstElementChild; c; c = c.nextElementSibling) {
      if (c.hasAttribute("data-card")) out.push(c);
    }
    return out;
  }

  // The animations this script starts on a card, so that a newer one can
  // end them without asking the page for its animations (which makes it
  // work out the styles in the middle of a move).
  function stopAnimations(el) {
    if (el.__slide) el.__slide.cancel();
    if (el.__shake) { el.__shake.cancel(); el.__shake = null; }
  }

  // ---- The board's elements, as Python names them (board.py's Changes).
  var cards = [];    // element id -> card element
  var piles = {};    // pile name -> pile element
  var root = null;

  function register(board, els, faces, at) {
    gestures = null;
    if (typeof at === "number") epoch = at;  // Python's count, whatever happened before
    root = board;
    cards = Array.prototype.slice.call(els);
    piles = {};
    for (var p = board.firstElementChild; p; p = p.nextElementSibling) {
      if (p.dataset.pile) { piles[p.dataset.pile] = p; bury(p); }
    }
    if (faces) preload(faces);
  }

  // A stacked pile (stock, waste, foundation) shows its top few cards: its
  // thickness, the waste's fan, and the card a slide off it uncovers. The
  // rest lie under them unseen and are not painted (.buried). A class set
  // here, where the pile changed, and not a selector that counts from the
  // end (:nth-last-of-type), which makes the page restyle every card of the
  // pile at each card that comes or goes: 70 cards a draw in Forty Thieves.
  var SHOWN = 5;
  function stacked(pileEl) {
    var c = pileEl.classList;
    return c.contains("stock") || c.contains("waste") || c.contains("foundation");
  }

  function bury(pileEl) {
    var flat = !stacked(pileEl), n = 0;
    for (var c = pileEl.lastElementChild; c; c = c.previousElementSibling) {
      if (!c.hasAttribute("data-card")) continue;
      var hide = !flat && n >= SHOWN;
      if (c.classList.contains("buried") !== hide) c.classList.toggle("buried", hide);
      else if (hide) break;  // every card below it is buried already
      n++;
    }
  }

  // ---- The deal's card faces, loaded while the page is idle. A face shown
  // for the first time is otherwise fetched and parsed (an SVG document,
  // 3-9 ms of this thread) just after the move that turns it up, and the
  // card shows blank until then. Each image is kept, so the page keeps it
  // parsed and a card that turns up shows its face in the move's own frame.
  var art = new Map();  // url -> Image (null: waiting its turn)
  var waiting = [];
  var loading = false;
  var whenIdle = window.requestIdleCallback
    ? function (fn) { window.requestIdleCallback(fn, { timeout: 2000 }); }
    : function (fn) { setTimeout(fn, 200); };

  function preload(urls) {
    for (var i = 0; i < urls.length; i++) {
      if (!art.has(urls[i])) { art.set(urls[i], null); waiting.push(urls[i]); }
    }
    if (!loading && waiting.length) { loading = true; whenIdle(loadSome); }
  }

  function loadSome() {
    for (var n = 0; n < 4 && waiting.length; n++) {  // a few at a time: each is parsed in a task of its own
      var url = waiting.shift(), img = new Image();
      if (art.get(url)) continue;  // fetched already, for a card that wanted it at once
      img.decoding = "async";
      img.onload = queueBitmap.bind(null, url);
      img.src = url;
      art.set(url, img);
    }
    if (waiting.length) whenIdle(loadSome); else loading = false;
  }

  // ---- Bitmaps of the faces, at the card's size. The page paints an SVG
  // picture by drawing each of its shapes again wherever the table is
  // painted anew (a card slides off a pile or turns over): thousands of
  // shapes a move, where a bitmap is one copy. So once a picture is loaded,
  // it is drawn, while the page is idle, into a bitmap of the card's size in
  // device pixels, which the card then shows (its srcset; its src keeps
  // naming the picture). The picture itself shows until then, and again for
  // a moment after the card size changes (a new layout, a zoom).
  var cardSize = [0, 0];    // CSS pixels: the board's --card-w and --card-h
  var bitmaps = new Map();  // picture url -> data: url of its bitmap at bitmapSize
  var bitmapSize = "";      // "w x h", device pixels
  var toDraw = [];          // loaded pictures still to draw at bitmapSize
  var drawing = false;
  var kept = [];            // the bitmaps as images, decoded once and kept so

  function pixelSize() {
    var ratio = window.devicePixelRatio || 1;
    return [Math.round(cardSize[0] * ratio), Math.round(cardSize[1] * ratio)];
  }

  function resizeBitmaps() {
    var px = pixelSize(), size = px[0] + "x" + px[1];
    if (!px[0] || !px[1] || size === bitmapSize) return;
    bitmapSize = size;
    bitmaps = new Map();
    kept = [];
    toDraw = [];
    for (var i = 0; i < cards.length; i++) {
      var img = cards[i].firstElementChild;
      if (img && img.hasAttribute("srcset")) img.removeAttribute("srcset");
    }
    art.forEach(function (img, url) { if (img && img.complete) queueBitmap(url); });
  }

  function queueBitmap(url) {
    if (!bitmapSize || bitmaps.has(url) || toDraw.indexOf(url) >= 0) return;
    toDraw.push(url);
    if (!drawing) { drawing = true; whenIdle(drawSome); }
  }

  function drawSome() {
    var url = toDraw.shift(), img = art.get(url), size = bitmapSize, px = pixelSize();
    if (img && img.naturalWidth && px[0] + "x" + px[1] === size) {
      var canvas = document.createElement("canvas");
      canvas.width = px[0];
      canvas.height = px[1];
      canvas.getContext("2d").drawImage(img, 0, 0, px[0], px[1]);
      canvas.toBlob(function (blob) {  // encoded off this thread
        if (!blob || size !== bitmapSize) return;
        var reader = new FileReader();
        reader.onload = function () {
          if (size !== bitmapSize) return;
          var bitmap = new Image();
          bitmap.src = reader.result;
          bitmap.decode().then(function () {
            if (size !== bitmapSize) return;
            kept.push(bitmap);
            bitmaps.set(url, reader.result);
            for (var i = 0; i < cards.length; i++) {
              var face = cards[i].firstElementChild;
              if (face && face.getAttribute("src") === url) face.srcset = reader.result;
            }
          }, function () { /* the picture stays */ });
        };
        reader.readAsDataURL(blob);
      }, "image/png");
    }
    if (toDraw.length) whenIdle(drawSome); else drawing = false;
  }

  function target(kind, name) {
    return kind === "card" ? cards[name] : kind === "pile" ? piles[name] : root;
  }

  // A face is shown once its picture can be painted: a card whose face is
  // not loaded yet (the first deal's, fetched while the board comes up)
  // shows the back meanwhile, or the picture it showed before, never a
  // blank face.
  var backShown = "";  // the back the cards show

  function loaded(url) {
    var pic = art.get(url);
    return bitmaps.has(url) || !!(pic && pic.complete && pic.naturalWidth);
  }

  function showArt(img, url) {
    img.__wants = url;
    var bitmap = bitmaps.get(url);
    if (bitmap) img.srcset = bitmap;
    else if (img.hasAttribute("srcset")) img.removeAttribute("srcset");
    img.src = url;
    if (!art.has(url)) preload([url]);  // a back, or a face not in the deal's list
  }

  function showWhenLoaded(img, url) {
    img.__wants = url;
    if (!img.getAttribute("src")) img.src = backShown;
    var pic = art.get(url);
    if (!pic) {  // fetched now, not in its turn
      pic = new Image();
      pic.onload = queueBitmap.bind(null, url);
      pic.src = url;
      art.set(url, pic);
    }
    var show = function () { if (img.__wants === url) showArt(img, url); };
    pic.decode().then(show, show);  // (a picture that fails shows as it would have)
  }

  function showFace(el, op) {
    // ["f", id, code, up, red, src, rank, suit, sign, label]
    el.dataset.card = op[2];
    el.dataset.face = op[3] ? "up" : "down";
    el.classList.toggle("red", op[4]);
    if (op[5] !== null) {
      var img = el.firstElementChild;
      if (!op[3]) backShown = op[5];
      if ((img.__wants || img.getAttribute("src")) !== op[5]) {
        if (op[3] && backShown && !loaded(op[5])) showWhenLoaded(img, op[5]);
        else showArt(img, op[5]);
      }
    }
    var idx = el.lastElementChild;
    if (!op[3]) {
      idx.replaceChildren();
    } else {
      var r = document.createElement("b");
      r.textContent = op[6];
      var s = document.createElement("i");
      s.dataset.suit = op[7];
      s.textContent = op[8];
      idx.replaceChildren(r, s);
    }
    el.setAttribute("aria-label", op[9]);
  }

  // Where a card is painted now, from where its style puts it: the
  // dragged cards' offset, or how much of its slide is still to go.
  function offsetNow(el) {
    if (el.__drag) return el.__drag;
    var a = el.__slide;
    if (a && a.effect && el.__from) {
      var p = a.effect.getComputedTiming().progress;
      if (p !== null && p !== undefined) return [el.__from[0] * (1 - p), el.__from[1] * (1 - p)];
    }
    return null;
  }

  // ---- Moves made ready ahead (game/web/ahead.py). Python sends, for the
  // board as it is, the changes each likely gesture's move makes; such a
  // gesture is applied here at once, and Python is told of it once the frame
  // is drawn (or sooner, before it handles anything else: flush).
  var epoch = 0;         // updates that changed more than classes (board.py's Changes.epoch)
  var gestures = null;   // "tap|pile|index" ... -> [changes first, the move's changes, the move]
  var owed = null;       // a gesture applied here that Python has not seen yet
  var commit = null;     // Python's Ahead.commit

  function ahead(fn) { commit = fn; }

  var journal = null;    // the game's id and steps: written down with a move made here (storage.py's AheadMove)

  function ready(at, json, base) {
    gestures = at === epoch ? JSON.parse(json) : null;
    journal = base ? JSON.parse(base) : null;
  }

  function flush() {
    if (!owed) return;
    var o = owed;
    owed = null;
    try {
      commit.apply(null, [o.move, o.epoch, o.name].concat(o.args));
    } catch (err) {
      console.warn("table: commit failed", err);
    }
  }

  function prepared(name, args) {
    if (!gestures || owed || !commit) return false;
    var g = gestures[name + "|" + args.join("|")] ||
      (name === "tap" ? gestures["tap|" + args[0] + "|*"] : name === "key" ? gestures["key|*|" + args[1]] : null);
    if (!g) return false;
    var at = epoch, note = journal;
    if (note) {  // stored before it shows: a page that goes before Python catches up plays it again
      note.move = g[2];
      try { localStorage.setItem("solitaire.ahead", JSON.stringify(note)); } catch (err) { /* storage refused */ }
    }
    try {
      if (g[0]) apply(g[0]);
      apply(g[1]);
      owed = { move: g[2], epoch: at, name: name, args: args };
    } catch (err) {  // the page out of step: Python draws the board afresh, then handles the gesture
      console.warn("table: a move made ahead failed", err);
      try { localStorage.removeItem("solitaire.ahead"); } catch (e) { /* storage refused */ }
      owed = { move: "", epoch: -1, name: name, args: args };
    }
    // After what else this pointerup sets off (a page's own observers see the
    // move first), and after the frame that shows it.
    queueMicrotask(function () {
      requestAnimationFrame(function () { setTimeout(flush, 0); });
    });
    return true;
  }

  // All of the board's changes of one update, in one call (a JSON list).
  function apply(text) {
    var ops = JSON.parse(text), slide = null, moved = false, i, op, el;
    gestures = null;
    for (i = 0; i < ops.length; i++) {
      if (ops[i][0] === "m") slide = ops[i];
      if (ops[i][0] !== "c") moved = true;
    }
    if (moved) epoch++;
    var from = null, turning = [];
    if (slide) {  // read before anything is written
      from = [];
      for (i = 0; i < slide[1].length; i++) {
        el = cards[slide[1][i]];
        if (el.__slide && el.__turns) turning.push(el);  // a turn cut short carries on
        var off = offsetNow(el);
        from.push([slide[2][i] + (off ? off[0] : 0), slide[3][i] + (off ? off[1] : 0)]);
      }
    }
    var focus = null, resized = false, changed = new Set();
    for (i = 0; i < ops.length; i++) {
      op = ops[i];
      switch (op[0]) {
        case "p":
          el = cards[op[1]];
          el.style.left = op[2];
          el.style.top = op[3];
          break;
        case "f":
          showFace(cards[op[1]], op);
          break;
        case "a":
          el = piles[op[1]];
          for (var k = 0; k < op[2].length; k++) {
            var card = cards[op[2][k]];
            if (card.parentElement) changed.add(card.parentElement);
            el.append(card);
          }
          changed.add(el);
          break;
        case "b":
          el = piles[op[1]];
          if (op[4] !== null) {
            el.style.setProperty("--strip", op[4]);
            el.classList.toggle("tight", op[5]);
          }
          el.style.width = op[2];
          el.style.height = op[3];
          el.classList.toggle("empty", op[6]);
          break;
        case "l":
          el = piles[op[1]];
          el.setAttribute("aria-label", op[2]);
          if (op[3] !== null) el.firstElementChild.textContent = op[3];
          break;
        case "c":
          target(op[1], op[2]).classList.toggle(op[3], op[4]);
          break;
        case "s":
          target(op[1], op[2]).style.setProperty(op[3], op[4]);
          if (op[1] === "root" && (op[3] === "--card-w" || op[3] === "--card-h")) {
            cardSize[op[3] === "--card-w" ? 0 : 1] = parseFloat(op[4]);
            resized = true;
          }
          break;
        case "d":
          target(op[1], op[2]).dataset[op[3]] = op[4];
          break;
        case "t":
          el = piles[op[1]];
          el.tabIndex = op[2];
          if (op[3]) focus = el;
          break;
      }
    }
    changed.forEach(bury);
    if (slide) {
      var els = [], turned = [];
      for (i = 0; i < slide[1].length; i++) els.push(cards[slide[1][i]]);
      for (i = 0; i < slide[4].length; i++) turned.push(cards[slide[4][i]]);
      play(els, turned.concat(turning), from);
    }
    if (focus) focus.focus();
    if (resized) resizeBitmaps();
  }

  // els: cards to slide from [dx, dy] away (from[i], board pixels) to where
  // they are now; turned: cards whose face changed (they flip while they
  // move, or in place).
  function play(els, turned, from) {
    var turnedSet = new Set(turned || []);
    var animate = motion();
    var list = [], offsets = new Map();
    for (var i = 0; i < els.length; i++) {
      var el = els[i];
      stopAnimations(el);
      el.style.transform = "";
      el.style.zIndex = "";
      el.__drag = null;
      el.classList.remove("dragging");
      if (!offsets.has(el)) { list.push(el); offsets.set(el, from[i]); }  // once: two slides of one card would fight
    }
    turnedSet.forEach(function (el) { if (!offsets.has(el)) { stopAnimations(el); list.push(el); } });
    if (!animate) return;
    list.forEach(function (el, k) {
      var f = offsets.get(el);
      var dx = f ? f[0] : 0;
      var dy = f ? f[1] : 0;
      var moved = Math.abs(dx) > 0.5 || Math.abs(dy) > 0.5;
      var turns = turnedSet.has(el);
      if (!moved && !turns) return;
      var start = "translate(" + dx + "px, " + dy + "px)" + (turns ? " scaleX(0.05)" : "");
      var frames = [{ transform: start }, { transform: "none" }];
      el.style.zIndex = String(1000 + k);
      el.classList.add("flying");  // in flight: hitTest finds it where it is painted
      var anim = el.animate(frames, {
        duration: moved ? MOVE_MS : TURN_MS,
        easing: "cubic-bezier(.25,.8,.35,1)"
      });
      // A slide cancelled for a newer one says so a moment later: only the
      // card's current slide may put it back down (else the newer slide runs
      // unlifted, under the card below it, and a click finds that one).
      el.__slide = anim;
      el.__from = [dx, dy];
      el.__turns = turns;
      var done = function () {
        if (el.__slide !== anim) return;
        el.__slide = null;
        el.__from = null;
        el.__turns = false;
        el.style.zIndex = "";
        el.classList.remove("flying");
      };
      anim.onfinish = done;
      anim.oncancel = done;
    });
  }

  function shake(els) {
    if (!motion()) return;
    els.forEach(function (el) {
      if (el.__shake) el.__shake.cancel();
      el.__shake = el.animate([
        { transform: "translateX(0)" }, { transform: "translateX(-7px)" },
        { transform: "translateX(6px)" }, { transform: "translateX(-4px)" },
        { transform: "translateX(0)" }
      ], { duration: 320, easing: "ease-out" });
    });
  }

  function pulse(el) {
    if (!el || !motion()) return;
    el.animate([{ transform: "scale(1)" }, { transform: "scale(1.06)" }, { transform: "scale(1)" }],
      { duration: 260, easing: "ease-out" });
  }

  // ---- Pointer input on the board.
  function attach(board, handlers) {
    var press = null;   // the pointer that went down, until it comes up
    var drag = null;    // the cards following it, once it moved far enough
    var lastTap = null; // {card, pile, time}
    var frame = 0;

    function call(name) {
      var fn = handlers[name];
      if (!fn) return undefined;
      flush();
      try {
        return fn.apply(null, Array.prototype.slice.call(arguments, 1));
      } catch (err) {
        console.warn("table: " + name + " failed", err);
        return undefined;
      }
    }

    function pileFromElement(el) {
      var p = el && el.closest ? el.closest("[data-pile]") : null;
      return p && board.contains(p) ? p : null;
    }

    // What lies under a point is what the player sees there now. After a
    // move the cards already belong to their new piles, but for a slide's
    // length they are painted between their old and new places: a quick
    // player aims at the pictures (a column's top card where it is still
    // shown, the card just drawn where it is flying), so the hit is the
    // topmost card whose painted box (getBoundingClientRect honours the
    // slide's transform) holds the point; else the pile whose box does. The
    // input is neither dropped nor held back until the slide ends: the card
    // hit goes with the press, and its pile and place are read when the tap,
    // double tap or drag acts. A card seen edge-on while it turns over is no
    // target for a tap (the click goes to what shows around it, the stock
    // say). Nor is a card still leaving the stock: clicks there, however
    // quick, draw. A drag that starts on either takes that card (``slid``).
    function hitTest(x, y) {
      // Cards lie inside their pile's box (layout.py sizes it to its fan),
      // give or take a lift or a shake: only the piles near the point, and
      // the cards in flight (painted anywhere along their slide), are
      // measured, not every card on the table.
      var pileEls = board.querySelectorAll("[data-pile]");
      var under = null, onStock = false, near = [];
      for (var k = 0; k < pileEls.length; k++) {
        var pr = pileEls[k].getBoundingClientRect();
        if (inside(pr, x, y)) {
          if (!under) under = pileEls[k];
          if (pileEls[k].dataset.pile === "stock") onStock = true;
        }
        if (inside(pr, x, y, NEAR)) near.push(pileEls[k]);
      }
      var best = null, bestZ = -Infinity, seen = new Set(), slid = null, slidZ = -Infinity;
      function consider(c) {
        seen.add(c);
        if (c.classList.contains("dragging")) return;
        var r = c.getBoundingClientRect();
        if (!inside(r, x, y)) return;
        var z = parseInt(c.style.zIndex, 10) || 0;  // a sliding card is lifted above the rest
        if (r.width < c.offsetWidth * 0.5 ||
            (onStock && c.classList.contains("flying") && c.parentElement.dataset.pile !== "stock")) {
          // No target for a tap; but a drag that starts on it takes it (slid).
          if (c.classList.contains("flying") && z > slidZ) { slid = c; slidZ = z; }
          return;
        }
        // Of two cards lifted alike, the later in the page is painted over
        // the earlier: the piles are not measured in page order (the cards
        // in flight come last), so the page decides.
        if (z > bestZ || (z === bestZ && best.compareDocumentPosition(c) & Node.DOCUMENT_POSITION_FOLLOWING)) {
          best = c; bestZ = z;
        }
      }
      for (var n = 0; n < near.length; n++) cardsOf(near[n]).forEach(consider);
      var flying = board.querySelectorAll(".card.flying");
      for (var f = 0; f < flying.length; f++) if (!seen.has(flying[f])) consider(flying[f]);
      if (slid && best && bestZ > slidZ) slid = null;  // painted under the card hit
      if (best) {
        var pileEl = pileFromElement(best.parentElement);
        if (pileEl) return { pile: pileEl, card: best, slid: slid };
      }
      return under ? { pile: under, card: null, slid: slid } : null;
    }

    function inside(r, x, y, margin) {
      var m = margin || 0;
      return x >= r.left - m && x < r.right + m && y >= r.top - m && y < r.bottom + m;
    }

    // Where the pressed card lies now: [pile, index] (index -1: the pile itself).
    function place(p) {
      var pileEl = p.card ? pileFromElement(p.card.parentElement) : p.pileEl;
      if (!pileEl) return [p.pileEl.dataset.pile, -1];
      return [pileEl.dataset.pile, p.card ? cardsOf(pileEl).indexOf(p.card) : -1];
    }

    function onDown(e) {
      if (press || (e.pointerType === "mouse" && e.button !== 0)) return;
      var hit = hitTest(e.clientX, e.clientY);
      if (!hit) { call("tap", undefined, -1); return; }
      var pileEl = hit.pile, cardEl = hit.card;
      var rect = (cardEl || pileEl).getBoundingClientRect();
      press = {
        id: e.pointerId, type: e.pointerType || "mouse", pileEl: pileEl,
        card: cardEl, x0: e.clientX, y0: e.clientY, grabX: e.clientX - rect.left,
        grabY: e.clientY - rect.top, moved: false, slid: null
      };
      if (hit.slid) {  // a card in flight under the press, no target for a tap: a drag takes it
        var box = hit.slid.getBoundingClientRect();
        press.slid = { card: hit.slid, grabX: e.clientX - box.left, grabY: e.clientY - box.top };
      }
      try { board.setPointerCapture(e.pointerId); } catch (err) { /* already released */ }
      e.preventDefault();
    }

    function startDrag() {
      if (press.slid) {
        // The press fell on a card still sliding (turning edge-on, or
        // leaving the stock over it): the drag takes the card the player
        // sees under the finger, wherever it is going.
        var pileOf = pileFromElement(press.slid.card.parentElement);
        if (pileOf) {
          press.card = press.slid.card;
          press.pileEl = pileOf;
          press.grabX = press.slid.grabX;
          press.grabY = press.slid.grabY;
        }
      }
      var at = place(press);
      var spec = call("grab", at[0], at[1]);
      if (!spec || spec.length !== 4) return null;
      var pileEl = board.querySelector('[data-pile="' + spec[0] + '"]');
      if (!pileEl) return null;
      var els = cardsOf(pileEl).slice(spec[1], spec[1] + spec[2]);
      if (!els.length) return null;
      els.forEach(function (el) { stopAnimations(el); el.style.transform = ""; el.__drag = null; });
      var home = els[0].getBoundingClientRect();
      els.forEach(function (el, k) { el.classList.add("dragging"); el.style.zIndex = String(2000 + k); });
      board.classList.add("is-dragging");
      return { els: els, pile: spec[0], homeX: home.left, homeY: home.top, w: home.width, h: home.height,
               x: press.x0, y: press.y0, hover: null, home: spec[3] === true };
    }

    function render() {
      frame = 0;
      if (!drag) return;
      var tx = drag.x - press.grabX - drag.homeX;
      var ty = drag.y - press.grabY - drag.homeY;
      var t = "translate(" + tx + "px, " + ty + "px)";
      for (var i = 0; i < drag.els.length; i++) {
        drag.els[i].style.transform = t;
        drag.els[i].__drag = [tx, ty];  // where it is painted, for the slide that follows
      }
      var target = findTarget();
      if (target !== drag.hover) {
        if (drag.hover) drag.hover.classList.remove("drop-hover");
        if (target) target.classList.add("drop-hover");
        drag.hover = target;
      }
    }

    // The pile under the pointer (as painted, like a press); else the pile
    // the dragged card overlaps most, with a generous margin around every pile.
    // Over the cards' own pile: no target (they go back), unless a move may
    // put them on it (drag.home: Royal Retinue's turned card onto its pile).
    function findTarget() {
      var hit = hitTest(drag.x, drag.y);
      var left = drag.x - press.grabX, top = drag.y - press.grabY;
      var right = left + drag.w, bottom = top + drag.h;
      if (hit && hit.pile.dataset.pile === drag.pile) {
        if (drag.home) return hit.pile;
        // Still over its own pile: back home, unless the card's middle has
        // left the pile (a card held by its edge, mostly over a neighbour).
        var own = hit.pile.getBoundingClientRect(), cx = (left + right) / 2, cy = (top + bottom) / 2;
        if (cx >= own.left && cx <= own.right && cy >= own.top && cy <= own.bottom) return null;
      } else if (hit) {
        return hit.pile;
      }
      var margin = drag.w * 0.3;
      var best = null, bestArea = 0;
      board.querySelectorAll("[data-pile]").forEach(function (p) {
        if (p.dataset.pile === drag.pile && !drag.home) return;
        var r = p.getBoundingClientRect();
        var w = Math.min(right, r.right + margin) - Math.max(left, r.left - margin);
        var h = Math.min(bottom, r.bottom + margin) - Math.max(top, r.top - margin);
        if (w > 0 && h > 0 && w * h > bestArea) { bestArea = w * h; best = p; }
      });
      return best;
    }

    function onMove(e) {
      if (!press || e.pointerId !== press.id) return;
      if (!drag) {
        if (press.moved) return;
        var dist = Math.abs(e.clientX - press.x0) + Math.abs(e.clientY - press.y0);
        if (dist < (SLOP[press.type] || 5)) return;
        press.moved = true;
        drag = startDrag();
        if (!drag) return;
      }
      drag.x = e.clientX;
      drag.y = e.clientY;
      if (!frame) frame = requestAnimationFrame(render);
    }

    function endDrag(dropped) {
      if (frame) { cancelAnimationFrame(frame); frame = 0; }
      var d = drag;
      drag = null;
      board.classList.remove("is-dragging");
      if (d.hover) d.hover.classList.remove("drop-hover");
      var target = null;
      if (dropped) {
        drag = d; target = findTarget(); drag = null;
      }
      var ok = dropped
        ? (target !== null && prepared("drop", [target.dataset.pile])) || call("drop", target ? target.dataset.pile : undefined)
        : (call("cancel"), false);
      if (!ok) {
        // Refused or cancelled: the cards glide back home.
        play(d.els, [], d.els.map(function (el) { return el.__drag || [0, 0]; }));
        if (dropped && target) shake(d.els);
      }
      d.els.forEach(function (el) { el.classList.remove("dragging"); });
    }

    function onUp(e) {
      if (!press || e.pointerId !== press.id) return;
      var p = press;
      if (drag) {
        drag.x = e.clientX; drag.y = e.clientY;
        endDrag(true);
      } else if (!p.moved) {
        // The time the finger came up, not the time this handler runs: a tap
        // that waited behind a slow frame still pairs with the one before it.
        var now = e.timeStamp || performance.now();
        var at = place(p);
        // A double tap is two taps on one card in one place: the card a stock
        // tap just turned over onto the waste is another target.
        if (lastTap && p.card && lastTap.card === p.card && lastTap.pile === at[0] &&
            now - lastTap.time < TAP_MS) {
          lastTap = null;
          if (!prepared("double", at)) call("double", at[0], at[1]);
        } else {
          // A tap that put cards down is not half of a double tap: the next
          // tap on the card they went onto picks it up (with them).
          var put = prepared("tap", at) || call("tap", at[0], at[1]) === true;
          lastTap = put ? null : { card: p.card, pile: at[0], time: now };
        }
      }
      press = null;
    }

    // Enter or Space on a pile in focus, and D (game/web/input.py's keys):
    // a move made ready ahead shows here, and the page's own key handler (on
    // the document) does not see the key; any other key goes on to it.
    function onKey(e) {
      if (e.altKey || e.metaKey || e.ctrlKey || e.defaultPrevented || press) return;
      var key = e.key === "Enter" || e.key === " " ? "Enter" : e.key === "d" || e.key === "D" ? "d" : null;
      var pileEl = key && e.target.closest ? e.target.closest("[data-pile]") : null;
      if (!pileEl || !prepared("key", [pileEl.dataset.pile, key])) return;
      e.preventDefault();
      e.stopPropagation();
    }

    function onCancel(e) {
      if (!press || e.pointerId !== press.id) return;
      if (drag) endDrag(false);
      press = null;
    }

    board.addEventListener("pointerdown", onDown);
    board.addEventListener("pointermove", onMove);
    board.addEventListener("pointerup", onUp);
    board.addEventListener("pointercancel", onCancel);
    board.addEventListener("keydown", onKey);
    board.addEventListener("dragstart", function (e) { e.preventDefault(); });
    board.addEventListener("contextmenu", function (e) { if (drag) e.preventDefault(); });
    return {
      reset: function () { if (drag) endDrag(false); press = null; lastTap = null; }
    };
  }

  window.addEventListener("resize", function () { resizeBitmaps(); });  // a zoom changes the device pixels

  // Any press or key, before anything else sees it (capture): a move made
  // ahead is Python's first (it may send cards home), and cards still going
  // home are there at once (game/web/flow.py's skip, set while they fly).
  var skipper = null;
  function anyInput() {
    flush();
    if (skipper) skipper();
  }
  window.addEventListener("pointerdown", anyInput, true);
  window.addEventListener("keydown", anyInput, true);

  window.addEventListener("pagehide", flush);  // the move is stored before the page goes
  document.addEventListener("visibilitychange", flush);

  window.SolTable = {
    attach: attach, register: register, apply: apply, preload: preload, shake: shake, pulse: pulse, cardsOf: cardsOf,
    ahead: ahead, ready: ready, flush: flush, skipper: function (fn) { skipper = fn || null; },
    prepared: function () { return gestures ? Object.keys(gestures) : []; }  // the gestures ready now
  };
})();
