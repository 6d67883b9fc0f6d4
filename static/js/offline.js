// Registers the service worker (./sw.js) that keeps the game for offline
// play, once the first deal is on the table (boot.js fires "solitaire:dealt"),
// so that copying the whole app for offline use never slows the first start.
// When a new version is waiting, the #update bar offers a reload (its words
// come from Python like every other data-t text); the reload activates the
// new version (sw.js documents the update).
(function () {
  "use strict";

  var reloading = false;
  var asked = false;
  var waiting = null;

  function supported() {
    try {
      return "serviceWorker" in navigator && (location.protocol === "https:" || location.protocol === "http:");
    } catch (e) {
      return false; // storage denied (a cross-site frame): no service worker either
    }
  }

  function watch(registration, onUpdate) {
    function found(worker) {
      // A worker installed while another controls the page is an update.
      if (worker && navigator.serviceWorker.controller) {
        waiting = worker;
        if (onUpdate) onUpdate();
      }
    }
    if (registration.waiting) found(registration.waiting);
    registration.addEventListener("updatefound", function () {
      var worker = registration.installing;
      if (!worker) return;
      worker.addEventListener("statechange", function () {
        if (worker.state === "installed") found(worker);
      });
    });
  }

  var DELAY_MS = 1000;

  function showUpdate() {
    var bar = document.getElementById("update");
    if (bar) bar.hidden = false;
  }

  addEventListener("solitaire:dealt", function () {
    setTimeout(function () { window.SolOffline.register(showUpdate); }, DELAY_MS);
  }, { once: true });

  addEventListener("click", function (event) {
    var target = event.target;
    if (target && target.closest && target.closest("#update-reload")) window.SolOffline.update();
  });

  window.SolOffline = {
    state: "off", // off | registering | ready | failed
    register: function (onUpdate) {
      if (!supported() || this.state !== "off") return;
      var self = this;
      self.state = "registering";
      var controlled = !!navigator.serviceWorker.controller;
      navigator.serviceWorker.addEventListener("controllerchange", function () {
        if (asked && !reloading) {
          reloading = true;
          location.reload();
        } else if (controlled) {
          // Another tab of the game switched to the new version: this page
          // still runs the old one, so offer the reload here too.
          showUpdate();
        }
        controlled = true;
      });
      navigator.serviceWorker.register("./sw.js", { updateViaCache: "none" }).then(function (registration) {
        watch(registration, onUpdate);
        return navigator.serviceWorker.ready;
      }).then(function () {
        self.state = "ready";
      }).catch(function (err) {
        self.state = "failed";
        console.info("solitaire: no offline copy (" + (err && err.message || err) + ")");
      });
    },
    // Activate the waiting version; the page reloads when it takes over
    // (the game is saved on "pagehide", as on any reload).
    update: function () {
      if (!waiting) { location.reload(); return; }
      asked = true;
      waiting.postMessage({ type: "solitaire", command: "skip-waiting" });
    }
  };
})();
