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
  // Collected that often, the old generation was marked in small steps between the requests for
  // about 90 ms of every 600 under load: every request of those 90 ms waited for some, a seventh
  // of them, and a list's p95 with four callers was 25-40 ms where its p50 was 14. Marked at
  // once, the pause falls on the few requests under way, and the p95 was 16 ms, for less CPU
  // per call (docs/decisions/043).
  v8.setFlagsFromString("--no-incremental-marking");
  // V8's young generation starts at 1 MB a half and doubles whenever much of it survives a
  // collection, up to 16 MB a half: loading the shop's modules took it there, 32 MB resident for
  // as long as the process runs. Kept at its starting size, the process held 50 MB less idle
  // and after a day's load, for the same CPU per call.
  v8.setFlagsFromString("--semi-space-growth-factor=1");
}

await import("./serve.js");
