// Brotli copies for ./build (tools/build.py): reads file paths, one per line,
// on stdin and writes FILE.br beside each (quality 11, the text mode for text).
// Node's zlib has Brotli built in, so no package is needed; Python's standard
// library has none.
import { readFileSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";

const TEXT = /\.(html|js|mjs|css|json|toml|py|svg|webmanifest|txt)$/;
const paths = readFileSync(0, "utf8").split("\n").filter(Boolean);
for (const path of paths) {
  const data = readFileSync(path);
  const out = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_MODE]: TEXT.test(path) ? constants.BROTLI_MODE_TEXT : constants.BROTLI_MODE_GENERIC,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  writeFileSync(path + ".br", out);
}
