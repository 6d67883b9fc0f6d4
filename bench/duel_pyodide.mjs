// What a duel link costs in Pyodide (the page's Python), here run by Node.js:
//
//     node bench/duel_pyodide.mjs [--repeat 3]
//
// Copies the engine (game/, without web/) and bench/duel.py into Pyodide's
// file system and prints the same tables as `python bench/duel.py`, so the
// figures can be set beside CPython's. Uses the pyodide npm package that
// ./play and ./test install (node_modules/pyodide).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const at = process.argv.indexOf("--repeat");
const repeat = at > 0 ? Number(process.argv[at + 1]) : 3;

const { loadPyodide } = await import(join(root, "node_modules/pyodide/pyodide.mjs"));
const py = await loadPyodide();

function copyTree(dir, dest) {
  py.FS.mkdirTree(dest);
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== "web" && name !== "__pycache__") copyTree(path, `${dest}/${name}`);
    } else if (name.endsWith(".py")) {
      py.FS.writeFile(`${dest}/${name}`, readFileSync(path, "utf8"));
    }
  }
}
copyTree(join(root, "game"), "/home/pyodide/game");
py.FS.mkdirTree("/home/pyodide/bench");
py.FS.writeFile("/home/pyodide/bench/duel.py", readFileSync(join(root, "bench/duel.py"), "utf8"));

py.runPython(`
import sys
sys.path.insert(0, "/home/pyodide")
sys.argv = ["duel.py", "--repeat", "${repeat}"]
import runpy
runpy.run_path("/home/pyodide/bench/duel.py", run_name="__main__")
`);
