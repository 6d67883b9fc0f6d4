// Make the runtime's memory snapshot: Python started once, here, with the
// pinned Pyodide, and its memory saved, so the page restores it instead of
// starting Python from nothing (static/js/runtime.mjs).
//
//     node tools/snapshot.mjs OUT
//
// Only the interpreter's own start goes in: no game module and nothing of
// the browser. The runtime's start imports ``random``, which seeds itself
// at import: every copy of the snapshot holds the same seed, so the page
// seeds it afresh as soon as the snapshot is restored (runtime.mjs). The
// page's Python imports the rest as before.
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const out = process.argv[2];
if (!out) {
  console.error("usage: node tools/snapshot.mjs OUT");
  process.exit(2);
}
const { loadPyodide, version } = await import(join(here, "..", "node_modules", "pyodide", "pyodide.mjs"));
// As the page's runtime has it: no variable of this machine's environment.
const py = await loadPyodide({ _makeSnapshot: true, env: { HOME: "/home/pyodide" } });
// Node.js names this script as the program ("_"); a page has no such path.
py.runPython('import os\nos.environ["_"] = "./this.program"');
const snapshot = py.makeMemorySnapshot();
writeFileSync(out, snapshot);
console.log(`pyodide ${version}: snapshot of ${snapshot.length} bytes`);
