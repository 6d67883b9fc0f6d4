// Import cost of the game's modules in Pyodide (Node.js), from the sources
// in static/game.zip against bytecode compiled ahead of time by the same
// Pyodide (unchecked-hash .pyc files in __pycache__, which Python loads
// without looking at the source). Seven fresh interpreters of each, by
// turns; the figure is the CPU time of Node's process around the imports
// (process.cpuUsage), which the machine's load does not inflate.
//
//     node bench/import_pyodide.mjs      (after ./play, ./test or bash tools/setup.sh)
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(join(root, "node_modules/pyodide/pyodide.mjs"));
const zip = new Uint8Array(readFileSync(join(root, "static/game.zip")));
const MODS = ["game", "game.rules", "game.play", "game.catalog", "game.solver.service", "game.advice", "game.duel",
  "game.web.texts.ui", "game.web.texts.rules", "game.web.texts.games", "game.web.texts.cards", "game.web.layout",
  "game.web.url", "game.web.resume", "game.web.schematic"];
const IMPORT = `
import importlib, time, sys
t = time.process_time()
for m in ${JSON.stringify(MODS)}:
    importlib.import_module(m)
time.process_time() - t
`;
async function fresh() {
  const py = await loadPyodide();
  py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide" });
  return py;
}
// Make the bytecode once.
let pycZip;
{
  const py = await fresh();
  py.runPython(`
import compileall, py_compile, sys, os, zipfile, io
compileall.compile_dir("/home/pyodide/game", quiet=1, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
buf = io.BytesIO()
with zipfile.ZipFile(buf, "w") as z:
    for d, _, fs in os.walk("/home/pyodide/game"):
        for f in fs:
            p = os.path.join(d, f)
            z.write(p, os.path.relpath(p, "/home/pyodide"))
open("/tmp/pyc.zip", "wb").write(buf.getvalue())
print("Python", sys.version.split()[0], "- archive with bytecode:", len(buf.getvalue()), "bytes")
`);
  pycZip = py.FS.readFile("/tmp/pyc.zip");
}
const res = { src: [], pyc: [] };
for (let i = 0; i < 7; i++) {
  for (const kind of i % 2 ? ["pyc", "src"] : ["src", "pyc"]) {
    const py = await loadPyodide();
    py.unpackArchive(kind === "pyc" ? pycZip : zip, "zip", { extractDir: "/home/pyodide" });
    const u0 = process.cpuUsage();
    const inPy = py.runPython(IMPORT);
    const u = process.cpuUsage(u0);
    res[kind].push([inPy * 1000, (u.user + u.system) / 1000]);
  }
}
const med = (a) => a.slice().sort((x, y) => x - y)[a.length >> 1];
for (const k of ["src", "pyc"]) console.log(k, "wall ms in Python", med(res[k].map((r) => r[0])).toFixed(1), "node cpu ms", med(res[k].map((r) => r[1])).toFixed(1));
