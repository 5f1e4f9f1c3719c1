import { reactRouter } from "@react-router/dev/vite";
import { defaultClientConditions, defaultServerConditions, defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  // "source" first: @agency/contract is used from its TypeScript sources, so it needs no build step.
  resolve: { conditions: ["source", ...defaultClientConditions] },
  ssr: {
    // Bundled into the prerender build so Node never loads the contract's unbuilt dist/ entry.
    noExternal: ["@agency/contract"],
    resolve: { conditions: ["source", ...defaultServerConditions] },
  },
  server: {
    proxy: { "/api": "http://localhost:3000" },
  },
});
