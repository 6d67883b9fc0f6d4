// Compile game modules to bytecode with the pinned Pyodide itself, so the
// .pyc files suit the exact Python the page runs (tools/pyscript_files.py
// puts them in static/game.zip; see its docstring).
//
//     node tools/bytecode.mjs ROOT OUT REL [REL ...]
//
// ROOT is the folder that holds game/; each REL ("game/rules.py") is compiled
// to OUT/RELc ("game/rules.pyc") as an unchecked-hash .pyc: Python loads
// it without reading or hashing the source. The code objects name the file
// as the browser has it (/home/pyodide/REL). Prints the Python version.
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const [root, out, ...rels] = process.argv.slice(2);
if (!root || !out || rels.length === 0) {
  console.error("usage: node tools/bytecode.mjs ROOT OUT REL [REL ...]");
  process.exit(2);
}
const { loadPyodide } = await import(join(here, "..", "node_modules", "pyodide", "pyodide.mjs"));
const py = await loadPyodide();
py.FS.mkdirTree("/src");
py.FS.mount(py.FS.filesystems.NODEFS, { root: resolve(root) }, "/src");
py.FS.mkdirTree("/out");
py.FS.mount(py.FS.filesystems.NODEFS, { root: resolve(out) }, "/out");
py.globals.set("rels", py.toPy(rels));
py.runPython(`
import py_compile, sys
for rel in rels:
    py_compile.compile(
        "/src/" + rel,
        cfile="/out/" + rel + "c",
        dfile="/home/pyodide/" + rel,
        doraise=True,
        optimize=2,
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
    )
print(sys.version.split()[0])
`);
