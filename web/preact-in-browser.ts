import type { Plugin } from "vite";

/** What each React entry point becomes in the browser build. */
const preactFor: Record<string, string> = {
  react: "preact/compat",
  "react-dom": "preact/compat",
  "react-dom/client": "preact/compat/client",
  "react/jsx-runtime": "preact/compat/jsx-runtime",
  "react/jsx-dev-runtime": "preact/compat/jsx-dev-runtime",
};

/**
 * In a production build the browser runs Preact's React compatibility layer instead of React
 * (docs/decisions/011-preact-in-the-browser.md). Only the client environment's imports are
 * redirected: the prerender (server environment), the development server and the component tests
 * keep React. `import.meta.env.PREACT` is true in every environment of such a build, for the two
 * places that prepare for it (entry.client.tsx and entry.server.tsx).
 */
export function preactInBrowser(): Plugin {
  let building = false;
  return {
    name: "agency-preact-in-browser",
    enforce: "pre",
    config(_config, { command }) {
      building = command === "build";
      return { define: { "import.meta.env.PREACT": JSON.stringify(building) } };
    },
    async resolveId(source, importer, options) {
      const target = preactFor[source];
      if (!target || !building || this.environment.name !== "client") return null;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}
