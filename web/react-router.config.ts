import type { Config } from "@react-router/dev/config";
import { writeRoutePatterns } from "./route-patterns";

export default {
  // No server rendering at request time: public pages are prerendered at build time and every other
  // path is served the SPA shell (__spa-fallback.html) by the Fastify server.
  ssr: false,
  buildEnd({ reactRouterConfig }) {
    writeRoutePatterns(reactRouterConfig.routes, reactRouterConfig.buildDirectory);
  },
  prerender: [
    "/",
    "/home",
    "/yearly-billed",
    "/contact-us",
    "/blogs",
    "/about-us",
    "/privacy__policy",
    "/login",
    "/sign-up",
    "/forgot__password",
  ],
} satisfies Config;
