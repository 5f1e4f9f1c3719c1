// The server's entry. On the embedded database it sets the JavaScript engine's memory flags first,
// then loads the shop (serve.ts): loading is what grows the engine's young generation, so the
// flags are set before any of the shop's modules is read (docs/decisions/007-pglite-memory.md).
import v8 from "node:v8";

/** How far the JavaScript heap grows past what is live before V8 collects it, on the embedded database. */
const heapGrowingPercent = 20;

if (!process.env.DATABASE_URL) {
  // The embedded database is a 9 MB WebAssembly module; V8's optimizing tier would compile its
  // hot functions a second time and keep both (55-70 MB). Its baseline code is kept alone: as
  // fast for a small shop's queries; at 1,000,000 orders 1.4-2.3 times slower for several of
  // the heaviest lists (docs/decisions/039), which PGLITE_OPTIMIZE=true buys back with memory.
  if (process.env.PGLITE_OPTIMIZE !== "true") v8.setFlagsFromString("--liftoff-only");
  // V8 lets the JavaScript heap grow to up to four times what is live before collecting it
  // again; under load that is garbage, kept resident. With the database in the same process the
  // heap is collected once it has grown a fifth instead: the process held 403-468 MB after a
  // day's load, and 311-312 MB this way, at the same rate of calls.
  v8.setFlagsFromString(`--heap-growing-percent=${heapGrowingPercent}`);
  // V8's young generation doubles whenever much of it survives a collection, up to 16 MB a
  // half: loading the shop's modules took it there, 32 MB resident for as long as the process
  // runs. It is kept at its starting size instead, which the command line sets to 4 MB a half
  // (scripts/server-command.mjs; V8's own start, 1 MB, filled the old generation under load:
  // docs/decisions/043-a-young-generation-of-4-mb.md).
  v8.setFlagsFromString("--semi-space-growth-factor=1");
}

await import("./serve.js");
