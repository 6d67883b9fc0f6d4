// The runtime PyScript starts (pyscript.toml's interpreter): the vendored
// Pyodide, restored from its memory snapshot.
//
// Starting Python from nothing runs some 3 s of WebAssembly on a laptop
// (more on a phone) before the first line of the game. tools/snapshot.mjs
// does that start once, when the folder is set up, with the same Pyodide,
// and saves the runtime's memory (static/vendor/pyodide/snapshot.bin); here
// Pyodide restores that memory instead. Then ``random`` is seeded afresh:
// the snapshot holds the seed it got when it was made. Where the snapshot is
// missing or cannot be used, Python starts from nothing, as it would
// without this file, and the page says nothing: only its start is slower.
import { loadPyodide as load, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

const HOME = new URL("../vendor/pyodide/", import.meta.url).href;
const SNAPSHOT = new URL("snapshot.bin", HOME).href;

function snapshot() {
  // As index.html's preload asks for it (same mode), so this takes its response.
  return fetch(SNAPSHOT).then((response) => {
    if (!response.ok) throw new Error(`${response.status} ${SNAPSHOT}`);
    return response.arrayBuffer();
  });
}

export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: HOME };
  try {
    const py = await load({ ...settings, _loadSnapshot: snapshot() });
    py.runPython("import random\nrandom.seed()");
    globalThis.solitaireSnapshot = true;
    return py;
  } catch (err) {
    console.warn("solitaire: Python starts without its snapshot:", err);
  }
  globalThis.solitaireSnapshot = false;
  return load(settings);
}
