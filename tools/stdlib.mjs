// The runtime's standard library cut to what the page imports
// (tools/stdlib.py says why and which modules), run by the pinned Pyodide.
//
//     node tools/stdlib.mjs cut FULL.zip OUT.zip MODULE [MODULE ...]
//     node tools/stdlib.mjs check CUT.zip GAME_ROOT MODULE [MODULE ...]
//
// cut: starts Pyodide on the whole library (FULL.zip), imports each MODULE,
// and writes OUT.zip with the library's files of every module then loaded
// (those Pyodide loaded to start included): the import graph as the exact
// Python the page runs has it. Prints {"files", "of"} as JSON.
//
// check: starts Pyodide on CUT.zip, puts GAME_ROOT (the folder holding
// game/) on the path, and imports each MODULE; prints {"failed": {name:
// error}} as JSON, and exits 1 if any failed.
import { writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const [mode, ...args] = process.argv.slice(2);
const { loadPyodide } = await import(join(here, "..", "node_modules", "pyodide", "pyodide.mjs"));

if (mode === "cut") {
  const [full, out, ...modules] = args;
  const py = await loadPyodide({ stdLibURL: resolve(full) });
  py.globals.set("wanted", py.toPy(modules));
  const result = py.runPython(`
import importlib, io, json, sys, zipfile
absent = []
for name in wanted:
    try:
        importlib.import_module(name)
    except ImportError:
        absent.append(name)  # MicroPython's names in PyScript's code, modules built into the runtime
# What the runtime does with them that imports more on its way: unpack an
# archive as PyScript does with the game's, report an error.
import os, shutil, tempfile, traceback, zipfile as _zip
work = tempfile.mkdtemp()
with _zip.ZipFile(os.path.join(work, "a.zip"), "w", _zip.ZIP_DEFLATED) as made:
    made.writestr("pkg/mod.py", "x = 1\\n")
shutil.unpack_archive(os.path.join(work, "a.zip"), os.path.join(work, "out"), "zip")
try:
    raise ValueError("reported")
except ValueError:
    traceback.format_exc()
lib = next(p for p in sys.path if p.endswith(".zip"))
keep = set()
for mod in list(sys.modules.values()):
    path = getattr(mod, "__file__", None) or ""
    if path.startswith(lib + "/"):
        keep.add(path[len(lib) + 1:])
full = zipfile.ZipFile(lib)
# A kept module's packages keep their __init__ too.
for rel in list(keep):
    parts = rel.split("/")[:-1]
    for i in range(1, len(parts) + 1):
        init = "/".join(parts[:i]) + "/__init__.py"
        if init in full.NameToInfo:
            keep.add(init)
buffer = io.BytesIO()
files = 0
with zipfile.ZipFile(buffer, "w") as cut:
    for info in full.infolist():
        name = info.filename
        # A folder only where something in it is kept: an empty one would
        # import as a namespace package, and hide that its modules are gone.
        wanted_dir = name.endswith("/") and any(k.startswith(name) for k in keep)
        data_file = not name.endswith(("/", ".py")) and any(k.startswith(name.rsplit("/", 1)[0] + "/") for k in keep)
        if wanted_dir or name in keep or data_file:
            copy = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))  # the same cut, the same bytes
            copy.external_attr = info.external_attr
            copy.compress_type = zipfile.ZIP_STORED if name.endswith("/") else zipfile.ZIP_DEFLATED
            cut.writestr(copy, full.read(name), compresslevel=9)
            files += not name.endswith("/")
data = buffer.getvalue()
json.dumps({"files": files, "of": sum(not i.filename.endswith("/") for i in full.infolist()), "bytes": len(data), "absent": absent}), data
`);
  const [summary, data] = result.toJs();
  writeFileSync(out, data);
  console.log(summary);
} else if (mode === "check") {
  const [cut, root, ...modules] = args;
  const py = await loadPyodide({ stdLibURL: resolve(cut) });
  py.FS.mkdirTree("/src");
  py.FS.mount(py.FS.filesystems.NODEFS, { root: resolve(root) }, "/src");
  py.globals.set("wanted", py.toPy(modules));
  const failed = py.runPython(`
import importlib, json, sys
sys.path.insert(0, "/src")
failed = {}
for name in wanted:
    try:
        importlib.import_module(name)
    except BaseException as err:
        failed[name] = f"{type(err).__name__}: {err}"
json.dumps({"failed": failed})
`);
  console.log(failed);
  process.exit(JSON.parse(failed).failed && Object.keys(JSON.parse(failed).failed).length ? 1 : 0);
} else {
  console.error("usage: node tools/stdlib.mjs cut FULL.zip OUT.zip MODULE ... | check CUT.zip GAME_ROOT MODULE ...");
  process.exit(2);
}

