import { reactRouter } from "@react-router/dev/vite";
import { defaultClientConditions, defaultServerConditions, defineConfig } from "vite";
import { firstLoadChunks } from "./first-load-chunks";
import { purgeBootstrap } from "./purge-bootstrap";

export default defineConfig(({ command }) => ({
  plugins: [reactRouter(), firstLoadChunks()],
  // The development server keeps all of Bootstrap, so a class added while editing shows at once.
  css: command === "build" ? { postcss: { plugins: [purgeBootstrap()] } } : undefined,
  // "source" first: @agency/contract is used from its TypeScript sources, so it needs no build step.
  resolve: { conditions: ["source", ...defaultClientConditions] },
  ssr: {
    // Bundled into the server build so Node never loads the contract's unbuilt dist/ entry.
    noExternal: ["@agency/contract"],
    resolve: { conditions: ["source", ...defaultServerConditions] },
  },
  server: {
    // The server answers these too: the API, and the files it makes from the database and config.
    proxy: Object.fromEntries(
      ["/api", "/blogs.json", "/sitemap.xml", "/robots.txt"].map((path) => [path, "http://localhost:3000"]),
    ),
  },
}));
