// The host side of the game's message API (docs/embedding.md).
//
// The game's address can be given as ?src=… (for a game on another site);
// by default it is ../index.html beside this folder. Commands go only to the
// game's origin, and only messages from the game's frame and origin, of type
// "solitaire", are read. Received events are shown as text and kept in
// window.solitaireEvents.
(function () {
  "use strict";

  var frame = document.getElementById("game");
  var params = new URLSearchParams(location.search);
  var src = params.get("src");
  if (src) {
    var url = new URL(src, location.href);
    if (url.protocol === "http:" || url.protocol === "https:") frame.src = url.href;
  }
  var gameOrigin = new URL(frame.src, location.href).origin;
  var events = [];
  window.solitaireEvents = events;

  function send(message) {
    frame.contentWindow.postMessage(Object.assign({ type: "solitaire", version: 1 }, message), gameOrigin);
  }
  window.solitaireSend = send;  // for trying commands from the console

  function describe(e) {
    var text = e.event + ": " + e.game + (e.seed === null ? "" : " #" + e.seed) + ", " + e.status +
      ", score " + e.score + ", " + e.moves + " moves, " + e.time + " s";
    return text;
  }

  addEventListener("message", function (event) {
    if (event.source !== frame.contentWindow || event.origin !== gameOrigin) return;
    var data = event.data;
    if (!data || data.type !== "solitaire" || data.version !== 1 || typeof data.event !== "string") return;
    events.push(data);
    var item = document.createElement("li");
    item.textContent = describe(data);  // text, never markup
    document.getElementById("log").prepend(item);
    document.getElementById("status").textContent = data.event === "finished"
      ? "The game ended: " + data.status + "." : "Playing " + data.game + ".";
  });

  document.getElementById("new-game").addEventListener("submit", function (event) {
    event.preventDefault();
    var message = { command: "new-game", game: document.getElementById("game-id").value };
    var seed = document.getElementById("seed").value.trim();
    if (/^\d+$/.test(seed)) message.seed = Number(seed);
    send(message);
  });

  document.getElementById("language").addEventListener("submit", function (event) {
    event.preventDefault();
    send({ command: "set-language", lang: document.getElementById("lang").value });
  });
})();
