// What a duel link costs in Pyodide (the page's Python), here run by Node.js:
//
//     node bench/duel_pyodide.mjs [--repeat 3]
//
// Copies the engine (game/, without web/) and bench/duel.py into Pyodide's
// file system and prints the same tables as `python bench/duel.py`, so the
// figures can be set beside CPython's. Uses the pyodide npm package that
// ./play and ./test install (node_modules/pyodide).
import { engineInto, loadPyodide } from "./pyodide_engine.mjs";

const at = process.argv.indexOf("--repeat");
const repeat = at > 0 ? Number(process.argv[at + 1]) : 3;

const py = await loadPyodide();
engineInto(py, ["bench/duel.py"]);

py.runPython(`
import sys
sys.path.insert(0, "/home/pyodide")
sys.argv = ["duel.py", "--repeat", "${repeat}"]
import runpy
runpy.run_path("/home/pyodide/bench/duel.py", run_name="__main__")
`);
