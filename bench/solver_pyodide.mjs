// Solver speed in Pyodide (the browser's Python, here run by Node.js):
//
//     node bench/solver_pyodide.mjs [--games klondike-3,klondike-1] [--deals 20] [--budget 50000]
//
// Copies the engine (game/, without web/) into Pyodide's file system, solves
// deals 1..N of each game one after the other and prints the same table as
// bench/solver.py, so the nodes per CPU second can be set beside CPython's
// (Pyodide's process_time follows the wall clock: the figure includes any
// time the machine gave to other jobs, so run it on a quiet machine). Uses
// the pyodide npm package that ./play and ./test install (node_modules/pyodide).
import { engineInto, loadPyodide } from "./pyodide_engine.mjs";

const args = Object.fromEntries(
  process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith("--") ? [...acc, [a.slice(2), all[i + 1]]] : acc), []),
);
const games = (args.games || "klondike-3,klondike-1").split(",");
const deals = Number(args.deals || 20);
const budget = Number(args.budget || 50000);

const py = await loadPyodide();
engineInto(py, ["bench/solver.py", "tools/__init__.py", "tools/batch.py"]);

const out = py.runPython(`
import sys, platform
sys.path.insert(0, "/home/pyodide")
sys.path.insert(0, "/home/pyodide/bench")
import solver as bench
games, deals, budget = ${JSON.stringify(games)}, ${deals}, ${budget}
rows = {g: [bench.run_one((g, seed, budget, None)) for seed in range(1, deals + 1)] for g in games}
head = f"Pyodide {sys.version.split()[0]} ({platform.python_implementation()}, wasm), {deals} deals per game from #1, budget {budget:,} nodes"
head + "\\n" + bench.table([bench.summarise(g, rows[g]) for g in games])
`);
console.log(out);
