// The engine in a Pyodide run by Node.js, for the bench/*_pyodide.mjs
// scripts: the pyodide npm package that ./play and ./test install
// (node_modules/pyodide), and game/ (without web/) plus the repository files
// a script names, copied under /home/pyodide as the page has them.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..");
export const { loadPyodide } = await import(join(root, "node_modules/pyodide/pyodide.mjs"));

function copyTree(py, dir, dest) {
  py.FS.mkdirTree(dest);
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== "web" && name !== "__pycache__") copyTree(py, path, `${dest}/${name}`);
    } else if (name.endsWith(".py")) {
      py.FS.writeFile(`${dest}/${name}`, readFileSync(path, "utf8"));
    }
  }
}

// Copies the engine and ``files`` (paths from the repository's top, such as
// "bench/duel.py") into ``py``'s file system; the engine from ``source``'s
// game/ (another checkout, for a comparison) if given.
export function engineInto(py, files = [], source = root) {
  copyTree(py, join(source, "game"), "/home/pyodide/game");
  for (const file of files) {
    py.FS.mkdirTree(`/home/pyodide/${dirname(file)}`);
    py.FS.writeFile(`/home/pyodide/${file}`, readFileSync(join(root, file), "utf8"));
  }
}
