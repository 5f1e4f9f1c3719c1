import path from "node:path";
import type { Plugin } from "vite";

const appDir = path.resolve(import.meta.dirname, "app");

/** React, React DOM and React Router: every page runs them, and they change only with an upgrade. */
const framework =
  /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/;

/** TanStack Query, which every page's data goes through. */
const queries = /[\\/]node_modules[\\/]@tanstack[\\/]/;

/** How many pages must use a module of the app's for it to go into the shared chunk. */
const sharedBy = Number(process.env.WEB_SHARED_BY ?? 12);

/**
 * Groups the browser build's code into a few larger chunks instead of dozens of tiny ones: the
 * framework, the query library, and the app's modules that many pages use (its messages, API
 * client, layout pieces), each in one chunk. What only a few pages use stays with them, and code
 * loaded on demand (a dashboard, a lazily loaded section, a library imported when needed) keeps
 * chunks of its own.
 */
export function firstLoadChunks(): Plugin {
  return {
    name: "agency-first-load-chunks",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: {
          groups: [
            { name: "framework", test: framework, priority: 30 },
            { name: "queries", test: queries, priority: 20 },
            {
              name: "shared",
              test: (id: string) => id.startsWith(appDir),
              minShareCount: sharedBy,
              priority: 10,
            },
          ],
        },
      };
    },
  };
}
