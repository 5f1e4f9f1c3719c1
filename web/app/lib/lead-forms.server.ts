import type { LeadFormAnswer, LeadForms } from "@agency/contract";
import type { AppLoadContext } from "react-router";

/**
 * The server's lead services for a lead form posted without JavaScript. The Fastify server passes
 * its own (same schemas, rate limit and storage as the JSON calls). `npm run dev` renders pages in
 * Vite's server, which has none: there the form goes to the API server's JSON call (API_ORIGIN,
 * default http://localhost:3000), as the page's script would send it.
 */
export function leadFormsOf(context: AppLoadContext): LeadForms {
  if (context.leadForms) return context.leadForms;
  if (!import.meta.env.DEV) throw new Error("A lead form was posted without the server's lead services.");
  const origin = process.env.API_ORIGIN ?? "http://localhost:3000";
  const post =
    (path: string) =>
    async (values: Record<string, string>): Promise<LeadFormAnswer> => {
      const response = await fetch(`${origin}/api${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(values),
      });
      if (response.ok) return { stored: true };
      const body = (await response.json().catch(() => undefined)) as
        | { error?: { message?: string } }
        | undefined;
      const message = body?.error?.message ?? `POST /api${path} answered ${response.status}.`;
      return { stored: false, status: response.status, message };
    };
  return { contact: post("/leads/contact"), query: post("/leads/query"), newsletter: post("/newsletter") };
}
