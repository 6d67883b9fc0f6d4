// The toolbar: one row (a column in the side rail of a phone held sideways)
// that never wraps. The tools that do not fit go into the More menu, the
// least needed first (data-rank: 1 is kept longest, ties go from the end),
// and come back when there is room again: after a resize, a language change,
// or a tool shown or hidden (Finish, Redo, Undo). The row's size is fixed by
// the style sheet, so the board below never moves because of a tool.
//
// The More menu is a disclosure: a real button with aria-expanded; Enter,
// Space or a click opens it, the arrow keys walk its items, Escape or a click
// elsewhere closes it. The tools are moved into it as they are (their ids,
// listeners and states stay), so Python never needs to know where a tool is.
//
// Also here: the skip link to the cards, and the moment the chrome is shown
// (html.ready, once the first deal is up: nothing the loading screen shows
// moves after that).
(function () {
  "use strict";

  var bar, menu, more, tools = [], index = new Map(), pending = false, open = false;

  function shown(el) { return !el.hidden && el.getClientRects().length > 0; }
  function rank(el) { return Number(el.getAttribute("data-rank")) || 9; }
  function column() { return getComputedStyle(bar).flexDirection.indexOf("column") === 0; }

  // Does any tool of the row stick out of the row's inner box?
  function overflows() {
    var style = getComputedStyle(bar), box = bar.getBoundingClientRect();
    var vertical = style.flexDirection.indexOf("column") === 0;
    var lo = vertical ? box.top + parseFloat(style.paddingTop) : box.left + parseFloat(style.paddingLeft);
    var hi = vertical ? box.bottom - parseFloat(style.paddingBottom) : box.right - parseFloat(style.paddingRight);
    for (var el = bar.firstElementChild; el; el = el.nextElementSibling) {
      if (!shown(el)) continue;
      var r = el.getBoundingClientRect();
      if ((vertical ? r.top : r.left) < lo - 0.5 || (vertical ? r.bottom : r.right) > hi + 0.5) return true;
    }
    return false;
  }

  // The room along the row, and what the tools ask of it (More left out).
  function room() {
    var style = getComputedStyle(bar);
    return column()
      ? bar.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom)
      : bar.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  }

  function need(list) {
    var style = getComputedStyle(bar), vertical = column();
    var gap = parseFloat(vertical ? style.rowGap : style.columnGap) || 0;
    return list.reduce(function (sum, el) {
      var r = el.getBoundingClientRect();
      return sum + (vertical ? r.height : r.width);
    }, 0) + gap * Math.max(0, list.length - 1);
  }

  function fit() {
    pending = false;
    if (!bar) return;
    if (open) { pending = true; return; }  // not under the player's fingers: once the menu closes
    var focused = document.activeElement;
    // Every tool back in the row, in order; those already in place are not touched
    // (moving an element drops its focus).
    var next = more;
    for (var i = tools.length - 1; i >= 0; i--) {
      if (tools[i].parentNode !== bar || tools[i].nextElementSibling !== next) bar.insertBefore(tools[i], next);
      next = tools[i];
    }
    if (need(tools.filter(shown)) <= room() + 0.5) {
      more.hidden = true;
    } else {
      more.hidden = false;
      var order = tools.filter(shown).sort(function (a, b) {
        return rank(b) - rank(a) || index.get(b) - index.get(a);
      });
      var moved = [];
      for (var k = 0; k < order.length && overflows(); k++) {
        order[k].remove();
        moved.push(order[k]);
      }
      moved.sort(function (a, b) { return index.get(a) - index.get(b); });
      moved.forEach(function (el) { menu.append(el); });
    }
    // Moving or hiding an element drops its focus: give it back (to More if it went there).
    if (focused && focused !== document.activeElement && (bar.contains(focused) || menu.contains(focused))) {
      (menu.contains(focused) || focused.hidden ? more : focused).focus({ preventScroll: true });
    }
    bar.dataset.fitted = String(menu.childElementCount);
  }

  function schedule() {
    if (pending) return;
    pending = true;
    requestAnimationFrame(fit);
  }

  // ---- the More menu -------------------------------------------------------
  function items() {
    return Array.prototype.filter.call(menu.children, function (el) { return !el.hidden; });
  }

  function place() {
    var b = more.getBoundingClientRect(), m = menu.getBoundingClientRect();
    var W = document.documentElement.clientWidth, H = window.innerHeight;
    var left, top;
    if (column()) {  // side rail: to the left of the button
      left = b.left - m.width - 6;
      top = b.bottom - m.height;
    } else if (b.top > H / 2) {  // a bar along the bottom edge: above it
      left = b.right - m.width;
      top = b.top - m.height - 6;
    } else {
      left = b.right - m.width;
      top = b.bottom + 6;
    }
    menu.style.left = Math.max(4, Math.min(left, W - m.width - 4)) + "px";
    menu.style.top = Math.max(4, Math.min(top, H - m.height - 4)) + "px";
  }

  function show(focusAt) {
    if (open || more.hidden) return;
    open = true;
    menu.hidden = false;
    more.setAttribute("aria-expanded", "true");
    place();
    var list = items();
    if (list.length) list[focusAt === "last" ? list.length - 1 : 0].focus();
  }

  function hide(focusMore) {
    if (!open) return;
    open = false;
    menu.hidden = true;
    more.setAttribute("aria-expanded", "false");
    if (focusMore) more.focus();
    if (pending) { pending = false; schedule(); }
  }

  function step(by) {
    var list = items();
    if (!list.length) return;
    var at = list.indexOf(document.activeElement);
    var next = at < 0 ? 0 : (at + by + list.length) % list.length;
    list[next].focus();
  }

  function menuKey(event) {
    var key = event.key;
    if (key === "Escape") hide(true);
    else if (key === "ArrowDown" || key === "ArrowRight") step(1);
    else if (key === "ArrowUp" || key === "ArrowLeft") step(-1);
    else if (key === "Home") items()[0] && items()[0].focus();
    else if (key === "End") { var l = items(); if (l.length) l[l.length - 1].focus(); }
    else return;
    event.preventDefault();  // the game's own keys (arrows, Escape) stay out of it
    event.stopPropagation();
  }

  function wire() {
    bar = document.getElementById("toolbar");
    menu = document.getElementById("more-menu");
    more = document.getElementById("btn-more");
    if (!bar || !menu || !more) return;
    tools = Array.prototype.filter.call(bar.querySelectorAll(".tool"), function (el) { return el !== more; });
    tools.forEach(function (el, i) { index.set(el, i); });

    more.addEventListener("click", function () { if (open) hide(false); else show("first"); });
    more.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && open) { hide(true); event.preventDefault(); event.stopPropagation(); }
      else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        show(event.key === "ArrowUp" ? "last" : "first");
        event.preventDefault();
        event.stopPropagation();
      }
    });
    menu.addEventListener("keydown", menuKey);
    // Capture: the menu closes (and the focus goes back to More) before the
    // tool acts, so a dialog the tool opens returns the focus to More.
    menu.addEventListener("click", function (event) {
      if (event.target.closest && event.target.closest(".tool")) hide(true);
    }, true);
    menu.addEventListener("focusout", function (event) {
      var to = event.relatedTarget;
      if (open && to && !menu.contains(to) && to !== more) hide(false);
    });
    document.addEventListener("pointerdown", function (event) {
      if (open && !menu.contains(event.target) && !more.contains(event.target)) hide(false);
    }, true);
    addEventListener("resize", function () { if (open) hide(false); });

    if (window.ResizeObserver) {
      var sizes = new ResizeObserver(schedule);
      sizes.observe(bar);
      tools.concat([more]).forEach(function (el) { sizes.observe(el); });
    }
    if (window.MutationObserver) {
      var shownOrNot = new MutationObserver(schedule);
      tools.forEach(function (el) { shownOrNot.observe(el, { attributes: true, attributeFilter: ["hidden"] }); });
    }
    fit();

    var skip = document.getElementById("skip-link");
    if (skip) {
      skip.addEventListener("click", function (event) {
        event.preventDefault();  // no #board in the address
        var pile = document.querySelector('#board [data-pile][tabindex="0"]') ||
          document.querySelector("#board [data-pile]");
        if (pile) pile.focus();
      });
    }
  }

  // The first deal is on the table and the words are in the chosen language:
  // fit the toolbar now, in the same frame, and show the chrome.
  addEventListener("solitaire:dealt", function () {
    fit();
    document.documentElement.classList.add("ready");
  });

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", wire, { once: true });
  else wire();

  window.SolToolbar = { fit: fit, open: function () { show("first"); }, close: function () { hide(false); } };
})();
