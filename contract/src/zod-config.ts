import { config } from "zod/v4/core";

// zod compiles a fast parser for each object schema with `new Function`, which the shop's
// Content-Security-Policy forbids in browsers (no 'unsafe-eval'). A schema reads the setting when
// it is created, so it is set before any of the contract's schemas exist, wherever a page loads
// them first. The server has no `window` and keeps the compiled parsers.
if ("window" in globalThis) config({ jitless: true });
