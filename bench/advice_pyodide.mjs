// Hint speed in Pyodide (the browser's Python, here run by Node.js), driven
// by bench/advice.py, which takes turns with CPython game by game:
//
//     python bench/advice.py            (starts this script itself)
//
// Copies the engine (game/, without web/) and bench/advice.py into Pyodide's
// file system, then answers one JSON request per line on stdin with one JSON
// line on stdout: {"game", "deals", "steps", "repeats"} gets advice.time_game's
// answer; {"first": true | false} the first hint's cost (advice.first_hint,
// with or without the solver package loaded), each measured in a fresh
// interpreter. Uses the pyodide npm package that
// ./play and ./test install (node_modules/pyodide).
import { engineInto, loadPyodide } from "./pyodide_engine.mjs";
import { createInterface } from "node:readline";

const copyTreeInto = (into) => engineInto(into, ["bench/advice.py"]);
const py = await loadPyodide();
copyTreeInto(py);

py.runPython(`
import sys, json
sys.path.insert(0, "/home/pyodide")
sys.path.insert(0, "/home/pyodide/bench")
import game  # the engine, as the page has it loaded before any hint
FIRST = {}
def answer(text):
    import advice
    request = json.loads(text)
    if "first" in request:
        return json.dumps({"ms": FIRST[bool(request["first"])]})
    return json.dumps(advice.time_game(request["game"], request["deals"], request["steps"], request["repeats"]))
`);
// The first hint's cost, each in a fresh interpreter of its own, before
// anything has imported game.advice there: with the solver package loaded
// (as the page has it after the deal) and without.
for (const solver of [true, false]) {
  const fresh = await loadPyodide();
  copyTreeInto(fresh);
  const ms = fresh.runPython(`
import sys
sys.path[:0] = ["/home/pyodide", "/home/pyodide/bench"]
import game, advice
advice.first_hint(${solver ? "True" : "False"})
`);
  py.globals.get("FIRST").set(solver, ms);
}
const answer = py.globals.get("answer");
const version = py.runPython("sys.version.split()[0]");
console.log(JSON.stringify({ python: version, node: process.versions.node }));

for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim()) console.log(answer(line));
}
