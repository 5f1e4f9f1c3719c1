import type { Config } from "@react-router/dev/config";
import { writeRoutePatterns } from "./route-patterns";

export default {
  // Pages are rendered by the Fastify server at request time (server/src/plugins/web-app.ts), with
  // the public data from its own services in the load context.
  ssr: true,
  buildEnd({ reactRouterConfig }) {
    writeRoutePatterns(reactRouterConfig.routes, reactRouterConfig.buildDirectory);
  },
} satisfies Config;
