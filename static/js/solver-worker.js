// The solver in a Web Worker, so the page never waits for a search.
// Loads the vendored Pyodide (relative addresses only: works offline and
// under any sub-path) and the engine files that pyscript.toml maps in
// (game/web/ stays out: it needs the page). Requests {id, cmd, position,
// budget, seconds} are answered by game/solver/service.py with
// {id, status, move, moves, nodes, proven}; the page drops stale answers by id.
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

const ROOT = new URL("../../", import.meta.url);
const HOME = "/home/pyodide/";

async function engineFiles() {
  const text = await (await fetch(new URL("pyscript.toml", ROOT))).text();
  const files = [];
  let inFiles = false;
  for (const line of text.split("\n")) {
    const head = line.match(/^\s*\[(.+)\]\s*$/);
    if (head) { inFiles = head[1] === "files"; continue; }
    const m = inFiles && line.match(/^\s*"\.\/([^"]+)"\s*=\s*"\.\/([^"]+)"/);
    if (m && m[2].startsWith("game/") && !m[2].startsWith("game/web/")) files.push(m);
  }
  return files;
}

async function boot() {
  const [py, files] = await Promise.all([
    loadPyodide({ indexURL: new URL("static/vendor/pyodide/", ROOT).href }),
    engineFiles(),
  ]);
  const texts = await Promise.all(files.map(async (m) => {
    const res = await fetch(new URL(m[1], ROOT));
    if (!res.ok) throw new Error(`${m[1]}: ${res.status}`);
    return [m[2], await res.text()];
  }));
  for (const [dest, text] of texts) {
    py.FS.mkdirTree(HOME + dest.slice(0, dest.lastIndexOf("/")));
    py.FS.writeFile(HOME + dest, text);
  }
  py.runPython(`import sys\nif "${HOME}" not in sys.path: sys.path.insert(0, "${HOME}")`);
  return py.pyimport("game.solver.service").answer_text;
}

let answer = null;
const booting = boot().then((fn) => { answer = fn; postMessage({ ready: true }); },
  (err) => { postMessage({ ready: false, error: String(err) }); throw err; });

onmessage = async (event) => {
  const request = event.data;
  if (!request || request.cmd === "warm") return;
  try {
    await booting;
    postMessage(JSON.parse(answer(JSON.stringify(request))));
  } catch (err) {
    postMessage({ id: request.id, status: "error", error: String(err) });
  }
};
