import type { LeadForms, PageData } from "@agency/contract";

declare module "react-router" {
  /** What the Fastify server passes to every loader (absent under `npm run dev`; see page-data.server.ts). */
  interface AppLoadContext {
    pages?: PageData;
    /** Given to the actions of a posted lead form (see lead-forms.server.ts). */
    leadForms?: LeadForms;
  }
}
