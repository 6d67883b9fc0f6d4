// The win (issue 13, §5): the cards leap off the foundations one after
// another and bounce across the table, drawn over everything in the
// #celebrate layer; any press or key ends it at once. Without motion (the
// Animations setting, or prefers-reduced-motion) the table glows and calms
// down instead. Python (game/web/win.py) calls run(done) and stop(); done()
// is called once, when the show ends or is skipped. Decides nothing.
(function () {
  "use strict";

  var LAUNCH_MS = 55;       // between two cards leaving
  var FLIGHT_MS = 1300;     // one card's flight
  var LONGEST_MS = 2600;    // the whole show, however many cards
  var CALM_MS = 900;        // the reduced-motion glow
  var reduced = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : { matches: false };

  var show = null;  // {layer, timer, done, onInput}

  function motion() { return !reduced.matches && !document.documentElement.classList.contains("no-motion"); }

  // The foundations' cards, taken from the tops in turn (K, K, K, K, Q, ...);
  // a game without foundations (Royal Retinue) lets its piles celebrate.
  function order(board) {
    var piles = Array.prototype.slice.call(board.querySelectorAll('[data-pile^="f"]'));
    if (!piles.length) piles = Array.prototype.slice.call(board.querySelectorAll("[data-pile]"));
    var stacks = piles.map(function (p) {
      return Array.prototype.slice.call(p.querySelectorAll(":scope > [data-card]"));
    });
    var out = [];
    for (var more = true; more;) {
      more = false;
      stacks.forEach(function (s) { if (s.length) { out.push(s.pop()); more = true; } });
    }
    return out;
  }

  // A bouncing path from (x, y): keyframes of translate() until it leaves the screen.
  function path(x, y, w, h, seed) {
    var vx = (seed % 2 ? 1 : -1) * (3 + (seed * 7 % 5));
    var vy = -((seed * 13) % 9) - 2;
    var floor = window.innerHeight - h;
    var frames = [];
    var px = 0, py = 0, steps = 60;
    for (var i = 0; i <= steps; i++) {
      frames.push({ transform: "translate(" + px.toFixed(1) + "px," + py.toFixed(1) + "px)", opacity: 1 });
      px += vx * 3; vy += 1.6; py += vy * 3;
      if (y + py > floor) { py = floor - y; vy = -vy * 0.72; }
    }
    frames[frames.length - 1].opacity = 0.2;
    return frames;
  }

  function end() {
    if (!show) return;
    var s = show;
    show = null;
    clearTimeout(s.timer);
    window.removeEventListener("pointerdown", s.onInput, true);
    window.removeEventListener("keydown", s.onInput, true);
    s.layer.getAnimations({ subtree: true }).forEach(function (a) { a.cancel(); });
    s.layer.classList.remove("cascade", "calm");
    s.layer.replaceChildren();
    s.layer.hidden = true;
    if (s.done) s.done();
  }

  function run(done) {
    end();
    var layer = document.getElementById("celebrate");
    var board = document.getElementById("board");
    if (!layer || !board) { if (done) done(); return; }
    layer.replaceChildren();
    layer.hidden = false;
    var s = { layer: layer, timer: 0, done: done, onInput: function () { end(); } };
    show = s;
    window.addEventListener("pointerdown", s.onInput, true);
    window.addEventListener("keydown", s.onInput, true);
    if (!motion()) {
      layer.classList.add("calm");
      s.timer = setTimeout(end, CALM_MS);
      return;
    }
    layer.classList.add("cascade");
    var bs = getComputedStyle(board);  // the card size the board set, for the copies outside it
    ["--card-w", "--card-h", "--label-h"].forEach(function (v) { layer.style.setProperty(v, bs.getPropertyValue(v)); });
    var cards = order(board);
    var gap = Math.min(LAUNCH_MS, (LONGEST_MS - FLIGHT_MS) / Math.max(1, cards.length));
    var frag = document.createDocumentFragment();
    cards.forEach(function (card, k) {
      var r = card.getBoundingClientRect();
      var fly = card.cloneNode(true);
      fly.removeAttribute("id");
      fly.removeAttribute("data-card");
      fly.setAttribute("aria-hidden", "true");
      fly.className = card.className + " fly";
      fly.classList.remove("buried");  // a stacked pile's hidden card flies too
      fly.style.cssText = "position:fixed;left:" + r.left + "px;top:" + r.top + "px;width:" + r.width +
        "px;height:" + r.height + "px;transform:none;margin:0;z-index:" + (cards.length - k);
      frag.append(fly);
      fly.animate(path(r.left, r.top, r.width, r.height, k + 1),
        { duration: FLIGHT_MS, delay: k * gap, easing: "linear", fill: "both" });
    });
    layer.append(frag);
    s.timer = setTimeout(end, cards.length * gap + FLIGHT_MS + 100);
  }

  window.SolCelebrate = {
    run: run,
    stop: function () { if (show) { show.done = null; end(); } },
    running: function () { return !!show; }
  };
})();
