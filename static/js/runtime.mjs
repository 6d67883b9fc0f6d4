// The runtime PyScript starts (pyscript.toml's interpreter): the vendored
// Pyodide, restored from a memory snapshot this browser made itself.
//
// Starting Python from nothing runs some 3 s of WebAssembly on a laptop
// (more on a phone) before the first line of the game. Restoring the
// runtime's memory as it was right after that start takes a fraction of it,
// but the memory is 31 MB (4.3 MB with Brotli): downloading it would double
// a first visit's bytes. So a first visit starts Python from nothing, as a
// bare Pyodide page does; the solver worker (static/js/solver-worker.js),
// which starts after the first deal, saves its runtime's memory right after
// its own start from nothing into Cache Storage, and later visits (page and
// worker) restore it from there. Then ``random`` is seeded afresh: the
// snapshot holds the seed it got when it was made.
//
// The snapshot is kept under the Pyodide version and the standard library's
// size (its memory holds the library's directory, as zipimport read it):
// a new runtime or a new cut of the library makes a new snapshot, and
// Pyodide refuses one from another build. Where the snapshot is missing, damaged or
// cannot be stored (storage denied), Python starts from nothing and the
// page says nothing: only its start is slower.
import { loadPyodide as load, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

const HOME = new URL("../vendor/pyodide/", import.meta.url).href;
const CACHE = "solitaire-runtime-snapshot";

function storage() {
  try {
    return typeof caches === "object" && caches && typeof caches.open === "function" ? caches : null;
  } catch (e) {
    return null; // a sandboxed frame: reading `caches` itself throws
  }
}

// The standard library's size as this start has it (Pyodide writes the
// archive it downloaded into /lib/pythonXY.zip on every start).
function stdlibSize(py) {
  const name = py.FS.readdir("/lib").find((n) => /^python\d+\.zip$/.test(n));
  return name ? py.FS.stat(`/lib/${name}`).size : 0;
}

function keyFor(size) {
  return new URL(`snapshot.bin?pyodide=${encodeURIComponent(version)}&stdlib=${size}`, HOME).href;
}

// The snapshot kept for this Pyodide, and the library size it was made with.
async function storedSnapshot() {
  const store = storage();
  if (!store || !(await store.has(CACHE))) return null; // (open would make an empty one)
  const cache = await store.open(CACHE);
  for (const request of await cache.keys()) {
    const url = new URL(request.url);
    if (url.searchParams.get("pyodide") !== version) continue;
    const found = await cache.match(request);
    if (found) return { bytes: new Uint8Array(await found.arrayBuffer()), size: Number(url.searchParams.get("stdlib")) };
  }
  return null;
}

// Keeps the snapshot for the next visits, replacing any older one.
async function keep(key, bytes) {
  const store = storage();
  if (!store) return;
  const cache = await store.open(CACHE);
  for (const old of await cache.keys()) if (old.url !== key) await cache.delete(old);
  await cache.put(key, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
}

// options.makeSnapshot: true where a start from nothing should make the
// snapshot and keep it (the solver worker, which starts after the first
// deal, out of the player's way). The page itself never makes one: Pyodide
// makes a snapshot only of a runtime started for it, whose \`js\` module
// cannot serve a page (its window is wrapped in a proxy, and the DOM's
// getters refuse it).
export async function loadPyodide(options = {}) {
  const { makeSnapshot = false, ...rest } = options;
  const settings = { ...rest, indexURL: HOME };
  let stored = null;
  try {
    stored = await storedSnapshot();
  } catch (err) {
    console.warn("solitaire: no stored snapshot of the runtime:", err);
  }
  if (stored) {
    try {
      const py = await load({ ...settings, _loadSnapshot: stored.bytes });
      // Made with another standard library (the game was updated): its
      // memory lists that library's files, not this one's.
      if (stdlibSize(py) !== stored.size) throw new Error("the snapshot was made with another standard library");
      py.runPython("import random\nrandom.seed()");
      globalThis.solitaireSnapshot = "restored";
      return py;
    } catch (err) {
      console.warn("solitaire: the stored snapshot could not be used; Python starts from nothing:", err);
      const store = storage();
      if (store) await store.delete(CACHE).catch(() => {});
    }
  }
  if (!makeSnapshot) {
    globalThis.solitaireSnapshot = "none";
    return load(settings);
  }
  const py = await load({ ...settings, _makeSnapshot: true });
  globalThis.solitaireSnapshot = "made";
  try {
    await keep(keyFor(stdlibSize(py)), py.makeMemorySnapshot());
  } catch (err) {
    console.warn("solitaire: the runtime's snapshot is not kept:", err);
  }
  return py;
}
