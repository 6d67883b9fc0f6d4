// postMessage plumbing for an embedded game (?embed=1). Python decides what a
// message means and which origins may talk (game/web/embed.py, frame.py);
// this file only touches the windows, which Python never holds: a
// cross-origin parent window throws on almost any property read.
(function () {
  "use strict";

  var MAX_TEXT = 2000; // characters of JSON; a valid command is far shorter

  var framed = false;
  try { framed = window.parent !== window; } catch (e) { framed = true; }

  // The embedding page's origin, where the browser tells (Chromium, Safari).
  function parentOrigin() {
    try {
      var list = window.location.ancestorOrigins;
      return list && list.length ? String(list[0]) : null;
    } catch (e) {
      return null;
    }
  }

  window.SolFrame = {
    framed: framed,
    parentOrigin: parentOrigin,
    // Send one event (JSON text) to the parent, only if its origin is `origin`.
    post: function (json, origin) {
      window.parent.postMessage(JSON.parse(json), origin);
    },
    // handler(origin, json): messages from the parent window only, as JSON text.
    listen: function (handler) {
      window.addEventListener("message", function (event) {
        if (!framed || event.source !== window.parent) return;
        var text;
        try { text = JSON.stringify(event.data); } catch (e) { return; }
        if (typeof text !== "string" || text.length > MAX_TEXT) return;
        handler(String(event.origin), text);
      });
    }
  };
})();
