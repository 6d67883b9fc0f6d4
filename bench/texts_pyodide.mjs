// What the page's words cost to import in Pyodide (the browser's Python,
// here run by Node.js), now against a base revision, by turns:
//
//     node bench/texts_pyodide.mjs [--base main] [--runs 7] [--lang de]
//
// Each sample is a fresh interpreter with the engine (game/, without web/)
// imported first, as the page has it, and then game/web/texts as it is in
// the working tree ("now") or in the base revision (read with git show).
// Timed with time.perf_counter inside Pyodide (which follows the wall clock:
// run it on a quiet machine):
//   - start: the words the page needs before the first deal (t() in the
//     player's language, the game's name);
//   - switch: then every other language, as a player switching would;
//   - rules: then the Rules dialog's words for one game.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { engineInto, loadPyodide, root } from "./pyodide_engine.mjs";

const args = Object.fromEntries(
  process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith("--") ? [...acc, [a.slice(2), all[i + 1]]] : acc), []),
);
const base = args.base || "main";
const runs = Number(args.runs || 7);
const lang = args.lang || "de";
const DIR = "game/web/texts";

function filesNow() {
  return Object.fromEntries(
    readdirSync(join(root, DIR))
      .filter((n) => n.endsWith(".py"))
      .map((n) => [`${DIR}/${n}`, readFileSync(join(root, DIR, n), "utf8")]),
  );
}

function filesAt(rev) {
  const git = (...a) => execFileSync("git", ["-C", root, ...a], { encoding: "utf8", maxBuffer: 1 << 26 });
  const names = git("ls-tree", "-r", "--name-only", rev, `${DIR}/`).split("\n").filter((n) => n.endsWith(".py"));
  return Object.fromEntries(names.map((n) => [n, git("show", `${rev}:${n}`)]));
}

const MEASURE = `
import sys, time
sys.path.insert(0, "/home/pyodide")
import game, game.catalog  # the engine, loaded before the page's words
def ms(fn):
    t0 = time.perf_counter(); fn(); return (time.perf_counter() - t0) * 1000
def start():
    from game.web.texts.ui import t
    from game.web.texts.games import game_name
    t("${lang}", "app.title"); game_name("${lang}", "reloaded")
def rules():
    from game.web.texts import game_rules
    game_rules("${lang}", "reloaded")
def switch():
    from game.web.texts.ui import t
    for other in ("en", "de", "it"):
        t(other, "app.title")
[ms(start), ms(switch), ms(rules)]
`;

async function sample(files) {
  const py = await loadPyodide();
  engineInto(py);
  py.FS.mkdirTree(`/home/pyodide/${DIR}`);
  py.FS.writeFile("/home/pyodide/game/web/__init__.py", readFileSync(join(root, "game/web/__init__.py"), "utf8"));
  for (const [name, text] of Object.entries(files)) py.FS.writeFile(`/home/pyodide/${name}`, text);
  return py.runPython(MEASURE).toJs();
}

const variants = { base: filesAt(base), now: filesNow() };
const samples = { base: [], now: [] };
for (let i = 0; i < runs; i++) {
  for (const name of i % 2 ? ["now", "base"] : ["base", "now"]) samples[name].push(await sample(variants[name]));
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const cols = ["start", "switch", "rules"];
console.log(`texts import in Pyodide, median of ${runs} fresh interpreters, language ${lang}, base ${base}`);
console.log(`| | ${cols.join(" ms | ")} ms |`);
console.log(`|---|${cols.map(() => "---:").join("|")}|`);
for (const name of ["base", "now"]) {
  const m = cols.map((_, k) => median(samples[name].map((s) => s[k])).toFixed(1));
  console.log(`| ${name === "base" ? base : "this tree"} | ${m.join(" | ")} |`);
}
const ratio = median(samples.now.map((s) => s[0])) / median(samples.base.map((s) => s[0]));
console.log(`start: this tree ÷ ${base} = ${ratio.toFixed(2)}`);
