// How the built server is started: `node` with the JavaScript engine's flags that only its
// command line can set, then server/dist/main.js. The young generation starts at 4 MB a half
// (V8's default is 1 MB, and main.ts keeps it at its starting size on the embedded database):
// at 1 MB, the objects of the four requests under way outlived the collections and filled the
// old generation, collected every 0.6 s under load; a seventh of the requests waited for it
// (docs/decisions/043-a-young-generation-of-4-mb.md). The Dockerfile's CMD and `npm start`
// give the same flag.
const serverNodeFlags = ["--min-semi-space-size=4"];

/** The arguments of `node` for the built server, relative to the repository's root. */
export const serverArgs = [...serverNodeFlags, "server/dist/main.js"];
