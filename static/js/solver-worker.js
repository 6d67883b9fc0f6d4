// The solver in a Web Worker, so the page never waits for a search.
// Starts the vendored Pyodide as the page does (runtime.mjs: from the kept
// memory snapshot; on a first visit from nothing, and then this worker makes
// the snapshot and keeps it for the next visits; relative addresses only:
// works offline and under any sub-path) and unpacks the game's archive, the one pyscript.toml maps in
// (game/web/ comes too, unused: it needs the page). Requests {id, cmd,
// position, budget, seconds} are answered by game/solver/service.py with
// {id, status, move, moves, nodes, proven}; the page drops stale answers by id.
import { loadPyodide } from "./runtime.mjs";

const ROOT = new URL("../../", import.meta.url);
const HOME = "/home/pyodide/";

// The archive of pyscript.toml's [files] table: "./X.zip" = "./*".
async function archiveUrl() {
  const text = await (await fetch(new URL("pyscript.toml", ROOT))).text();
  let inFiles = false;
  for (const line of text.split("\n")) {
    const head = line.match(/^\s*\[(.+)\]\s*$/);
    if (head) { inFiles = head[1] === "files"; continue; }
    const m = inFiles && line.match(/^\s*"\.\/([^"]+\.zip)"\s*=\s*"\.\/\*"/);
    if (m) return new URL(m[1], ROOT);
  }
  throw new Error("pyscript.toml maps no archive of the game");
}

// The page's first message hands over its compiled runtime (a
// WebAssembly.Module, or null): instantiating it skips compiling the 9 MB
// pyodide.asm.wasm a second time, the costliest part of the worker's start.
let given;
const runtime = new Promise((resolve) => { given = resolve; });

let shared = false;  // the page's runtime was used (told in the ready message)

function useRuntime(module) {
  if (!(module instanceof WebAssembly.Module)) return;
  WebAssembly.instantiateStreaming = async (source, imports) => {
    shared = true;
    return { instance: await WebAssembly.instantiate(module, imports), module };
  };
  // Pyodide still asks for the runtime's file, which the line above never
  // reads: it gets an empty answer instead of a second 9 MB download.
  const download = self.fetch;
  self.fetch = (input, init) => {
    const asked = String((input && (input.href || input.url)) || input);
    if (!/pyodide\.asm\.wasm$/.test(asked)) return download(input, init);
    self.fetch = download;
    return Promise.resolve(new Response(null));
  };
}

async function boot() {
  useRuntime(await runtime);
  const [py, archive] = await Promise.all([
    loadPyodide({ indexURL: new URL("static/vendor/pyodide/", ROOT).href, makeSnapshot: true }),
    archiveUrl().then(async (url) => {
      const res = await fetch(url);
      if (!res.ok) throw new Error(`${url.pathname}: ${res.status}`);
      return res.arrayBuffer();
    }),
  ]);
  py.unpackArchive(archive, "zip", { extractDir: HOME });
  py.runPython(`import sys\nif "${HOME}" not in sys.path: sys.path.insert(0, "${HOME}")`);
  return py.pyimport("game.solver.service").answer_text;
}

let answer = null;
const booting = boot().then((fn) => { answer = fn; postMessage({ ready: true, shared, snapshot: globalThis.solitaireSnapshot }); },
  (err) => { postMessage({ ready: false, error: String(err) }); throw err; });

onmessage = async (event) => {
  const request = event.data;
  if (request && request.cmd === "runtime") { given(request.module); return; }
  if (!request || request.cmd === "warm") return;
  try {
    await booting;
    postMessage(JSON.parse(answer(JSON.stringify(request))));
  } catch (err) {
    postMessage({ id: request.id, status: "error", error: String(err) });
  }
};
