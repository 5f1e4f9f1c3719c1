import type { PageData } from "@agency/contract";

declare module "react-router" {
  /** What the Fastify server passes to every loader (absent under `npm run dev`; see page-data.server.ts). */
  interface AppLoadContext {
    pages?: PageData;
  }
}
