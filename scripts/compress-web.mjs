// After the web build: a brotli (.br) and a gzip (.gz) copy of every text asset, made once with
// the strongest settings, which the server sends as they are to clients that accept them.
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats worth compressing; pages are rendered and compressed by the server. */
const compressible = new Set([
  ".js",
  ".mjs",
  ".css",
  ".svg",
  ".json",
  ".txt",
  ".xml",
  ".webmanifest",
  ".map",
]);
/** Below this size the headers of a compressed answer cost more than they save. */
const minimumBytes = 1024;

async function* walk(directory) {
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* walk(file);
    else yield file;
  }
}

export async function compressDirectory(root) {
  let count = 0;
  let before = 0;
  let after = 0;
  for await (const file of walk(root)) {
    if (!compressible.has(path.extname(file))) continue;
    if ((await stat(file)).size < minimumBytes) continue;
    const source = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(source, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
      gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    count += 1;
    before += source.length;
    after += br.length;
  }
  return { count, before, after };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(
    process.argv[2] ?? fileURLToPath(new URL("../web/build/client", import.meta.url)),
  );
  const { count, before, after } = await compressDirectory(root);
  console.log(
    `Compressed ${count} files in ${path.relative(process.cwd(), root) || "."}: ${Math.round(before / 1024)} KB, ${Math.round(after / 1024)} KB as brotli.`,
  );
}
