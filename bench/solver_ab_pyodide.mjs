// bench/solver_ab.py in Pyodide (the browser's Python, here run by Node.js):
//
//     node bench/solver_ab_pyodide.mjs ROOT [twins]    # ROOT: a checkout whose game/ to run
//
// The same full depth-first searches (15,000 nodes on each of draw-3 deals
// 103, 1, 27, draw-1 68, 32 and Forty Thieves 1, 3), timed by the CPU time
// of this Node.js process (process.cpuUsage, user + system: Pyodide's own
// process_time follows the wall clock). Prints the nodes, the CPU seconds and
// their ratio; run it for two checkouts by turns and compare the ratios.
// With "twins", the searches run with twins, as in bench/solver_ab.py.
import { resolve } from "node:path";
import { engineInto, loadPyodide } from "./pyodide_engine.mjs";

const source = resolve(process.argv[2] || ".");
const twins = process.argv.slice(3).includes("twins");
const py = await loadPyodide();
engineInto(py, [], source);
py.globals.set("TWINS", twins);
py.runPython(`
import sys
sys.path.insert(0, "/home/pyodide")
from game import deal
from game.solver import model_for
from game.solver.search import search
DEALS = (("klondike-3", (103, 1, 27)), ("klondike-1", (68, 32)), ("forty-thieves", (1, 3)))
def one(game_id, seed):
    pos = deal(game_id, seed)
    model = model_for(pos.spec)
    options = {"twins": True} if TWINS else {}
    return search(model, model.from_position(pos), 15_000, **options).nodes
`);
const one = py.globals.get("one");
const deals = [["klondike-3", [103, 1, 27]], ["klondike-1", [68, 32]], ["forty-thieves", [1, 3]]];
let nodes = 0;
let micros = 0;
for (const [game, seeds] of deals) {
  for (const seed of seeds) {
    const t = process.cpuUsage();
    nodes += one(game, seed);
    const d = process.cpuUsage(t);
    micros += d.user + d.system;
  }
}
const seconds = micros / 1e6;
console.log(source, twins ? "twins" : "", nodes, seconds.toFixed(2), Math.round(nodes / seconds));
