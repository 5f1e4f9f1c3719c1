import { defaultInvoicingSettings, InvoicingSettings } from "@agency/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireMember } from "../../auth/session.js";
import type { Database } from "../../db/client.js";
import { refusals } from "../../errors.js";
import { type AuditActor, auditActorOf, recordAudit } from "../audit/index.js";
import { siteContentValueOf } from "./invoicing-queries.js";
import { saveSiteContentValue, siteContentByKeyForUpdate } from "./queries.js";

// The payment terms an invoice starts with and the agency's bank account are kept beside the
// shop's currency (`site_content`, key "invoicing"); invoices print them (docs/decisions/029).
const invoicingKey = "invoicing";

function invoicingOf(value: unknown): InvoicingSettings {
  const parsed = InvoicingSettings.safeParse(value);
  return parsed.success ? parsed.data : defaultInvoicingSettings;
}

/** The terms and bank details now (the defaults until the owner saves them). */
export async function invoicingSettings(db: Database): Promise<InvoicingSettings> {
  return invoicingOf(await siteContentValueOf(db, invoicingKey));
}

async function saveInvoicing(db: Database, actor: AuditActor, wanted: InvoicingSettings) {
  await db.transaction(async (tx) => {
    const current = await siteContentByKeyForUpdate(tx, invoicingKey);
    await saveSiteContentValue(tx, invoicingKey, wanted);
    await recordAudit(tx, {
      actor,
      action: "site.invoicing_changed",
      subject: { type: "site", id: invoicingKey },
      before: invoicingOf(current?.value),
      after: wanted,
    });
  });
  return invoicingSettings(db);
}

const refused = refusals(400, 401, 403);
// What invoices print: for those who write them.
const access = { access: "team" as const, permission: "sales.manage" as const };

export const invoicingRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/admin/site/invoicing",
    {
      config: access,
      schema: {
        tags: ["admin"],
        summary: "The payment terms new invoices start with and the bank account invoices print",
        response: { 200: InvoicingSettings, ...refused },
      },
    },
    async () => invoicingSettings(db),
  );
  app.put(
    "/admin/site/invoicing",
    {
      config: access,
      schema: {
        tags: ["admin"],
        summary:
          "Set the payment terms (days) and the bank account (IBAN and BIC, or account number and sort code)",
        body: InvoicingSettings,
        response: { 200: InvoicingSettings, ...refused },
      },
    },
    async (request) => saveInvoicing(db, auditActorOf(await requireMember(request)), request.body),
  );
};
