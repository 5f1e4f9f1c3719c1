import { config } from "zod/v4/core";

// zod compiles a fast parser for each object schema with `new Function`, which the site's
// Content-Security-Policy forbids (no 'unsafe-eval'): each try is a policy error in the console.
// A schema reads the setting when it is created, and React Router's page script imports the
// route modules (and the contract's schemas with them) before the browser entry, so the root
// route imports this first. The server keeps the compiled parsers.
if (!import.meta.env.SSR) config({ jitless: true });
