// The game's sounds, made at run time with the Web Audio API: no audio files.
//
// game/web/sound.py loads this file the first time a sound is to play (after
// the player's first gesture, with sound on) and calls
// SolSound.play(name, volume, short). Every sound is a few filtered bursts
// of noise (the card on the cloth) or a few soft tones, shaped by gain
// envelopes; `short` (reduced motion) makes the shuffle and the win brief.
// The noise comes from a fixed seed, so a sound is the same every time.
(function () {
  "use strict";

  var ctx = null, master = null, noiseBuffer = null;
  var level = 0.7, lastStart = -1;
  var played = [];
  var SPACING = 0.07; // s between two sounds asked for at once (a move that turns a card)

  function context() {
    if (!ctx) {
      var Audio = window.AudioContext || window.webkitAudioContext;
      if (!Audio) return null;
      ctx = new Audio({ latencyHint: "interactive" });
      master = ctx.createGain();
      master.gain.value = gainOf(level);
      master.connect(ctx.destination);
    }
    if (ctx.state === "suspended") ctx.resume();
    return ctx;
  }

  // Loudness grows with the square of the slider: half-way sounds half as loud.
  function gainOf(volume) { return volume * volume; }

  function noise() {
    if (noiseBuffer) return noiseBuffer;
    var length = ctx.sampleRate; // one second, played from different offsets
    noiseBuffer = ctx.createBuffer(1, length, ctx.sampleRate);
    var data = noiseBuffer.getChannelData(0), seed = 20240611;
    for (var i = 0; i < length; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      data[i] = seed / 1073741824 - 1;
    }
    return noiseBuffer;
  }

  function envelope(node, t, peak, attack, decay) {
    var g = node.gain;
    g.setValueAtTime(0.0001, t);
    g.exponentialRampToValueAtTime(peak, t + attack);
    g.exponentialRampToValueAtTime(0.0001, t + attack + decay);
  }

  // Filtered noise: the rub and snap of a card.
  function burst(t, o) {
    var source = ctx.createBufferSource();
    source.buffer = noise();
    var filter = ctx.createBiquadFilter();
    filter.type = o.type || "bandpass";
    filter.frequency.setValueAtTime(o.freq, t);
    if (o.to) filter.frequency.exponentialRampToValueAtTime(o.to, t + o.attack + o.decay);
    filter.Q.value = o.q || 1;
    var gain = ctx.createGain();
    envelope(gain, t, o.peak, o.attack, o.decay);
    source.connect(filter);
    filter.connect(gain);
    gain.connect(master);
    source.start(t, o.offset || 0);
    source.stop(t + o.attack + o.decay + 0.02);
  }

  function tone(t, freq, o) {
    var osc = ctx.createOscillator();
    osc.type = o.type || "sine";
    osc.frequency.setValueAtTime(freq, t);
    if (o.to) osc.frequency.exponentialRampToValueAtTime(o.to, t + o.attack + o.decay);
    var gain = ctx.createGain();
    envelope(gain, t, o.peak, o.attack, o.decay);
    osc.connect(gain);
    gain.connect(master);
    osc.start(t);
    osc.stop(t + o.attack + o.decay + 0.02);
  }

  var C5 = 523.25, E5 = 659.25, G5 = 783.99, C6 = 1046.5;

  var SOUNDS = {
    pick: function (t) {
      burst(t, { type: "highpass", freq: 2600, q: 0.7, peak: 0.22, attack: 0.004, decay: 0.045 });
    },
    place: function (t) {
      burst(t, { freq: 1300, q: 0.9, peak: 0.5, attack: 0.003, decay: 0.075, offset: 0.2 });
      tone(t, 160, { peak: 0.22, attack: 0.003, decay: 0.06, to: 110 });
    },
    flip: function (t) {
      burst(t, { freq: 800, to: 4200, q: 1.3, peak: 0.32, attack: 0.012, decay: 0.09, offset: 0.45 });
    },
    refuse: function (t) {
      tone(t, 247, { type: "triangle", peak: 0.28, attack: 0.01, decay: 0.1 });
      tone(t + 0.11, 185, { type: "triangle", peak: 0.28, attack: 0.01, decay: 0.16 });
    },
    shuffle: function (t, short) {
      var count = short ? 4 : 14;
      for (var i = 0; i < count; i++) {
        var at = t + i * 0.032 + (i % 3) * 0.006;
        burst(at, { freq: 1700 + (i % 4) * 350, q: 0.8, peak: 0.2 + (i % 2) * 0.06,
                    attack: 0.003, decay: 0.028, offset: (i * 0.061) % 0.9 });
      }
      if (!short) burst(t + count * 0.032 + 0.04, { freq: 1100, q: 0.7, peak: 0.4, attack: 0.004, decay: 0.09 });
    },
    win: function (t, short) {
      if (short) {
        [C5, E5, G5].forEach(function (f) { tone(t, f, { type: "triangle", peak: 0.16, attack: 0.02, decay: 0.5 }); });
        return;
      }
      [C5, E5, G5, C6].forEach(function (f, i) {
        tone(t + i * 0.12, f, { type: "triangle", peak: 0.2, attack: 0.015, decay: 0.28 });
      });
      [C5, E5, G5, C6].forEach(function (f) {
        tone(t + 0.52, f, { type: "sine", peak: 0.12, attack: 0.03, decay: 0.9 });
      });
    }
  };

  // Sounds wait for the frame that shows the move they go with: making
  // them (and, the first time, the audio context) costs a few milliseconds
  // that the move's own frame should not wait for. A sound asked for more
  // than STALE_MS ago (a hidden page draws no frames) is dropped.
  var STALE_MS = 1000;
  var asked = [];

  function flush() {
    var list = asked, now = performance.now();
    asked = [];
    list.forEach(function (a) { if (now - a[3] < STALE_MS) playNow(a[0], a[1], a[2]); });
  }

  function playNow(name, volume, short) {
    var c = context();
    if (!c) return;
    window.SolSound.volume(volume);
    var t = c.currentTime + 0.005;
    if (t - lastStart < SPACING) t = lastStart + SPACING;
    lastStart = t;
    SOUNDS[name](t, !!short);
    played.push(short && (name === "shuffle" || name === "win") ? name + ":short" : name);
  }

  window.SolSound = {
    // Play one sound as soon as the frame on its way is out (or just after
    // one asked for at the same moment).
    play: function (name, volume, short) {
      if (!SOUNDS[name]) return;
      if (!asked.length) requestAnimationFrame(function () { setTimeout(flush, 0); });
      asked.push([name, volume, short, performance.now()]);
    },
    volume: function (volume) {
      var v = Number(volume);
      if (!(v >= 0 && v <= 1)) return;
      level = v;
      if (master) master.gain.value = gainOf(level);
    },
    // For tests: what was synthesised, the master gain and the context's state.
    played: played,
    gain: function () { return master ? master.gain.value : gainOf(level); },
    state: function () { return ctx ? ctx.state : "none"; }
  };
})();
